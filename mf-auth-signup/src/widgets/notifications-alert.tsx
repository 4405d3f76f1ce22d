/**
 * ./NotificationsAlert: when mail to the member was switched off (spam complaint, bounce,
 * list-unsubscribe), say why and what solves it. Dismissible; the dismissal time is stored and the
 * alert comes back after a week while the reason stays.
 */
import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@dating/shared-kit/state';
import { Alert } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';
import { useDismissal } from './use-dismissal';

export const DISMISS_KEY = 'auth:disabled-notifications-dismissed-at';

export default function NotificationsAlert() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const { hidden, dismiss } = useDismissal(DISMISS_KEY);
  if (!user || user.notifications_disabled.length === 0) return null;
  if (hidden) return null;
  return (
    <Alert variant="warning" role="status" title={t('notifications.title')} onDismiss={dismiss}>
      <ul>
        {user.notifications_disabled.map((reason) => (
          <li key={reason}>
            {t(`notifications.reason.${reason}`)} {t(`notifications.solution.${reason}`)}{' '}
            {reason === 'bounce' ? (
              <Link to="/account/email">{t('notifications.actionEmail')}</Link>
            ) : (
              <Link to="/notifications">{t('notifications.actionSettings')}</Link>
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
