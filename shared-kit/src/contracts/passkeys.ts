/**
 * Passkeys (WebAuthn) and new-login alerts (issue 26 part 4). The browser's WebAuthn answers
 * (RegistrationResponseJSON / AuthenticationResponseJSON of @simplewebauthn) are checked for
 * shape here and verified by the server with @simplewebauthn/server.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { isUnsafeText } from './identity';

export const PASSKEY_NAME_MAX = 60;

/** Error codes of this capability (server and frontend translation keys). */
export const PASSKEY_ERROR_CODES = [
  'passkey_name_required',
  'passkey_name_too_long',
  'passkey_name_invalid',
  'passkey_response_invalid',
  'passkey_challenge_invalid',
  'passkey_verification_failed',
  'passkey_unknown',
  'passkey_not_found',
  'passkey_exists',
  'passkey_too_many',
  'passkey_login_too_many',
  'not_me_link_invalid',
] as const;
export type PasskeyErrorCode = (typeof PASSKEY_ERROR_CODES)[number];

export const ZPasskeyName = lazySchema(() =>
  z.pipe(
    z.pipe(
      z.string({ error: 'passkey_name_required' }),
      z.transform((v) => v.normalize('NFC').trim()),
    ),
    z.string().check(
      z.minLength(1, { error: 'passkey_name_required' }),
      z.maxLength(PASSKEY_NAME_MAX, { error: 'passkey_name_too_long' }),
      z.refine((v) => !isUnsafeText(v), { error: 'passkey_name_invalid' }),
    ),
  ),
);

const b64url = lazySchema(() =>
  z
    .string({ error: 'passkey_response_invalid' })
    .check(z.maxLength(20_000, { error: 'passkey_response_invalid' }), z.regex(/^[A-Za-z0-9_-]*$/, { error: 'passkey_response_invalid' })),
);

/** The browser's answer to navigator.credentials.create (RegistrationResponseJSON). */
export const ZRegistrationResponse = lazySchema(() =>
  z.looseObject(
    {
      id: b64url,
      rawId: b64url,
      type: z.literal('public-key', { error: 'passkey_response_invalid' }),
      response: z.looseObject(
        {
          clientDataJSON: b64url,
          attestationObject: b64url,
          transports: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(10))),
        },
        { error: 'passkey_response_invalid' },
      ),
      clientExtensionResults: z._default(z.looseObject({}), {}),
      authenticatorAttachment: z.optional(z.string().check(z.maxLength(40))),
    },
    { error: 'passkey_response_invalid' },
  ),
);

/** The browser's answer to navigator.credentials.get (AuthenticationResponseJSON). */
export const ZAuthenticationResponse = lazySchema(() =>
  z.looseObject(
    {
      id: b64url,
      rawId: b64url,
      type: z.literal('public-key', { error: 'passkey_response_invalid' }),
      response: z.looseObject(
        {
          clientDataJSON: b64url,
          authenticatorData: b64url,
          signature: b64url,
          userHandle: z.optional(b64url),
        },
        { error: 'passkey_response_invalid' },
      ),
      clientExtensionResults: z._default(z.looseObject({}), {}),
      authenticatorAttachment: z.optional(z.string().check(z.maxLength(40))),
    },
    { error: 'passkey_response_invalid' },
  ),
);

export const ZPasskeyRegisterRequest = lazySchema(() => z.object({ name: ZPasskeyName, response: ZRegistrationResponse }));
export const ZPasskeyLoginRequest = lazySchema(() => z.object({ response: ZAuthenticationResponse }));
export const ZPasskeyRenameRequest = lazySchema(() =>
  z.object({
    id: z.number({ error: 'passkey_not_found' }).check(z.int({ error: 'passkey_not_found' }), z.positive({ error: 'passkey_not_found' })),
    name: ZPasskeyName,
  }),
);

export const ZPasskey = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.nullable(z.string()),
    /** synced (multi-device) or bound to one device */
    synced: z.boolean(),
  }),
);
export type Passkey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = lazySchema(() => z.object({ passkeys: z.array(ZPasskey) }));
export type PasskeyList = z.infer<typeof ZPasskeyList>;
export const ZPasskeyAnswer = lazySchema(() => z.object({ passkey: ZPasskey }));

/** Options for navigator.credentials.create / get, as @simplewebauthn/server makes them (passed to @simplewebauthn/browser). */
export const ZWebAuthnOptions = lazySchema(() => z.object({ options: z.looseObject({ challenge: z.string() }) }));
