/** /login: e-mail + password (POST /api/user.php); the product's texts come from the server. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZLoginRequest } from '@dating/shared-kit/contracts';
import { isApiRequestError } from '@dating/shared-kit/api';
import { bus } from '@dating/shared-kit/bus';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button, TextField } from '@dating/shared-kit/ui';
import { announceLogin, authApi } from '../auth-api';
import { Page } from '../components/page';
import { FormAlert } from '../forms/form-alert';
import { useFormSubmit } from '../forms/use-form-submit';
import { NAMESPACE } from '../i18n';
import { PasskeyLoginButton } from '../passkeys/passkey-login-button';
import { isDesktop } from '../use-viewport';

/** Only same-site paths are followed after login. */
export function safeRedirect(target: string | null): string {
  return target && /^\/(?!\/)/.test(target) && !target.startsWith('/\\') ? target : '/members';
}

export function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const form = useFormSubmit({ email: '', password: '' });
  const [banned, setBanned] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(
      ZLoginRequest,
      form.values,
      async () => {
        setBanned(false);
        const { user } = await authApi.login(form.values).catch((err: unknown) => {
          // a banned member (right password) gets the server's text plus the way to the ban policy
          setBanned(isApiRequestError(err) && err.code === 'account_banned');
          throw err;
        });
        announceLogin(user);
        void navigate(safeRedirect(params.get('redirect')));
      },
      { fields: 'none' },
    );
  }

  return (
    <Page title={t('login.title')}>
      {session && <Alert variant="success">{t('login.loggedIn')}</Alert>}
      <FormAlert error={form.error} />
      {banned && (
        <p>
          <Link to="/pages/ban">{t('login.banPolicy')}</Link>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('login.title')}>
        <TextField label={t('login.email')} type="email" autoComplete="email" {...form.field('email')} required />
        <TextField label={t('login.password')} type="password" autoComplete="current-password" {...form.field('password')} required />
        <Button type="submit" loading={form.busy} fullWidth>
          {t('login.submit')}
        </Button>
      </form>
      <div css={{ marginTop: 12 }}>
        <PasskeyLoginButton
          onError={(code) => setBanned(code === 'account_banned')}
          onLoggedIn={() => void navigate(safeRedirect(params.get('redirect')))}
        />
      </div>
      <p>
        <Link to="/reset-password">{t('login.forgot')}</Link>
      </p>
      <p>
        {t('login.noAccount')}{' '}
        <Link
          to="/signup"
          onClick={(event) => {
            if (isDesktop()) {
              event.preventDefault();
              bus.emit('signup:open', {});
            }
          }}
        >
          {t('login.signup')}
        </Link>
      </p>
    </Page>
  );
}
