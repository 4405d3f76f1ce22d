/**
 * The push and the mail of new chat messages, with the messages table as the outbox: no job per
 * message. One notifier per server instance; a pass takes the cursor row (notifier_cursors
 * 'messages') FOR UPDATE SKIP LOCKED, so one instance at a time handles a batch, reads the
 * messages after the cursor (one query, with what the decision needs: the sender's standing, a
 * block, the recipient's mail preference and whether they have a push subscription), and in ONE
 * transaction with the cursor's move stores the mail events (notification_events): a restart
 * neither loses nor repeats them. After the commit:
 *   - push: one push job (the job queue, pg-boss) per message whose recipient has a subscription,
 *     queued for the whole batch in one statement; the job makes its own checks (preferences,
 *     language, badge count), as for likes and matches;
 *   - mail: for each recipient with new events, a flush job MESSAGE_MAIL_WAIT_MS later (mails.ts:
 *     what they have read by then is not mailed; the first mail of the hour goes out then, later
 *     ones are gathered), queued for the batch in one statement and skipped while this instance
 *     knows a flush of theirs is already scheduled (the events wait in notification_events for it).
 * A pass runs when this instance hears of a message (the realtime 'm' notification, any instance's
 * send), at start, and every POLL_MS as a safety net. A held message (sender's address not confirmed) is not news: passed
 * over; notifyReleased announces it at the confirmation.
 *
 * Ids are taken at insert and commit in another order, and a rolled-back send leaves its id unused:
 * an id below the newest one read that is not there yet is a hole, read again on every pass until
 * it shows up or is HOLE_MS old.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { intArray, selectRows } from '../../db/client';
import { messages, notificationEvents, notifierCursors } from '../../db/schema';
import { DEFAULT_PREFERENCES } from './preferences';
import { MESSAGE_MAIL_WAIT_MS, type MailContext } from './mails';
import { MAIL_FLUSH_JOB, PUSH_JOB, type NotificationEvent } from './service';

export const NOTIFIER = 'messages';
/** messages handled per pass */
export const BATCH = 500;
/** a missing id is waited for this long (a send transaction lasts milliseconds) */
export const HOLE_MS = 60_000;
const HOLES_MAX = 10_000;
/**
 * The safety net only: every send NOTIFYs at its commit ('m', also a late-committing hole's) and
 * wakes the notifier, and start() passes at once. The poll catches what a failed pass left and
 * whatever a lost notification (the listener's reconnect) did not announce.
 */
export const POLL_MS = 15_000;
/**
 * a pass soon after a message was heard of: the ones arriving meanwhile join its batch (a push
 * leaves at most this late; each pass costs every instance a transaction, so not every 50 ms)
 */
const WAKE_MS = 250;

/** the notifier of each app (keyed by its one realtime hub: plugins see the same one) */
const notifiers = new WeakMap<object, MessageNotifier>();

export function registerNotifier(app: FastifyInstance, notifier: MessageNotifier): void {
  notifiers.set(app.realtime, notifier);
}

/** The app's message notifier (server.ts starts it; tests drain it). */
export function messageNotifier(app: FastifyInstance): MessageNotifier {
  const notifier = notifiers.get(app.realtime);
  if (!notifier) throw new Error('the notifications module is not registered');
  return notifier;
}

interface Row {
  id: number;
  actor: number;
  member: number;
  conversation: number;
  actor_ok: boolean;
  mail: boolean;
  push: boolean;
}

export class MessageNotifier {
  private timer: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  /** only a started notifier passes by itself (the server; tests drain it) */
  private stopped = true;
  /** recipient -> when a flush of their message mail is known to be scheduled (past ones pruned each pass) */
  private readonly flushAt = new Map<number, number>();

  constructor(
    private readonly app: FastifyInstance,
    readonly mail: MailContext,
  ) {}

