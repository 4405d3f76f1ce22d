/**
 * /backoffice/reports (moderator, issue 26 part 1): the reports queue, open first, underage and
 * scam first, then oldest; filter by status, search by the reported member's name, e-mail or
 * number; a fictional profile (chatpal) is labelled "Fictief profiel"; a member reported by the
 * site's threshold of distinct members is marked under review.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportQuery } from '@dating/shared-kit/contracts';
import { formatDate } from '@dating/shared-kit/i18n';
import { Alert, Badge, Button, Pager, SearchForm, Select, Spinner, staffCell, StaffTable } from '@dating/shared-kit/ui';
import { useAsync } from '../../components/use-async';
import { anywhere, StaffPage } from '../staff-ui';
import { REPORTS_NAMESPACE } from './i18n';
import { reportsApi } from './reports-api';

export const useReportsT = () => useTranslation(REPORTS_NAMESPACE);

export function ReportsPage() {
  const { t, i18n } = useReportsT();
  const [query, setQuery] = useState<Pick<ReportQuery, 'status' | 'q' | 'page'>>({ status: 'open', q: '', page: 1 });
  const list = useAsync(() => reportsApi.list(query), [query.status, query.q, query.page]);
  const data = list.data;
  return (
    <StaffPage
      title={t('title')}
      actions={
        <Button variant="outline" size="sm" onClick={list.reload}>
          {t('common.refresh', { ns: 'members-staff' })}
        </Button>
      }
    >
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 12px;
          align-items: flex-end;
        `}
      >
        <Select
          label={t('statusLabel')}
          value={query.status}
          options={(['open', 'handled', 'all'] as const).map((s) => ({ value: s, label: t(`statusOptions.${s}`) }))}
          onChange={(e) => setQuery({ ...query, status: e.target.value as ReportQuery['status'], page: 1 })}
          css={css`
            flex: 0 1 12rem;
          `}
        />
        <div
          css={css`
            flex: 1 1 18rem;
          `}
        >
          <SearchForm label={t('search')} maxLength={100} onSearch={(q) => setQuery({ ...query, q, page: 1 })} />
        </div>
      </div>
      {list.error && <Alert variant="danger">{list.error}</Alert>}
      {!data && list.loading && <Spinner label={t('common.loading', { ns: 'members-staff' })} />}
      {data && (
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('common.total', { ns: 'members-staff', count: data.total })}
        </p>
      )}
      {data && (
        <StaffTable
          caption={t('listLabel')}
          hideCaption
          headers={[t('cols.reason'), t('cols.member'), t('cols.reporter'), t('cols.reporters'), t('cols.when'), t('cols.status')]}
          empty={<Alert variant="info">{t('empty')}</Alert>}
          rows={data.reports.map((r) => (
            <tr key={r.id}>
              <td css={staffCell}>
                <Link to={`/backoffice/reports/${r.id}`}>{t(`reasons.${r.reason}`)}</Link>
                {(r.reason === 'underage' || r.reason === 'scam') && r.status === 'open' ? <span aria-hidden="true"> ⚠</span> : null}
              </td>
              <td css={[staffCell, anywhere]}>
                {r.reported.name ?? r.reported.email}
                {r.reported.fictional && (
                  <div>
                    <Badge tone="dark">{t('fictional')}</Badge>
                  </div>
                )}
                {r.under_review && (
                  <div
                    css={css`
                      font-size: 0.875rem;
                    `}
                  >
                    {t('underReview')}
                  </div>
                )}
              </td>
              <td css={[staffCell, anywhere]}>{r.reporter ? (r.reporter.name ?? r.reporter.email) : t('siteFiled')}</td>
              <td css={staffCell}>{r.reporters}</td>
              <td css={staffCell}>{formatDate(r.created_at, i18n.language)}</td>
              <td css={staffCell}>{r.status === 'open' ? t('open') : `${t('handled')}: ${t(`actionsDone.${r.action ?? 'dismiss'}`)}`}</td>
            </tr>
          ))}
        />
      )}
      {data && (
        <Pager
          page={query.page}
          perPage={data.per_page}
          total={data.total}
          onPage={(page) => setQuery({ ...query, page })}
          label={t('listLabel')}
        />
      )}
    </StaffPage>
  );
}

export default ReportsPage;
