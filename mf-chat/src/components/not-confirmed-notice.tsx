import { useState } from 'react';
import { isSwallowed } from '@dating/shared-kit/api';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button } from '@dating/shared-kit/ui';
import { chatApi } from '../api';
import { NAMESPACE } from '../i18n';

/**
 * Spec 4: until the e-mail address is confirmed the member's messages are not delivered; the chat
 * says so and offers to send the activation mail again.
 */
export function NotConfirmedNotice() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const [state, setState] = useState<{ busy?: boolean; sent?: boolean; error?: string }>({});
  const [hidden, setHidden] = useState(false);
  if (!user || user.email_confirmed || hidden) return null;
  const resend = async () => {
    setState({ busy: true });
    try {
      await chatApi.resendActivation();
      setState({ sent: true });
    } catch (e) {
      setState(isSwallowed(e) ? {} : { error: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <Alert
      variant="warning"
      title={t('notConfirmed.title')}
      onDismiss={() => setHidden(true)}
      action={
        <Button size="sm" variant="outline" onClick={() => void resend()} loading={state.busy} disabled={state.sent}>
          {t('notConfirmed.resend')}
        </Button>
      }
    >
      <p css={{ margin: 0 }}>{t('notConfirmed.text', { email: user.email })}</p>
      {state.sent && (
        <p role="status" css={{ margin: '6px 0 0' }}>
          {t('notConfirmed.sent')}
        </p>
      )}
      {state.error && (
        <p role="alert" css={{ margin: '6px 0 0' }}>
          {state.error}
        </p>
      )}
    </Alert>
  );
}
