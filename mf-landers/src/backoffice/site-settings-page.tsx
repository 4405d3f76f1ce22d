/**
 * /backoffice/sites/<domain> (admin): every setting for one domain, grouped; saving
 * asks to confirm (naming the domain and what changed) and sends the whole settings. The server
 * checks them against the contract: its refusal names each failing field, shown next to it (and
 * focus goes to the first), and nothing is changed. A saved change is live on that domain's next
 * page load.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { api, ApiRequestError } from '@dating/shared-kit/api';
import { PACKAGE_IDS, ZFieldIssue, ZSiteDetail } from '@dating/shared-kit/contracts';
import type { SiteDetail } from '@dating/shared-kit/contracts';
import { Button, Spinner, errorText, useAsync } from '@dating/shared-kit/ui';
import { STAFF_NAMESPACE } from './i18n';
import { changedKeys, GROUPS, inputOf, tableCountries, toFormValues, toSettings } from './settings-model';
import type { FormValues } from './settings-model';
import { PricesTable, CostsTable, MoneyWordsFields, SettingField, fieldId } from './settings-fields';
import { ConfirmDialog, ResultMessage, StaffPage } from './staff-ui';

function SettingsForm({ site, onSaved }: { site: SiteDetail; onSaved: (site: SiteDetail) => void }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const [values, setValues] = useState<FormValues>(() => toFormValues(site.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ message: string; tone: 'success' | 'danger' } | null>(null);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  /** the first field the server refused: focused once the dialog is gone (this effect runs after the dialog's) */
  const [focusKey, setFocusKey] = useState<{ key: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusKey) formRef.current?.querySelector<HTMLElement>(`#${fieldId(focusKey.key)}`)?.focus();
  }, [focusKey]);
  const set = (key: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };
  const countries = tableCountries(site.settings);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setConfirming(changedKeys(site.settings, toSettings(site.settings, values)));
  };

  const save = async () => {
    setBusy(true);
    try {
      const saved = await api.put(
        `/api/backoffice/sites/${encodeURIComponent(site.domain)}`,
        { settings: toSettings(site.settings, values) },
        ZSiteDetail,
      );
      setConfirming(null);
      setErrors({});
      setResult({ message: t('sites.saved', { domain: site.domain }), tone: 'success' });
      onSaved(saved);
    } catch (err) {
      setConfirming(null);
      const issues =
        err instanceof ApiRequestError ? z.array(ZFieldIssue).safeParse((err.body as { fields?: unknown } | undefined)?.fields) : null;
      if (issues?.success) {
        const byInput: Record<string, string> = {};
        for (const issue of issues.data) byInput[inputOf(issue.field)] ??= issue.message;
        setErrors(byInput);
        const first = Object.keys(byInput)[0];
        if (first) setFocusKey({ key: first });
      }
      const text = errorText(err);
      if (text) setResult({ message: text, tone: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate css={{ display: 'grid', gap: '1.25rem' }}>
      <ResultMessage message={result?.message ?? null} tone={result?.tone ?? 'success'} />
      {GROUPS.map((group) => (
        <fieldset
          key={group.id}
          css={(theme) => ({
            border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radii.md,
            padding: '1rem',
            background: 'white',
          })}
        >
          <legend css={{ fontWeight: 700, padding: '0 0.5rem' }}>{t(`sites.groups.${group.id}`)}</legend>
          <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))' }}>
            {group.fields.map((f) => (
              <SettingField key={f.key} def={f} value={values[f.key] ?? ''} error={errors[f.key]} onChange={(v) => set(f.key, v)} />
            ))}
          </div>
        </fieldset>
      ))}
      <MoneyWordsFields values={values} errors={errors} onChange={set} />
      <PricesTable countries={countries} packages={PACKAGE_IDS} site={site} values={values} errors={errors} onChange={set} />
      <CostsTable countries={countries} values={values} errors={errors} onChange={set} />
      <div css={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
        <Button type="submit">{t('sites.save')}</Button>
        <Link to="/backoffice/sites">{t('sites.back')}</Link>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('sites.confirmTitle', { domain: site.domain })}
        confirmLabel={t('sites.confirm')}
        busy={busy}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(null)}
      >
        <p>{t('sites.confirmText', { domain: site.domain })}</p>
        <p>
          {confirming && confirming.length > 0
            ? t('sites.changed', { fields: confirming.map((k) => t(`fields.${k}`)).join(', ') })
            : t('sites.unchanged')}
        </p>
      </ConfirmDialog>
    </form>
  );
}

export default function SiteSettingsPage() {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const domain = useParams().domain ?? '';
  const site = useAsync(() => api.get(`/api/backoffice/sites/${encodeURIComponent(domain)}`, ZSiteDetail), [domain]);
  return (
    <StaffPage title={t('sites.editTitle', { domain })}>
      {site.error ? (
        <>
          <p role="alert">{site.error}</p>
          <Link to="/backoffice/sites">{t('sites.back')}</Link>
        </>
      ) : null}
      {!site.data && site.loading ? <Spinner label={t('common.loading')} /> : null}
      {site.data ? <SettingsForm key={site.data.domain} site={site.data} onSaved={(saved) => site.setData(saved)} /> : null}
    </StaffPage>
  );
}
