/**
 * /backoffice/members (moderator): find a member by (part of) the e-mail address, the name, or
 * the id; newest accounts first, paged. The search is in the URL (?q=&page=), so a result can be
 * shared with a colleague and the back button works.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@dating/shared-kit/i18n';
import { Alert, Badge, Button, Pager, Spinner, staffCell, StaffTable, TextField } from '@dating/shared-kit/ui';
import { useAsync } from '../components/use-async';
import { staffApi } from './staff-api';
import { anywhere, StaffPage, useStaffT } from './staff-ui';

export function MembersPage() {
  const { t, i18n } = useStaffT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const list = useAsync(() => staffApi.members(q, page), [q, page]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  const toPage = (n: number) => setParams({ ...(q ? { q } : {}), page: String(n) });
  const data = list.data;
  return (
    <StaffPage title={t('members.title')}>
      <form
        role="search"
        onSubmit={search}
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 8px;
          align-items: flex-end;
        `}
      >
        <TextField
          label={t('members.searchLabel')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
          css={css`
            flex: 1 1 260px;
          `}
        />
        <Button type="submit">{t('members.search')}</Button>
      </form>
      {list.error && <Alert variant="danger">{list.error}</Alert>}
      {!data && list.loading && <Spinner label={t('common.loading')} />}
      {data && (
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('common.total', { count: data.total })}
        </p>
      )}
      {data && (
        <StaffTable
          caption={t('members.listLabel')}
          hideCaption
          headers={[t('members.member'), t('members.email'), t('members.status'), t('members.signup')]}
          empty={<Alert variant="info">{q ? t('members.empty', { q }) : t('members.emptyAll')}</Alert>}
          rows={data.members.map((m) => (
            <tr key={m.id}>
              <td css={staffCell}>
                <span
                  css={css`
                    display: flex;
                    gap: 8px;
                    align-items: center;
                    flex-wrap: wrap;
                  `}
                >
                  {m.main_image ? (
                    <img
                      src={m.main_image.thumb_filename}
                      alt=""
                      width={36}
                      height={36}
                      css={css`
                        border-radius: 50%;
                        object-fit: cover;
                      `}
                    />
                  ) : null}
                  <Link to={`/backoffice/members/${m.id}`}>{m.name ?? t('members.noName')}</Link>
                  <span>#{m.id}</span>
                  {m.is_staff && <Badge tone="dark">{t('members.staff')}</Badge>}
                  {m.fictional && <Badge tone="neutral">{t('members.fictional')}</Badge>}
                </span>
              </td>
              <td css={[staffCell, anywhere]}>{m.email}</td>
              <td css={staffCell}>
                <Badge tone={m.status === 'disabled' ? 'danger' : m.status === 'active' ? 'success' : 'neutral'}>
                  {t(`status.${m.status}`)}
                </Badge>
              </td>
              <td css={staffCell}>{formatDate(m.signup_at, i18n.language)}</td>
            </tr>
          ))}
        />
      )}
      {data && <Pager page={page} perPage={data.per_page} total={data.total} onPage={toPage} label={t('members.listLabel')} />}
    </StaffPage>
  );
}

export default MembersPage;
