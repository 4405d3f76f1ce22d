/**
 * /backoffice/bans (moderator): every banned member with the reason, who banned them and when,
 * newest first, paged; lifting a ban is confirmed in a dialog and its result announced.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BannedMember } from '@dating/shared-kit/contracts';
import { formatDate } from '@dating/shared-kit/i18n';
import { Alert, Button, Spinner } from '@dating/shared-kit/ui';
import { Pager } from '../components/pager';
import { useAsync } from '../components/use-async';
import { staffApi } from './staff-api';
import { ConfirmDialog, ResultMessage, StaffPage, tableStyle, tableWrapStyle, useStaffT } from './staff-ui';

export function BansPage() {
  const { t, i18n } = useStaffT();
  const [page, setPage] = useState(1);
  const list = useAsync(() => staffApi.bans(page), [page]);
  const [lifting, setLifting] = useState<BannedMember | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const data = list.data;
  const name = (b: BannedMember) => b.name ?? b.email;
  return (
    <StaffPage
      title={t('bans.title')}
      actions={
        <Button variant="outline" size="sm" onClick={list.reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      <ResultMessage result={result} />
      {list.error && <Alert variant="danger">{list.error}</Alert>}
      {!data && list.loading && <Spinner label={t('common.loading')} />}
      {data && <p css={css`margin: 0;`}>{t('common.total', { count: data.total })}</p>}
      {data && data.bans.length === 0 && <Alert variant="info">{t('bans.empty')}</Alert>}
      {data && data.bans.length > 0 && (
        <div css={tableWrapStyle}>
          <table css={tableStyle} aria-label={t('bans.listLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('bans.member')}</th>
                <th scope="col">{t('bans.reason')}</th>
                <th scope="col">{t('bans.by')}</th>
                <th scope="col">{t('bans.when')}</th>
                <th scope="col">{t('bans.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.bans.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link to={`/backoffice/members/${b.id}`}>{name(b)}</Link>
                    <div css={css`font-size: 0.875rem; overflow-wrap: anywhere;`}>{b.email}</div>
                  </td>
                  <td>
                    {t(`banReasons.${b.ban.reason}`)}
                    {b.ban.note && <div css={css`font-size: 0.875rem;`}>{b.ban.note}</div>}
                  </td>
                  <td css={css`overflow-wrap: anywhere;`}>{b.ban.staff_email}</td>
                  <td>{formatDate(b.ban.created_at, i18n.language)}</td>
                  <td>
                    <Button size="sm" variant="outline" onClick={() => { setResult(null); setLifting(b); }} aria-label={`${t('member.unban')}: ${name(b)}`}>
                      {t('member.unban')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} pageSize={data.per_page} total={data.total} onPage={setPage} label={t('bans.listLabel')} />}
      {lifting && (
        <ConfirmDialog
          title={t('member.unbanTitle', { name: name(lifting) })}
          confirm={t('member.unban')}
          onClose={() => setLifting(null)}
          onConfirm={async () => {
            try {
              await staffApi.unban(lifting.id);
              setResult({ ok: true, text: t('member.unbanDone', { name: name(lifting) }) });
            } finally {
              list.reload();
            }
          }}
        >
          <p css={css`margin: 0;`}>{t('member.unbanText')}</p>
        </ConfirmDialog>
      )}
    </StaffPage>
  );
}

export default BansPage;
