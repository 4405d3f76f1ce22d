/**
 * Live delivery: the WebSocket at /api/ws and the fan-out between server instances.
 *
 * Every change that someone's screen must see NOTIFYs channel `realtime` with ids only
 * (notify.ts), in the transaction that made it, so PostgreSQL delivers it at commit to every
 * instance that LISTENs (db/listen.ts: one dedicated connection per instance; on PGlite the
 * same call, in-process). Each instance holds the sockets of its own members (`sockets`), and
 * for a notification that concerns one of them re-reads the rows (a batch of message ids per
 * tick: one query however many messages arrive together) and sends the frames.
 *
 * A socket that (re)connects with `?last_id=<id>` first gets every message after that id that its
 * member may see, also those with a smaller id that committed late, and the deletions meanwhile
 * (the catch-up, catch-up.ts), then `ready`; frames that arrive during the catch-up wait and are
 * sent after it, without duplicates. When the listener's own connection drops (state false), every
 * socket of this instance is closed with 1012 so the browsers reconnect and catch up: nothing
 * sent during the gap is lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { and, eq, sql } from 'drizzle-orm';
import { ZPhotoRejectReason } from '@dating/shared-kit/contracts';
import type { WsServerFrame } from '@dating/shared-kit/contracts';
import { intArray } from '../../db/client';
import type { Db, DbHandle } from '../../db/client';
import { prepared } from '../../db/prepared';
import { listen } from '../../db/listen';
import type { Listener } from '../../db/listen';
import { likes, messages, users } from '../../db/schema';
import { countNewLikes, findMember, isBlockedBetween, loadProfiles } from '../members';
import { catchUp, newestId, REPLAY_MAX } from './catch-up';
import { REALTIME_CHANNEL } from './notify';
import { toMessage } from './message-view';
import { ProfileRefs } from './profile-refs';
import type { MessageRow } from './message-view';

/** own sends' ids kept until their notification comes (deliverOwn) */
const OWN_MAX = 10_000;

export interface Client {
  socket: WebSocket;
  userId: number;
  cdnPrefix: string;
  /** staff with the operator role: gets the operator console's inbox frames (issue 15) */
  operator?: boolean;
  /** history window of the member's site */
  since: () => Date;
  /** frames held while the catch-up runs (null: live) */
  held: WsServerFrame[] | null;
  /** message ids sent by the catch-up */
  replayed: Set<number>;
}

