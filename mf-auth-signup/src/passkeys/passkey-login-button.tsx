/**
 * "Inloggen met passkey": on the login page and in the sign-up modal. Discoverable credentials:
 * the browser offers the passkeys it has for this site, no e-mail is typed. The session is made
 * by the server as for the password login; a refusal (banned, deleted, unknown passkey) shows the
 * server's text.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@dating/shared-kit/contracts';
import { Button } from '@dating/shared-kit/ui';
import { announceLogin } from '../auth-api';
import { messageOf } from '../form-errors';
import { FormAlert } from '../forms/form-alert';
import { NAMESPACE } from '../i18n';
import { isCancelled, loginWithPasskey, passkeysSupported } from './passkey-api';

export function PasskeyLoginButton({ onLoggedIn, onError }: { onLoggedIn: (user: User) => void; onError?: (code: string | null) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const user = await loginWithPasskey();
      announceLogin(user);
      onLoggedIn(user);
    } catch (err) {
      const code = (err as { code?: string }).code ?? null;
      onError?.(code);
      setError(isCancelled(err) ? t('passkeys.cancelled') : messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <FormAlert error={error} />
      <Button variant="outline" fullWidth loading={busy} onClick={() => void run()}>
        {t('passkeys.login')}
      </Button>
    </div>
  );
}
