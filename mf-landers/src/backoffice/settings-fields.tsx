/**
 * The inputs of the site settings form: one per setting (label from `fields.<key>`, the server's
 * error next to it), the price table (package x country, empty = the price list's amount) and the
 * minimum message costs per country.
 */
import { useTranslation } from 'react-i18next';
import { CURRENCIES, LANGUAGES } from '@dating/shared-kit/contracts';
import { LANGUAGE_NAMES } from '@dating/shared-kit/i18n';
import type { PackageId, SiteDetail } from '@dating/shared-kit/contracts';
import { Checkbox, Select, TextArea, TextField } from '@dating/shared-kit/ui';
import { STAFF_NAMESPACE } from './i18n';
import type { FieldDef, FormValues } from './settings-model';

/** The input id of a form key (`package_prices.NL.p1` -> `setting-package_prices-NL-p1`). */
export const fieldId = (key: string) => `setting-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function SettingField({
  def,
  value,
  error,
  onChange,
}: {
  def: FieldDef;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const common = { id: fieldId(def.key), label: t(`fields.${def.key}`), error };
  switch (def.kind) {
    case 'boolean':
      return <Checkbox {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
    case 'signups':
      return (
        <Select
          {...common}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          options={(['all', 'with_trafficsource', 'invite_only'] as const).map((m) => ({ value: m, label: t(`sites.signups.${m}`) }))}
        />
      );
    case 'longtext':
      return <TextArea {...common} value={String(value)} rows={3} onChange={(e) => onChange(e.target.value)} />;
    case 'readonly':
      return <TextField {...common} value={String(value)} readOnly hint={t('sites.domainFixed')} />;
    case 'server':
      return <TextField {...common} value={String(value)} readOnly hint={t('sites.serverSet')} />;
    default:
      return (
        <TextField
          {...common}
          value={String(value)}
          inputMode={def.kind === 'number' ? 'numeric' : undefined}
          hint={def.kind === 'list' ? t('sites.listHint') : def.kind === 'nullable' ? t('sites.nullableHint') : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

interface TableProps {
  countries: string[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}

const boxStyle = (theme: { colors: { border: string }; radii: { md: string } }) => ({
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.md,
  padding: '1rem',
  background: 'white',
  minWidth: 0,
});

export function PricesTable({
  countries,
  packages,
  site,
  values,
  errors,
  onChange,
}: TableProps & { packages: readonly PackageId[]; site: SiteDetail }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <fieldset css={boxStyle}>
      <legend css={{ fontWeight: 700, padding: '0 0.5rem' }}>{t('sites.groups.prices')}</legend>
      <p css={{ marginTop: 0 }}>{t('sites.pricesHint')}</p>
      <div css={{ display: 'grid', gap: '1rem' }}>
        {countries.map((country) => {
          const currency = site.currencies[country as keyof SiteDetail['currencies']] ?? '';
          return (
            <div key={country} role="group" aria-label={t('sites.pricesFor', { country, currency })}>
              <h3 css={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>{t('sites.pricesFor', { country, currency })}</h3>
              <div css={{ display: 'grid', gap: '0 0.75rem', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))' }}>
                {packages.map((pkg) => {
                  const key = `package_prices.${country}.${pkg}`;
                  const list = site.list_prices[country as keyof SiteDetail['list_prices']]?.[pkg];
                  return (
                    <TextField
                      key={pkg}
                      id={fieldId(key)}
                      label={t('sites.priceLabel', { package: pkg, country })}
                      inputMode="numeric"
                      placeholder={list === undefined ? undefined : String(list)}
                      value={String(values[key] ?? '')}
                      error={errors[key]}
                      onChange={(e) => onChange(key, e.target.value)}
                    />
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function CostsTable({ countries, values, errors, onChange }: TableProps) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <fieldset css={boxStyle}>
      <legend css={{ fontWeight: 700, padding: '0 0.5rem' }}>{t('fields.minimum_message_costs')}</legend>
      <p css={{ marginTop: 0 }}>{t('sites.costsHint')}</p>
      <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' }}>
        {countries.map((country) => {
          const key = `minimum_message_costs.${country}`;
          return (
            <div key={country} css={{ display: 'grid', gridTemplateColumns: '1fr 7rem', gap: '0.5rem' }}>
              <TextField
                id={fieldId(`${key}.costs`)}
                label={t('sites.costLabel', { country })}
                inputMode="numeric"
                value={String(values[`${key}.costs`] ?? '')}
                error={errors[`${key}.costs`] ?? errors[key]}
                onChange={(e) => onChange(`${key}.costs`, e.target.value)}
              />
              <Select
                id={fieldId(`${key}.currency`)}
                label={t('sites.currencyLabel', { country })}
                value={String(values[`${key}.currency`] ?? '')}
                error={errors[`${key}.currency`]}
                options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                onChange={(e) => onChange(`${key}.currency`, e.target.value)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The scam guard's money words (issue 26): one comma-separated list per language; every list applies to every message. */
export function MoneyWordsFields({
  values,
  errors,
  onChange,
}: {
  values: FormValues;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <fieldset css={boxStyle}>
      <legend css={{ fontWeight: 700, padding: '0 0.5rem' }}>{t('fields.held_money_words')}</legend>
      <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))' }}>
        {LANGUAGES.map((lang) => {
          const key = `held_money_words.${lang}`;
          return (
            <TextArea
              key={key}
              id={fieldId(key)}
              label={`${t('fields.held_money_words')}: ${LANGUAGE_NAMES[lang]}`}
              hint={t('sites.listHint')}
              rows={3}
              value={String(values[key] ?? '')}
              error={errors[key]}
              onChange={(e) => onChange(key, e.target.value)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
