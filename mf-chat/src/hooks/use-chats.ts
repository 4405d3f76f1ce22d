/**
 * The conversation list (GET /api/chats.php) kept current without a reload: new messages, deleted
 * conversations and (re)connects arrive on the bus from the realtime socket; while the socket is
 * down the list reloads on the product's periodic refresh (5 s, then every 60 s).
 * Opening a conversation sets its unread count to 0; removing one removes it locally
 * first, then on the server; on failure the error is shown and the list reloads.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isSwallowed } from '@dating/shared-kit/api';
import { bus } from '@dating/shared-kit/bus';
import type { ChatEntry, LastMessage, Message, ProfileRef } from '@dating/shared-kit/contracts';
import { isRealtimeConnected } from '@dating/shared-kit/realtime';
import { getSession, isPushSubscribed, startPeriodicRefresh } from '@dating/shared-kit/state';
import { chatApi } from '../api';
import { takeChats } from '../early';

/** A list entry; one that a frame or this tab started carries a ProfileRef (all the list shows). */
export type ListEntry = Omit<ChatEntry, 'profile'> & { profile: ProfileRef };

export interface ChatsState {
  chats: ListEntry[] | null;
  loadError: string | null;
  /** the failure of a removal, shown as an alert */
  removeError: string | null;
  dismissRemoveError: () => void;
  reload: () => Promise<void>;
  remove: (conversation: number) => Promise<void>;
  /** a message of this tab was sent: show it as the conversation's last message, on top */
  noteSent: (message: Message, profile: ProfileRef) => void;
}

export function toLastMessage(message: Message, myProfileId: number | undefined): LastMessage {
  return {
    id: message.id,
    type: message.type,
    body: message.deleted || message.type !== 'text' ? null : message.body,
    gift: message.gift,
    deleted: message.deleted,
    from_me: message.sender === myProfileId,
    created_at: message.created_at,
  };
}

function errorText(e: unknown): string | null {
  if (isSwallowed(e)) return null;
  return e instanceof Error ? e.message : String(e);
}

/** Put `entry` first (newest activity on top). */
function toTop(chats: ListEntry[], entry: ListEntry): ListEntry[] {
  return [entry, ...chats.filter((c) => c.conversation !== entry.conversation)];
}

