/**
 * /backoffice/audit (admin): GET /api/backoffice/audit, newest first: who, action, target,
 * outcome and time, with the before/after of each row behind a disclosure (<details>: keyboard
 * usable as it is). Search matches action, target and the staff member's e-mail.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@dating/shared-kit/api';
import { ZAuditPage } from '@dating/shared-kit/contracts';
import type { AuditEntry } from '@dating/shared-kit/contracts';
import { Badge, SearchForm, Spinner, staffCell, StaffTable, useAsync } from '@dating/shared-kit/ui';
import { STAFF_NAMESPACE } from './i18n';
import { formatTime, Pager, StaffPage } from './staff-ui';

function Json({ value }: { value: unknown }) {
  return (
    <pre css={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: '0.8rem', maxWidth: '28rem' }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  if (entry.before === null && entry.after === null) return <span>{t('audit.noDetails')}</span>;
  return (
    <details>
      <summary css={{ cursor: 'pointer' }}>{t('audit.showDetails', { action: entry.action })}</summary>
      <div css={{ display: 'grid', gap: '0.5rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', marginTop: '0.5rem' }}>
        <div>
          <strong>{t('audit.before')}</strong>
          <Json value={entry.before} />
        </div>
        <div>
          <strong>{t('audit.after')}</strong>
          <Json value={entry.after} />
        </div>
      </div>
    </details>
  );
}

export default function AuditPage() {
  const { t, i18n } = useTranslation(STAFF_NAMESPACE);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const log = useAsync(() => api.get('/api/backoffice/audit', ZAuditPage, { query: { q: q || undefined, page } }), [q, page]);
  const data = log.data;
  return (
    <StaffPage title={t('audit.title')} intro={t('audit.intro')}>
      <SearchForm
        maxLength={100}
        label={t('audit.search')}
        initial={q}
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      {log.error ? <p role="alert">{log.error}</p> : null}
      {!data && log.loading ? <Spinner label={t('common.loading')} /> : null}
      {data ? (
        <StaffTable
          caption={t('audit.caption', { total: data.total })}
          headers={(['time', 'who', 'action', 'target', 'outcome', 'details'] as const).map((c) => t(`audit.columns.${c}`))}
          empty={t('audit.empty')}
          rows={data.entries.map((e) => (
            <tr key={e.id}>
              <td css={staffCell}>{formatTime(e.created_at, i18n.language)}</td>
              <td css={staffCell}>{e.staff_email}</td>
              <td css={staffCell}>
                <code>{e.action}</code>
              </td>
              <td css={staffCell}>{e.target ?? '—'}</td>
              <td css={staffCell}>
                {e.outcome === 'done' ? (
                  <Badge tone="success">{t('audit.done')}</Badge>
                ) : (
                  <Badge tone="danger">{t('audit.refused', { error: e.error ?? '' })}</Badge>
                )}
              </td>
              <td css={staffCell}>
                <Details entry={e} />
              </td>
            </tr>
          ))}
        />
      ) : null}
      {data ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
    </StaffPage>
  );
}
