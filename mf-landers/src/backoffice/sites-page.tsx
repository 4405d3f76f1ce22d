/**
 * /backoffice/sites (admin): the domains, with search and paging; each opens its settings form
 * (/backoffice/sites/<domain>, site-settings-page.tsx).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@dating/shared-kit/api';
import { ZSiteList } from '@dating/shared-kit/contracts';
import { Badge, Spinner, useAsync } from '@dating/shared-kit/ui';
import { STAFF_NAMESPACE } from './i18n';
import { Pager, SearchForm, StaffPage } from './staff-ui';

const cell = { padding: '0.5rem', textAlign: 'left' as const, borderBottom: '1px solid #eee' };

export default function SitesPage() {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAsync(() => api.get('/api/backoffice/sites', ZSiteList, { query: { q: q || undefined, page } }), [q, page]);
  const data = list.data;
  return (
    <StaffPage title={t('sites.title')} intro={t('sites.intro')}>
      <SearchForm label={t('sites.search')} initial={q} onSearch={(value) => { setQ(value); setPage(1); }} />
      {list.error ? <p role="alert">{list.error}</p> : null}
      {!data && list.loading ? <Spinner label={t('common.loading')} /> : null}
      {data && data.sites.length === 0 ? <p>{t('sites.empty')}</p> : null}
      {data && data.sites.length > 0 ? (
        <div css={{ overflowX: 'auto' }}>
          <table css={{ width: '100%', borderCollapse: 'collapse', background: 'white' }}>
            <caption css={{ textAlign: 'left', padding: '0.5rem 0', fontWeight: 600 }}>{t('sites.caption', { total: data.total })}</caption>
            <thead>
              <tr>
                {(['domain', 'name', 'language', 'countries'] as const).map((c) => (
                  <th key={c} scope="col" css={cell}>{t(`sites.columns.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.sites.map((s) => (
                <tr key={s.id}>
                  <td css={cell}>
                    <Link to={`/backoffice/sites/${encodeURIComponent(s.domain)}`} aria-label={t('sites.editNamed', { domain: s.domain })}>
                      {s.domain}
                    </Link>{' '}
                    {s.is_default ? <Badge tone="neutral">{t('sites.default')}</Badge> : null}
                  </td>
                  <td css={cell}>{s.name}</td>
                  <td css={cell}>{s.domain_language}</td>
                  <td css={cell}>{s.countries.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
    </StaffPage>
  );
}
