/**
 * /complete-signup: for accounts that still miss profile data the site needs (orientation, region,
 * city; e.g. accounts made through a short lander form). Saves through PUT /api/profile.php.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@dating/shared-kit/api';
import { ZProfileResponse, ZRegionsResponse, ZSexuality } from '@dating/shared-kit/contracts';
import { refreshSession, useSession } from '@dating/shared-kit/state';
import { Alert, Button, Select, TextField } from '@dating/shared-kit/ui';
import { Page } from '../components/page';
import { messageOf, serverFieldError } from '../form-errors';
import type { FieldErrors } from '../form-errors';
import { NAMESPACE } from '../i18n';

export function CompleteSignupPage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const [values, setValues] = useState({ sexuality: '', region: '', city: '' });
  const [regions, setRegions] = useState<{ label: string; options: { value: string; label: string }[] } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const country = user?.profile.country;

  useEffect(() => {
    if (!country) return;
    api
      .get('/api/regions.php', ZRegionsResponse, { query: { country }, retries: 1 })
      .then((r) => setRegions({ label: r.label, options: r.regions.map((x) => ({ value: x.code, label: x.name })) }))
      .catch(() => setRegions(null));
  }, [country]);

  if (!user) {
    return (
      <Page title={t('completeSignup.title')}>
        <p>
          {t('account.loginRequired')} <Link to="/login?redirect=/complete-signup">{t('account.login')}</Link>
        </p>
      </Page>
    );
  }
  const missing = {
    sexuality: !user.profile.sexuality,
    region: !user.profile.region,
    city: !user.profile.city,
  };
  const anyMissing = missing.sexuality || missing.region || missing.city;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errs: FieldErrors = {};
    for (const f of ['sexuality', 'region', 'city'] as const) if (missing[f] && !values[f].trim()) errs[f] = t('errors.field_required');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, string> = {};
      for (const f of ['sexuality', 'region', 'city'] as const) if (missing[f]) body[f] = values[f].trim();
      await api.put('/api/profile.php', body, ZProfileResponse);
      await refreshSession();
      setDone(true);
    } catch (err) {
      const fe = serverFieldError(err);
      if (Object.keys(fe).length) setErrors(fe);
      else setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('completeSignup.title')}>
      {done || !anyMissing ? (
        <>
          <Alert variant="success" role="status">
            {done ? t('completeSignup.done') : t('completeSignup.nothingMissing')}
          </Alert>
          <p>
            <Link to="/members">{t('completeSignup.toMembers')}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('completeSignup.title')}>
          <p>{t('completeSignup.intro')}</p>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          {missing.sexuality && (
            <Select
              label={t('signup.step0.sexuality')}
              value={values.sexuality}
              onChange={(e) => setValues((v) => ({ ...v, sexuality: e.target.value }))}
              placeholder
              required
              error={errors.sexuality}
              options={ZSexuality.options.map((s) => ({ value: s, label: t(`sexuality.${s}`) }))}
            />
          )}
          {missing.region &&
            (regions && regions.options.length ? (
              <Select
                label={regions.label || t('signup.step2.region')}
                value={values.region}
                onChange={(e) => setValues((v) => ({ ...v, region: e.target.value }))}
                placeholder
                required
                error={errors.region}
                options={regions.options}
              />
            ) : (
              <TextField
                label={t('signup.step2.region')}
                value={values.region}
                maxLength={80}
                onChange={(e) => setValues((v) => ({ ...v, region: e.target.value }))}
                required
                error={errors.region}
              />
            ))}
          {missing.city && (
            <TextField
              label={t('signup.step2.city')}
              value={values.city}
              maxLength={80}
              onChange={(e) => setValues((v) => ({ ...v, city: e.target.value }))}
              required
              error={errors.city}
            />
          )}
          <Button type="submit" loading={busy} fullWidth>
            {t('completeSignup.submit')}
          </Button>
        </form>
      )}
    </Page>
  );
}
