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
import { Alert, Badge, Button, Pager, Spinner } from '@dating/shared-kit/ui';
import { useAsync } from '../components/use-async';
import { useVerificationT } from '../verification/i18n';
import { PoseDrawing } from '../verification/pose-drawing';
import { verificationApi } from '../verification/verification-api';
import { DecisionButtons, DecisionDialog } from './decision';
import type { DecisionKind } from './decision';
import { MemberHeader } from './member-header';
import { ResultMessage, StaffPage } from './staff-ui';

type Decision = { kind: DecisionKind; item: VerificationItem };

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
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const name = (item: VerificationItem) => item.member.name || item.member.email;
  const open = (kind: Decision['kind'], item: VerificationItem) => {
    setResult(null);
    setPending({ kind, item });
  };

  const labels = { approve: t('staff.approve'), reject: t('staff.reject') };
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
              <MemberHeader
                id={item.member.id}
                name={name(item)}
                detail={t('staff.sentAt', { date: formatDate(item.created_at, i18n.language) })}
              >
                {item.member.fictional && <Badge>{t('staff.fictional')}</Badge>}
              </MemberHeader>
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
              <DecisionButtons
                labels={labels}
                subject={name(item)}
                onDecide={(kind) => open(kind, item)}
                approveDisabled={item.member.fictional}
              />
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} perPage={data.per_page} total={data.total} onPage={setPage} label={t('staff.listLabel')} />}
      {pending && (
        <DecisionDialog
          kind={pending.kind}
          title={
            pending.kind === 'approve'
              ? t('staff.confirmApprove', { name: name(pending.item) })
              : t('staff.confirmReject', { name: name(pending.item) })
          }
          labels={labels}
          approveText={t('staff.intro')}
          reasons={{
            label: t('staff.reason'),
            options: VERIFICATION_REJECT_REASONS.map((r) => ({ value: r, label: t(`staff.reasons.${r}`) })),
            initial: 'pose_mismatch',
            picker: 'select',
          }}
          onClose={() => {
            setPending(null);
            queue.reload();
          }}
          onConfirm={async (reason) => {
            const who = name(pending.item);
            await verificationApi.decide(
              pending.item.id,
              pending.kind === 'approve',
              pending.kind === 'reject' ? (reason as VerificationRejectReason) : undefined,
            );
            setResult({
              ok: true,
              text: pending.kind === 'approve' ? t('staff.approved', { name: who }) : t('staff.rejected', { name: who }),
            });
          }}
        />
      )}
    </StaffPage>
  );
}

export default VerificationsPage;
