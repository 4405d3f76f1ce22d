/**
 * /backoffice/codes (role payments): make a discount code (percentage, minimum order value,
 * optional country, valid until), see how often and by whom each was used, switch one off or on.
 * The server checks every rule (percentage 1-100, no negative values); its refusal shows at the field.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { countryName, useTranslation } from '@dating/shared-kit/i18n';
import { COUNTRIES } from '@dating/shared-kit/contracts';
import type { AdminDiscountCode, DiscountCodeCreate } from '@dating/shared-kit/contracts';
import { ApiRequestError } from '@dating/shared-kit/api';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  DateField,
  Modal,
  Pager,
  ResultMessage,
  SearchForm,
  Select,
  Spinner,
  STAFF_PAGE_SIZE,
  staffCell,
  StaffTable,
  TextField,
  useAsync,
  useFilteredPage,
} from '@dating/shared-kit/ui';
import { Page } from '../components/page';
import { NAMESPACE } from '../i18n';
import { staffApi } from './api';
import { useDateTime } from './use-date-time';

const EMPTY = { code: '', percentage: '', minimum: '0', country: '', validUntil: '' };

function UsesDialog({ code, onClose }: { code: AdminDiscountCode; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const when = useDateTime();
  const uses = useAsync(() => staffApi.codeUses(code.id), [code.id]);
  return (
    <Modal open onClose={onClose} title={t('staff.codes.usesTitle', { code: code.code })}>
      {uses.error && <Alert variant="danger">{uses.error}</Alert>}
      {uses.loading ? (
        <Spinner label={t('staff.loading')} />
      ) : (
        <StaffTable
          caption={t('staff.codes.usesCaption', { count: uses.data?.uses.length ?? 0 })}
          headers={[t('staff.payments.member'), t('tx.reference'), t('tx.date')]}
          rows={(uses.data?.uses ?? []).map((u) => (
            <tr key={`${u.user_id}-${u.payment_id ?? ''}`}>
              <td css={staffCell}>{u.user_email}</td>
              <td css={staffCell}>{u.payment_id ?? '–'}</td>
              <td css={staffCell}>{when(u.used_at)}</td>
            </tr>
          ))}
          empty={t('staff.codes.noUses')}
        />
      )}
    </Modal>
  );
}

export function StaffCodesPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const when = useDateTime();
  const codes = useAsync(() => staffApi.codes(), []);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [toggling, setToggling] = useState<AdminDiscountCode | null>(null);
  const [showUses, setShowUses] = useState<AdminDiscountCode | null>(null);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const minimum = Math.round(Number(form.minimum.replace(',', '.')) * 100);
      const made = await staffApi.createCode({
        code: form.code.trim(),
        percentage: Number(form.percentage),
        minimum_order_value: Number.isFinite(minimum) ? minimum : -1,
        country: (form.country || null) as DiscountCodeCreate['country'],
        valid_until: form.validUntil ? new Date(`${form.validUntil}T23:59:59`).toISOString() : null,
      });
      setResult(t('staff.codes.made', { code: made.code }));
      setForm(EMPTY);
      codes.reload();
    } catch (e) {
      if (e instanceof ApiRequestError && e.field) {
        const field = { minimum_order_value: 'minimum', valid_until: 'validUntil' }[e.field] ?? e.field;
        setErrors({ [field]: e.message });
      } else setFormError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const list = useFilteredPage(codes.data?.codes ?? [], (c) => `${c.code} ${c.country ?? ''}`);
  const rows = list.shown.map((c) => (
    <tr key={c.id}>
      <td css={staffCell}>
        <strong>{c.code}</strong>
      </td>
      <td css={staffCell}>{c.percentage}%</td>
      <td css={staffCell}>{(c.minimum_order_value / 100).toFixed(2)}</td>
      <td css={staffCell}>{c.country ? countryName(c.country, i18n.language) : t('staff.codes.allCountries')}</td>
      <td css={staffCell}>{c.valid_until ? when(c.valid_until) : t('staff.codes.noEnd')}</td>
      <td css={staffCell}>
        <Button
          size="sm"
          variant="link"
          onClick={() => setShowUses(c)}
          aria-label={t('staff.codes.usesOf', { code: c.code, count: c.uses })}
        >
          {c.uses}
        </Button>
      </td>
      <td css={staffCell}>
        <Badge tone={c.active ? 'success' : 'neutral'}>{c.active ? t('staff.codes.active') : t('staff.codes.inactive')}</Badge>
      </td>
      <td css={staffCell}>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setToggling(c)}
          aria-label={t(c.active ? 'staff.codes.disableCode' : 'staff.codes.enableCode', { code: c.code })}
        >
          {c.active ? t('staff.codes.disable') : t('staff.codes.enable')}
        </Button>
      </td>
    </tr>
  ));

  return (
    <Page title={t('staff.codes.title')}>
      <div css={{ display: 'grid', gap: '1.5rem' }}>
        <section aria-labelledby="new-code">
          <h2 id="new-code" css={{ fontSize: '1.2rem' }}>
            {t('staff.codes.new')}
          </h2>
          <form
            onSubmit={(e) => void create(e)}
            noValidate
            css={{ display: 'grid', gap: '0.75rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', alignItems: 'start' }}
          >
            <TextField
              label={t('staff.codes.code')}
              value={form.code}
              onChange={set('code')}
              error={errors.code}
              required
              autoComplete="off"
            />
            <TextField
              label={t('staff.codes.percentage')}
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              value={form.percentage}
              onChange={set('percentage')}
              error={errors.percentage}
              required
            />
            <TextField
              label={t('staff.codes.minimum')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={form.minimum}
              onChange={set('minimum')}
              error={errors.minimum}
            />
            <Select
              label={t('staff.codes.country')}
              value={form.country}
              onChange={set('country')}
              error={errors.country}
              options={[
                { value: '', label: t('staff.codes.allCountries') },
                ...COUNTRIES.map((c) => ({ value: c, label: countryName(c, i18n.language) })),
              ]}
            />
            <DateField
              label={t('staff.codes.validUntil')}
              value={form.validUntil}
              onChange={set('validUntil')}
              error={errors.validUntil}
              optionalLabel
            />
            <div css={{ alignSelf: 'end' }}>
              <Button type="submit" loading={busy}>
                {t('staff.codes.create')}
              </Button>
            </div>
          </form>
          {formError && <Alert variant="danger">{formError}</Alert>}
        </section>
        <ResultMessage message={result} onDismiss={() => setResult(null)} />
        <SearchForm label={t('staff.codes.search')} initial={list.q} onSearch={list.search} />
        {codes.error && <Alert variant="danger">{codes.error}</Alert>}
        {codes.loading && !codes.data ? (
          <Spinner label={t('staff.loading')} />
        ) : (
          <StaffTable
            caption={t('staff.codes.caption', { count: list.total })}
            headers={[
              t('staff.codes.code'),
              t('staff.codes.percentage'),
              t('staff.codes.minimum'),
              t('staff.codes.country'),
              t('staff.codes.validUntil'),
              t('staff.codes.uses'),
              t('tx.status'),
              t('staff.actions'),
            ]}
            rows={rows}
            empty={list.q ? t('staff.codes.noneFound') : t('staff.codes.empty')}
          />
        )}
        <Pager page={list.page} perPage={STAFF_PAGE_SIZE} total={list.total} onPage={list.setPage} />
      </div>
      {showUses && <UsesDialog code={showUses} onClose={() => setShowUses(null)} />}
      <ConfirmDialog
        open={toggling !== null}
        title={t(toggling?.active ? 'staff.codes.disableCode' : 'staff.codes.enableCode', { code: toggling?.code ?? '' })}
        confirmLabel={toggling?.active ? t('staff.codes.disable') : t('staff.codes.enable')}
        onClose={() => setToggling(null)}
        onConfirm={async () => {
          if (!toggling) return;
          const changed = await staffApi.setCodeActive(toggling.id, !toggling.active);
          setResult(t(changed.active ? 'staff.codes.enabled' : 'staff.codes.disabled', { code: changed.code }));
          codes.reload();
        }}
      >
        <p css={{ margin: 0 }}>{toggling?.active ? t('staff.codes.disableText') : t('staff.codes.enableText')}</p>
      </ConfirmDialog>
    </Page>
  );
}
