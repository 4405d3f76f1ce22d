/**
 * /backoffice/members/:id (moderator): the account, the profile, every photo with its state (and
 * a rejection's reason; approve a waiting one, reject a waiting or approved one: photo-dialog.tsx),
 * what other members reported (blocks), and the ban: ban with a reason
 * from the list and an optional note, or lift it - each confirmed in a dialog, its result
 * announced.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BAN_NOTE_MAX, BAN_REASONS } from '@dating/shared-kit/contracts';
import type { BanReason, StaffMemberDetail } from '@dating/shared-kit/contracts';
import { countryName, formatDate, useTranslation } from '@dating/shared-kit/i18n';
import { NAMESPACE } from '../i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Button, Select, Spinner, TextArea } from '@dating/shared-kit/ui';
import { useAsync } from '../components/use-async';
import { staffApi } from './staff-api';
import { DecisionButtons } from './decision';
import type { DecisionKind } from './decision';
import { PhotoDialog } from './photo-dialog';
import type { PhotoDecision } from './photo-dialog';
import { ConfirmDialog, ResultMessage, StaffPage, useStaffT } from './staff-ui';

const dl = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0;
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
const card = css`
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  padding: 12px 16px;
  background: ${colors.surface};
`;

export function MemberDetailPage() {
  const { t } = useStaffT();
  const id = Number(useParams().id);
  const detail = useAsync(() => staffApi.member(id), [id]);
  const [dialog, setDialog] = useState<'ban' | 'unban' | null>(null);
  const [decision, setDecision] = useState<PhotoDecision | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const data = detail.data;
  const back = <Link to="/backoffice/members">{t('member.back')}</Link>;
  if (detail.error)
    return (
      <StaffPage title={t('members.title')}>
        {back}
        <Alert variant="danger">{detail.error}</Alert>
      </StaffPage>
    );
  if (!data)
    return (
      <StaffPage title={t('members.title')}>
        <Spinner label={t('common.loading')} />
      </StaffPage>
    );
  const name = data.member.name ?? data.member.email;
  const banned = data.member.status === 'disabled';
  return (
    <StaffPage
      title={`${name} (#${data.member.id})`}
      actions={
        banned ? (
          <Button
            variant="outline"
            onClick={() => {
              setResult(null);
              setDialog('unban');
            }}
          >
            {t('member.unban')}
          </Button>
        ) : data.member.status !== 'deleted' ? (
          <Button
            variant="danger"
            onClick={() => {
              setResult(null);
              setDialog('ban');
            }}
          >
            {t('member.ban')}
          </Button>
        ) : null
      }
    >
      {back}
      <ResultMessage result={result} />
      <div
        css={css`
          display: grid;
          gap: 16px;
          grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
        `}
      >
        <Account data={data} />
        <section aria-labelledby="member-ban" css={card}>
          <h2
            id="member-ban"
            css={css`
              margin-top: 0;
              font-size: 1.125rem;
            `}
          >
            {t('member.banStatus')}
          </h2>
          <BanLine data={data} />
          <h2
            id="member-reports"
            css={css`
              font-size: 1.125rem;
            `}
          >
            {t('member.reports')}
          </h2>
          <dl css={dl} aria-labelledby="member-reports">
            <dt>{t('member.blockedBy')}</dt>
            <dd>{data.reports.blocked_by}</dd>
            <dt>{t('member.blocking')}</dt>
            <dd>{data.reports.blocking}</dd>
          </dl>
          <p
            css={css`
              color: ${colors.textMuted};
              font-size: 0.875rem;
            `}
          >
            {t('member.reportsNote')}
          </p>
        </section>
      </div>
      <Photos
        data={data}
        onDecide={(kind, photoId) => {
          setResult(null);
          setDecision({ kind, photoId, name });
        }}
      />
      {decision && (
        <PhotoDialog
          decision={decision}
          onClose={() => setDecision(null)}
          onDone={(_done, text) => setResult({ ok: true, text })}
          onSettled={detail.reload}
        />
      )}
      {dialog === 'ban' && (
        <BanDialog
          name={name}
          onClose={() => setDialog(null)}
          onBan={async (reason, note) => {
            await staffApi.ban(data.member.id, { reason, ...(note.trim() ? { note: note.trim() } : {}) });
            setResult({ ok: true, text: t('member.banDone', { name }) });
            detail.reload();
          }}
        />
      )}
      {dialog === 'unban' && (
        <ConfirmDialog
          title={t('member.unbanTitle', { name })}
          confirm={t('member.unban')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await staffApi.unban(data.member.id);
            setResult({ ok: true, text: t('member.unbanDone', { name }) });
            detail.reload();
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

function BanLine({ data }: { data: StaffMemberDetail }) {
  const { t, i18n } = useStaffT();
  if (!data.ban) return <p>{t('member.notBanned')}</p>;
  return (
    <>
      <p>
        {t('member.bannedLine', {
          date: formatDate(data.ban.created_at, i18n.language),
          staff: data.ban.staff_email,
          reason: t(`banReasons.${data.ban.reason}`),
        })}
      </p>
      {data.ban.note && <p>{t('member.note', { note: data.ban.note })}</p>}
    </>
  );
}

function Account({ data }: { data: StaffMemberDetail }) {
  const { t, i18n } = useStaffT();
  const { t: members } = useTranslation(NAMESPACE);
  const m = data.member;
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  return (
    <section aria-labelledby="member-account" css={card}>
      <h2
        id="member-account"
        css={css`
          margin-top: 0;
          font-size: 1.125rem;
        `}
      >
        {t('member.account')}
      </h2>
      <dl css={dl}>
        <dt>{t('members.email')}</dt>
        <dd>{m.email}</dd>
        <dt>{t('members.status')}</dt>
        <dd>
          <Badge tone={m.status === 'disabled' ? 'danger' : m.status === 'active' ? 'success' : 'neutral'}>{t(`status.${m.status}`)}</Badge>
        </dd>
        <dt>{t('member.site')}</dt>
        <dd>{m.site}</dd>
        <dt>{t('members.signup')}</dt>
        <dd>{formatDate(m.signup_at, i18n.language)}</dd>
        <dt>{t('member.lastSeen')}</dt>
        <dd>{m.last_seen_at ? formatDate(m.last_seen_at, i18n.language) : t('common.never')}</dd>
        <dt>{t('member.confirmed')}</dt>
        <dd>{yes(m.email_confirmed)}</dd>
        <dt>{t('member.premium')}</dt>
        <dd>{yes(m.paid_user)}</dd>
        <dt>{t('member.credits')}</dt>
        <dd>{m.credits}</dd>
        {m.is_staff && (
          <>
            <dt>{t('member.roles')}</dt>
            <dd>{m.staff_roles.join(', ')}</dd>
          </>
        )}
      </dl>
      <h2
        css={css`
          font-size: 1.125rem;
        `}
      >
        {t('member.profile')}
      </h2>
      {m.profile ? (
        <dl css={dl}>
          <dt>{t('member.gender')}</dt>
          <dd>{members(`gender.${m.profile.gender}`, { defaultValue: m.profile.gender })}</dd>
          <dt>{t('member.age')}</dt>
          <dd>{m.profile.age}</dd>
          <dt>{t('member.place')}</dt>
          <dd>
            {[m.profile.city, m.profile.region, m.profile.country && countryName(m.profile.country, i18n.language)]
              .filter(Boolean)
              .join(', ')}
          </dd>
          {m.profile.about && (
            <>
              <dt>{t('member.about')}</dt>
              <dd>{m.profile.about}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>{t('member.noProfile')}</p>
      )}
    </section>
  );
}

/** Every photo with its state; a pending one can be approved, a pending or approved one rejected. */
function Photos({ data, onDecide }: { data: StaffMemberDetail; onDecide: (kind: DecisionKind, photoId: number) => void }) {
  const { t } = useStaffT();
  return (
    <section aria-labelledby="member-photos">
      <h2
        id="member-photos"
        css={css`
          font-size: 1.125rem;
        `}
      >
        {t('member.photos')}
      </h2>
      {data.photos.length === 0 && <p>{t('member.noPhotos')}</p>}
      <ul
        aria-labelledby="member-photos"
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 12px;
          grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
        `}
      >
        {data.photos.map((p, i) => (
          <li
            key={p.id}
            css={css`
              border: 1px solid ${colors.border};
              border-radius: ${radii.md};
              overflow: hidden;
            `}
          >
            <img
              src={p.thumb_filename}
              alt={`${t('member.photos')} ${i + 1}`}
              css={css`
                width: 100%;
                aspect-ratio: 1;
                object-fit: cover;
                display: block;
              `}
            />
            <div
              css={css`
                padding: 6px;
                display: grid;
                gap: 4px;
                font-size: 0.875rem;
              `}
            >
              {p.is_main && <Badge tone="success">{t('member.main')}</Badge>}
              <Badge tone={p.status === 'rejected' ? 'danger' : p.status === 'pending' ? 'warning' : 'neutral'}>
                {t(`photoStatus.${p.status}`)}
              </Badge>
              {p.rejection_reason && <span>{t(`photoReasons.${p.rejection_reason}`)}</span>}
              <DecisionButtons
                labels={{ approve: t('photos.approve'), reject: t('photos.reject') }}
                subject={`${t('member.photos')} ${i + 1}`}
                onDecide={(kind) => onDecide(kind, p.id)}
                kinds={[
                  ...(p.status === 'pending' ? (['approve'] as const) : []),
                  ...(p.status !== 'rejected' ? (['reject'] as const) : []),
                ]}
                stacked
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BanDialog({
  name,
  onClose,
  onBan,
}: {
  name: string;
  onClose: () => void;
  onBan: (reason: BanReason, note: string) => Promise<void>;
}) {
  const { t } = useStaffT();
  const [reason, setReason] = useState<BanReason | ''>('');
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      title={t('member.banTitle', { name })}
      confirm={t('member.ban')}
      variant="danger"
      onClose={onClose}
      onConfirm={() => onBan(reason as BanReason, note)}
    >
      <p
        css={css`
          margin: 0;
        `}
      >
        {t('member.banText')}
      </p>
      <Select
        label={t('member.reasonLabel')}
        value={reason}
        onChange={(e) => setReason(e.target.value as BanReason)}
        options={[{ value: '', label: '—' }, ...BAN_REASONS.map((r) => ({ value: r, label: t(`banReasons.${r}`) }))]}
      />
      <TextArea
        label={t('member.noteLabel')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={BAN_NOTE_MAX}
        rows={3}
        showCount
      />
    </ConfirmDialog>
  );
}

export default MemberDetailPage;
