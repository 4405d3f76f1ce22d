/**
 * /transactions/:id?: the member's payments (status, method, amount, credits) and the
 * use of credits from the ledger; with an id, the detail of that payment.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate, useTranslation } from '@dating/shared-kit/i18n';
import { colors, mq } from '@dating/shared-kit/theme';
import { Alert, Card, Spinner, useAsync } from '@dating/shared-kit/ui';
import { paymentsApi } from '../api';
import { Page } from '../components/page';
import { useMoney } from '../components/use-money';
import type { Payment, TransactionsResponse } from '@dating/shared-kit/contracts';
import { NAMESPACE } from '../i18n';

const cell = { padding: '0.6rem 0.75rem', textAlign: 'start', borderBottom: `1px solid ${colors.border}` } as const;
/**
 * The lists' tables. On a phone (below 768 px) every row is a small card of "label value" lines: six
 * columns made /transactions 621 px wide on a 390 px phone, with the amount and status off screen.
 * Each cell names its column in `data-label` (the header row is then for screen readers only).
 */
const table = {
  width: '100%',
  borderCollapse: 'collapse',
  background: colors.surface,
  fontSize: '0.9375rem',
  [mq.phone]: {
    '& thead': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tr': { padding: '0.4rem 0', borderBottom: `1px solid ${colors.border}` },
    '& td': {
      display: 'grid',
      gridTemplateColumns: 'minmax(6rem, 40%) 1fr',
      gap: '0.75rem',
      padding: '0.2rem 0.75rem',
      border: 0,
      overflowWrap: 'break-word',
    },
    '& td::before': { content: 'attr(data-label)', fontWeight: 600, color: colors.textMuted },
  },
} as const;

function useDateTime(): (value: string) => string {
  const { i18n } = useTranslation();
  return (value) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime())
      ? formatDate(value, i18n.language)
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  };
}

function PaymentDetail({ payment }: { payment: Payment }) {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const when = useDateTime();
  const rows: [string, string][] = [
    [t('tx.date'), when(payment.created_at)],
    [t('tx.package'), t('packages.credits', { credits: payment.package_credits })],
    [t('tx.credits'), payment.credits ? `+${payment.credits}` : '–'],
    [t('tx.method'), t(`methods.${payment.method}`)],
    [t('tx.amount'), money(payment.amount, payment.currency)],
    [t('tx.status'), t(`tx.statuses.${payment.status}`)],
    [t('tx.reference'), String(payment.id)],
  ];
  return (
    <Card title={t('tx.detail')} headingLevel={2} aria-label={t('tx.detail')}>
      <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.5rem 1.5rem', margin: 0 }}>
        {rows.map(([term, value]) => (
          <div key={term} css={{ display: 'contents' }}>
            <dt css={{ fontWeight: 600 }}>{term}</dt>
            <dd css={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
      <p css={{ margin: '1rem 0 0' }}>
        <Link to="/transactions">{t('tx.back')}</Link>
      </p>
    </Card>
  );
}

/** A titled list as a table (rows as cards on a phone); `empty` when there are no rows. */
function TableSection({
  id,
  title,
  headers,
  rows,
  empty,
}: {
  id: string;
  title: string;
  headers: string[];
  rows: ReactNode[];
  empty: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} css={{ fontSize: '1.25rem' }}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div css={{ overflowX: 'auto' }}>
          <table css={table} aria-labelledby={id}>
            <thead>
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col" css={cell}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Lists({ data }: { data: TransactionsResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const when = useDateTime();
  return (
    // minmax(0, 1fr): a section is never wider than the page, whatever its table needs
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2rem' }}>
      <TableSection
        id="tx-payments"
        title={t('tx.payments')}
        headers={[t('tx.date'), t('tx.package'), t('tx.method'), t('tx.amount'), t('tx.credits'), t('tx.status')]}
        empty={
          <>
            {t('tx.noPayments')} <Link to="/credits">{t('titles.credits')}</Link>
          </>
        }
        rows={data.payments.map((p) => (
          <tr key={p.id}>
            <td css={cell} data-label={t('tx.date')}>
              <Link to={`/transactions/${p.id}`}>{when(p.created_at)}</Link>
            </td>
            <td css={cell} data-label={t('tx.package')}>
              {t('packages.credits', { credits: p.package_credits })}
            </td>
            <td css={cell} data-label={t('tx.method')}>
              {t(`methods.${p.method}`)}
            </td>
            <td css={cell} data-label={t('tx.amount')}>
              {money(p.amount, p.currency)}
            </td>
            <td css={cell} data-label={t('tx.credits')}>
              {p.credits ? `+${p.credits}` : '–'}
            </td>
            <td css={cell} data-label={t('tx.status')}>
              {t(`tx.statuses.${p.status}`)}
            </td>
          </tr>
        ))}
      />
      <TableSection
        id="tx-usage"
        title={t('tx.usage')}
        headers={[t('tx.date'), t('tx.description'), t('tx.credits')]}
        empty={t('tx.noUsage')}
        rows={data.usage.map((u) => (
          <tr key={u.id}>
            <td css={cell} data-label={t('tx.date')}>
              {when(u.created_at)}
            </td>
            <td css={cell} data-label={t('tx.description')}>
              {t(`tx.reasons.${u.reason}`, { defaultValue: u.reason })}
            </td>
            <td
              data-label={t('tx.credits')}
              css={[cell, { color: u.delta < 0 ? colors.danger : colors.text, fontVariantNumeric: 'tabular-nums' }]}
            >
              {u.delta > 0 ? `+${u.delta}` : u.delta}
            </td>
          </tr>
        ))}
      />
    </div>
  );
}

export function TransactionsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id } = useParams();
  const { data, error, loading } = useAsync(() => paymentsApi.transactions(), []);
  const payment = id && data ? data.payments.find((p) => String(p.id) === id) : undefined;
  return (
    <Page title={t('titles.transactions')}>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {loading && !data ? <Spinner /> : null}
      {data && id ? (
        payment ? (
          <PaymentDetail payment={payment} />
        ) : (
          <Alert variant="warning" title={t('tx.notFound')} action={<Link to="/transactions">{t('tx.back')}</Link>} />
        )
      ) : null}
      {data && !id ? <Lists data={data} /> : null}
    </Page>
  );
}
