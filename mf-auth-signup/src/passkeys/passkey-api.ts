/**
 * The passkey calls, typed with the shared contracts, and the browser side
 * through @simplewebauthn/browser: the server makes the options (its challenge), the browser's
 * authenticator answers, the server verifies.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@dating/shared-kit/api';
import { ZOk, ZPasskeyAnswer, ZPasskeyList, ZUserResponse, ZWebAuthnOptions } from '@dating/shared-kit/contracts';
import type { Passkey, User } from '@dating/shared-kit/contracts';
import { ONCE } from '../auth-api';

export const passkeyApi = {
  list: () => api.get('/api/passkeys.php', ZPasskeyList),
  registrationOptions: () => api.post('/api/passkeys.php?options=1', {}, ZWebAuthnOptions, ONCE),
  register: (name: string, response: unknown) => api.post('/api/passkeys.php', { name, response }, ZPasskeyAnswer, ONCE),
  rename: (id: number, name: string) => api.put('/api/passkeys.php', { id, name }, ZPasskeyAnswer, ONCE),
  remove: (id: number) => api.del(`/api/passkeys.php?id=${id}`, undefined, ZOk, ONCE),
  loginOptions: () => api.post('/api/passkey-login.php?options=1', {}, ZWebAuthnOptions, ONCE),
  login: (response: unknown) => api.post('/api/passkey-login.php', { response }, ZUserResponse, ONCE),
};

/** The browser has WebAuthn (else the passkey buttons are not shown). */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** The member closed or refused the browser's passkey dialog (not an error worth a red text). */
export function isCancelled(err: unknown): boolean {
  if (err instanceof WebAuthnError)
    return err.code === 'ERROR_CEREMONY_ABORTED' || (err.cause as Error | undefined)?.name === 'NotAllowedError';
  return err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');
}

/** Register a passkey of this browser under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const { options } = await passkeyApi.registrationOptions();
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return (await passkeyApi.register(name, response)).passkey;
}

/** Log in with a discoverable passkey (no e-mail typed). */
export async function loginWithPasskey(): Promise<User> {
  const { options } = await passkeyApi.loginOptions();
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return (await passkeyApi.login(response)).user;
}

/** A name to suggest for a new passkey: the browser and system it is made on. */
export function suggestedName(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return [browser, os].filter(Boolean).join(' · ') || 'Passkey';
}
