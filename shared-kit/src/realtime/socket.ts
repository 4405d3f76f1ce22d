/**
 * The tab's one WebSocket to `/api/ws` (issue 11, ARCHITECTURE "Realtime"), started by the shell
 * while a member is logged in:
 * - every frame is checked against the contract (`ZServerFrame`) and published on the typed bus
 *   (frame -> bus event in FRAME_EVENTS), so the shell's badges, mf-chat and mf-members' widgets
 *   follow without polling; a malformed frame is dropped;
 * - the unread badge follows `message:new` to me at once, the new-likes badge follows `like:new`
 *   (each (re)connect reloads the user, whose counts are the server's word);
 * - a closed socket reconnects with exponential back-off (1 s doubling to 30 s, with jitter; at
 *   once when the browser comes back online or the server closed it with 1012 "service restart",
 *   as a draining instance does: docs/operations.md) and asks for what it missed with
 *   `?last_id=<highest message id seen>`; the server's catch-up also re-reads a margin before it
 *   (messages that committed out of id order), and a message this tab already had is dropped;
 * - a `{type:'ping'}` every 25 s: a socket whose `pong` does not come within 10 s is taken for
 *   dead (a laptop waking up, a proxy that dropped it silently) and replaced;
 * - `photo:moderated` (staff approved or rejected one of my photos) goes on the bus; `account:banned`
 *   ends the session and shows the ban page (state/banned.ts);
 * - `realtime:state` tells whether the socket is up: while it is down the periodic refresh of
 *   the refresh is what keeps the page current (see `startPeriodicRefresh`'s `skipWhile`).
 */
import { ZWsServerFrame } from '../contracts/chat';
import type { WsServerFrame } from '../contracts/chat';
import { bus } from '../bus/bus';
import { badgesAtom, sessionAtom, store } from '../state/atoms';
import { endBannedSession } from '../state/banned';

export const REALTIME_PATH = '/api/ws';
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
export const PING_EVERY_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;
/** close code 1012 "service restart": the server is draining (or lost its LISTEN); reconnect at once */
export const SERVICE_RESTART = 1012;
/** how many message ids a tab remembers to drop a message the catch-up sends again */
export const SEEN_MAX = 2_000;

export interface RealtimeOptions {
  /** absolute ws(s) URL of the endpoint; default: the page's origin + /api/ws */
  url?: string;
  /** the WebSocket constructor (default: the browser's) */
  WebSocket?: typeof WebSocket;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** 0..1 random source for the jitter (tests pass () => 1) */
  random?: () => number;
  pingEveryMs?: number;
  pongTimeoutMs?: number;
}

export interface RealtimeConnection {
  stop(): void;
  readonly connected: boolean;
  /** the highest message id this tab has seen (sent as last_id on reconnect; `ready` frames count) */
  readonly lastId: number | null;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ZWsServerFrame.def.options.flatMap((option) => option.shape.type.def.values));

declare global {
  var __datingRealtime__: { connected: boolean } | undefined;
}

/** Whether this tab's socket is open now (false when none was started). */
export function isRealtimeConnected(): boolean {
  return globalThis.__datingRealtime__?.connected ?? false;
}

function defaultUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${REALTIME_PATH}`;
}

/** Publish one frame on the bus (and keep the badges in step). */
export function publishFrame(frame: WsServerFrame): void {
  switch (frame.type) {
    case 'message:new': {
      const me = store.get(sessionAtom);
      if (me && frame.message.sender !== me.profile.id) bus.emit('chat:unread-changed', { unread: store.get(badgesAtom).unread + 1 });
      bus.emit('chat:message', frame.profile ? { message: frame.message, profile: frame.profile } : { message: frame.message });
      return;
    }
    case 'message:deleted':
      bus.emit('chat:message-deleted', { conversation: frame.conversation, id: frame.id });
      return;
    case 'chat:deleted':
      bus.emit('chat:deleted', { conversation: frame.conversation });
      return;
    case 'typing':
      bus.emit('chat:typing', { conversation: frame.conversation, profile: frame.profile });
      return;
    case 'read':
      bus.emit('chat:read', { conversation: frame.conversation, reader: frame.reader, up_to: frame.up_to });
      return;
    case 'like:new':
      bus.emit('like:new', { profile: frame.profile, new_likes: frame.new_likes });
      bus.emit('likes:changed', { newLikes: frame.new_likes });
      return;
    case 'match:new':
      bus.emit('match:new', { profile: frame.profile });
      return;
    case 'credits:changed':
      bus.emit('credits:changed', { credits: frame.credits });
      return;
    case 'photo:moderated':
      bus.emit('photo:moderated', { photo: frame.photo, status: frame.status, rejection_reason: frame.rejection_reason });
      return;
    case 'account:banned':
      endBannedSession();
      return;
    case 'operator:inbox':
      bus.emit('operator:inbox', { conversation: frame.conversation });
      return;
    case 'error':
      console.error('[realtime] the server refused a frame', frame.error, frame.message);
      return;
    case 'ready':
    case 'pong':
      return;
  }
}

/** Open the socket and keep it open until stop(). */
export function startRealtime(options: RealtimeOptions = {}): RealtimeConnection {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const minDelay = options.minDelayMs ?? RECONNECT_MIN_MS;
  const maxDelay = options.maxDelayMs ?? RECONNECT_MAX_MS;
  const random = options.random ?? Math.random;
  const baseUrl = options.url ?? defaultUrl();
  const pingEvery = options.pingEveryMs ?? PING_EVERY_MS;
  const pongTimeout = options.pongTimeoutMs ?? PONG_TIMEOUT_MS;
  const state = { connected: false };
  globalThis.__datingRealtime__ = state;

  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastId: number | null = null;
  /** the message:new frames published lately (id, and the scam guard's state: a held message's release or rejection comes again with its id), oldest first */
  const seen = new Set<string>();
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const stopPing = () => {
    if (pingTimer !== undefined) clearInterval(pingTimer);
    if (pongTimer !== undefined) clearTimeout(pongTimer);
    pingTimer = undefined;
    pongTimer = undefined;
  };

  const setConnected = (connected: boolean) => {
    if (state.connected === connected) return;
    state.connected = connected;
    bus.emit('realtime:state', { connected });
  };

  const onMessage = (event: MessageEvent) => {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      console.error('[realtime] dropped a frame that is not JSON');
      return;
    }
    const parsed = ZWsServerFrame.safeParse(data);
    if (!parsed.success) {
      // a frame type this build does not know yet (the server may be newer) is ignored quietly
      const type = data && typeof data === 'object' && 'type' in data ? String(data.type) : '';
      if (!type || KNOWN_TYPES.has(type)) console.error('[realtime] dropped a malformed frame', parsed.error.issues);
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'message:new') lastId = Math.max(lastId ?? 0, frame.message.id);
    if (frame.type === 'ready' && frame.last_id > 0) lastId = Math.max(lastId ?? 0, frame.last_id);
    if (pongTimer !== undefined) {
      // any frame shows the socket is alive
      clearTimeout(pongTimer);
      pongTimer = undefined;
    }
    if (frame.type === 'message:new') {
      // the catch-up re-reads a margin before last_id (sends commit out of id order): what this
      // tab has already had is not published twice (the unread badge would count it again)
      const key = `${frame.message.id}${frame.message.held ? (frame.message.held_rejected ? ':rejected' : ':held') : ''}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as string);
    }
    publishFrame(frame);
  };

  const connect = () => {
    timer = undefined;
    if (stopped) return;
    const url = new URL(baseUrl);
    if (lastId !== null) url.searchParams.set('last_id', String(lastId));
    let ws: WebSocket;
    try {
      ws = new Socket(url.toString());
    } catch (error) {
      console.error('[realtime] cannot open the socket', error);
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      attempt = 0;
      setConnected(true);
      stopPing();
      pingTimer = setInterval(() => {
        if (socket !== ws || pongTimer !== undefined) return;
        ws.send(JSON.stringify({ type: 'ping' }));
        pongTimer = setTimeout(() => {
          pongTimer = undefined;
          if (socket === ws) drop(ws);
        }, pongTimeout);
      }, pingEvery);
    });
    ws.addEventListener('message', onMessage);
    ws.addEventListener('close', (event) => {
      if (socket === ws) drop(ws, event.code === SERVICE_RESTART);
    });
  };

  /**
   * This socket is finished (closed, or silent): forget it and come back later, or at once when
   * the server said it restarts (1012: another instance takes the tab and its catch-up).
   */
  const drop = (ws: WebSocket, now = false) => {
    socket = null;
    stopPing();
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    setConnected(false);
    if (now && !stopped && timer === undefined) {
      attempt = 0;
      connect();
    } else scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (stopped || timer !== undefined) return;
    const ceiling = Math.min(maxDelay, minDelay * 2 ** attempt);
    attempt += 1;
    // "equal jitter": between half and all of the ceiling, so many tabs do not come back at once
    timer = setTimeout(connect, Math.round(ceiling / 2 + (ceiling / 2) * random()));
  };

  const onOnline = () => {
    if (stopped || socket) return;
    if (timer !== undefined) clearTimeout(timer);
    attempt = 0;
    connect();
  };
  globalThis.addEventListener?.('online', onOnline);
  connect();

  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      stopPing();
      globalThis.removeEventListener?.('online', onOnline);
      const ws = socket;
      socket = null;
      ws?.close(1000);
      setConnected(false);
      if (globalThis.__datingRealtime__ === state) globalThis.__datingRealtime__ = undefined;
    },
    get connected() {
      return state.connected;
    },
    get lastId() {
      return lastId;
    },
  };
}
