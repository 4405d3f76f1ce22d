/**
 * Held messages (issue 26 part 3): the moderators' queue of messages the scam guard held
 * (chat_send, migration 0038; what is held: scam/detect.ts, docs/safety.md).
 *
 * - `listHeld`: pending first-come (oldest first), or the decided ones (newest decision first).
 * - `decideHeld`: one moderator's decision, in the audited transaction (staffAction). The UPDATE
 *   ... WHERE status = 'pending' decides a race: the second moderator gets 409 held_already_decided.
 *   Release: the message is delivered now (the recipient's list marker, an 'm' notification: the
 *   realtime frames) and charged now through the ledger (platform/credits.ts changeCredits, ref
 *   message:<id>). A sender who no longer has the credits: delivered anyway, charged nothing
 *   (`charged` 0; the hold was the site's doing, the recipient should not miss a message the
 *   moderator found fine). Reject: the message stays with its sender only (marked not delivered)
 *   and counts as a report of the sender (reports/service.ts fileReport, source 'held_message').
 * - The chat's safety tip: shown until the member dismisses it (safety_tips).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { HeldMessage, HeldPage, HeldQuery, HeldReason, HeldStatus } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { selectRows } from '../../db/client';
import { heldMessages, messages, safetyTips, users } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import { changeCredits } from '../../platform/credits';
import type { CreditReason } from '../../platform/credits';
import { fileReport } from '../reports';
import { notifyRealtime } from '../../platform/realtime/notify';

const PER_PAGE = 20;

interface HeldRow {
  id: number;
  message_id: number;
  conversation_id: number;
  sender_id: number;
  sender_name: string | null;
  sender_created: string | Date;
  recipient_id: number;
  recipient_name: string | null;
  recipient_created: string | Date;
  type: string;
  body: string | null;
  deleted: boolean;
  reason: string;
  cost: number;
  status: string;
  charged: number | null;
  sender_pending: number;
  created_at: string | Date;
  decided_at: string | Date | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

function toHeld(r: HeldRow): HeldMessage {
  return {
    id: Number(r.id),
    message_id: Number(r.message_id),
    conversation: Number(r.conversation_id),
    sender: { id: Number(r.sender_id), name: r.sender_name ?? `#${r.sender_id}`, created_at: iso(r.sender_created) },
    recipient: { id: Number(r.recipient_id), name: r.recipient_name ?? `#${r.recipient_id}`, created_at: iso(r.recipient_created) },
    type: r.type,
    body: r.deleted ? null : r.body,
    reason: r.reason as HeldReason,
    cost: Number(r.cost),
    status: r.status as HeldStatus,
    charged: r.charged == null ? null : Number(r.charged),
    sender_pending: Number(r.sender_pending),
    created_at: iso(r.created_at),
    decided_at: r.decided_at == null ? null : iso(r.decided_at),
  };
}

const SELECT = sql`select h.id, h.message_id, h.conversation_id, h.sender_id, sp.name as sender_name, su.signup_at as sender_created,
      h.recipient_id, rp.name as recipient_name, ru.signup_at as recipient_created, m.type, m.body, (m.deleted_at is not null) as deleted,
      h.reason, h.cost, h.status, h.charged, h.created_at, h.decided_at,
      (select count(*)::int from held_messages o where o.sender_id = h.sender_id and o.status = 'pending') as sender_pending
    from held_messages h
    join messages m on m.id = h.message_id
    join users su on su.id = h.sender_id left join profiles sp on sp.user_id = h.sender_id
    join users ru on ru.id = h.recipient_id left join profiles rp on rp.user_id = h.recipient_id`;

export async function listHeld(db: DbOrTx, query: HeldQuery): Promise<HeldPage> {
  const pending = query.status === 'pending';
  const offset = (query.page - 1) * PER_PAGE;
  const rows = await selectRows<HeldRow>(
    db,
    pending
      ? sql`${SELECT} where h.status = 'pending' order by h.id limit ${PER_PAGE} offset ${offset}`
      : sql`${SELECT} where h.status <> 'pending' order by h.decided_at desc, h.id desc limit ${PER_PAGE} offset ${offset}`,
  );
  const [counts] = await selectRows<{ total: number; pending: number }>(
    db,
    sql`select count(*) filter (where ${pending ? sql`status = 'pending'` : sql`status <> 'pending'`})::int as total,
               count(*) filter (where status = 'pending')::int as pending from held_messages`,
  );
  return {
    held: rows.map(toHeld),
    total: Number(counts?.total ?? 0),
    pending: Number(counts?.pending ?? 0),
    page: query.page,
    per_page: PER_PAGE,
  };
}

export async function heldById(db: DbOrTx, id: number): Promise<HeldMessage | null> {
  const [row] = await selectRows<HeldRow>(db, sql`${SELECT} where h.id = ${id}`);
  return row ? toHeld(row) : null;
}

/** A moderator releases (`release` true) or rejects a held message; see the top of the file. */
export async function decideHeld(tx: Tx, id: number, release: boolean, staff: { id: number }): Promise<HeldMessage> {
  const [won] = await tx
    .update(heldMessages)
    .set({ status: release ? 'released' : 'rejected', decidedBy: staff.id, decidedAt: new Date() })
    .where(and(eq(heldMessages.id, id), eq(heldMessages.status, 'pending')))
    .returning();
  if (!won) {
    const [exists] = await tx.select({ id: heldMessages.id }).from(heldMessages).where(eq(heldMessages.id, id));
    throw exists ? new AppError('held_already_decided', { status: 409 }) : new AppError('held_not_found', { status: 404 });
  }
  if (release) {
    let charged = 0;
    if (won.cost > 0 && won.creditReason) {
      try {
        await changeCredits(tx, won.senderId, -won.cost, won.creditReason as CreditReason, `message:${won.messageId}`);
        charged = won.cost;
      } catch (error) {
        // spent since: delivered anyway, charged nothing (see the top of the file)
        if (!(isAppError(error) && error.code === 'insufficient_credits')) throw error;
      }
    }
    await tx.update(heldMessages).set({ charged }).where(eq(heldMessages.id, id));
    const [message] = await tx.update(messages).set({ held: null, credits: charged }).where(eq(messages.id, won.messageId)).returning();
    if (message && !message.deletedAt) {
      // the recipient's list marker (only once the sender's address is confirmed: its trigger brings it in then)
      await tx.execute(sql`update conversation_members cm set last_message_id = greatest(cm.last_message_id, ${message.id}::int)
        where cm.conversation_id = ${message.conversationId} and cm.user_id = ${message.recipientId} and ${message.id}::int > cm.cleared_id
          and exists (select 1 from ${users} s where s.id = ${message.senderId} and s.email_confirmed)`);
      await notifyRealtime(tx, `m:${message.id}:${message.senderId}:${message.recipientId}`);
    }
  } else {
    const [message] = await tx.update(messages).set({ held: 'rejected' }).where(eq(messages.id, won.messageId)).returning();
    // the sender's open pages mark it not delivered (live.ts sends a held row to its sender only)
    if (message) await notifyRealtime(tx, `m:${message.id}:${message.senderId}:${message.recipientId}`);
    await fileReport(tx, {
      reporterId: null,
      reportedId: won.senderId,
      reason: 'scam',
      source: 'held_message',
      messageIds: [won.messageId],
      note: `held: ${won.reason}`,
    });
  }
  const held = await heldById(tx, id);
  if (!held) throw new AppError('held_not_found', { status: 404 });
  return held;
}

/* ---------------- the safety tip ---------------- */

export async function safetyTipShown(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: safetyTips.userId }).from(safetyTips).where(eq(safetyTips.userId, userId)).limit(1);
  return !row;
}

export async function dismissSafetyTip(db: Db, userId: number): Promise<void> {
  await db.insert(safetyTips).values({ userId }).onConflictDoNothing();
}

/** The member's held messages still pending (tests, docs). */
export async function pendingOf(db: DbOrTx, senderId: number) {
  return db
    .select()
    .from(heldMessages)
    .where(and(eq(heldMessages.senderId, senderId), eq(heldMessages.status, 'pending')))
    .orderBy(desc(heldMessages.id));
}
