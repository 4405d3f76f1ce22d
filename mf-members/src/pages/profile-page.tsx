import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { bus } from '@dating/shared-kit/bus';
import { COUNTRIES, ZBodyType, ZEyeColor, ZHairColor, ZRelationshipStatus, ZSexuality } from '@dating/shared-kit/contracts';
import type { InterestsResponse, Profile, ProfileUpdate, RegionsResponse } from '@dating/shared-kit/contracts';
import { formatDate, toLanguage, useTranslation } from '@dating/shared-kit/i18n';
import { refreshSession, useSettings } from '@dating/shared-kit/state';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Button, Checkbox, Container, DateField, Select, Spinner, TextArea, TextField } from '@dating/shared-kit/ui';
import { loadInterests, loadRegions, membersApi } from '../api';
import { countryName } from '../components/country-name';
import { PhotoManager } from '../components/photo-manager';
import { VerificationLink } from '../verification/verification-link';
import { errorText, useAsync } from '../components/use-async';
import '../i18n';

type Form = {
  date_of_birth: string;
  name: string;
  sexuality: string;
  country: string;
  region: string;
  city: string;
  reason: string;
  about: string;
  hair_color: string;
  eye_color: string;
  body_type: string;
  relationship_status: string;
  tattoos: string;
  interests: string[];
};

const toForm = (p: Profile): Form => ({
  date_of_birth: p.date_of_birth ?? '',
  name: p.name,
  sexuality: p.sexuality ?? '',
  country: p.country,
  region: p.region ?? '',
  city: p.city ?? '',
  reason: p.reason ?? '',
  about: p.about ?? '',
  hair_color: p.hair_color ?? '',
  eye_color: p.eye_color ?? '',
  body_type: p.body_type ?? '',
  relationship_status: p.relationship_status ?? '',
  tattoos: p.tattoos == null ? '' : p.tattoos ? 'yes' : 'no',
  interests: [...p.interests],
});

/** The form as the PUT body; selects only offer valid values, the server checks everything again. */
function fromForm(f: Form): ProfileUpdate {
  const orNull = (v: string) => (v === '' ? null : v);
  const body = {
    ...(f.date_of_birth ? { date_of_birth: f.date_of_birth } : {}),
    name: f.name.trim(),
    sexuality: orNull(f.sexuality),
    country: f.country,
    region: orNull(f.region),
    city: f.city.trim() || null,
    reason: f.reason.trim() || null,
    about: f.about.trim() || null,
    hair_color: orNull(f.hair_color),
    eye_color: orNull(f.eye_color),
    body_type: orNull(f.body_type),
    relationship_status: orNull(f.relationship_status),
    tattoos: f.tattoos === '' ? null : f.tattoos === 'yes',
    interests: f.interests,
  };
  return body as ProfileUpdate;
}

