/** /reset-password (ask for a link) and /reset-password/do?token (set the new password). */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ZResetPasswordDo, ZResetPasswordRequest } from '@dating/shared-kit/contracts';
import { Alert, Button, TextField } from '@dating/shared-kit/ui';
import { authApi } from '../auth-api';
import { Page } from '../components/page';
import { fieldErrorsOf, messageOf, serverFieldError } from '../form-errors';
import type { FieldErrors } from '../form-errors';
import { NAMESPACE } from '../i18n';

export function ResetPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ZResetPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await authApi.requestReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (err) {
      setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('reset.title')}>
      {sentTo ? (
        <Alert variant="success" role="status">
          {t('reset.sent', { email: sentTo })}
        </Alert>
      ) : (
        <>
          <p>{t('reset.intro')}</p>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
            <TextField label={t('reset.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
            <Button type="submit" loading={busy} fullWidth>
              {t('reset.submit')}
            </Button>
          </form>
        </>
      )}
    </Page>
  );
}

export function ResetPasswordDoPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = { token, password, password_repeat: repeat };
    const parsed = ZResetPasswordDo.safeParse(body);
    if (!parsed.success) {
      const errs = fieldErrorsOf(parsed.error, t);
      if (errs.token) setError(errs.token);
      setErrors(errs);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await authApi.doReset(body);
      setDone(true);
    } catch (err) {
      const fe = serverFieldError(err);
      if (fe.password || fe.password_repeat) setErrors(fe);
      else setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('resetDo.title')}>
      {done ? (
        <>
          <Alert variant="success" role="status">
            {t('resetDo.done')}
          </Alert>
          <p>
            <Link to="/login">{t('resetDo.login')}</Link>
          </p>
        </>
      ) : (
        <>
          {error && (
            <Alert variant="danger" role="alert" action={<Link to="/reset-password">{t('resetDo.requestNew')}</Link>}>
              {error}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate aria-label={t('resetDo.title')}>
            <TextField
              label={t('resetDo.password')}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              required
            />
            <TextField
              label={t('resetDo.repeat')}
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              error={errors.password_repeat}
              required
            />
            <Button type="submit" loading={busy} fullWidth>
              {t('resetDo.submit')}
            </Button>
          </form>
        </>
      )}
    </Page>
  );
}
