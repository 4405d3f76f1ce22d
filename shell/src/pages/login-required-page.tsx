import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonStyles, Container } from '@dating/shared-kit/ui';
import { resolveRoute } from '../route-table';

/** Spec 8's login-required message for what the visitor came to do here (chat, send a gift), if any. */
function reasonKey(pathname: string, search: string): 'errors.loginToChat' | 'errors.loginToGift' | null {
  if (resolveRoute(pathname)?.remote !== 'mf_chat') return null;
  return new URLSearchParams(search).get('gift') === '1' ? 'errors.loginToGift' : 'errors.loginToChat';
}

/**
 * The one login prompt of every page that needs a session (route table: `session: 'member'`).
 * The shell shows it instead of the remote's page to a visitor, and in place of the page when a
 * call ends the session (the api client then sets the session to null), so a member page never
 * waits forever on a refused call. "Inloggen" comes back here afterwards (?redirect=).
 */
export function LoginRequiredPage() {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const redirect = encodeURIComponent(pathname + search);
  const reason = reasonKey(pathname, search);
  return (
    <Container>
      <section
        aria-labelledby="login-required-title"
        css={{ display: 'grid', gap: '1rem', justifyItems: 'center', textAlign: 'center', padding: '2rem 0' }}
      >
        <h1 id="login-required-title" css={{ margin: 0, fontSize: '1.5rem' }}>
          {t('errors.loginRequired')}
        </h1>
        {reason && <p css={{ margin: 0 }}>{t(reason)}</p>}
        <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', justifyContent: 'center' }}>
          <Link to={`/login?redirect=${redirect}`} css={buttonStyles('primary', 'md')}>
            {t('nav.login')}
          </Link>
          <Link to="/signup" css={buttonStyles('outline', 'md')}>
            {t('nav.signup')}
          </Link>
        </div>
      </section>
    </Container>
  );
}
