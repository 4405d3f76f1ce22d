/**
 * The chat's part of live delivery: what the realtime hub (platform/realtime/hub.ts) cannot send
 * from a notification alone. A new message ('m') is re-read (a batch of ids per tick: one query
 * however many messages arrive together) when its sender or recipient has a socket here; a like
 * ('l') becomes like:new / match:new; a confirmed address ('confirmed') releases the held
 * messages; a (re)connecting socket gets its catch-up (catch-up.ts). `registerLive(app)` hands
 * these to the hub (the chat plugin calls it).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { WsServerFrame } from '@dating/shared-kit/contracts';
import { intArray } from '../../db/client';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { likes, messages, users } from '../../db/schema';
import type { Client, RealtimeHub } from '../../platform/realtime/hub';
import { isBlockedBetween } from '../../platform/blocks';
import { countNewLikes, findMember, loadProfiles } from '../members';
import { catchUp, newestId, REPLAY_MAX } from './catch-up';
import { toMessage } from './message-view';
import type { MessageRow } from './message-view';
import { ProfileRefs } from './profile-refs';

/** own sends' ids kept until their notification comes (deliverOwn) */
const OWN_MAX = 10_000;

export class LiveMessages {
  private pendingMessages = new Set<number>();
  /** messages this instance's own sends delivered to its sockets already: their 'm' is not read back here */
  private readonly own = new Set<number>();
  private readonly refs: ProfileRefs;
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  /** messages read back from the database for delivery (tests: an own send is not) */
  readBack = 0;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.refs = new ProfileRefs(db);
  }

  /** Hand the catch-up and the handlers of 'm', 'l' and 'confirmed' to the hub. */
  attach(): void {
    this.hub.setCatchUp({
      replay: (client, lastId) => this.replay(client, lastId),
      newest: (userId) => newestId(this.db, userId),
    });
    this.hub.handle('m', (n) => {
      if (!this.own.delete(n.id) && (this.hub.has(n.sender) || this.hub.has(n.recipient))) this.queueMessage(n.id);
    });
    this.hub.handle('l', (n) => {
      if (this.hub.has(n.liked)) this.hub.track(this.deliverLike(n.liker, n.liked));
    });
    this.hub.handle('confirmed', (n) => this.hub.track(this.deliverHeld(n.userId)));
  }

  private async replay(client: Client, lastId: number): Promise<{ frames: WsServerFrame[]; newest: number }> {
    const { rows, deleted } = await catchUp(this.db, client.userId, lastId, client.since());
    const frames: WsServerFrame[] = [];
    let newest = lastId;
    for (const row of rows) {
      frames.push({ type: 'message:new', message: toMessage(row, client.userId, 0, client.cdnPrefix) });
      newest = Math.max(newest, row.id);
    }
    for (const d of deleted) frames.push({ type: 'message:deleted', conversation: d.conversation, id: d.id });
    return { frames, newest };
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
    if (!this.hub.has(message.senderId) && !this.hub.has(message.recipientId)) return;
    this.hub.track(
      this.deliverRows([{ message, confirmed: senderConfirmed }]).catch((err: unknown) =>
        this.log.warn({ err }, 'realtime message delivery failed'),
      ),
    );
  }

  private queueMessage(id: number): void {
    this.pendingMessages.add(id);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.hub.track(this.flush());
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
      if (this.hub.has(message.senderId)) people.add(message.recipientId);
      if (confirmed && !message.held && this.hub.has(message.recipientId)) people.add(message.senderId);
    }
    const refs = await this.refs.get([...people], this.hub.cdnPrefix() ?? '/uploads/');
    const ref = (id: number) => refs.get(id);
    for (const { message, confirmed } of rows) {
      const toSender = ref(message.recipientId);
      this.hub.sendToUser(message.senderId, (c) => ({
        type: 'message:new',
        message: toMessage(message, c.userId, 0, c.cdnPrefix),
        ...(toSender ? { profile: toSender } : {}),
      }));
      // held back: the sender has not confirmed their address, or the scam guard holds it
      if (!confirmed || message.held) continue;
      const toRecipient = ref(message.senderId);
      this.hub.sendToUser(message.recipientId, (c) => ({
        type: 'message:new',
        message: toMessage(message, c.userId, 0, c.cdnPrefix),
        ...(toRecipient ? { profile: toRecipient } : {}),
      }));
    }
  }

  /** like:new (and match:new when it made a match) to the liked member, if the like is not held. */
  private async deliverLike(likerId: number, likedId: number): Promise<void> {
    try {
      const liker = await findMember(this.db, likerId);
      if (!liker || liker.user.invisible || !liker.user.emailConfirmed) return;
      if (await isBlockedBetween(this.db, likerId, likedId)) return;
      const cdnPrefix = this.hub.cdnPrefix(likedId);
      if (cdnPrefix === null) return;
      const [profile] = await loadProfiles(this.db, [likerId], { viewerId: likedId, cdnPrefix });
      if (!profile) return;
      const newLikes = await countNewLikes(this.db, likedId);
      this.hub.sendToUser(likedId, { type: 'like:new', profile, new_likes: newLikes });
      const [back] = await this.db
        .select({ one: sql<number>`1` })
        .from(likes)
        .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)))
        .limit(1);
      if (back) this.hub.sendToUser(likedId, { type: 'match:new', profile });
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
        this.hub.sendToUser(row.recipientId, (c) =>
          row.createdAt > c.since() ? { type: 'message:new', message: toMessage(row, c.userId, 0, c.cdnPrefix) } : null,
        );
      }
    } catch (err) {
      this.log.warn({ err }, 'realtime held delivery failed');
    }
  }
}

const lives = new WeakMap<RealtimeHub, LiveMessages>();

/** The chat's live delivery of this app (chat/routes.ts: deliverOwn; tests: readBack). */
export function liveMessages(app: FastifyInstance): LiveMessages {
  const live = lives.get(app.realtime);
  if (!live) throw new Error('chat live delivery not registered');
  return live;
}

/** Hand the chat's catch-up and re-reads to the app's realtime hub (once per app). */
export function registerLive(app: FastifyInstance): void {
  if (lives.has(app.realtime)) return;
  const live = new LiveMessages(app.db, app.realtime, app.log);
  live.attach();
  lives.set(app.realtime, live);
}
