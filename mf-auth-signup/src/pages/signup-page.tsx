/** /signup: the sign-up flow as a page (phones; also any direct visit). */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { NAMESPACE } from '../i18n';
import { SignupFlow } from '../signup/signup-flow';
import { asLoginReason, LoginReasonNote } from '../signup/login-reason';

export function SignupPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Page title={t('signup.title')}>
      <LoginReasonNote reason={asLoginReason(params.get('reason'))} />
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
