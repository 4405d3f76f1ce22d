/** /signup: the sign-up flow as a page (phones; also any direct visit). */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '../components/page';
import { NAMESPACE } from '../i18n';
import { SignupFlow } from '../signup/signup-flow';

export function SignupPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  return (
    <Page title={t('signup.title')}>
      <SignupFlow
        onFinish={() => void navigate('/signup-matches?api_signup_complete=1')}
        footer={
          <p>
            {t('signup.alreadyMember')} <Link to="/login">{t('signup.login')}</Link>
          </p>
        }
      />
    </Page>
  );
}
