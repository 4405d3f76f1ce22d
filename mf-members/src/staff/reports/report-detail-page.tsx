/**
 * /backoffice/reports/:id (moderator, issue 26 part 1): one report with its evidence as it was
 * when filed (profile texts, photo copies, the last messages with the reported ones marked), the
 * member as they are now, their earlier reports and bans, how many distinct members reported
 * them; and the decision: dismiss (with a note), warn, remove a photo or the profile text, ban.
 * Each decision is confirmed in a dialog; a second moderator's decision shows the server's 409
 * there. The reporter is only told that the report was handled.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ReportAction, ReportDetail } from '@dating/shared-kit/contracts';
import { formatDate } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Button, Spinner, TextArea } from '@dating/shared-kit/ui';
import { useAsync } from '../../components/use-async';
import { MemberHeader } from '../member-header';
import { ConfirmDialog, ResultMessage, StaffPage } from '../staff-ui';
import { reportsApi } from './reports-api';
import { useReportsT } from './reports-page';

interface Decision {
  action: ReportAction;
  photoId?: number;
}

const box = css`
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  padding: 12px 16px;
  background: ${colors.surface};
  min-width: 0;
`;
const photoGrid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 12px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

function Evidence({ data }: { data: ReportDetail }) {
  const { t, i18n } = useReportsT();
  const name = data.report.reported.name ?? data.report.reported.email;
  const e = data.evidence;
  return (
    <section aria-labelledby="evidence-heading" css={box}>
      <h2
        id="evidence-heading"
        css={css`
          margin-top: 0;
          font-size: 1.2rem;
        `}
      >
        {t('evidence')}
      </h2>
      <h3
        css={css`
          font-size: 1rem;
        `}
      >
        {t('profileTexts')}
      </h3>
      <dl
        css={css`
          margin: 0;
          dt {
            font-weight: 600;
          }
          dd {
            margin: 0 0 8px;
            white-space: pre-wrap;
            overflow-wrap: anywhere;
          }
        `}
      >
        <dt>{t('about')}</dt>
        <dd>{e.profile?.about || t('empty_text')}</dd>
        <dt>{t('lookingFor')}</dt>
        <dd>{e.profile?.reason || t('empty_text')}</dd>
      </dl>
      <h3
        css={css`
          font-size: 1rem;
        `}
      >
        {t('photosEvidence')}
      </h3>
      {e.photos.length === 0 ? (
        <p>{t('noPhotos')}</p>
      ) : (
        <ul css={photoGrid}>
          {e.photos.map((p) => (
            <li key={p.index}>
              {p.thumb_url ? (
                <img
                  src={p.thumb_url}
                  alt={t('photoAlt', { n: p.index + 1, name })}
                  css={css`
                    width: 100%;
                    border-radius: ${radii.sm};
                    display: block;
                  `}
                />
              ) : null}
              <div
                css={css`
                  font-size: 0.875rem;
                `}
              >
                {p.current_photo_id ? t('stillThere') : t('goneNow')}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3
        css={css`
          font-size: 1rem;
        `}
      >
        {t('messages')}
      </h3>
      {e.messages.length === 0 ? (
        <p>{t('noMessages')}</p>
      ) : (
        <ol
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: 6px;
          `}
        >
          {e.messages.map((m) => (
            <li
              key={m.id}
              css={css`
                padding: 6px 10px;
                border-radius: ${radii.sm};
                overflow-wrap: anywhere;
                background: ${m.reported ? colors.warningSoft : m.from_reported ? colors.background : colors.infoSoft};
                border-left: 4px solid ${m.reported ? colors.warning : 'transparent'};
              `}
            >
              <div
                css={css`
                  font-size: 0.8125rem;
                  color: ${colors.textMuted};
                `}
              >
                {m.from_reported ? t('fromReported', { name }) : t('fromReporter')} · {formatDate(m.created_at, i18n.language)}
                {m.reported ? ` · ${t('reportedMessage')}` : ''}
                {m.deleted ? ` · ${t('deletedLater')}` : ''}
              </div>
              <div>{m.body ?? m.gift ?? m.type}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ReportDetailPage() {
  const { t, i18n } = useReportsT();
  const { id } = useParams();
  const reportId = Number(id);
  const detail = useAsync(() => reportsApi.detail(reportId), [reportId]);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const data = detail.data;
  if (detail.error) {
    return (
      <StaffPage title={t('detailTitle', { id: id ?? '' })}>
        <Alert variant="danger">{detail.error}</Alert>
        <Link to="/backoffice/reports">{t('back')}</Link>
      </StaffPage>
    );
  }
  if (!data) return <Spinner label={t('common.loading', { ns: 'members-staff' })} />;
  const r = data.report;
  const name = r.reported.name ?? r.reported.email;
  const open = r.status === 'open';
  const decide = (d: Decision) => {
    setResult(null);
    setNote('');
    setDeciding(d);
  };
  const dialogTexts: Record<ReportAction, { title: string; text: string; confirm: string }> = {
    dismiss: { title: t('dismissTitle'), text: t('dismissText'), confirm: t('dismiss') },
    warn: { title: t('warnTitle', { name }), text: t('warnText', { name }), confirm: t('warn') },
    remove_text: { title: t('removeTextTitle', { name }), text: t('removeTextText'), confirm: t('removeText') },
    remove_photo: { title: t('removePhotoTitle', { name }), text: t('removePhotoText'), confirm: t('removePhoto') },
    ban: { title: t('banTitle', { name }), text: t('banText', { name }), confirm: t('ban') },
  };
  return (
    <StaffPage title={t('detailTitle', { id: r.id })} actions={<Link to="/backoffice/reports">{t('back')}</Link>}>
      <ResultMessage result={result} />
      <div css={box}>
        <p
          css={css`
            margin: 0 0 8px;
            font-weight: 600;
          `}
        >
          {t('summary', { reason: t(`reasons.${r.reason}`), name, count: r.reporters })}
        </p>
        <div
          css={css`
            margin: 0 0 8px;
          `}
        >
          <MemberHeader id={r.reported.id} name={name} detail={r.reported.email}>
            {r.reported.fictional && <Badge tone="dark">{t('fictional')}</Badge>}
            {r.under_review && <Badge tone="warning">{t('underReview')}</Badge>}
          </MemberHeader>
        </div>
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('cols.reporter')}: {r.reporter ? (r.reporter.name ?? r.reporter.email) : t('siteFiled')} ·{' '}
          {formatDate(r.created_at, i18n.language)}
        </p>
        <h2
          css={css`
            font-size: 1rem;
            margin: 12px 0 4px;
          `}
        >
          {t('note')}
        </h2>
        <p
          css={css`
            margin: 0;
            white-space: pre-wrap;
            overflow-wrap: anywhere;
          `}
        >
          {r.note || t('noNote')}
        </p>
        {!open && (
          <p
            css={css`
              margin: 12px 0 0;
            `}
          >
            {t('handledBy', {
              by: r.handled_by_email ?? '',
              at: r.handled_at ? formatDate(r.handled_at, i18n.language) : '',
              action: t(`actionsDone.${r.action ?? 'dismiss'}`),
            })}
            {r.resolution_note ? ` – ${r.resolution_note}` : ''}
          </p>
        )}
      </div>

      {open && (
        <section aria-labelledby="decide-heading" css={box}>
          <h2
            id="decide-heading"
            css={css`
              margin-top: 0;
              font-size: 1.2rem;
            `}
          >
            {t('actionsTitle')}
          </h2>
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: 8px;
            `}
          >
            <Button variant="outline" onClick={() => decide({ action: 'dismiss' })}>
              {t('dismiss')}
            </Button>
            <Button variant="secondary" onClick={() => decide({ action: 'warn' })}>
              {t('warn')}
            </Button>
            <Button
              variant="outline"
              onClick={() => decide({ action: 'remove_text' })}
              disabled={!data.current.about && !data.current.reason}
            >
              {t('removeText')}
            </Button>
            <Button variant="danger" onClick={() => decide({ action: 'ban' })}>
              {t('ban')}
            </Button>
          </div>
        </section>
      )}

      <Evidence data={data} />

      <section aria-labelledby="current-heading" css={box}>
        <h2
          id="current-heading"
          css={css`
            margin-top: 0;
            font-size: 1.2rem;
          `}
        >
          {t('current')}
        </h2>
        <dl
          css={css`
            margin: 0;
            dt {
              font-weight: 600;
            }
            dd {
              margin: 0 0 8px;
              white-space: pre-wrap;
              overflow-wrap: anywhere;
            }
          `}
        >
          <dt>{t('about')}</dt>
          <dd>{data.current.about || t('empty_text')}</dd>
        </dl>
        {data.current.photos.length === 0 ? (
          <p>{t('noPhotos')}</p>
        ) : (
          <ul css={photoGrid}>
            {data.current.photos.map((p, i) => (
              <li
                key={p.id}
                css={css`
                  display: grid;
                  gap: 6px;
                `}
              >
                <img
                  src={p.thumb_filename}
                  alt={t('currentPhotoAlt', { n: i + 1, name })}
                  css={css`
                    width: 100%;
                    border-radius: ${radii.sm};
                    display: block;
                  `}
                />
                {open && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => decide({ action: 'remove_photo', photoId: p.id })}
                    aria-label={`${t('removePhoto')} (${t('currentPhotoAlt', { n: i + 1, name })})`}
                  >
                    {t('removePhoto')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-heading" css={box}>
        <h2
          id="history-heading"
          css={css`
            margin-top: 0;
            font-size: 1.2rem;
          `}
        >
          {t('earlier')}
        </h2>
        {data.earlier_reports.length === 0 ? (
          <p>{t('noEarlier')}</p>
        ) : (
          <ul>
            {data.earlier_reports.map((e) => (
              <li key={e.id}>
                <Link to={`/backoffice/reports/${e.id}`}>{t(`reasons.${e.reason}`)}</Link> · {formatDate(e.created_at, i18n.language)} ·{' '}
                {e.status === 'open' ? t('open') : t(`actionsDone.${e.action ?? 'dismiss'}`)}
              </li>
            ))}
          </ul>
        )}
        <h2
          css={css`
            font-size: 1.2rem;
          `}
        >
          {t('bans')}
        </h2>
        {data.bans.length === 0 ? (
          <p>{t('noBans')}</p>
        ) : (
          <ul>
            {data.bans.map((b) => (
              <li key={b.at}>
                {t('banBy', {
                  reason: t(`banReasons.${b.reason}`, { ns: 'members-staff' }),
                  by: b.by,
                  at: formatDate(b.at, i18n.language),
                })}
                {b.note ? ` – ${b.note}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      {deciding && (
        <ConfirmDialog
          title={dialogTexts[deciding.action].title}
          confirm={dialogTexts[deciding.action].confirm}
          variant={deciding.action === 'ban' || deciding.action === 'remove_photo' ? 'danger' : 'primary'}
          onClose={() => setDeciding(null)}
          onConfirm={async () => {
            await reportsApi.resolve(r.id, {
              action: deciding.action,
              ...(note.trim() ? { note: note.trim() } : {}),
              ...(deciding.photoId ? { photo_id: deciding.photoId } : {}),
            });
            setResult({ ok: true, text: t('done', { id: r.id, action: t(`actionsDone.${deciding.action}`) }) });
            detail.reload();
          }}
        >
          <p
            css={css`
              margin: 0;
            `}
          >
            {dialogTexts[deciding.action].text}
          </p>
          <TextArea
            label={t('noteLabel')}
            optionalLabel={deciding.action !== 'dismiss'}
            required={deciding.action === 'dismiss'}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
          />
        </ConfirmDialog>
      )}
    </StaffPage>
  );
}

export default ReportDetailPage;
