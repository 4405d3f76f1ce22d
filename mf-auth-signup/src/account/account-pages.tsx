/**
 * Account settings (route table: /account/*): overview with "export my data", change e-mail,
 * change password, passkeys (security-page.tsx), delete account. Only the owner, logged in, manages these.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import {
  REMARKS_MAX,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZDeleteReason,
} from '@dating/shared-kit/contracts';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Badge, Button, Modal, Select, TextArea, TextField } from '@dating/shared-kit/ui';
import { announceLogout, announceUser, authApi } from '../auth-api';
import { Page } from '../components/page';
import { FormAlert } from '../forms/form-alert';
import { useFormSubmit } from '../forms/use-form-submit';
import { NAMESPACE } from '../i18n';
import { missingProfileFields } from '../profile-completeness';

export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  return (
    <Page title={title}>
      <nav
        aria-label={t('account.title')}
        css={css`
          margin-bottom: 20px;
        `}
      >
        <ul
          css={css`
            list-style: none;
            padding: 0;
            margin: 0;
            display: flex;
            gap: 12px;
            flex-wrap: wrap;
          `}
        >
          {(
            [
              ['/account', 'overview'],
              ['/account/email', 'email'],
              ['/account/password', 'password'],
              ['/account/security', 'security'],
              ['/account/delete', 'delete'],
            ] as const
          ).map(([to, key]) => (
            <li key={key}>
              <NavLink
                to={to}
                end
                css={css`
                  &[aria-current='page'] {
                    font-weight: 700;
                  }
                `}
              >
                {t(`account.nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* visitors get the shell's login prompt instead (route table: /account/* is a member page) */}
      {user ? children : null}
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
          {missingProfileFields(user).length > 0 && (
            <p>
              {t('enrichProfile.text')} <Link to="/complete-signup">{t('enrichProfile.action')}</Link>
            </p>
          )}
          <section aria-labelledby="export-title">
            <h2
              id="export-title"
              css={css`
                font-size: 1.2rem;
              `}
            >
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
  const form = useFormSubmit({ email: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(ZChangeEmailRequest, form.values, async ({ email }) => {
      const r = await authApi.changeEmail({ email, password: form.values.password });
      setSentTo(r.mail_change_pending ?? email);
      form.setValues((v) => ({ ...v, password: '' }));
    });
  }

  return (
    <AccountFrame title={t('account.emailTitle')}>
      {user && <p>{t('account.currentEmail', { email: user.email })}</p>}
      {sentTo && (
        <Alert variant="success" role="status">
          {t('account.emailSent', { email: sentTo })}
        </Alert>
      )}
      <FormAlert error={form.error} />
      <form onSubmit={onSubmit} noValidate aria-label={t('account.emailTitle')}>
        <TextField label={t('account.newEmail')} type="email" autoComplete="email" {...form.field('email')} required />
        <TextField
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
          required
        />
        <Button type="submit" loading={form.busy}>
          {t('account.emailSubmit')}
        </Button>
      </form>
    </AccountFrame>
  );
}

export function ChangePasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const empty = { old_password: '', password: '', password_repeat: '' };
  const form = useFormSubmit(empty);
  const [done, setDone] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    void form.submit(ZChangePasswordRequest, form.values, async () => {
      const r = await authApi.changePassword(form.values);
      if (r.user) announceUser(r.user);
      setDone(true);
      form.setValues(empty);
    });
  }

  return (
    <AccountFrame title={t('account.passwordTitle')}>
      {done && (
        <Alert variant="success" role="status">
          {t('account.passwordDone')}
        </Alert>
      )}
      <FormAlert error={form.error} />
      <form onSubmit={onSubmit} noValidate aria-label={t('account.passwordTitle')}>
        <TextField
          label={t('account.oldPassword')}
          type="password"
          autoComplete="current-password"
          {...form.field('old_password')}
          required
        />
        <TextField label={t('account.newPassword')} type="password" autoComplete="new-password" {...form.field('password')} required />
        <TextField
          label={t('account.repeatPassword')}
          type="password"
          autoComplete="new-password"
          {...form.field('password_repeat')}
          required
        />
        <Button type="submit" loading={form.busy}>
          {t('account.passwordSubmit')}
        </Button>
      </form>
    </AccountFrame>
  );
}

export function DeleteAccountPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const form = useFormSubmit({ reason: '', remarks: '' });
  const [confirming, setConfirming] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.validate(ZDeleteAccountRequest, form.values) !== undefined) setConfirming(true);
  }

  function confirm() {
    void form.send(
      async () => {
        await authApi.deleteAccount({ reason: form.values.reason as (typeof ZDeleteReason.options)[number], remarks: form.values.remarks });
        setConfirming(false);
        announceLogout();
        void navigate('/account-deleted');
      },
      { onError: () => setConfirming(false) },
    );
  }

  return (
    <AccountFrame title={t('account.deleteTitle')}>
      <p>{t('account.deleteIntro')}</p>
      <FormAlert error={form.error} />
      <form onSubmit={onSubmit} noValidate aria-label={t('account.deleteTitle')}>
        <Select
          label={t('account.reason')}
          {...form.field('reason')}
          placeholder
          required
          options={ZDeleteReason.options.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
        />
        <TextArea label={t('account.remarks')} {...form.field('remarks')} optionalLabel maxLength={REMARKS_MAX} showCount />
        <Button type="submit" variant="danger">
          {t('account.deleteSubmit')}
        </Button>
      </form>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('account.confirmTitle')}
        dismissible={!form.busy}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={form.busy}>
              {t('account.cancel')}
            </Button>
            <Button variant="danger" onClick={confirm} loading={form.busy}>
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
