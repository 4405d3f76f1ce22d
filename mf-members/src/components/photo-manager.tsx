/**
 * "My photos" on /profile: upload (with progress), main photo, delete; each photo's state (under
 * inspection, rejected with the moderator's reason). When staff approve or reject a photo the
 * server says so over the WebSocket (`photo:moderated` on the bus): the list reloads and a status
 * message tells the member, without a page reload (issue 15).
 */
import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { bus } from '@dating/shared-kit/bus';
import type { OwnPhoto, PhotosResponse } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { refreshSession, useSession } from '@dating/shared-kit/state';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Button, ProgressBar, Spinner, buttonStyles, visuallyHiddenStyle } from '@dating/shared-kit/ui';
import { membersApi } from '../api';
import { errorText, useAsync } from './use-async';
import '../i18n';

export function PhotoManager() {
  const { t } = useTranslation('members');
  const photos = useAsync<PhotosResponse>(() => membersApi.photos(), []);
  // a member with a main photo has at least one tile: its place is held while the list loads, so
  // the form below does not jump when the photos arrive
  const holdTile = useSession()?.profile.main_image != null && photos.loading && !photos.data;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const setData = photos.setData;

  // staff approved or rejected one of my photos: reload the list (and the session's main image)
  useEffect(
    () =>
      bus.on('photo:moderated', ({ status: state, rejection_reason: reason }) => {
        void membersApi
          .photos()
          .then((res) => {
            setData(res);
            setStatus(
              state === 'active'
                ? t('photos.approvedLive')
                : t('photos.rejectedLive', { reason: t(`photos.reasons.${reason ?? 'other'}`) }),
            );
          })
          .catch(() => undefined);
        void refreshSession().catch(() => undefined);
      }),
    [setData, t],
  );

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const res = await membersApi.uploadPhoto(file, setProgress);
      photos.setData(res);
      setStatus(res.photo.status === 'active' ? t('photos.uploaded') : t('photos.uploadedPending'));
      void refreshSession();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const run = async (fn: () => Promise<PhotosResponse>, done: string) => {
    setError(null);
    try {
      photos.setData(await fn());
      setStatus(done);
      void refreshSession();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const list = photos.data?.photos ?? [];
  const max = photos.data?.max_photos ?? 3;
  // rejected photos do not count against the limit (the server counts the same way)
  const counted = list.filter((p) => p.status !== 'rejected').length;
  const statusLabel = (p: OwnPhoto) => (p.status === 'active' ? null : t(`photos.status.${p.status}`));
  return (
    <section
      aria-labelledby="photos-heading"
      css={css`
        margin-bottom: 32px;
      `}
    >
      <h2 id="photos-heading">{t('photos.title')}</h2>
      {/* the count once the list is known (not "0 of 3" while it loads); until then the line holds its
          place, with the loading spinner in it when no tile is held (a spinner of its own line above the
          list moved the upload button and the form up as it went away: issue 13 item 21) */}
      <p
        css={css`
          color: ${colors.textMuted};
        `}
      >
        {photos.data ? (
          t('photos.count', { count: counted, max })
        ) : photos.loading && !holdTile ? (
          <Spinner size={16} label={t('common.loading')} />
        ) : (
          '\u00a0'
        )}
      </p>
      <ul
        aria-label={t('photos.title')}
        css={css`
          list-style: none;
          padding: 0;
          display: grid;
          gap: 12px;
          grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
        `}
      >
        {holdTile && (
          // a tile's size: the square photo, then the main-photo badge and the delete button
          <li
            css={css`
              border: 1px solid ${colors.border};
              border-radius: ${radii.md};
              background: ${colors.surface};
            `}
          >
            <div
              css={css`
                aspect-ratio: 1;
                display: grid;
                place-items: center;
              `}
            >
              <Spinner label={t('common.loading')} />
            </div>
            <div
              css={css`
                height: 76px;
              `}
            />
          </li>
        )}
        {list.map((p, i) => (
          <li
            key={p.id}
            css={css`
              border: 1px solid ${colors.border};
              border-radius: ${radii.md};
              overflow: hidden;
              background: ${colors.surface};
            `}
          >
            <img
              src={p.thumb_filename}
              alt={t('photos.alt', { number: i + 1 })}
              css={css`
                width: 100%;
                aspect-ratio: 1;
                object-fit: cover;
                display: block;
              `}
            />
            <div
              css={css`
                padding: 8px;
                display: flex;
                flex-direction: column;
                gap: 6px;
              `}
            >
              {p.is_main && <Badge tone="success">{t('photos.main')}</Badge>}
              {statusLabel(p) && <Badge tone={p.status === 'rejected' ? 'danger' : 'warning'}>{statusLabel(p)}</Badge>}
              {p.status === 'rejected' && (
                <p
                  css={css`
                    margin: 0;
                    font-size: 0.875rem;
                  `}
                >
                  {t('photos.rejectedBecause', { reason: t(`photos.reasons.${p.rejection_reason ?? 'other'}`) })}
                </p>
              )}
              {/* only an approved photo can become the main photo */}
              {!p.is_main && p.status === 'active' && (
                <Button size="sm" variant="outline" onClick={() => void run(() => membersApi.setMainPhoto(p.id), t('photos.mainSet'))}>
                  {t('photos.makeMain', { number: i + 1 })}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => void run(() => membersApi.deletePhoto(p.id), t('photos.deleted'))}>
                {t('photos.delete', { number: i + 1 })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {counted < max ? (
        // the file input itself is hidden (the browser's own "Choose file" text is in the browser's
        // language); its label is the visible, translated button, with the input's focus ring
        <div
          css={css`
            margin-top: 12px;
            & input:focus-visible + label {
              outline: 3px solid ${colors.primary};
              outline-offset: 2px;
            }
          `}
        >
          <input
            id="photo-upload"
            ref={input}
            type="file"
            accept="image/*"
            onChange={(e) => void upload(e)}
            disabled={progress !== null}
            css={visuallyHiddenStyle}
          />
          <label
            htmlFor="photo-upload"
            css={[
              ...buttonStyles('outline'),
              progress !== null &&
                css`
                  opacity: 0.6;
                  pointer-events: none;
                `,
            ]}
          >
            {t('photos.upload')}
          </label>
        </div>
      ) : (
        <Alert variant="info">{t('photos.limit', { max })}</Alert>
      )}
      {progress !== null && <ProgressBar value={progress} label={t('photos.uploading')} showValue />}
      <p role="status">{status}</p>
      {error && <Alert variant="danger">{error}</Alert>}
    </section>
  );
}
