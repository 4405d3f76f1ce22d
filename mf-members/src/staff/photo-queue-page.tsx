/**
 * /backoffice/photos (moderator): the photos waiting for review, oldest first, a page at a time;
 * approve, or reject with a reason from the fixed list (the member sees it, translated). Each
 * action is confirmed in a dialog (photo-dialog.tsx) and its result announced; a photo a colleague
 * reviewed first gives the server's 409 text in the dialog, and the list reloads either way.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import type { QueuedPhoto } from '@dating/shared-kit/contracts';
import { formatDate } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Button, Pager, Spinner } from '@dating/shared-kit/ui';
import { useAsync } from '../components/use-async';
import { staffApi } from './staff-api';
import { DecisionButtons } from './decision';
import type { DecisionKind } from './decision';
import { MemberHeader } from './member-header';
import { PhotoDialog } from './photo-dialog';
import type { PhotoDecision } from './photo-dialog';
import { ResultMessage, StaffPage, useStaffT } from './staff-ui';

export function PhotoQueuePage() {
  const { t, i18n } = useStaffT();
  const [page, setPage] = useState(1);
  const queue = useAsync(() => staffApi.photoQueue(page), [page]);
  const [pending, setPending] = useState<PhotoDecision | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const name = (p: QueuedPhoto) => p.member.name || p.member.email;
  const open = (kind: DecisionKind, photo: QueuedPhoto) => {
    setResult(null);
    setPending({ kind, photoId: photo.id, name: name(photo) });
  };

  const data = queue.data;
  return (
    <StaffPage
      title={t('photos.title')}
      actions={
        <Button variant="outline" size="sm" onClick={queue.reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      <p
        css={css`
          margin: 0;
          color: ${colors.textMuted};
        `}
      >
        {t('photos.intro')}
      </p>
      <ResultMessage result={result} />
      {queue.error && <Alert variant="danger">{queue.error}</Alert>}
      {!data && queue.loading && <Spinner label={t('common.loading')} />}
      {data && (
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('common.total', { count: data.total })}
        </p>
      )}
      {data && data.photos.length === 0 && <Alert variant="info">{t('photos.empty')}</Alert>}
      {data && data.photos.length > 0 && (
        <ul
          aria-label={t('photos.listLabel')}
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: 16px;
            grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
          `}
        >
          {data.photos.map((p) => (
            <li
              key={p.id}
              aria-label={t('photos.photoOf', { name: name(p) })}
              css={css`
                border: 1px solid ${colors.border};
                border-radius: ${radii.md};
                overflow: hidden;
                background: ${colors.surface};
                display: flex;
                flex-direction: column;
              `}
            >
              <a href={p.filename} target="_blank" rel="noreferrer">
                <img
                  src={p.thumb_filename}
                  alt={t('photos.photoOf', { name: name(p) })}
                  css={css`
                    width: 100%;
                    aspect-ratio: 4 / 5;
                    object-fit: cover;
                    display: block;
                  `}
                />
              </a>
              <div
                css={css`
                  padding: 8px;
                  display: grid;
                  gap: 6px;
                `}
              >
                <MemberHeader
                  id={p.member.id}
                  name={name(p)}
                  detail={t('photos.uploaded', { date: formatDate(p.created_at, i18n.language) })}
                  stacked
                />
                <DecisionButtons
                  labels={{ approve: t('photos.approve'), reject: t('photos.reject') }}
                  subject={t('photos.photoOf', { name: name(p) })}
                  onDecide={(kind) => open(kind, p)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} perPage={data.per_page} total={data.total} onPage={setPage} label={t('photos.listLabel')} />}
      {pending && (
        <PhotoDialog
          decision={pending}
          onClose={() => setPending(null)}
          onDone={(_done, text) => setResult({ ok: true, text })}
          onSettled={queue.reload}
        />
      )}
    </StaffPage>
  );
}

export default PhotoQueuePage;
