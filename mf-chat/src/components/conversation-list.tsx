import { css } from '@emotion/react';
import { Link } from 'react-router';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, FictionalBadge, Spinner, VisuallyHidden, buttonStyles } from '@dating/shared-kit/ui';
import type { ListEntry } from '../hooks/use-chats';
import { NAMESPACE } from '../i18n';
import { Avatar } from './avatar';
import { formatMessageTime } from './time';

function Preview({ entry }: { entry: ListEntry }) {
  const { t } = useTranslation(NAMESPACE);
  const last = entry.last_message;
  if (!last) return <>{t('list.noMessages')}</>;
  const text = last.deleted
    ? t('list.deleted')
    : last.type === 'image'
      ? t('list.photo')
      : last.type === 'gift'
        ? t('list.gift')
        : (last.body ?? '');
  return <>{last.from_me ? t('list.you', { text }) : text}</>;
}

export interface ConversationListProps {
  chats: ListEntry[] | null;
  loadError: string | null;
  active: number | null;
}

/** The conversation list: photo, name, fictional label, last message and time, unread count. */
export function ConversationList({ chats, loadError, active }: ConversationListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { t: tc } = useTranslation('common');
  if (loadError && !chats) return <Alert variant="danger">{loadError}</Alert>;
  if (!chats) return <Spinner label={tc('status.loading')} />;
  if (chats.length === 0) {
    return (
      <div
        css={css`
          padding: 24px 16px;
          text-align: center;
        `}
      >
        <p>{t('list.empty')}</p>
        <Link to="/members" css={buttonStyles('primary')}>
          {t('list.emptyCta')}
        </Link>
      </div>
    );
  }
  return (
    <ul
      aria-label={t('list.label')}
      css={css`
        list-style: none;
        margin: 0;
        padding: 0;
      `}
    >
      {chats.map((entry) => {
        const current = entry.conversation === active;
        const unread = entry.num_unread_messages;
        return (
          <li key={entry.conversation}>
            <Link
              to={`/chats/${entry.conversation}`}
              aria-current={current ? 'page' : undefined}
              css={css`
                display: flex;
                gap: 12px;
                align-items: center;
                padding: 12px 16px;
                text-decoration: none;
                color: ${colors.text};
                border-bottom: 1px solid ${colors.border};
                background: ${current ? colors.primarySoft : 'transparent'};
                &:hover {
                  background: ${colors.primarySoft};
                }
                &:focus-visible {
                  outline: 3px solid ${colors.focus};
                  outline-offset: -3px;
                }
              `}
            >
              <Avatar profile={entry.profile} />
              <span
                css={css`
                  flex: 1;
                  min-width: 0;
                `}
              >
                <span
                  css={css`
                    display: flex;
                    align-items: center;
                    gap: 6px;
                  `}
                >
                  <strong
                    css={css`
                      overflow: hidden;
                      text-overflow: ellipsis;
                      white-space: nowrap;
                    `}
                  >
                    {entry.profile.name}
                  </strong>
                  {entry.profile.fictional && <FictionalBadge showText size={16} />}
                  {entry.last_message && (
                    <span
                      css={css`
                        margin-left: auto;
                        flex: none;
                        font-size: 0.75rem;
                        color: ${colors.textMuted};
                      `}
                    >
                      {formatMessageTime(entry.last_message.created_at, i18n.language)}
                    </span>
                  )}
                </span>
                <span
                  css={css`
                    display: flex;
                    align-items: center;
                    gap: 6px;
                  `}
                >
                  <span
                    css={css`
                      flex: 1;
                      min-width: 0;
                      overflow: hidden;
                      text-overflow: ellipsis;
                      white-space: nowrap;
                      font-size: 0.875rem;
                      color: ${unread > 0 ? colors.dark : colors.textMuted};
                      font-weight: ${unread > 0 ? 600 : 400};
                    `}
                  >
                    <Preview entry={entry} />
                  </span>
                  {unread > 0 && (
                    <>
                      <span
                        aria-hidden="true"
                        css={css`
                          flex: none;
                          border-radius: ${radii.pill};
                        `}
                      >
                        <Badge tone="unread" count={unread} />
                      </span>
                      <VisuallyHidden>{t('list.unread', { count: unread })}</VisuallyHidden>
                    </>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
