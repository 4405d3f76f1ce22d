/**
 * /complete-signup: for accounts that still miss profile data (orientation, region, city; e.g.
 * accounts made through a short lander form). The spec requires none of these (sign-up needs name,
 * gender, date of birth and country), so every field is optional: the member saves what they fill
 * in, or leaves for later. Reached from the enrich-profile alert (./EnrichProfileAlert) and the
 * account page. Saves through PUT /api/profile.php.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, loadTranslated } from '@dating/shared-kit/api';
import { toLanguage } from '@dating/shared-kit/i18n';
import { ZProfileResponse, ZRegionsResponse, ZSexuality } from '@dating/shared-kit/contracts';
import { refreshSession, useSession } from '@dating/shared-kit/state';
import { Alert, Button, Select, TextField } from '@dating/shared-kit/ui';
import { Page } from '../components/page';
import { FormAlert } from '../forms/form-alert';
import { useFormSubmit } from '../forms/use-form-submit';
import { NAMESPACE } from '../i18n';
import { COMPLETE_SIGNUP_FIELDS, missingProfileFields } from '../profile-completeness';

export function CompleteSignupPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = toLanguage(i18n.language) ?? 'nl';
  const user = useSession();
  const form = useFormSubmit({ sexuality: '', region: '', city: '' });
  const [regions, setRegions] = useState<{ label: string; options: { value: string; label: string }[] } | null>(null);
  const [done, setDone] = useState(false);
  const country = user?.profile.country;

  useEffect(() => {
    if (!country) return;
    // in the UI language (loaded once per language: the label and names follow a switch)
    loadTranslated('/api/regions.php', ZRegionsResponse, language, { country })
      .then((r) => setRegions({ label: r.label, options: r.regions.map((x) => ({ value: x.code, label: x.name })) }))
      .catch(() => setRegions(null));
  }, [country, language]);

  // a visitor never gets here: the shell's route table marks /complete-signup as a member page
  // and shows its login prompt instead (also when a call ends the session)
  if (!user) return null;
  const missingList = missingProfileFields(user);
  const missing = {
    sexuality: missingList.includes('sexuality'),
    region: missingList.includes('region'),
    city: missingList.includes('city'),
  };
  const anyMissing = missingList.length > 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { values } = form;
    const body: Record<string, string> = {};
    for (const f of COMPLETE_SIGNUP_FIELDS) if (missing[f] && values[f].trim()) body[f] = values[f].trim();
    if (Object.keys(body).length === 0) {
      form.check({});
      form.setError(t('completeSignup.nothingEntered'));
      return;
    }
    void form.send(async () => {
      await api.put('/api/profile.php', body, ZProfileResponse);
      await refreshSession();
      setDone(true);
    });
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
          <FormAlert error={form.error} />
          {missing.sexuality && (
            <Select
              label={t('signup.step0.sexuality')}
              {...form.field('sexuality')}
              placeholder
              optionalLabel
              options={ZSexuality.options.map((s) => ({ value: s, label: t(`sexuality.${s}`) }))}
            />
          )}
          {missing.region &&
            (regions && regions.options.length ? (
              <Select
                label={regions.label || t('signup.step2.region')}
                {...form.field('region')}
                placeholder
                optionalLabel
                options={regions.options}
              />
            ) : (
              <TextField label={t('signup.step2.region')} {...form.field('region')} maxLength={80} optionalLabel />
            ))}
          {missing.city && <TextField label={t('signup.step2.city')} {...form.field('city')} maxLength={80} optionalLabel />}
          <Button type="submit" loading={form.busy} fullWidth>
            {t('completeSignup.submit')}
          </Button>
          <p>
            <Link to="/members">{t('completeSignup.later')}</Link>
          </p>
        </form>
      )}
    </Page>
  );
}
