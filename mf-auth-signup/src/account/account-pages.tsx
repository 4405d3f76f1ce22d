/**
 * Account settings (route table: /account/*): overview with "export my data", change e-mail,
 * change password, delete account. Only the owner, logged in, manages these (spec 6).
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { REMARKS_MAX, ZChangeEmailRequest, ZChangePasswordRequest, ZDeleteAccountRequest, ZDeleteReason } from '@dating/shared-kit/contracts';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Badge, Button, Modal, Select, Spinner, TextArea, TextField } from '@dating/shared-kit/ui';
import { announceLogout, announceUser, authApi } from '../auth-api';
import { Page } from '../components/page';
import { fieldErrorsOf, messageOf, serverFieldError } from '../form-errors';
import type { FieldErrors } from '../form-errors';
import { NAMESPACE } from '../i18n';
import { useSessionStatus } from '../use-session-status';

function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const status = useSessionStatus();
  return (
    <Page title={title}>
      <nav aria-label={t('account.title')} css={css`margin-bottom: 20px;`}>
        <ul css={css`list-style: none; padding: 0; margin: 0; display: flex; gap: 12px; flex-wrap: wrap;`}>
          {(
            [
              ['/account', 'overview'],
              ['/account/email', 'email'],
              ['/account/password', 'password'],
              ['/account/delete', 'delete'],
            ] as const
          ).map(([to, key]) => (
            <li key={key}>
              <NavLink to={to} end css={css`&[aria-current='page'] { font-weight: 700; }`}>
                {t(`account.nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {user ? (
        children
      ) : status === 'unknown' ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <p>
          {t('account.loginRequired')} <Link to="/login?redirect=/account">{t('account.login')}</Link>
        </p>
      )}
    </Page>
  );
}

export function AccountOverviewPage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  return (
    <AccountFrame title={t('account.title')}>
      {user && (
        <>
          <p>
            {t('account.currentEmail', { email: user.email })}{' '}
            <Badge tone={user.email_confirmed ? 'success' : 'warning'}>
              {user.email_confirmed ? t('account.status.confirmed') : t('account.status.notConfirmed')}
            </Badge>
          </p>
          <section aria-labelledby="export-title">
            <h2 id="export-title" css={css`font-size: 1.2rem;`}>
              {t('account.exportTitle')}
            </h2>
            <p>{t('account.exportText')}</p>
            <a href="/api/account-export.php" download>
              {t('account.exportButton')}
            </a>
          </section>
        </>
      )}
    </AccountFrame>
  );
}

export function ChangeEmailPage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ZChangeEmailRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await authApi.changeEmail({ email: parsed.data.email, password });
      setSentTo(r.mail_change_pending ?? parsed.data.email);
      setPassword('');
    } catch (err) {
      const fe = serverFieldError(err);
      if (Object.keys(fe).length) setErrors(fe);
      else setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountFrame title={t('account.emailTitle')}>
      {user && <p>{t('account.currentEmail', { email: user.email })}</p>}
      {sentTo && (
        <Alert variant="success" role="status">
          {t('account.emailSent', { email: sentTo })}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('account.emailTitle')}>
        <TextField label={t('account.newEmail')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
        <TextField
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <Button type="submit" loading={busy}>
          {t('account.emailSubmit')}
        </Button>
      </form>
    </AccountFrame>
  );
}

export function ChangePasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const [values, setValues] = useState({ old_password: '', password: '', password_repeat: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(false);
    const parsed = ZChangePasswordRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await authApi.changePassword(values);
      if (r.user) announceUser(r.user);
      setDone(true);
      setValues({ old_password: '', password: '', password_repeat: '' });
    } catch (err) {
      const fe = serverFieldError(err);
      if (Object.keys(fe).length) setErrors(fe);
      else setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountFrame title={t('account.passwordTitle')}>
      {done && (
        <Alert variant="success" role="status">
          {t('account.passwordDone')}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('account.passwordTitle')}>
        <TextField label={t('account.oldPassword')} type="password" autoComplete="current-password" value={values.old_password} onChange={set('old_password')} error={errors.old_password} required />
        <TextField label={t('account.newPassword')} type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} required />
        <TextField label={t('account.repeatPassword')} type="password" autoComplete="new-password" value={values.password_repeat} onChange={set('password_repeat')} error={errors.password_repeat} required />
        <Button type="submit" loading={busy}>
          {t('account.passwordSubmit')}
        </Button>
      </form>
    </AccountFrame>
  );
}

export function DeleteAccountPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDeleteAccountRequest.safeParse({ reason, remarks });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setErrors({});
    setConfirming(true);
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await authApi.deleteAccount({ reason: reason as (typeof ZDeleteReason.options)[number], remarks });
      setConfirming(false);
      announceLogout();
      void navigate('/account-deleted');
    } catch (err) {
      setConfirming(false);
      const fe = serverFieldError(err);
      if (Object.keys(fe).length) setErrors(fe);
      else setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountFrame title={t('account.deleteTitle')}>
      <p>{t('account.deleteIntro')}</p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('account.deleteTitle')}>
        <Select
          label={t('account.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder
          required
          error={errors.reason}
          options={ZDeleteReason.options.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
        />
        <TextArea label={t('account.remarks')} value={remarks} onChange={(e) => setRemarks(e.target.value)} optionalLabel maxLength={REMARKS_MAX} showCount error={errors.remarks} />
        <Button type="submit" variant="danger">
          {t('account.deleteSubmit')}
        </Button>
      </form>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('account.confirmTitle')}
        dismissible={!busy}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              {t('account.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={busy}>
              {t('account.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('account.confirmText')}</p>
      </Modal>
    </AccountFrame>
  );
}
