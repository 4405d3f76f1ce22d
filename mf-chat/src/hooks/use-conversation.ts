/**
 * One conversation: its history (newest page first from the server, older pages by keyset
 * `before`), sending with a client-made id (a retry of the same message is never charged twice),
 * deleting own messages, and what the realtime socket brings on the bus: new messages, deletions,
 * typing, read receipts, the conversation's removal (deleted or blocked). While the socket is
 * down the newest page is reloaded on the product's periodic refresh.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isApiRequestError, isSwallowed } from '@dating/shared-kit/api';
import { bus } from '@dating/shared-kit/bus';
import type { ChatNotice, Message, MessageCosts, Profile } from '@dating/shared-kit/contracts';
import { isRealtimeConnected } from '@dating/shared-kit/realtime';
import { getSession, isPushSubscribed, startPeriodicRefresh } from '@dating/shared-kit/state';
import { chatApi, newClientId } from '../api';
import type { ChatTarget, OutgoingMessage } from '../api';
import { takeHistory } from '../early';

/** How long "… typt" stays after the last typing frame, and how often this tab says it types. */
export const TYPING_SHOWN_MS = 6_000;
export const TYPING_SEND_EVERY_MS = 3_000;

export interface PendingMessage {
  clientId: string;
  outgoing: OutgoingMessage;
  status: 'sending' | 'failed';
  created_at: string;
}

/** Why a send was refused, as the screen shows it. */
export type SendProblem =
  { kind: 'insufficient_credits' | 'conversation_limit' | 'premium_only'; message: string } | { kind: 'other'; message: string };

export interface ConversationState {
  status: 'loading' | 'ready' | 'error' | 'gone';
  loadError: string | null;
  profile: Profile | null;
  conversation: number | null;
  messages: Message[];
  pending: PendingMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  /** the highest of my message ids the other member has read (0: none) */
  readUpTo: number;
  /** what the next message costs (from the server), null until loaded */
  costs: MessageCosts | null;
  /** older history is hidden: this many days are shown */
  historyDays: number | null;
  typing: boolean;
  problem: SendProblem | null;
  /** the vulnerable-user warning (issue 15): the server's notice that chatpals are fictional, once a day */
  notice: ChatNotice | null;
  dismissNotice: () => void;
  /** a failed deletion (the history is reloaded) */
  deleteError: string | null;
  loadOlder: () => Promise<void>;
  /** false: refused for a reason the member must act on (nothing sent) */
  send: (message: OutgoingMessage) => Promise<boolean>;
  retry: (clientId: string) => Promise<boolean>;
  deleteMessage: (id: number) => Promise<void>;
  notifyTyping: () => void;
  dismissProblem: () => void;
}

export interface ConversationCallbacks {
  /** the conversation is known (loaded, or made by the first message) */
  onConversation?: (conversation: number, profile: Profile) => void;
  onSent?: (message: Message, profile: Profile) => void;
}

const PROBLEM_CODES = ['insufficient_credits', 'conversation_limit', 'premium_only'] as const;

function problemOf(e: unknown): SendProblem | null {
  if (isSwallowed(e)) return null;
  if (isApiRequestError(e)) {
    const known = PROBLEM_CODES.find((code) => code === e.code);
    if (known) return { kind: known, message: e.message };
    return { kind: 'other', message: e.message };
  }
  return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
}