/** /profile: every field of spec section 3, interests, region by country, photos. */
export function ProfilePage() {
  const { t, i18n } = useTranslation('members');
  const settings = useSettings();
  const profile = useAsync(() => membersApi.profile(), []);
  const [form, setForm] = useState<Form | null>(null);
  const [interests, setInterests] = useState<InterestsResponse | null>(null);
  const [regions, setRegions] = useState<RegionsResponse | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [saved, setSaved] = useState('');

  useEffect(() => {
    if (profile.data && !form) setForm(toForm(profile.data.profile));
  }, [profile.data, form]);
  // the labels follow the UI language: loaded again (once per language) after a switch
  const language = toLanguage(i18n.language) ?? 'nl';
  useEffect(() => {
    let alive = true;
    loadInterests(language)
      .then((r) => alive && setInterests(r))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [language]);
  const country = form?.country;
  useEffect(() => {
    if (!country) return;
    let alive = true;
    loadRegions(country, language)
      .then((r) => alive && setRegions(r))
      .catch(() => alive && setRegions(null));
    return () => {
      alive = false;
    };
  }, [country, language]);

  if (profile.error)
    return (
      <Container>
        <Alert variant="danger">{profile.error}</Alert>
      </Container>
    );
  if (!form || !profile.data)
    return (
      <Container>
        <Spinner label={t('common.loading')} />
      </Container>
    );

  const set = (name: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => (f ? { ...f, [name]: e.target.value, ...(name === 'country' ? { region: '' } : {}) } : f));
  const toggleInterest = (slug: string) =>
    setForm((f) =>
      f ? { ...f, interests: f.interests.includes(slug) ? f.interests.filter((s) => s !== slug) : [...f.interests, slug] } : f,
    );
  const options = (values: readonly string[], prefix: string) => [
    { value: '', label: t('profile.notSaid') },
    ...values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) })),
  ];
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    setSaved('');
    try {
      const res = await membersApi.saveProfile(fromForm(form));
      setForm(toForm(res.profile));
      setSaved(t('profile.saved'));
      const user = await refreshSession();
      if (user) bus.emit('user:updated', { user });
    } catch (err) {
      const message = errorText(err);
      if (message) setError({ message, field: (err as { field?: string }).field });
    } finally {
      setSaving(false);
    }
  };
  const countries = settings?.countries?.length ? settings.countries : COUNTRIES;
  return (
    <Container>
      <div
        css={css`
          max-width: 820px;
          margin: 0 auto;
        `}
      >
        <h1>{t('profile.title')}</h1>
        <p
          css={css`
            color: ${colors.textMuted};
          `}
        >
          {t('profile.ageLine', {
            age: profile.data.profile.age,
            date: formatDate(profile.data.profile.date_of_birth ?? '', i18n.language),
          })}
        </p>
        <PhotoManager />
        <VerificationLink profile={profile.data.profile} />
        <form
          onSubmit={(e) => void submit(e)}
          aria-labelledby="profile-form-heading"
          css={css`
            display: grid;
            gap: 14px;
          `}
          noValidate
        >
          <h2 id="profile-form-heading">{t('profile.details')}</h2>
          <div
            css={css`
              display: grid;
              gap: 14px;
              grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
            `}
          >
            <TextField
              label={t('field.name')}
              value={form.name}
              onChange={set('name')}
              required
              minLength={2}
              maxLength={40}
              error={fieldError('name')}
            />
            <DateField
              label={t('field.date_of_birth')}
              value={form.date_of_birth}
              onChange={set('date_of_birth')}
              required
              error={fieldError('date_of_birth')}
            />
          </div>
          <div
            css={css`
              display: grid;
              gap: 14px;
              grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
            `}
          >
            <Select
              label={t('field.sexuality')}
              value={form.sexuality}
              onChange={set('sexuality')}
              options={options(ZSexuality.options, 'sexuality')}
              error={fieldError('sexuality')}
            />
            <Select
              label={t('field.relationship_status')}
              value={form.relationship_status}
              onChange={set('relationship_status')}
              options={options(ZRelationshipStatus.options, 'relationship')}
            />
            <Select
              label={t('field.country')}
              value={form.country}
              onChange={set('country')}
              options={countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
              error={fieldError('country')}
            />
            <Select
              label={regions?.label ?? t('field.region')}
              value={form.region}
              onChange={set('region')}
              options={[
                { value: '', label: t('profile.notSaid') },
                ...(regions?.regions ?? []).map((r) => ({ value: r.code, label: r.name })),
              ]}
              error={fieldError('region')}
            />
            <TextField label={t('field.city')} value={form.city} onChange={set('city')} maxLength={80} error={fieldError('city')} />
            <Select
              label={t('field.hair_color')}
              value={form.hair_color}
              onChange={set('hair_color')}
              options={options(ZHairColor.options, 'hair')}
            />
            <Select
              label={t('field.eye_color')}
              value={form.eye_color}
              onChange={set('eye_color')}
              options={options(ZEyeColor.options, 'eyes')}
            />
            <Select
              label={t('field.body_type')}
              value={form.body_type}
              onChange={set('body_type')}
              options={options(ZBodyType.options, 'body')}
            />
            <Select
              label={t('field.tattoos')}
              value={form.tattoos}
              onChange={set('tattoos')}
              options={[
                { value: '', label: t('profile.notSaid') },
                { value: 'yes', label: t('common.yes') },
                { value: 'no', label: t('common.no') },
              ]}
            />
          </div>
          <TextField label={t('field.reason')} value={form.reason} onChange={set('reason')} maxLength={500} error={fieldError('reason')} />
          <TextArea
            label={t('field.about')}
            value={form.about}
            onChange={set('about')}
            maxLength={2000}
            rows={5}
            showCount
            error={fieldError('about')}
          />
          <fieldset
            css={css`
              border: 1px solid ${colors.border};
              border-radius: ${radii.md};
              padding: 12px 16px;
            `}
          >
            <legend
              css={css`
                font-weight: 700;
              `}
            >
              {t('field.interests')}
            </legend>
            {fieldError('interests') && (
              <p
                css={css`
                  color: ${colors.danger};
                `}
              >
                {fieldError('interests')}
              </p>
            )}
            <div
              css={css`
                display: grid;
                gap: 4px 12px;
                grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
              `}
            >
              {(interests?.interests ?? []).map((i) => (
                <Checkbox key={i.slug} label={i.label} checked={form.interests.includes(i.slug)} onChange={() => toggleInterest(i.slug)} />
              ))}
            </div>
          </fieldset>
          {error && <Alert variant="danger">{error.message}</Alert>}
          <p role="status">{saved}</p>
          <Button type="submit" loading={saving}>
            {t('profile.save')}
          </Button>
        </form>
      </div>
    </Container>
  );
}

export default ProfilePage;