export class RealtimeHub {
  private readonly clients = new Map<number, Set<Client>>();
  private listener: Listener | null = null;
  private pendingMessages = new Set<number>();
  /** messages this instance's own sends delivered to its sockets already: their 'm' is not read back here */
  private readonly own = new Set<number>();
  private readonly refs: ProfileRefs;
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  /** notifications handled (tests and the bench read it) */
  delivered = 0;
  /** messages read back from the database for delivery (tests: an own send is not) */
  readBack = 0;
  /** message:new frames sent to sockets here (metrics.ts) */
  messagesDelivered = 0;
  /** told of every new message ('m'), whoever it is for (notifications/message-notifier.ts) */
  private readonly messageHooks: (() => void)[] = [];
  /** told of the members a new message ('m') or a balance ('c') concerns (app.ts: the answer cache) */
  private readonly memberHooks: ((ids: readonly number[]) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.refs = new ProfileRefs(db);
  }

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
    await this.flushing;
  }

  get socketCount(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
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

  /** Register a socket, run its catch-up after `lastId` (when given), then `ready`. */
  async add(client: Client, lastId: number | undefined): Promise<void> {
    let set = this.clients.get(client.userId);
    if (!set) this.clients.set(client.userId, (set = new Set()));
    set.add(client);
    client.held = [];
    try {
      let newest = lastId ?? 0;
      if (lastId != null) {
        const { rows, deleted } = await catchUp(this.db, client.userId, lastId, client.since());
        for (const row of rows) {
          client.replayed.add(row.id);
          this.write(client, { type: 'message:new', message: toMessage(row, client.userId, 0, client.cdnPrefix) });
          newest = Math.max(newest, row.id);
        }
        for (const d of deleted) this.write(client, { type: 'message:deleted', conversation: d.conversation, id: d.id });
      } else {
        newest = await newestId(this.db, client.userId);
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

  /** Send to every socket of a member; a function builds the frame per socket (null: nothing for it). */
  private toUser(userId: number, frame: WsServerFrame | ((c: Client) => WsServerFrame | null)): number {
    const set = this.clients.get(userId);
    if (!set) return 0;
    let sent = 0;
    for (const c of set) {
      const f = typeof frame === 'function' ? frame(c) : frame;
      if (f) {
        this.send(c, f);
        sent++;
      }
    }
    return sent;
  }

  /** One notification of channel `realtime` (notify.ts). Never throws. */
  onNotify(payload: string): void {
    this.delivered++;
    const [kind, ...rest] = payload.split(':');
    const n = rest.map((p) => Number(p));
    try {
      switch (kind) {
        case 'm':
          for (const hook of this.messageHooks) hook();
          for (const hook of this.memberHooks) hook([n[1] as number, n[2] as number]);
          if (Number.isInteger(n[0]) && !this.own.delete(n[0] as number) && (this.has(n[1] as number) || this.has(n[2] as number)))
            this.queueMessage(n[0] as number);
          break;
        case 'md': {
          const [id, conversation, a, b] = n as [number, number, number, number];
          for (const u of [a, b]) this.toUser(u, { type: 'message:deleted', conversation, id });
          break;
        }
        case 'cd': {
          const conversation = n[0] as number;
          for (const u of (rest[1] ?? '').split(',').map(Number)) this.toUser(u, { type: 'chat:deleted', conversation });
          break;
        }
        case 't': {
          const [conversation, from, to] = n as [number, number, number];
          this.toUser(to, { type: 'typing', conversation, profile: from });
          break;
        }
        case 'r': {
          const [conversation, reader, other, upTo] = n as [number, number, number, number];
          const frame: WsServerFrame = { type: 'read', conversation, reader, up_to: upTo };
          this.toUser(other, frame);
          this.toUser(reader, frame);
          break;
        }
        case 'c': {
          const [userId, credits] = n as [number, number];
          for (const hook of this.memberHooks) hook([userId]);
          if (credits >= 0) this.toUser(userId, { type: 'credits:changed', credits });
          break;
        }
        case 'l': {
          const [liker, liked] = n as [number, number];
          if (this.has(liked)) void this.deliverLike(liker, liked);
          break;
        }
        case 'oi': {
          // a chatpal conversation changed: every operator's console reloads (ids only, no content)
          const conversation = n[0] as number;
          for (const set of this.clients.values())
            for (const c of set) if (c.operator) this.send(c, { type: 'operator:inbox', conversation });
          break;
        }
        case 'confirmed':
          void this.deliverHeld(n[0] as number);
          break;
        case 'ph': {
          // ph:<photo>:<owner>:<active|rejected>:<reason|->  (members/moderation.ts)
          const [photo, owner] = n as [number, number];
          const status = rest[2] === 'rejected' ? 'rejected' : 'active';
          const reason = ZPhotoRejectReason.safeParse(rest[3]);
          this.toUser(owner, {
            type: 'photo:moderated',
            photo,
            status,
            rejection_reason: status === 'rejected' ? (reason.success ? reason.data : 'other') : null,
          });
          break;
        }
        case 'ban':
          this.endSessions(n[0] as number);
          break;
        default:
          this.log.debug({ payload }, 'unknown realtime notification');
      }
    } catch (err) {
      this.log.warn({ err, payload }, 'realtime notification failed');
    }
  }

  /**
   * A message this instance has just stored for a member's send (chat/routes.ts): its sockets here
   * get the frames now, from the row in hand, and the message's 'm' notification is not read back
   * here (other instances read it by id as before). On PGlite the notification came first, with
   * the statement's result: its queued read is dropped instead.
   */
  deliverOwn(message: MessageRow, senderConfirmed: boolean): void {
    if (!this.pendingMessages.delete(message.id)) {
      this.own.add(message.id);
      // a notification that never comes (a lost connection) leaves its id: the oldest go first
      if (this.own.size > OWN_MAX) this.own.delete(this.own.values().next().value as number);
    }
    if (!this.has(message.senderId) && !this.has(message.recipientId)) return;
    void this.deliverRows([{ message, confirmed: senderConfirmed }]).catch((err: unknown) =>
      this.log.warn({ err }, 'realtime message delivery failed'),
    );
  }

  private queueMessage(id: number): void {
    this.pendingMessages.add(id);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Load the queued messages in one query and send them to whoever is connected here. */
  private async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    if (this.pendingMessages.size === 0) return;
    const ids = [...this.pendingMessages];
    this.pendingMessages.clear();
    this.flushing = (async () => {
      try {
        // one statement text for any number of ids: prepared once per connection
        const statement = prepared(this.db, 'realtime_messages', (d) =>
          d
            .select({ message: messages, confirmed: users.emailConfirmed })
            .from(messages)
            .innerJoin(users, eq(users.id, messages.senderId))
            .where(sql`${messages.id} = any(${sql.placeholder('ids')}::int[])`)
            .prepare('realtime_messages'),
        );
        const rows = await statement.execute({ ids: intArray(ids) });
        this.readBack += rows.length;
        await this.deliverRows(rows);
      } catch (err) {
        this.log.warn({ err }, 'realtime message delivery failed');
      } finally {
        this.flushing = null;
      }
    })();
    await this.flushing;
  }

  /** message:new to the sockets here of the sender, and of the recipient when the sender's address is confirmed (held otherwise). */
  private async deliverRows(rows: readonly { message: MessageRow; confirmed: boolean }[]): Promise<void> {
    // the other member's ref in each frame: only for the frames that have a socket here
    const people = new Set<number>();
    for (const { message, confirmed } of rows) {
      if (this.has(message.senderId)) people.add(message.recipientId);
      if (confirmed && !message.held && this.has(message.recipientId)) people.add(message.senderId);
    }
    const refs = await this.refs.get([...people], this.anyCdnPrefix());
    const ref = (id: number) => refs.get(id);
    for (const { message, confirmed } of rows) {
      const toSender = ref(message.recipientId);
      this.messagesDelivered += this.toUser(message.senderId, (c) => ({
        type: 'message:new',
        message: toMessage(message, c.userId, 0, c.cdnPrefix),
        ...(toSender ? { profile: toSender } : {}),
      }));
      // held back: the sender has not confirmed their address, or the scam guard holds it (issue 26)
      if (!confirmed || message.held) continue;
      const toRecipient = ref(message.senderId);
      this.messagesDelivered += this.toUser(message.recipientId, (c) => ({
        type: 'message:new',
        message: toMessage(message, c.userId, 0, c.cdnPrefix),
        ...(toRecipient ? { profile: toRecipient } : {}),
      }));
    }
  }

  /** The cdn prefix of some connected socket (profile pictures of the message:new frames; one per instance in practice). */
  private anyCdnPrefix(): string {
    for (const set of this.clients.values()) for (const c of set) return c.cdnPrefix;
    return '/uploads/';
  }

  /** like:new (and match:new when it made a match) to the liked member, if the like is not held. */
  private async deliverLike(likerId: number, likedId: number): Promise<void> {
    try {
      const liker = await findMember(this.db, likerId);
      if (!liker || liker.user.invisible || !liker.user.emailConfirmed) return;
      if (await isBlockedBetween(this.db, likerId, likedId)) return;
      const set = this.clients.get(likedId);
      const first = set?.values().next().value;
      if (!first) return;
      const [profile] = await loadProfiles(this.db, [likerId], { viewerId: likedId, cdnPrefix: first.cdnPrefix });
      if (!profile) return;
      const newLikes = await countNewLikes(this.db, likedId);
      this.toUser(likedId, { type: 'like:new', profile, new_likes: newLikes });
      const [back] = await this.db
        .select({ one: sql<number>`1` })
        .from(likes)
        .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)))
        .limit(1);
      if (back) this.toUser(likedId, { type: 'match:new', profile });
    } catch (err) {
      this.log.warn({ err }, 'realtime like delivery failed');
    }
  }

  /** The member confirmed their e-mail address: their held messages reach connected recipients. */
  private async deliverHeld(senderId: number): Promise<void> {
    try {
      const rows = await this.db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, senderId), sql`${messages.deletedAt} is null`))
        .orderBy(messages.id)
        .limit(REPLAY_MAX);
      for (const row of rows) {
        if (row.held) continue;
        this.toUser(row.recipientId, (c) =>
          row.createdAt > c.since() ? { type: 'message:new', message: toMessage(row, c.userId, 0, c.cdnPrefix) } : null,
        );
      }
    } catch (err) {
      this.log.warn({ err }, 'realtime held delivery failed');
    }
  }
}
