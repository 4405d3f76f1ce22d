import { Link } from 'react-router';
import { useTranslation } from '@dating/shared-kit/i18n';
import { Alert, buttonStyles } from '@dating/shared-kit/ui';
import type { SendProblem } from '../hooks/use-conversation';
import { NAMESPACE } from '../i18n';

/**
 * Why a message was not sent, with the way forward: 'Je hebt onvoldoende credits' with a
 * buy button; the free-conversation limit and premium-only with a premium offer; anything else
 * shows the server's message (a call that ends the session: the shell shows its login prompt).
 */
export function SendProblemAlert({ problem, onDismiss }: { problem: SendProblem; onDismiss: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tc } = useTranslation('common');
  switch (problem.kind) {
    case 'insufficient_credits':
      return (
        <Alert
          variant="warning"
          title={tc('errors.insufficientCredits')}
          onDismiss={onDismiss}
          action={
            <Link to="/credits" css={buttonStyles('primary', 'sm')}>
              {tc('errors.buyCredits')}
            </Link>
          }
        >
          {t('prompts.insufficientText')}
        </Alert>
      );
    case 'conversation_limit':
      return (
        <Alert
          variant="warning"
          title={t('prompts.limitTitle')}
          onDismiss={onDismiss}
          action={
            <Link to="/premium" css={buttonStyles('primary', 'sm')}>
              {tc('premium.cta')}
            </Link>
          }
        >
          {t('prompts.limitText')}
        </Alert>
      );
    case 'premium_only':
      return (
        <Alert
          variant="warning"
          title={tc('premium.only')}
          onDismiss={onDismiss}
          action={
            <Link to="/premium" css={buttonStyles('primary', 'sm')}>
              {tc('premium.cta')}
            </Link>
          }
        >
          {t('prompts.premiumText')}
        </Alert>
      );
    default:
      return (
        <Alert variant="danger" onDismiss={onDismiss}>
          {problem.message}
        </Alert>
      );
  }
}
