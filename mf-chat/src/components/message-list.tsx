import { css } from '@emotion/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { giftImage } from '@dating/shared-kit/contracts';
import type { Gift, Message, Profile } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Button, FictionalBadge, VisuallyHidden } from '@dating/shared-kit/ui';
import type { PendingMessage } from '../hooks/use-conversation';
import { useGifts } from '../hooks/use-gifts';
import { NAMESPACE } from '../i18n';
import { Avatar } from './avatar';
import { ConfirmDialog } from './confirm-dialog';
import { formatMessageTime } from './time';

const bubble = (mine: boolean) => css`
  max-width: 100%;
  padding: 8px 12px;
  border-radius: ${radii.lg};
  ${mine ? `border-bottom-right-radius: ${radii.sm}; background: ${colors.primary}; color: ${colors.onPrimary};` : `border-bottom-left-radius: ${radii.sm}; background: ${colors.surface}; color: ${colors.text}; border: 1px solid ${colors.border};`}
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;
const meta = css`
  font-size: 0.75rem;
  color: ${colors.textMuted};
  margin-top: 2px;
`;

/**
 * A photo's size in the history, known before it loads (the message carries the picture's width
 * and height): its box is there at once, so nothing below it moves when it arrives.
 */
function photoBox({ width, height }: { width: number; height: number }) {
  const scale = Math.min(1, PHOTO_MAX_W / Math.max(1, width), PHOTO_MAX_H / Math.max(1, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
const PHOTO_MAX_W = 220;
const PHOTO_MAX_H = 260;

function Body({ message, name, gifts }: { message: Message; name: string; gifts: Gift[] | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (message.deleted) return <em>{t('conversation.deletedMessage')}</em>;
  if (message.type === 'image' && message.image) {
    return (
      <a href={message.image.filename} target="_blank" rel="noreferrer">
        <img
          src={message.image.thumb_filename}
          alt={t('conversation.photoAlt', { name })}
          {...photoBox(message.image)}
          css={css`
            display: block;
            border-radius: ${radii.md};
            object-fit: cover;
          `}
        />
      </a>
    );
  }
  if (message.type === 'gift' && message.gift) {
    const label = gifts?.find((g) => g.id === message.gift)?.label ?? t('list.gift');
    return (
      <span
        css={css`
          display: grid;
          justify-items: center;
          gap: 4px;
        `}
      >
        <img
          src={giftImage(message.gift)}
          alt=""
          width={72}
          height={72}
          css={css`
            width: 72px;
            height: 72px;
            object-fit: contain;
          `}
        />
        <span>{t('conversation.giftAlt', { name: label })}</span>
      </span>
    );
  }
  return <>{message.body ?? ''}</>;
}

export interface MessageListProps {
  profile: Profile;
  myId: number | undefined;
  messages: Message[];
  pending: PendingMessage[];
  readUpTo: number;
  historyDays: number | null;
  hasMore: boolean;
  loadingOlder: boolean;
  typing: boolean;
  onLoadOlder: () => void;
  onDelete: (id: number) => void;
  onRetry: (clientId: string) => void;
  /** "Rapporteren" on a message of the other member (issue 26) */
  onReport?: (id: number) => void;
}

/** Within this many pixels of the bottom the member is "at the bottom" (follows what arrives). */
const PINNED_PX = 48;

/**
 * The history, newest at the bottom. Older pages load when the top comes into view (or with the
 * button). Own messages can be deleted; the newest own message the other has read carries the
 * read marker; the other's messages link to their profile (with the fictional label on chatpals).
 */
export function MessageList({
  profile,
  myId,
  messages,
  pending,
  readUpTo,
  historyDays,
  hasMore,
  loadingOlder,
  typing,
  onLoadOlder,
  onDelete,
  onRetry,
  onReport,
}: MessageListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { t: tc } = useTranslation('common');
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { gifts } = useGifts(messages.some((m) => m.type === 'gift'));
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  const heightBefore = useRef(0);
  const firstBefore = useRef<number | undefined>(undefined);

  // stay at the bottom for new messages; keep the view still when older ones are put on top
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (firstBefore.current !== undefined && firstId !== undefined && firstId < firstBefore.current) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
    } else {
      el.scrollTop = el.scrollHeight;
    }
    firstBefore.current = firstId;
    heightBefore.current = el.scrollHeight;
  }, [firstId, lastId, pending.length, typing]);

  // an image that loads later makes the history taller: the view stays at the bottom while it is
  // there (opening a conversation, an incoming photo), unless the member has scrolled up to read
  const pinned = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_PX;
    };
    const keep = () => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
      heightBefore.current = el.scrollHeight;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // 'load' does not bubble: caught on its way down (capture) for every image inside
    el.addEventListener('load', keep, true);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keep);
    const list = el.querySelector('ol');
    if (resize && list) resize.observe(list);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('load', keep, true);
      resize?.disconnect();
    };
  }, []);

  useEffect(() => {
    const el = topSentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadOlder();
      },
      { root: scroller.current },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, onLoadOlder, firstId]);

  const readMarkerId = [...messages].reverse().find((m) => m.sender === myId && m.id <= readUpTo)?.id ?? null;
  const lastMine = [...messages].reverse().find((m) => m.sender === myId)?.id;
  const lastHeld = [...messages].reverse().find((m) => m.sender === myId && m.held && !m.held_rejected)?.id;

  return (
    // position: relative keeps the visually hidden sender names inside the scrolling box
    <div
      ref={scroller}
      css={css`
        position: relative;
        flex: 1;
        min-height: 0;
        overflow-y: auto;
        padding: 12px 16px;
        background: ${colors.background};
      `}
    >
      <div ref={topSentinel} />
      {hasMore ? (
        <p
          css={css`
            text-align: center;
          `}
        >
          <Button variant="ghost" size="sm" onClick={onLoadOlder} loading={loadingOlder}>
            {t('conversation.loadOlder')}
          </Button>
        </p>
      ) : (
        messages.length > 0 &&
        historyDays !== null && (
          <p
            css={[
              meta,
              css`
                text-align: center;
              `,
            ]}
          >
            {t('conversation.olderHidden', { days: historyDays })}
          </p>
        )
      )}
      {messages.length === 0 && pending.length === 0 && (
        <p
          css={css`
            text-align: center;
            color: ${colors.textMuted};
          `}
        >
          {t('conversation.start', { name: profile.name })}
        </p>
      )}
      {/* a chat log: screen readers read out what is added (a new message), not the whole list */}
      <ol
        aria-label={t('conversation.history', { name: profile.name })}
        aria-live="polite"
        aria-relevant="additions"
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 10px;
        `}
      >
        {messages.map((m) => {
          const mine = m.sender === myId;
          return (
            <li
              key={m.id}
              css={css`
                display: flex;
                gap: 8px;
                align-items: flex-end;
                justify-content: ${mine ? 'flex-end' : 'flex-start'};
              `}
            >
              {!mine && (
                <Link
                  to={`/members/${profile.id}`}
                  aria-label={t('conversation.profile', { name: profile.name })}
                  css={css`
                    display: grid;
                    justify-items: center;
                    gap: 2px;
                    text-decoration: none;
                    flex: none;
                  `}
                >
                  <Avatar profile={profile} size={32} />
                  {profile.fictional && <FictionalBadge size={14} />}
                </Link>
              )}
              <div
                css={css`
                  display: grid;
                  justify-items: ${mine ? 'end' : 'start'};
                  max-width: min(75%, 520px);
                `}
              >
                <div css={bubble(mine)}>
                  <VisuallyHidden>{mine ? t('conversation.you') : profile.name}: </VisuallyHidden>
                  <Body message={m} name={profile.name} gifts={gifts} />
                </div>
                <div
                  css={[
                    meta,
                    css`
                      display: flex;
                      gap: 8px;
                      align-items: center;
                    `,
                  ]}
                >
                  <time dateTime={m.created_at}>{formatMessageTime(m.created_at, i18n.language)}</time>
                  {mine && m.held ? (
                    // held by the scam guard (issue 26): not delivered until a moderator decides
                    <span
                      css={css`
                        color: ${m.held_rejected ? colors.danger : colors.text};
                        font-weight: 600;
                      `}
                    >
                      {m.held_rejected ? t('held.rejected') : t('held.label')}
                    </span>
                  ) : (
                    <>
                      {mine && m.id === readMarkerId && (
                        <span
                          css={css`
                            color: ${colors.success};
                            font-weight: 600;
                          `}
                        >
                          {t('conversation.read')}
                        </span>
                      )}
                      {mine && m.id === lastMine && m.id !== readMarkerId && <span>{t('conversation.sent')}</span>}
                    </>
                  )}
                  {mine && !m.deleted && (
                    <Button
                      variant="link"
                      size="sm"
                      onClick={() => setConfirming(m.id)}
                      css={css`
                        font-size: 0.75rem;
                        color: ${colors.textMuted};
                      `}
                    >
                      {t('conversation.deleteMessage')}
                    </Button>
                  )}
                  {!mine && !m.deleted && onReport && (
                    <Button
                      variant="link"
                      size="sm"
                      onClick={() => onReport(m.id)}
                      aria-label={tc('report.messageLabel', { name: profile.name, time: formatMessageTime(m.created_at, i18n.language) })}
                      aria-haspopup="dialog"
                      css={css`
                        font-size: 0.75rem;
                        color: ${colors.textMuted};
                      `}
                    >
                      {tc('report.action')}
                    </Button>
                  )}
                </div>
                {mine && m.held && !m.held_rejected && m.id === lastHeld && (
                  <p
                    css={[
                      meta,
                      css`
                        margin: 0;
                        max-width: 36ch;
                        text-align: end;
                      `,
                    ]}
                  >
                    {t('held.help')}
                  </p>
                )}
              </div>
            </li>
          );
        })}
        {pending.map((p) => (
          <li
            key={p.clientId}
            css={css`
              display: flex;
              justify-content: flex-end;
            `}
          >
            <div
              css={css`
                display: grid;
                justify-items: end;
                max-width: min(75%, 520px);
              `}
            >
              <div
                css={[
                  bubble(true),
                  css`
                    opacity: 0.7;
                  `,
                ]}
              >
                <VisuallyHidden>{t('conversation.you')}: </VisuallyHidden>
                {p.outgoing.type === 'text' ? p.outgoing.body : p.outgoing.type === 'image' ? p.outgoing.file.name : t('list.gift')}
              </div>
              <div css={meta} role={p.status === 'failed' ? 'alert' : undefined}>
                {p.status === 'sending' ? (
                  t('conversation.sending')
                ) : (
                  <>
                    {t('conversation.failed')}{' '}
                    <Button
                      variant="link"
                      size="sm"
                      onClick={() => onRetry(p.clientId)}
                      css={css`
                        font-size: 0.75rem;
                      `}
                    >
                      {t('conversation.retry')}
                    </Button>
                  </>
                )}
              </div>
            </div>
          </li>
        ))}
      </ol>
      <p
        aria-live="polite"
        css={[
          meta,
          css`
            min-height: 1.2em;
            margin: 8px 0 0;
          `,
        ]}
      >
        {typing ? t('conversation.typing', { name: profile.name }) : ''}
      </p>
      <ConfirmDialog
        open={confirming !== null}
        title={t('conversation.deleteMessage')}
        text={t('conversation.deleteMessageConfirm', { name: profile.name })}
        confirmLabel={t('conversation.deleteMessage')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming !== null) onDelete(confirming);
          setConfirming(null);
        }}
      />
    </div>
  );
}
