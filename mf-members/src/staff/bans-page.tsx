/**
 * /backoffice/bans (moderator): every banned member with the reason, who banned them and when,
 * newest first, paged; lifting a ban is confirmed in a dialog and its result announced.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BannedMember } from '@dating/shared-kit/contracts';
import { formatDate } from '@dating/shared-kit/i18n';
import { Alert, Button, Pager, Spinner, staffCell, StaffTable } from '@dating/shared-kit/ui';
import { useAsync } from '../components/use-async';
import { staffApi } from './staff-api';
import { anywhere, ConfirmDialog, ResultMessage, StaffPage, useStaffT } from './staff-ui';

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
          caption={t('bans.listLabel')}
          hideCaption
          headers={[t('bans.member'), t('bans.reason'), t('bans.by'), t('bans.when'), t('bans.actions')]}
          empty={<Alert variant="info">{t('bans.empty')}</Alert>}
          rows={data.bans.map((b) => (
            <tr key={b.id}>
              <td css={staffCell}>
                <Link to={`/backoffice/members/${b.id}`}>{name(b)}</Link>
                <div
                  css={css`
                    font-size: 0.875rem;
                    overflow-wrap: anywhere;
                  `}
                >
                  {b.email}
                </div>
              </td>
              <td css={staffCell}>
                {t(`banReasons.${b.ban.reason}`)}
                {b.ban.note && (
                  <div
                    css={css`
                      font-size: 0.875rem;
                    `}
                  >
                    {b.ban.note}
                  </div>
                )}
              </td>
              <td css={[staffCell, anywhere]}>{b.ban.staff_email}</td>
              <td css={staffCell}>{formatDate(b.ban.created_at, i18n.language)}</td>
              <td css={staffCell}>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setResult(null);
                    setLifting(b);
                  }}
                  aria-label={`${t('member.unban')}: ${name(b)}`}
                >
                  {t('member.unban')}
                </Button>
              </td>
            </tr>
          ))}
        />
      )}
      {data && <Pager page={page} perPage={data.per_page} total={data.total} onPage={setPage} label={t('bans.listLabel')} />}
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
          <p
            css={css`
              margin: 0;
            `}
          >
            {t('member.unbanText')}
          </p>
        </ConfirmDialog>
      )}
    </StaffPage>
  );
}

export default BansPage;
