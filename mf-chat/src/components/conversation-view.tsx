import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Message, Profile } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { colors, mq } from '@dating/shared-kit/theme';
import {
  Alert,
  Button,
  CreditBadge,
  FictionalBadge,
  FictionalNotice,
  ReportDialog,
  Spinner,
  VerifiedBadge,
  buttonStyles,
} from '@dating/shared-kit/ui';
import type { ChatTarget } from '../api';
import { useConversation } from '../hooks/use-conversation';
import { NAMESPACE } from '../i18n';
import { Avatar } from './avatar';
import { ConfirmDialog } from './confirm-dialog';
import { MessageList } from './message-list';
import { NotConfirmedNotice } from './not-confirmed-notice';
import { SafetyTip } from './safety-tip';
import { SendFooter } from './send-footer';
import { SendProblemAlert } from './send-problem';

export interface ConversationViewProps {
  target: ChatTarget;
  /** the conversation is known: the list marks it open and read */
  onOpen: (conversation: number) => void;
  onSent: (message: Message, profile: Profile) => void;
  /** delete the conversation (the list removes it first, then the server) */
  onDelete: (conversation: number) => void;
  /** live socket up? (else a quiet note that the page refreshes itself) */
  live: boolean;
}

/** One conversation: top bar with the other member and my credits, the history, the send footer. */
export function ConversationView({ target, onOpen, onSent, onDelete, live }: ConversationViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tc } = useTranslation('common');
  const user = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // "Rapporteren" (issue 26): the conversation's member (header) or one of their messages
  const [reporting, setReporting] = useState<{ messageIds?: number[] } | null>(null);
  const chat = useConversation(target, { onConversation: onOpen, onSent });
  const { profile, conversation } = chat;
  const name = profile?.name ?? '';

  useEffect(() => {
    if (name) document.title = `${name} - ${t('titles.conversation')}`;
  }, [name, t]);

  if (chat.status === 'gone') {
    return (
      <div
        css={css`
          padding: 24px;
        `}
      >
        <h1
          css={css`
            font-size: 1.375rem;
          `}
        >
          {t('titles.conversation')}
        </h1>
        <Alert variant="info">{t('conversation.notFound')}</Alert>
        <Link to="/chats" css={buttonStyles('outline')}>
          {t('conversation.backToList')}
        </Link>
      </div>
    );
  }
  if (chat.status === 'error') {
    return (
      <div
        css={css`
          padding: 24px;
        `}
      >
        <h1
          css={css`
            font-size: 1.375rem;
          `}
        >
          {t('titles.conversation')}
        </h1>
        <Alert variant="danger">{chat.loadError}</Alert>
      </div>
    );
  }
  if (!profile) return <Spinner label={tc('status.loading')} />;

  return (
    <section
      aria-labelledby="chat-with"
      css={css`
        display: flex;
        flex-direction: column;
        height: 100%;
        min-height: 0;
      `}
    >
      <header
        css={css`
          display: flex;
          align-items: center;
          gap: 10px;
          padding: 8px 12px;
          border-bottom: 1px solid ${colors.border};
          background: ${colors.surface};
        `}
      >
        <Link
          to="/chats"
          aria-label={t('conversation.back')}
          css={[
            buttonStyles('ghost', 'sm'),
            css`
              ${mq.md} {
                display: none;
              }
            `,
          ]}
        >
          <span aria-hidden="true">←</span>
        </Link>
        <Link
          to={`/members/${profile.id}`}
          aria-label={t('conversation.profile', { name })}
          css={css`
            display: flex;
            flex: none;
            text-decoration: none;
          `}
        >
          <Avatar profile={profile} size={40} />
        </Link>
        {/* the badges go under the name when both do not fit one line on a phone: a short name is never
            cut ("Sa..." beside "Fictief profiel"); only a name longer than the whole line gets an ellipsis */}
        <h1
          id="chat-with"
          css={css`
            flex: 1;
            margin: 0;
            font-size: 1.125rem;
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 2px 8px;
            min-width: 0;
          `}
        >
          <Link
            to={`/members/${profile.id}`}
            css={css`
              max-width: 100%;
              color: ${colors.dark};
              text-decoration: none;
              overflow: hidden;
              text-overflow: ellipsis;
              white-space: nowrap;
              &:hover {
                text-decoration: underline;
              }
            `}
          >
            {name}
          </Link>
          {profile.fictional && <FictionalBadge showText size={18} />}
          {profile.verified && <VerifiedBadge size={18} />}
        </h1>
        <span
          css={css`
            flex: none;
            display: flex;
            align-items: center;
            gap: 4px;
          `}
        >
          {user && (
            <Link
              to="/credits"
              aria-label={t('conversation.credits', { count: user.credits })}
              css={css`
                text-decoration: none;
              `}
            >
              <CreditBadge credits={user.credits} />
            </Link>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setReporting({})}
            aria-label={tc('report.title', { name })}
            title={tc('report.title', { name })}
            aria-haspopup="dialog"
          >
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
            </svg>
          </Button>
          {conversation !== null && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirmDelete(true)}
              aria-label={t('conversation.deleteChat')}
              title={t('conversation.deleteChat')}
            >
              <svg
                aria-hidden="true"
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
              </svg>
            </Button>
          )}
        </span>
      </header>
      <div
        css={css`
          padding: 8px 12px 0;
        `}
      >
        {profile.fictional && <FictionalNotice />}
        <NotConfirmedNotice />
        <SafetyTip profile={profile} messages={chat.messages} hasMore={chat.hasMore} />
        {!live && (
          <p
            css={css`
              margin: 0 0 8px;
              font-size: 0.8125rem;
              color: ${colors.textMuted};
            `}
          >
            {t('conversation.offline')}
          </p>
        )}
        {chat.deleteError && <Alert variant="danger">{chat.deleteError}</Alert>}
      </div>
      <MessageList
        profile={profile}
        myId={user?.profile.id}
        messages={chat.messages}
        pending={chat.pending}
        readUpTo={chat.readUpTo}
        historyDays={chat.historyDays}
        hasMore={chat.hasMore}
        loadingOlder={chat.loadingOlder}
        typing={chat.typing}
        onLoadOlder={() => void chat.loadOlder()}
        onDelete={(id) => void chat.deleteMessage(id)}
        onRetry={(id) => void chat.retry(id)}
        onReport={(id) => setReporting({ messageIds: [id] })}
      />
      {chat.notice && (
        <div
          css={css`
            padding: 8px 12px 0;
          `}
        >
          <Alert variant="info" onDismiss={chat.dismissNotice}>
            <strong>{t('conversation.noticeTitle')}</strong> {chat.notice.message}
          </Alert>
        </div>
      )}
      {chat.problem && (
        <div
          css={css`
            padding: 8px 12px 0;
          `}
        >
          <SendProblemAlert problem={chat.problem} onDismiss={chat.dismissProblem} />
        </div>
      )}
      {chat.costs && (
        <SendFooter
          name={name}
          costs={chat.costs}
          onSend={chat.send}
          onTyping={chat.notifyTyping}
          initialGiftOpen={params.get('gift') === '1'}
        />
      )}
      <ReportDialog
        open={reporting !== null}
        onClose={() => setReporting(null)}
        profile={{ id: profile.id, name }}
        messageIds={reporting?.messageIds}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('conversation.deleteChat')}
        text={t('conversation.deleteChatConfirm', { name })}
        confirmLabel={t('conversation.deleteChat')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          if (conversation !== null) {
            onDelete(conversation);
            void navigate('/chats');
          }
        }}
      />
    </section>
  );
}
