/**
 * /backoffice/payments (role payments): every payment with its status, searchable by member e-mail,
 * member or order id or the PSP's id, filtered by status, 50 a page; a paid payment can be refunded
 * (through the PSP; its credits come off the member's balance; refused when they were spent).
 */
import { useState } from 'react';
import { useTranslation } from '@dating/shared-kit/i18n';
import { PAYMENT_STATUSES } from '@dating/shared-kit/contracts';
import type { AdminPayment } from '@dating/shared-kit/contracts';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Pager,
  ResultMessage,
  SearchForm,
  Select,
  Spinner,
  staffCell,
  StaffTable,
  useAsync,
} from '@dating/shared-kit/ui';
import { Page } from '../components/page';
import { useMoney } from '../components/use-money';
import { NAMESPACE } from '../i18n';
import { staffApi } from './api';
import { useDateTime } from './use-date-time';

type StatusFilter = (typeof PAYMENT_STATUSES)[number] | 'refunded' | '';

export function StaffPaymentsPage() {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const when = useDateTime();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const list = useAsync(() => staffApi.payments({ page, ...(q ? { q } : {}), ...(status ? { status } : {}) }), [page, q, status]);

  const statusLabel = (p: AdminPayment) => (p.refunded_at ? t('staff.payments.refunded') : t(`tx.statuses.${p.status}`));
  const rows = (list.data?.payments ?? []).map((p) => (
    <tr key={p.id}>
      <td css={staffCell}>{p.id}</td>
      <td css={staffCell}>
        {p.user_email}
        <br />
        <small>#{p.user_id}</small>
      </td>
      <td css={staffCell}>{when(p.created_at)}</td>
      <td css={staffCell}>{t('packages.credits', { credits: p.package_credits })}</td>
      <td css={staffCell}>
        {money(p.amount, p.currency)}
        {p.discount ? (
          <small>
            {' '}
            ({p.discount.code} −{p.discount.percentage}%)
          </small>
        ) : null}
      </td>
      <td css={staffCell}>
        <Badge tone={p.refunded_at ? 'warning' : p.status === 'paid' ? 'success' : 'neutral'}>{statusLabel(p)}</Badge>
      </td>
      <td css={staffCell}>
        {p.status === 'paid' && !p.refunded_at ? (
          <Button size="sm" variant="outline" onClick={() => setRefunding(p)} aria-label={t('staff.payments.refundOrder', { id: p.id })}>
            {t('staff.payments.refund')}
          </Button>
        ) : null}
      </td>
    </tr>
  ));

  return (
    <Page title={t('staff.payments.title')}>
      <div css={{ display: 'grid', gap: '1rem' }}>
        <div css={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <div css={{ flex: '2 1 20rem' }}>
            <SearchForm
              label={t('staff.payments.search')}
              initial={q}
              onSearch={(value) => {
                setQ(value);
                setPage(1);
              }}
            />
          </div>
          <Select
            label={t('staff.payments.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              setPage(1);
            }}
            options={[
              { value: '', label: t('staff.payments.anyStatus') },
              ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`tx.statuses.${s}`) })),
              { value: 'refunded', label: t('staff.payments.refunded') },
            ]}
          />
        </div>
        <ResultMessage message={result} onDismiss={() => setResult(null)} />
        {list.error && <Alert variant="danger">{list.error}</Alert>}
        {list.loading && !list.data ? (
          <Spinner label={t('staff.loading')} />
        ) : (
          <StaffTable
            caption={t('staff.payments.caption', { count: list.data?.total ?? 0 })}
            headers={[
              t('tx.reference'),
              t('staff.payments.member'),
              t('tx.date'),
              t('tx.package'),
              t('tx.amount'),
              t('tx.status'),
              t('staff.actions'),
            ]}
            rows={rows}
            empty={t('staff.payments.empty')}
          />
        )}
        {list.data && <Pager page={list.data.page} perPage={list.data.per_page} total={list.data.total} onPage={setPage} />}
      </div>
      <ConfirmDialog
        open={refunding !== null}
        title={t('staff.payments.confirmTitle', { id: refunding?.id ?? '' })}
        confirmLabel={t('staff.payments.confirm')}
        tone="danger"
        onClose={() => setRefunding(null)}
        onConfirm={async () => {
          if (!refunding) return;
          const done = await staffApi.refund(refunding.id);
          setResult(t('staff.payments.done', { id: done.payment.id, credits: done.credits_taken, balance: done.balance }));
          list.reload();
        }}
      >
        {refunding && (
          <p css={{ margin: 0 }}>
            {t('staff.payments.confirmText', {
              amount: money(refunding.amount, refunding.currency),
              email: refunding.user_email,
              credits: refunding.package_credits,
            })}
          </p>
        )}
      </ConfirmDialog>
    </Page>
  );
}