  start(): void {
    this.stopped = false;
    this.poll = setInterval(() => this.wake(0), POLL_MS);
    this.poll.unref();
    // what was sent while no notifier ran (a restart) comes now, not at the first poll
    this.wake(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.timer) clearTimeout(this.timer);
    this.poll = this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** how many recipients' message mails this notifier knows to be scheduled (tests: the map is pruned) */
  get scheduledMails(): number {
    return this.flushAt.size;
  }

  /** The messages there are now are passed over (the demo seed's: no news to anyone). */
  async skipExisting(): Promise<void> {
    await this.app.db
      .update(notifierCursors)
      .set({ lastId: sql`(select coalesce(max(id), 0) from ${messages})`, holes: [], updatedAt: new Date() })
      .where(sql`${notifierCursors.name} = ${NOTIFIER}`);
  }

  /** A message was sent (on any instance): a pass soon. */
  wake(delay = WAKE_MS): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delay);
  }

  /** Passes until nothing is left (tests; the loop calls run). Returns how many messages were handled. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      if (this.running) await this.running.catch(() => 0);
      const n = await this.run();
      total += n;
      if (n === 0) return total;
    }
  }

  private async run(): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      let handled = 0;
      try {
        do {
          this.again = false;
          const n = await this.pass();
          handled += n;
          if (n >= BATCH) this.again = true;
        } while (this.again && !this.stopped);
      } catch (err) {
        this.app.log.warn({ err }, 'message notifier pass failed (the next pass tries again)');
      }
      return handled;
    })();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** One batch: decide, store the mail events and move the cursor (one transaction), then push and mail. */
  async pass(now = Date.now()): Promise<number> {
    const batch = await this.app.withTx(async (tx) => {
      const [cursor] = await tx
        .select()
        .from(notifierCursors)
        .where(sql`${notifierCursors.name} = ${NOTIFIER}`)
        .for('update', { skipLocked: true });
      if (!cursor) return null; // another instance is passing
      const holes = new Map(cursor.holes.filter(([, at]) => now - at < HOLE_MS));
      // the ids after the cursor and the holes (held and deleted messages fill theirs too), then what they need
      const ids = (
        await selectRows<{ id: number }>(
          tx,
          sql`select id from ${messages} where id > ${cursor.lastId}::int or id = any(${intArray(holes.keys())}::int[]) order by id limit ${BATCH}`,
        )
      ).map((r) => Number(r.id));
      const seen = new Set(ids);
      const top = ids.reduce((max, id) => Math.max(max, id), cursor.lastId);
      const rows =
        ids.length === 0
          ? []
          : await selectRows<Row>(
              tx,
              sql`select m.id, m.sender_id as actor, m.recipient_id as member, m.conversation_id as conversation,
                    (s.status not in ('deleted', 'disabled') and exists (select 1 from profiles p where p.user_id = s.id)
                     and not exists (select 1 from blocks b where (b.blocker_id = m.sender_id and b.blocked_id = m.recipient_id)
                                                              or (b.blocker_id = m.recipient_id and b.blocked_id = m.sender_id))) as actor_ok,
                    (r.status not in ('deleted', 'disabled') and r.email_confirmed and jsonb_array_length(r.notifications_disabled) = 0
                     and coalesce((mp.email->>'messages')::boolean, ${DEFAULT_PREFERENCES.email.messages}::boolean)) as mail,
                    exists (select 1 from push_subscriptions ps where ps.user_id = m.recipient_id) as push
                  from ${messages} m
                  join users s on s.id = m.sender_id
                  join users r on r.id = m.recipient_id
                  left join member_preferences mp on mp.user_id = m.recipient_id
                 where m.id = any(${intArray(ids)}::int[]) and m.deleted_at is null and m.held is null and (s.email_confirmed or s.fictional)
                 order by m.id`,
            );
      for (const id of seen) holes.delete(id);
      for (let id = cursor.lastId + 1; id < top; id++) if (!seen.has(id)) holes.set(id, now);
      const kept = [...holes.entries()].sort((a, b) => a[0] - b[0]).slice(-HOLES_MAX);
      await tx
        .update(notifierCursors)
        .set({ lastId: top, holes: kept, updatedAt: new Date(now) })
        .where(sql`${notifierCursors.name} = ${NOTIFIER}`);
      const events = rows.filter((r) => r.actor_ok);
      const mails = events.filter((r) => r.mail);
      if (mails.length > 0) {
        await tx.insert(notificationEvents).values(
          mails.map((r) => ({
            userId: Number(r.member),
            kind: 'message',
            actorId: Number(r.actor),
            conversationId: Number(r.conversation),
          })),
        );
      }
      return { count: ids.length, events, mails };
    });
    if (!batch) return 0;
    // a gathered mail whose time has come is sent (or due): forget it, or the map only grows
    for (const [member, at] of this.flushAt) if (at <= now) this.flushAt.delete(member);
    // the pushes go through the job queue (one insert for the batch); the push job checks preferences
    const pushes: NotificationEvent[] = batch.events
      .filter((r) => r.push)
      .map((r) => ({ kind: 'message', userId: Number(r.member), actorId: Number(r.actor), conversationId: Number(r.conversation) }));
    await this.app.jobs
      .sendMany(PUSH_JOB, pushes, { retryLimit: 0 })
      .catch((err: unknown) => this.app.log.warn({ err }, 'pushes not queued'));
    // the mail of a message waits MESSAGE_MAIL_WAIT_MS (mails.ts): one flush job per recipient who
    // has none scheduled yet, queued for the whole batch in one statement; what the recipient has
    // read by then is not mailed
    const due = now + (this.app.config.MESSAGE_MAIL_WAIT_MS ?? MESSAGE_MAIL_WAIT_MS);
    const recipients = [...new Set(batch.mails.map((r) => Number(r.member)))].filter((member) => (this.flushAt.get(member) ?? 0) <= now);
    if (recipients.length > 0) {
      try {
        await this.app.jobs.sendMany(
          MAIL_FLUSH_JOB,
          recipients.map((userId) => ({ userId, kind: 'message' })),
          { startAfter: new Date(due) },
        );
        for (const member of recipients) this.flushAt.set(member, due);
      } catch (err) {
        this.app.log.warn({ err }, 'message mails not scheduled (the events wait for the next mail)');
      }
    }
    return batch.count;
  }
}