/** Merge messages by id (a message can come from the answer, a frame and a reload), oldest first. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function useConversation(target: ChatTarget, callbacks: ConversationCallbacks = {}): ConversationState {
  const [status, setStatus] = useState<ConversationState['status']>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [conversation, setConversation] = useState<number | null>('conversation' in target ? target.conversation : null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [readUpTo, setReadUpTo] = useState(0);
  const [costs, setCosts] = useState<MessageCosts | null>(null);
  const [historyDays, setHistoryDays] = useState<number | null>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const [notice, setNotice] = useState<ChatNotice | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // handlers registered once read the latest values through refs
  const conversationRef = useRef(conversation);
  conversationRef.current = conversation;
  const profileRef = useRef(profile);
  profileRef.current = profile;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const lastTypingSent = useRef(0);
  const targetKey = 'conversation' in target ? `c${target.conversation}` : `p${target.profile}`;
  const targetRef = useRef(target);
  targetRef.current = target;

  /** Where a send or reload goes: the conversation once known, else the member. */
  const currentTarget = useCallback((): ChatTarget => {
    const id = conversationRef.current;
    return id !== null ? { conversation: id } : targetRef.current;
  }, []);

  const adopt = useCallback((id: number, who: Profile) => {
    if (conversationRef.current !== id) {
      conversationRef.current = id;
      setConversation(id);
    }
    callbacksRef.current.onConversation?.(id, who);
  }, []);

  /** Load (or reload) the newest page; the server marks the conversation read for me. */
  const loadNewest = useCallback(async () => {
    try {
      const page = await takeHistory(currentTarget());
      profileRef.current = page.profile;
      const first = messagesRef.current.length === 0;
      // the history is most of the screen: rendered in a transition, in slices that leave the
      // browser free between them (typing and clicks meanwhile stay urgent)
      startTransition(() => {
        setProfile(page.profile);
        setMessages((current) => mergeMessages(current, page.messages));
        if (first) setHasMore(page.has_more);
        setReadUpTo((current) => Math.max(current, page.read_up_to));
        setCosts(page.costs);
        setHistoryDays(page.history_days);
        // a free member at the limit: offer premium before they type (the send would be refused)
        if (!page.can_start) setProblem((p) => p ?? { kind: 'conversation_limit', message: '' });
        setStatus('ready');
        setLoadError(null);
      });
      if (page.conversation !== null) adopt(page.conversation, page.profile);
    } catch (e) {
      if (isSwallowed(e)) return;
      if (isApiRequestError(e) && e.status === 404) {
        setStatus('gone');
        return;
      }
      setLoadError(e instanceof Error ? e.message : String(e));
      setStatus((s) => (s === 'ready' ? s : 'error'));
    }
  }, [adopt, currentTarget]);

  const markRead = useCallback(async (upTo: number) => {
    const id = conversationRef.current;
    if (id === null) return;
    try {
      const { unread_messages } = await chatApi.markRead(id, upTo);
      bus.emit('chat:unread-changed', { unread: unread_messages });
    } catch (e) {
      if (!isSwallowed(e)) console.error('[chat] marking read failed', e);
    }
  }, []);

  useEffect(() => {
    setStatus('loading');
    setMessages([]);
    setPending([]);
    setProblem(null);
    setReadUpTo(0);
    setConversation('conversation' in targetRef.current ? targetRef.current.conversation : null);
    conversationRef.current = 'conversation' in targetRef.current ? targetRef.current.conversation : null;
    void loadNewest();
    const stop = startPeriodicRefresh(loadNewest, { skipWhile: isRealtimeConnected, isPushSubscribed });
    const mine = (id: number) => id === conversationRef.current;
    const offs = [
      bus.on('realtime:state', ({ connected }) => {
        if (connected) void loadNewest();
      }),
      bus.on('chat:message', ({ message }) => {
        const other = profileRef.current;
        // a conversation the other member started while this page waited for a first message
        if (conversationRef.current === null && other && message.sender === other.id) adopt(message.conversation, other);
        if (!mine(message.conversation)) return;
        setMessages((current) => mergeMessages(current, [message]));
        const me = getSession()?.profile.id;
        if (message.sender !== me) {
          setTypingUntil(0);
          if (globalThis.document?.visibilityState !== 'hidden') void markRead(message.id);
        }
      }),
      bus.on('chat:message-deleted', ({ conversation: c, id }) => {
        if (!mine(c)) return;
        setMessages((current) => current.map((m) => (m.id === id ? { ...m, deleted: true, body: null, image: null, gift: null } : m)));
      }),
      bus.on('chat:deleted', ({ conversation: c }) => {
        if (mine(c)) setStatus('gone');
      }),
      bus.on('chat:typing', ({ conversation: c, profile: who }) => {
        // conversation 0: the other member types the first message of a conversation not there yet
        const here = mine(c) || (c === 0 && conversationRef.current === null);
        if (here && who === profileRef.current?.id) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      }),
      bus.on('chat:read', ({ conversation: c, reader, up_to }) => {
        if (mine(c) && reader === profileRef.current?.id) setReadUpTo((current) => Math.max(current, up_to));
      }),
    ];
    // messages that arrived while the tab was hidden are read when it is shown again
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const me = getSession()?.profile.id;
      const newest = [...messagesRef.current].reverse().find((m) => m.sender !== me);
      if (newest) void markRead(newest.id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      for (const off of offs) off();
      document.removeEventListener('visibilitychange', onVisible);
    };
    // a new target is a new conversation on screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetKey]);

  // the typing indicator goes by itself
  useEffect(() => {
    if (typingUntil <= Date.now()) return undefined;
    const timer = setTimeout(() => setTypingUntil(0), typingUntil - Date.now());
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const loadOlder = useCallback(async () => {
    const oldest = messagesRef.current[0];
    const id = conversationRef.current;
    if (!oldest || id === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await chatApi.history({ conversation: id }, oldest.id);
      setMessages((current) => mergeMessages(current, page.messages));
      setHasMore(page.has_more);
    } catch (e) {
      if (!isSwallowed(e)) setLoadError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder]);

  const deliver = useCallback(
    async (item: PendingMessage): Promise<boolean> => {
      setProblem(null);
      setPending((list) => [...list.filter((p) => p.clientId !== item.clientId), { ...item, status: 'sending' }]);
      try {
        const { message, credits, notice: sentNotice } = await chatApi.send(currentTarget(), item.outgoing, item.clientId);
        setMessages((current) => mergeMessages(current, [message]));
        if (sentNotice) setNotice(sentNotice);
        setPending((list) => list.filter((p) => p.clientId !== item.clientId));
        bus.emit('credits:changed', { credits });
        const other = profileRef.current;
        if (other) {
          adopt(message.conversation, other);
          callbacksRef.current.onSent?.(message, other);
        }
        return true;
      } catch (e) {
        const why = problemOf(e);
        // a refusal (4xx: no credits, the limit, too long, blocked, not an image ...) stored nothing
        // and a retry would be refused again: the message goes back to the member; only a lost
        // answer (network, 5xx) stays as "not sent" with a retry under the same client_id
        const refused = isApiRequestError(e) && e.status >= 400 && e.status < 500;
        if (refused || !why) setPending((list) => list.filter((p) => p.clientId !== item.clientId));
        else setPending((list) => list.map((p) => (p.clientId === item.clientId ? { ...p, status: 'failed' } : p)));
        setProblem(why);
        return !refused;
      }
    },
    [adopt, currentTarget],
  );

  const send = useCallback(
    (outgoing: OutgoingMessage) => deliver({ clientId: newClientId(), outgoing, status: 'sending', created_at: new Date().toISOString() }),
    [deliver],
  );

  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const retry = useCallback(
    async (clientId: string) => {
      const item = pendingRef.current.find((p) => p.clientId === clientId);
      // the same client_id: if the first attempt did reach the server, it is not charged again
      return item ? deliver(item) : false;
    },
    [deliver],
  );

  const deleteMessage = useCallback(
    async (id: number) => {
      setDeleteError(null);
      setMessages((current) => current.map((m) => (m.id === id ? { ...m, deleted: true, body: null, image: null, gift: null } : m)));
      try {
        await chatApi.deleteMessage(id);
      } catch (e) {
        if (isSwallowed(e)) return;
        setDeleteError(e instanceof Error ? e.message : String(e));
        setMessages([]);
        await loadNewest();
      }
    },
    [loadNewest],
  );

  const notifyTyping = useCallback(() => {
    const id = conversationRef.current;
    const other = profileRef.current?.id;
    const now = Date.now();
    if ((id === null && other === undefined) || now - lastTypingSent.current < TYPING_SEND_EVERY_MS) return;
    lastTypingSent.current = now;
    // before the first message there is no conversation yet: the member written to is named instead
    const to = id !== null ? { conversation: id } : { profile: other as number };
    chatApi.typing(to).catch(() => undefined); // best effort: a lost typing signal is harmless
  }, []);

  return {
    status,
    loadError,
    profile,
    conversation,
    messages,
    pending,
    hasMore,
    loadingOlder,
    readUpTo,
    costs,
    historyDays,
    typing: typingUntil > Date.now(),
    problem,
    deleteError,
    loadOlder,
    send,
    retry,
    deleteMessage,
    notifyTyping,
    dismissProblem: () => setProblem(null),
    notice,
    dismissNotice: () => setNotice(null),
  };
}
