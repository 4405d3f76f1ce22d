/** /login: e-mail + password (POST /api/user.php); spec 8 texts come from the server. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZLoginRequest } from '@dating/shared-kit/contracts';
import { bus } from '@dating/shared-kit/bus';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button, TextField } from '@dating/shared-kit/ui';
import { announceLogin, authApi } from '../auth-api';
import { Page } from '../components/page';
import { fieldErrorsOf, messageOf } from '../form-errors';
import type { FieldErrors } from '../form-errors';
import { NAMESPACE } from '../i18n';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ZLoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { user } = await authApi.login({ email, password });
      announceLogin(user);
      void navigate(safeRedirect(params.get('redirect')));
    } catch (err) {
      setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('login.title')}>
      {session && <Alert variant="success">{t('login.loggedIn')}</Alert>}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('login.title')}>
        <TextField label={t('login.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('login.submit')}
        </Button>
      </form>
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
