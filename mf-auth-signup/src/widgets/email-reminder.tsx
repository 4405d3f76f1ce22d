/**
 * ./EmailReminder: while the e-mail address is not confirmed, a reminder with a "send
 * again" button. A modal on a phone when the URL has `api_signup_complete` (right after sign-up),
 * else an alert. Not shown on the sign-up, settings and notifications pages.
 */
import '../i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button, Modal } from '@dating/shared-kit/ui';
import { authApi } from '../auth-api';
import { messageOf } from '../form-errors';
import { NAMESPACE } from '../i18n';
import { useIsDesktop } from '../use-viewport';

/** Pages where the reminder stays away (sign-up, settings, notifications). */
export const REMINDER_HIDDEN = [/^\/signup(\/|$)/, /^\/notifications(\/|$)/, /^\/account(\/|$)/, /^\/activate\//];

export default function EmailReminder() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const { pathname, search } = useLocation();
  const desktop = useIsDesktop();
  const [state, setState] = useState<{ sent?: boolean; error?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const [modalClosed, setModalClosed] = useState(false);

  if (!user || user.email_confirmed || user.status === 'deleted') return null;
  if (REMINDER_HIDDEN.some((re) => re.test(pathname))) return null;

  const resend = async () => {
    setBusy(true);
    try {
      await authApi.resendActivation();
      setState({ sent: true });
    } catch (err) {
      setState({ error: messageOf(err, t) });
    } finally {
      setBusy(false);
    }
  };
  const body = (
    <>
      <p>{t('reminder.text', { email: user.email })}</p>
      {state.sent && <p role="status">{t('reminder.sent')}</p>}
      {state.error && <p role="alert">{state.error}</p>}
    </>
  );
  const resendButton = (
    <Button size="sm" onClick={() => void resend()} loading={busy} disabled={state.sent}>
      {t('reminder.resend')}
    </Button>
  );

  const asModal = !desktop && new URLSearchParams(search).has('api_signup_complete') && !modalClosed;
  if (asModal) {
    return (
      <Modal
        open
        title={t('reminder.title')}
        onClose={() => setModalClosed(true)}
        footer={
          <>
            <Button variant="outline" onClick={() => setModalClosed(true)}>
              {t('reminder.later')}
            </Button>
            {resendButton}
          </>
        }
      >
        {body}
      </Modal>
    );
  }
  return (
    <Alert variant="warning" role="status" title={t('reminder.title')} action={resendButton}>
      {body}
    </Alert>
  );
}
