/** /signup-matches: right after sign-up, members that suit the new member. */
import { useTranslation } from 'react-i18next';
import { MemberOverview } from '../components/member-overview';
import { Page } from '../components/page';
import { NAMESPACE } from '../i18n';

export function SignupMatchesPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page title={t('signupMatches.title')} wide>
      <p>{t('signupMatches.intro')}</p>
      <MemberOverview limit={12} title={t('activate.membersTitle')} />
    </Page>
  );
}
