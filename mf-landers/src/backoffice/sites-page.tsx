/**
 * /backoffice/sites (admin): the domains, with search and paging; each opens its settings form
 * (/backoffice/sites/<domain>, site-settings-page.tsx).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@dating/shared-kit/api';
import { ZSiteList } from '@dating/shared-kit/contracts';
import { Badge, SearchForm, Spinner, staffCell, StaffTable, useAsync } from '@dating/shared-kit/ui';
import { STAFF_NAMESPACE } from './i18n';
import { Pager, StaffPage } from './staff-ui';

export default function SitesPage() {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAsync(() => api.get('/api/backoffice/sites', ZSiteList, { query: { q: q || undefined, page } }), [q, page]);
  const data = list.data;
  return (
    <StaffPage title={t('sites.title')} intro={t('sites.intro')}>
      <SearchForm
        maxLength={100}
        label={t('sites.search')}
        initial={q}
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      {list.error ? <p role="alert">{list.error}</p> : null}
      {!data && list.loading ? <Spinner label={t('common.loading')} /> : null}
      {data ? (
        <StaffTable
          caption={t('sites.caption', { total: data.total })}
          headers={(['domain', 'name', 'language', 'countries'] as const).map((c) => t(`sites.columns.${c}`))}
          empty={t('sites.empty')}
          rows={data.sites.map((s) => (
            <tr key={s.id}>
              <td css={staffCell}>
                <Link to={`/backoffice/sites/${encodeURIComponent(s.domain)}`} aria-label={t('sites.editNamed', { domain: s.domain })}>
                  {s.domain}
                </Link>{' '}
                {s.is_default ? <Badge tone="neutral">{t('sites.default')}</Badge> : null}
              </td>
              <td css={staffCell}>{s.name}</td>
              <td css={staffCell}>{s.domain_language}</td>
              <td css={staffCell}>{s.countries.join(', ')}</td>
            </tr>
          ))}
        />
      ) : null}
      {data ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
    </StaffPage>
  );
}
