/**
 * Live delivery: this instance's WebSockets (/api/ws, chat/routes.ts) and the fan-out between
 * server instances.
 *
 * Every change that someone's screen must see NOTIFYs channel `realtime` with ids only
 * (notify.ts), in the transaction that made it, so PostgreSQL delivers it at commit to every
 * instance that LISTENs (db/listen.ts: one dedicated connection per instance; on PGlite the
 * same call, in-process). Each instance holds the sockets of its own members. A notification
 * whose frames it carries itself (protocol.ts framesOf) goes straight to the sockets concerned;
 * the others go to the handlers a module registered with `handle(kind, fn)` (chat/live.ts re-reads
 * messages and likes), so this platform code never imports a module.
 *
 * A socket that (re)connects with `?last_id=<id>` first gets the catch-up of the registered
 * `CatchUp` (the messages and deletions it missed), then `ready`; frames that arrive during the
 * catch-up wait and are sent after it, without duplicates. When the listener's own connection
 * drops (state false), every socket of this instance is closed with 1012 so the browsers reconnect
 * and catch up: nothing sent during the gap is lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { WsServerFrame } from '@dating/shared-kit/contracts';
import type { DbHandle } from '../../db/client';
import { listen } from '../../db/listen';
import type { Listener } from '../../db/listen';
import { REALTIME_CHANNEL } from './notify';
import { framesOf, parseNotification } from './protocol';
import type { RealtimeKind, RealtimeNotification } from './protocol';

export interface Client {
  socket: WebSocket;
  userId: number;
  cdnPrefix: string;
  /** staff with the operator role: gets the operator console's inbox frames */
  operator?: boolean;
  /** history window of the member's site */
  since: () => Date;
  /** frames held while the catch-up runs (null: live) */
  held: WsServerFrame[] | null;
  /** message ids sent by the catch-up */
  replayed: Set<number>;
}

/** What a (re)connecting socket missed: set by the module that owns the messages (chat/live.ts). */
export interface CatchUp {
  /** the frames after `lastId` (message:new, message:deleted) and the newest message id they reach */
  replay(client: Client, lastId: number): Promise<{ frames: WsServerFrame[]; newest: number }>;
  /** the newest message id the member has (a socket without last_id starts there) */
  newest(userId: number): Promise<number>;
}

type Handler<K extends RealtimeKind> = (n: Extract<RealtimeNotification, { kind: K }>) => void;

