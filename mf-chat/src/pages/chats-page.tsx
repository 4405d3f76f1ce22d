import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { useTranslation } from '@dating/shared-kit/i18n';
import { isRealtimeConnected } from '@dating/shared-kit/realtime';
import { useSession } from '@dating/shared-kit/state';
import { colors, layout, mq } from '@dating/shared-kit/theme';
import { Alert, buttonStyles } from '@dating/shared-kit/ui';
import type { ChatTarget } from '../api';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { useChats } from '../hooks/use-chats';
import { askChatScreenEarly } from '../early';
import { NAMESPACE } from '../i18n';

/** Whether the page is live; "not live" only after the socket has been down for a while (no flash while it connects). */
export const OFFLINE_NOTE_AFTER_MS = 4_000;
function useLive(): boolean {
  const [live, setLive] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = (connected: boolean) => {
      clearTimeout(timer);
      if (connected) setLive(true);
      else timer = setTimeout(() => setLive(false), OFFLINE_NOTE_AFTER_MS);
    };
    follow(isRealtimeConnected());
    const off = bus.on('realtime:state', ({ connected }) => follow(connected));
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  return live;
}

/**
 * /chats, /chats/:id and /members/:id/chat: the conversation list (a 300-400 px column on
 * desktop, the whole width on a phone) beside the open conversation, which takes the rest of the
 * screen (issue 29 item 6: capped at 800 px it ended at about 1,200 px and left an empty band at
 * 1,280 and 1,600 px); a message bubble stays at most 520 px (message-list.tsx), so lines stay
 * readable. On a phone the list and the conversation are separate screens.
 */
export function ChatsPage({ by }: { by: 'list' | 'conversation' | 'member' }) {
  // a visitor never gets here: the shell shows its login prompt for these member pages (route table)
  const user = useSession();
  return user ? <ChatsScreen by={by} /> : null;
}

function ChatsScreen({ by }: { by: 'list' | 'conversation' | 'member' }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tc } = useTranslation('common');
  const params = useParams();
  const id = Number(params.id);
  const target: ChatTarget | null =
    by === 'list' || !Number.isInteger(id) || id <= 0 ? null : by === 'conversation' ? { conversation: id } : { profile: id };
  // the list and the open conversation are asked for on the screen's first render, not after it (early.ts)
  const asked = useRef(false);
  if (!asked.current) {
    asked.current = true;
    askChatScreenEarly(target);
  }
  const [open, setOpen] = useState<number | null>(by === 'conversation' && target ? id : null);
  useEffect(() => setOpen(by === 'conversation' && Number.isInteger(id) ? id : null), [by, id]);
  const chats = useChats(open);
  const live = useLive();

  const listOnly = target === null;
  useEffect(() => {
    if (listOnly) document.title = t('titles.chats');
  }, [listOnly, t]);

  const ListHeading = target ? 'h2' : 'h1';
  return (
    <div
      css={css`
        display: flex;
        height: 100vh;
        height: 100dvh;
        background: ${colors.surface};
      `}
    >
      <aside
        aria-labelledby="chats-heading"
        css={css`
          position: relative;
          flex: 1 1 auto;
          display: ${target ? 'none' : 'flex'};
          flex-direction: column;
          min-width: 0;
          overflow-y: auto;
          ${mq.md} {
            display: flex;
            flex: 0 0 clamp(${layout.conversationListMin}px, 32vw, ${layout.conversationListMax}px);
            border-right: 1px solid ${colors.border};
          }
        `}
      >
        <div
          css={css`
            display: flex;
            align-items: center;
            justify-content: space-between;
            gap: 8px;
            padding: 12px 16px;
            border-bottom: 1px solid ${colors.border};
          `}
        >
          <ListHeading
            id="chats-heading"
            css={css`
              margin: 0;
              font-size: 1.375rem;
            `}
          >
            {t('titles.chats')}
          </ListHeading>
          <Link to="/members" css={buttonStyles('ghost', 'sm')}>
            {tc('nav.searchMembers')}
          </Link>
        </div>
        {chats.removeError && (
          <div
            css={css`
              padding: 8px 12px 0;
            `}
          >
            <Alert variant="danger" title={t('list.deleteFailed')} onDismiss={chats.dismissRemoveError}>
              {chats.removeError}
            </Alert>
          </div>
        )}
        <ConversationList chats={chats.chats} loadError={chats.loadError} active={open} />
      </aside>
      <div
        css={css`
          flex: 1 1 auto;
          min-width: 0;
          display: ${target ? 'flex' : 'none'};
          flex-direction: column;
          ${mq.md} {
            display: flex;
          }
        `}
      >
        {target ? (
          <ConversationView
            key={'conversation' in target ? `c${target.conversation}` : `p${target.profile}`}
            target={target}
            live={live}
            onOpen={setOpen}
            onSent={chats.noteSent}
            onDelete={(conversation) => void chats.remove(conversation)}
          />
        ) : (
          <p
            css={css`
              margin: auto;
              padding: 24px;
              text-align: center;
              color: ${colors.textMuted};
            `}
          >
            {t('list.choose')}
          </p>
        )}
      </div>
    </div>
  );
}