export function useChats(openConversation: number | null): ChatsState {
  const [chats, setChatsState] = useState<ListEntry[] | null>(null);
  // the list as last set, for bus handlers that must decide before React renders
  const chatsRef = useRef<ListEntry[] | null>(null);
  const setChats = useCallback((update: (current: ListEntry[] | null) => ListEntry[] | null) => {
    chatsRef.current = update(chatsRef.current);
    setChatsState(chatsRef.current);
  }, []);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const openRef = useRef(openConversation);
  openRef.current = openConversation;

  const reload = useCallback(async () => {
    try {
      const { chats: next } = await takeChats();
      // the conversation on screen is read
      const list = next.map((c) => (c.conversation === openRef.current ? { ...c, num_unread_messages: 0 } : c));
      // a whole list arriving renders in a transition (in slices, not one long task); what the
      // bus brings one message at a time below stays urgent
      startTransition(() => {
        setChats(() => list);
        setLoadError(null);
      });
    } catch (e) {
      const text = errorText(e);
      if (text) setLoadError(text);
    }
  }, [setChats]);

  useEffect(() => {
    void reload();
    const stop = startPeriodicRefresh(reload, { skipWhile: isRealtimeConnected, isPushSubscribed });
    const offs = [
      bus.on('realtime:state', ({ connected }) => {
        if (connected) void reload();
      }),
      bus.on('chat:message', ({ message, profile }) => {
        const current = chatsRef.current;
        if (!current) return;
        const found = current.find((c) => c.conversation === message.conversation);
        if (!found && !profile) {
          // a new conversation whose profile the frame did not carry: ask the server
          void reload();
          return;
        }
        const entry: ListEntry = found ?? { conversation: message.conversation, profile: profile as ProfileRef, num_unread_messages: 0 };
        if (entry.last_message && entry.last_message.id >= message.id) return;
        const me = getSession()?.profile.id;
        // unread unless it is on screen: the open conversation in a tab that is not hidden
        const onScreen = openRef.current === message.conversation && globalThis.document?.visibilityState !== 'hidden';
        const counts = message.sender !== me && !onScreen;
        const next = {
          ...entry,
          num_unread_messages: entry.num_unread_messages + (counts ? 1 : 0),
          last_message: toLastMessage(message, me),
          updated_at: message.created_at,
        };
        setChats((list) => (list ? toTop(list, next) : list));
      }),
      // I read it in another tab (or this one): nothing unread there any more
      bus.on('chat:read', ({ conversation, reader, up_to }) => {
        if (reader !== getSession()?.profile.id) return;
        const entry = chatsRef.current?.find((c) => c.conversation === conversation);
        if (!entry || entry.num_unread_messages === 0 || (entry.last_message && entry.last_message.id > up_to)) return;
        setChats((list) => list?.map((c) => (c.conversation === conversation ? { ...c, num_unread_messages: 0 } : c)) ?? list);
      }),
      bus.on('chat:deleted', ({ conversation }) => {
        setChats((current) => current?.filter((c) => c.conversation !== conversation) ?? current);
      }),
      bus.on('chat:message-deleted', ({ conversation, id }) => {
        const entry = chatsRef.current?.find((c) => c.conversation === conversation);
        if (entry?.last_message?.id !== id) return;
        const last = { ...entry.last_message, body: null, deleted: true };
        setChats((list) => list?.map((c) => (c.conversation === conversation ? { ...c, last_message: last } : c)) ?? list);
      }),
    ];
    // back to the tab: what arrived in the open conversation meanwhile is read now
    const onVisible = () => {
      const open = openRef.current;
      if (document.visibilityState !== 'visible' || open === null) return;
      setChats(
        (list) => list?.map((c) => (c.conversation === open && c.num_unread_messages > 0 ? { ...c, num_unread_messages: 0 } : c)) ?? list,
      );
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      for (const off of offs) off();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload, setChats]);

  // the list is the server's word on what is unread (the open conversation counts as read): the
  // navigation badge, the title prefix and the app badge follow it
  useEffect(() => {
    if (chats) bus.emit('chat:unread-changed', { unread: chats.reduce((sum, c) => sum + c.num_unread_messages, 0) });
  }, [chats]);

  // opening a conversation sets its unread count to 0 (the server marks it read when it is loaded)
  useEffect(() => {
    if (openConversation === null) return;
    setChats(
      (current) =>
        current?.map((c) => (c.conversation === openConversation && c.num_unread_messages > 0 ? { ...c, num_unread_messages: 0 } : c)) ??
        current,
    );
  }, [openConversation, setChats]);

  const remove = useCallback(
    async (conversation: number) => {
      setRemoveError(null);
      setChats((current) => current?.filter((c) => c.conversation !== conversation) ?? current);
      try {
        await chatApi.deleteChat(conversation);
      } catch (e) {
        const text = errorText(e);
        if (text) setRemoveError(text);
        await reload();
      }
    },
    [reload, setChats],
  );

  const noteSent = useCallback(
    (message: Message, profile: ProfileRef) => {
      const me = getSession()?.profile.id;
      setChats((current) => {
        if (!current) return current;
        const entry = current.find((c) => c.conversation === message.conversation) ?? {
          conversation: message.conversation,
          profile,
          num_unread_messages: 0,
        };
        return toTop(current, { ...entry, last_message: toLastMessage(message, me), updated_at: message.created_at });
      });
    },
    [setChats],
  );

  return { chats, loadError, removeError, dismissRemoveError: () => setRemoveError(null), reload, remove, noteSent };
}
