/**
 * ./EnrichProfileAlert (the dismissible "enrich-profile" alert): a logged-in member whose
 * profile lacks what /complete-signup asks for (orientation, region, city) gets a link there.
 * Dismissible; the dismissal time is stored and the alert comes back after a week while data is
 * still missing. One alert at a time: it waits while the e-mail reminder is shown (address not yet
 * confirmed), and stays away from the sign-up, account and complete-signup pages themselves.
 */
import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '@dating/shared-kit/state';
import { Alert } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';
import { useDismissal } from './use-dismissal';
import { missingProfileFields } from '../profile-completeness';

export const ENRICH_DISMISS_KEY = 'auth:enrich-profile-dismissed-at';

/** Pages where the alert stays away. */
export const ENRICH_HIDDEN = [
  /^\/complete-signup(\/|$)/,
  /^\/signup/,
  /^\/account/,
  /^\/activate\//,
  /^\/reset-password/,
  /^\/mail-change\//,
  /^\/login(\/|$)/,
];

export default function EnrichProfileAlert() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const { pathname } = useLocation();
  const { hidden, dismiss } = useDismissal(ENRICH_DISMISS_KEY);
  if (!user || user.status === 'deleted' || !user.email_confirmed) return null;
  if (missingProfileFields(user).length === 0) return null;
  if (ENRICH_HIDDEN.some((re) => re.test(pathname))) return null;
  if (hidden) return null;
  return (
    <Alert variant="info" role="status" title={t('enrichProfile.title')} onDismiss={dismiss}>
      {t('enrichProfile.text')} <Link to="/complete-signup">{t('enrichProfile.action')}</Link>
    </Alert>
  );
}
