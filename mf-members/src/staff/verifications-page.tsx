/**
 * /backoffice/verifications (moderator; issue 26 part 2): the selfies waiting, oldest first. Each
 * shows the pose asked for (drawing and text), the selfie (a staff-only URL) and the member's
 * profile photos side by side; approve, or reject with a reason from the list (the member sees
 * it translated). Each decision is confirmed in a dialog; a request a colleague decided first
 * gives the server's 409 text in the dialog, and the list reloads either way.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { VERIFICATION_REJECT_REASONS } from '@dating/shared-kit/contracts';
import type { VerificationItem, VerificationRejectReason } from '@dating/shared-kit/contracts';
import { formatDate } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Button, Pager, Select, Spinner } from '@dating/shared-kit/ui';
import { Link } from 'react-router';
import { useAsync } from '../components/use-async';
import { useVerificationT } from '../verification/i18n';
import { PoseDrawing } from '../verification/pose-drawing';
import { verificationApi } from '../verification/verification-api';
import { ConfirmDialog, ResultMessage, StaffPage } from './staff-ui';

type Decision = { kind: 'approve' | 'reject'; item: VerificationItem };

const photoBox = css`
  width: 100%;
  aspect-ratio: 3 / 4;
  object-fit: cover;
  display: block;
  border-radius: ${radii.md};
  background: ${colors.border};
`;

export function VerificationsPage() {
  const { t, i18n } = useVerificationT();
  const [page, setPage] = useState(1);
  const queue = useAsync(() => verificationApi.queue(page), [page]);
  const [pending, setPending] = useState<Decision | null>(null);
  const [reason, setReason] = useState<VerificationRejectReason>('pose_mismatch');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const name = (item: VerificationItem) => item.member.name || item.member.email;
  const open = (kind: Decision['kind'], item: VerificationItem) => {
    setResult(null);
    setReason('pose_mismatch');
    setPending({ kind, item });
  };

  const data = queue.data;
  return (
    <StaffPage
      title={t('staff.title')}
      actions={
        <Button variant="outline" size="sm" onClick={queue.reload}>
          {t('staff.refresh')}
        </Button>
      }
    >
      <p
        css={css`
          margin: 0;
          color: ${colors.textMuted};
        `}
      >
        {t('staff.intro')}
      </p>
      <ResultMessage result={result} />
      {queue.error && <Alert variant="danger">{queue.error}</Alert>}
      {!data && queue.loading && <Spinner label={t('loading')} />}
      {data && (
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('staff.total', { count: data.total })}
        </p>
      )}
      {data && data.requests.length === 0 && <Alert variant="info">{t('staff.empty')}</Alert>}
      {data && data.requests.length > 0 && (
        <ul
          aria-label={t('staff.listLabel')}
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: 20px;
          `}
        >
          {data.requests.map((item) => (
            <li
              key={item.id}
              aria-label={t('staff.requestOf', { name: name(item) })}
              css={css`
                border: 1px solid ${colors.border};
                border-radius: ${radii.lg};
                background: ${colors.surface};
                padding: 12px;
                display: grid;
                gap: 12px;
              `}
            >
              <div
                css={css`
                  display: flex;
                  flex-wrap: wrap;
                  gap: 8px 16px;
                  align-items: baseline;
                `}
              >
                <Link
                  to={`/backoffice/members/${item.member.id}`}
                  css={css`
                    font-weight: 700;
                    overflow-wrap: anywhere;
                  `}
                >
                  {name(item)}
                </Link>
                <span
                  css={css`
                    font-size: 0.875rem;
                    color: ${colors.textMuted};
                  `}
                >
                  {t('staff.sentAt', { date: formatDate(item.created_at, i18n.language) })}
                </span>
                {item.member.fictional && <Badge>{t('staff.fictional')}</Badge>}
              </div>
              {/* side by side: pose, selfie, profile photos (wrapping on a phone) */}
              <div
                css={css`
                  display: grid;
                  gap: 12px;
                  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
                  align-items: start;
                `}
              >
                <figure
                  css={css`
                    margin: 0;
                    display: grid;
                    gap: 4px;
                    justify-items: center;
                  `}
                >
                  <PoseDrawing pose={item.pose} size={120} label={t('poseLabel', { pose: t(`poses.${item.pose}`) })} />
                  <figcaption
                    css={css`
                      font-size: 0.875rem;
                      text-align: center;
                    `}
                  >
                    {t('staff.asked', { pose: t(`poses.${item.pose}`) })}
                  </figcaption>
                </figure>
                <figure
                  css={css`
                    margin: 0;
                    display: grid;
                    gap: 4px;
                    outline: 3px solid ${colors.primary};
                    border-radius: ${radii.md};
                  `}
                >
                  <a href={item.selfie_url} target="_blank" rel="noreferrer">
                    <img src={item.selfie_url} alt={t('staff.selfie', { name: name(item) })} css={photoBox} />
                  </a>
                </figure>
                {item.photos.length === 0 && (
                  <p
                    css={css`
                      margin: 0;
                    `}
                  >
                    {t('staff.noPhotos')}
                  </p>
                )}
                {item.photos.map((p) => (
                  <figure
                    key={p.id}
                    css={css`
                      margin: 0;
                      display: grid;
                      gap: 4px;
                    `}
                  >
                    <a href={p.filename} target="_blank" rel="noreferrer">
                      <img src={p.thumb_filename} alt={t('staff.profilePhoto', { name: name(item) })} css={photoBox} />
                    </a>
                    {p.is_main && (
                      <figcaption
                        css={css`
                          font-size: 0.75rem;
                          color: ${colors.textMuted};
                        `}
                      >
                        {t('staff.main')}
                      </figcaption>
                    )}
                  </figure>
                ))}
              </div>
              <div
                css={css`
                  display: flex;
                  flex-wrap: wrap;
                  gap: 8px;
                `}
              >
                <Button
                  size="sm"
                  variant="success"
                  onClick={() => open('approve', item)}
                  disabled={item.member.fictional}
                  aria-label={`${t('staff.approve')}: ${name(item)}`}
                >
                  {t('staff.approve')}
                </Button>
                <Button size="sm" variant="danger" onClick={() => open('reject', item)} aria-label={`${t('staff.reject')}: ${name(item)}`}>
                  {t('staff.reject')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} perPage={data.per_page} total={data.total} onPage={setPage} label={t('staff.listLabel')} />}
      {pending && (
        <ConfirmDialog
          title={
            pending.kind === 'approve'
              ? t('staff.confirmApprove', { name: name(pending.item) })
              : t('staff.confirmReject', { name: name(pending.item) })
          }
          confirm={pending.kind === 'approve' ? t('staff.approve') : t('staff.reject')}
          variant={pending.kind === 'approve' ? 'success' : 'danger'}
          onClose={() => {
            setPending(null);
            queue.reload();
          }}
          onConfirm={async () => {
            const who = name(pending.item);
            await verificationApi.decide(pending.item.id, pending.kind === 'approve', pending.kind === 'reject' ? reason : undefined);
            setResult({
              ok: true,
              text: pending.kind === 'approve' ? t('staff.approved', { name: who }) : t('staff.rejected', { name: who }),
            });
          }}
        >
          {pending.kind === 'reject' && (
            <Select
              label={t('staff.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value as VerificationRejectReason)}
              options={VERIFICATION_REJECT_REASONS.map((r) => ({ value: r, label: t(`staff.reasons.${r}`) }))}
            />
          )}
          {pending.kind === 'approve' && (
            <p
              css={css`
                margin: 0;
              `}
            >
              {t('staff.intro')}
            </p>
          )}
        </ConfirmDialog>
      )}
    </StaffPage>
  );
}

export default VerificationsPage;