export class RealtimeHub {
  private readonly clients = new Map<number, Set<Client>>();
  private listener: Listener | null = null;
  private catchUp: CatchUp | null = null;
  private readonly handlers = new Map<RealtimeKind, ((n: RealtimeNotification) => void)[]>();
  /** work a handler started (a read back from the database): stop() waits for it */
  private readonly pending = new Set<Promise<unknown>>();
  /** notifications handled (tests and the bench read it) */
  delivered = 0;
  /** message:new frames sent to sockets here (metrics.ts) */
  messagesDelivered = 0;
  /** told of every new message ('m'), whoever it is for (notifications/message-notifier.ts) */
  private readonly messageHooks: (() => void)[] = [];
  /** told of the members a new message ('m') or a balance ('c') concerns (the answer cache) */
  private readonly memberHooks: ((ids: readonly number[]) => void)[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  async start(handle: DbHandle): Promise<void> {
    this.listener = await listen(handle, REALTIME_CHANNEL, {
      message: (payload) => this.onNotify(payload),
      state: (live) => {
        // notifications may have been missed: let every browser reconnect and catch up
        if (!live) for (const set of this.clients.values()) for (const c of set) c.socket.close(1012, 'reconnect');
      },
    });
  }

  /** Close every socket here with `code` (1012 "service restart" on SIGTERM: browsers reconnect at once, elsewhere). */
  closeAll(code: number, reason: string): void {
    for (const set of this.clients.values()) for (const c of set) c.socket.close(code, reason);
  }

  async stop(): Promise<void> {
    for (const set of this.clients.values()) for (const c of set) c.socket.close(1001, 'server closing');
    this.clients.clear();
    await this.listener?.close();
    this.listener = null;
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  get socketCount(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /** The catch-up of (re)connecting sockets (one module owns the messages). */
  setCatchUp(catchUp: CatchUp): void {
    this.catchUp = catchUp;
  }

  /** Call `fn` for every notification of `kind` (those without frames of their own: 'm', 'l', 'confirmed'). */
  handle<K extends RealtimeKind>(kind: K, fn: Handler<K>): void {
    const list = this.handlers.get(kind) ?? [];
    list.push(fn as (n: RealtimeNotification) => void);
    this.handlers.set(kind, list);
  }

  /** Keep `work` (a handler's read back) until it settles: stop() waits for it before the database closes. */
  track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => {});
  }

  /** Call `hook` whenever a message was sent, on any instance. */
  onMessage(hook: () => void): void {
    this.messageHooks.push(hook);
  }

  /**
   * Call `hook` with the members whose answers a new message or a changed balance touched, on any
   * instance (these two no longer notify member_cache themselves: migration 0026).
   */
  onMembersChanged(hook: (ids: readonly number[]) => void): void {
    this.memberHooks.push(hook);
  }

  has(userId: number): boolean {
    return (this.clients.get(userId)?.size ?? 0) > 0;
  }

  /** The cdn prefix of a socket of `userId` here (any socket's when not given; one per instance in practice), or null. */
  cdnPrefix(userId?: number): string | null {
    const sets = userId === undefined ? this.clients.values() : [this.clients.get(userId) ?? new Set<Client>()];
    for (const set of sets) for (const c of set) return c.cdnPrefix;
    return null;
  }

  /** Register a socket, run its catch-up after `lastId` (when given), then `ready`. */
  async add(client: Client, lastId: number | undefined): Promise<void> {
    let set = this.clients.get(client.userId);
    if (!set) this.clients.set(client.userId, (set = new Set()));
    set.add(client);
    client.held = [];
    try {
      let newest = lastId ?? 0;
      if (this.catchUp && lastId != null) {
        const replay = await this.catchUp.replay(client, lastId);
        for (const frame of replay.frames) {
          if (frame.type === 'message:new') client.replayed.add(frame.message.id);
          this.write(client, frame);
        }
        newest = Math.max(newest, replay.newest);
      } else if (this.catchUp) {
        newest = await this.catchUp.newest(client.userId);
      }
      const held = client.held;
      client.held = null;
      for (const frame of held) {
        if (frame.type === 'message:new' && client.replayed.has(frame.message.id)) continue;
        if (frame.type === 'message:new') newest = Math.max(newest, frame.message.id);
        this.write(client, frame);
      }
      client.replayed.clear();
      this.write(client, { type: 'ready', last_id: newest });
    } catch (err) {
      this.log.warn({ err }, 'realtime catch-up failed');
      client.socket.close(1011, 'catch-up failed');
    }
  }

  remove(client: Client): void {
    const set = this.clients.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.clients.delete(client.userId);
  }

  /** Send to one socket (frames held during its catch-up). Never throws. */
  send(client: Client, frame: WsServerFrame): void {
    if (client.held) client.held.push(frame);
    else this.write(client, frame);
  }

  /** Send to every socket of a member; a function builds the frame per socket (null: nothing for it). Returns the sockets sent to. */
  sendToUser(userId: number, frame: WsServerFrame | ((c: Client) => WsServerFrame | null)): number {
    const set = this.clients.get(userId);
    if (!set) return 0;
    let sent = 0;
    for (const c of set) {
      const f = typeof frame === 'function' ? frame(c) : frame;
      if (f) {
        this.send(c, f);
        sent++;
        if (f.type === 'message:new') this.messagesDelivered++;
      }
    }
    return sent;
  }

  /** Straight onto the socket (the catch-up's own frames). */
  private write(client: Client, frame: WsServerFrame): void {
    if (client.socket.readyState !== 1) return;
    try {
      client.socket.send(JSON.stringify(frame));
    } catch (err) {
      this.log.debug({ err }, 'websocket send failed');
    }
  }

  /** The member was banned (members/bans.ts): every socket of theirs here hears it and closes. */
  private endSessions(userId: number): void {
    const set = this.clients.get(userId);
    if (!set) return;
    for (const c of [...set]) {
      this.write(c, { type: 'account:banned' });
      c.socket.close(4003, 'account banned');
    }
    this.clients.delete(userId);
  }

  /** One notification of channel `realtime` (notify.ts). Never throws. */
  onNotify(payload: string): void {
    this.delivered++;
    const n = parseNotification(payload);
    if (!n) {
      this.log.debug({ payload }, 'unknown realtime notification');
      return;
    }
    try {
      if (n.kind === 'm') {
        for (const hook of this.messageHooks) hook();
        for (const hook of this.memberHooks) hook([n.sender, n.recipient]);
      } else if (n.kind === 'c') {
        for (const hook of this.memberHooks) hook([n.userId]);
      } else if (n.kind === 'ban') {
        this.endSessions(n.userId);
      }
      for (const { to, frame } of framesOf(n)) {
        if (to === 'operators') {
          for (const set of this.clients.values()) for (const c of set) if (c.operator) this.send(c, frame);
        } else {
          for (const id of to) this.sendToUser(id, frame);
        }
      }
      for (const fn of this.handlers.get(n.kind) ?? []) fn(n);
    } catch (err) {
      this.log.warn({ err, payload }, 'realtime notification failed');
    }
  }
}
