/** /reset-password (ask for a link) and /reset-password/do?token (set the new password). */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ZResetPasswordDo, ZResetPasswordRequest } from '@dating/shared-kit/contracts';
import { Alert, Button, TextField } from '@dating/shared-kit/ui';
import { authApi } from '../auth-api';
import { Page } from '../components/page';
import { FormAlert } from '../forms/form-alert';
import { useFormSubmit } from '../forms/use-form-submit';
import { NAMESPACE } from '../i18n';

export function ResetPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const form = useFormSubmit({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit(
      ZResetPasswordRequest,
      form.values,
      async ({ email }) => {
        await authApi.requestReset(email);
        setSentTo(email);
      },
      { fields: 'none' },
    );
  }

  return (
    <Page title={t('reset.title')}>
      {sentTo ? (
        <Alert variant="success" role="status">
          {t('reset.sent', { email: sentTo })}
        </Alert>
      ) : (
        <>
          {/* a used or expired "Dit was ik niet" link of a new-login mail (passkeys/new-login.ts) */}
          {params.get('reason') === 'not_me_link_invalid' && <Alert variant="warning">{t('reset.notMeInvalid')}</Alert>}
          <p>{t('reset.intro')}</p>
          <FormAlert error={form.error} />
          <form onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
            <TextField label={t('reset.email')} type="email" autoComplete="email" {...form.field('email')} required />
            <Button type="submit" loading={form.busy} fullWidth>
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
  const form = useFormSubmit({ password: '', password_repeat: '' });
  const [done, setDone] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { token, ...form.values };
    void form.submit(
      ZResetPasswordDo,
      body,
      async () => {
        await authApi.doReset(body);
        setDone(true);
      },
      // the token is no field on screen: its error goes to the alert (with the link to ask again)
      {
        fields: ['password', 'password_repeat'],
        onInvalid: (errors) => {
          if (errors.token) form.setError(errors.token);
        },
      },
    );
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
          {/* arrived through "Dit was ik niet": every session has ended, the old password no longer works */}
          {params.get('reason') === 'not_me' && <Alert variant="warning">{t('resetDo.notMe')}</Alert>}
          <FormAlert error={form.error} action={<Link to="/reset-password">{t('resetDo.requestNew')}</Link>} />
          <form onSubmit={onSubmit} noValidate aria-label={t('resetDo.title')}>
            <TextField label={t('resetDo.password')} type="password" autoComplete="new-password" {...form.field('password')} required />
            <TextField
              label={t('resetDo.repeat')}
              type="password"
              autoComplete="new-password"
              {...form.field('password_repeat')}
              required
            />
            <Button type="submit" loading={form.busy} fullWidth>
              {t('resetDo.submit')}
            </Button>
          </form>
        </>
      )}
    </Page>
  );
}
