/**
 * Conversations (issue 11): one per pair of members; each side keeps its own read marker, list
 * marker (last_message_id) and cleared history (db/schema/chat.ts). Who may write to whom
 * (assertReachable), the free members' conversation limit, the list (GET /api/chats.php),
 * deleting a conversation on one side (DELETE /api/chat.php) or on both (a block), typing, and
 * the demo seed's conversations.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { FREE_CONVERSATION_LIMIT } from '@dating/shared-kit/contracts';
import type { ChatEntry, LastMessage, MessageType } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { selectRows } from '../../db/client';
import { conversationMembers, conversations, messages, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { UserRow } from '../../platform/session';
import { isBlockedBetween } from '../../platform/blocks';
import { findMember, loadProfiles } from '../members';
import { isGiftId } from './gifts';
import { historySince } from './message-view';
import type { ChatSettings } from './message-view';
import { notifyRealtime } from '../../platform/realtime/notify';

const PREVIEW_CHARS = 100;
const CHATS_LIST_MAX = 200;

/* ---------------- conversations ---------------- */

export interface MyConversation {
  id: number;
  otherId: number;
  mine: typeof conversationMembers.$inferSelect;
}

/** The conversation if `viewerId` is in it; 404 conversation_not_found otherwise (unknown or someone else's). */
export async function myConversation(db: DbOrTx, viewerId: number, conversationId: number): Promise<MyConversation> {
  const [mine] = await db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewerId)))
    .limit(1);
  if (!mine) throw new AppError('conversation_not_found', { status: 404, field: 'conversation' });
  return { id: conversationId, otherId: mine.otherId, mine };
}

/**
 * SQL: the conversation `convId` exists for `viewerId`: it holds a message they may see (their own,
 * or from a sender who confirmed their address). A conversation that only an unconfirmed sender has
 * written in is held back whole from the recipient, its id too (issue 25 item 4): GET
 * /api/messages.php answers as if there were none, and the data export leaves it out.
 */
export function conversationSeenBy(viewerId: number, convId: SQL | number): SQL {
  return sql`exists (select 1 from ${messages} seen_m where seen_m.conversation_id = ${convId}
    and (seen_m.sender_id = ${viewerId} or (seen_m.held is null and exists (select 1 from ${users} seen_s where seen_s.id = seen_m.sender_id and seen_s.email_confirmed))))`;
}

export async function isConversationSeen(db: DbOrTx, viewerId: number, conversationId: number): Promise<boolean> {
  const [row] = await selectRows<{ seen: boolean }>(db, sql`select ${conversationSeenBy(viewerId, conversationId)} as seen`);
  return row?.seen === true;
}

/**
 * myConversation, and a 404 too for a conversation held back from the viewer whole (nothing in it
 * they may see yet): every call of the recipient that names it by id (history, read marker, typing,
 * delete) answers as for a conversation that is not theirs, so probing ids tells nothing.
 */
export async function seenConversation(db: DbOrTx, viewerId: number, conversationId: number): Promise<MyConversation> {
  const conv = await myConversation(db, viewerId, conversationId);
  if (!(await isConversationSeen(db, viewerId, conversationId)))
    throw new AppError('conversation_not_found', { status: 404, field: 'conversation' });
  return conv;
}

export const pairOf = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a });

export async function conversationOfPair(db: DbOrTx, a: number, b: number): Promise<number | null> {
  const { userA, userB } = pairOf(a, b);
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)))
    .limit(1);
  return row?.id ?? null;
}

/** Whether `a` and `b` have a conversation with a message in it (not a new conversation for a send). */
export async function pairHasMessages(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const { userA, userB } = pairOf(a, b);
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)))
    .limit(1);
  return rows.length > 0;
}

/** How many more conversations `user` may start (null: no limit, a paid member). */
export async function conversationsLeft(db: DbOrTx, userId: number, paidUser: boolean): Promise<number | null> {
  if (paidUser) return null;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.startedBy, userId));
  return Math.max(0, FREE_CONVERSATION_LIMIT - Number(row?.n ?? 0));
}

/** A member `viewerId` may write to: exists (not deleted/disabled), visible, not self, no block. */
export async function assertReachable(db: DbOrTx, viewerId: number, targetId: number, field: string) {
  if (targetId === viewerId) throw new AppError('message_self', { status: 400, field });
  const target = await findMember(db, targetId);
  if (!target || target.user.invisible || target.user.isStaff) throw new AppError('member_not_found', { status: 404, field });
  if (await isBlockedBetween(db, viewerId, targetId)) throw new AppError('member_blocked', { status: 403, field });
  return target;
}

/* ---------------- GET /api/chats.php ---------------- */

interface ChatRow {
  conversation_id: number;
  other_id: number;
  last_message_id: number;
  cleared_id: number;
  unread: number;
  m_id: number | null;
  m_type: string | null;
  m_body: string | null;
  m_gift: string | null;
  m_sender: number | null;
  m_deleted: boolean | null;
  m_created: string | Date | null;
}

export async function listChats(
  db: Db,
  viewer: UserRow,
  settings: ChatSettings,
): Promise<{ chats: ChatEntry[]; conversations_left: number | null }> {
  const since = historySince(settings).toISOString();
  const rows = await selectRows<ChatRow>(
    db,
    sql`select cm.conversation_id, cm.other_id, cm.last_message_id, cm.cleared_id,
          (select count(*)::int from ${messages} m join ${users} s on s.id = m.sender_id
             where m.conversation_id = cm.conversation_id and m.recipient_id = ${viewer.id}
               and m.id > greatest(cm.last_read_id, cm.cleared_id) and m.deleted_at is null
               and s.email_confirmed and m.held is null and m.created_at > ${since}) as unread,
          lm.id as m_id, lm.type as m_type, left(lm.body, ${PREVIEW_CHARS}) as m_body, lm.gift as m_gift,
          lm.sender_id as m_sender, (lm.deleted_at is not null) as m_deleted, lm.created_at as m_created
        from ${conversationMembers} cm
        join ${users} o on o.id = cm.other_id and o.status in ('active', 'not_confirmed') and o.deleted_at is null
        left join ${messages} lm on lm.id = cm.last_message_id and lm.created_at > ${since}
        where cm.user_id = ${viewer.id} and cm.last_message_id > cm.cleared_id
        order by cm.last_message_id desc
        limit ${CHATS_LIST_MAX}`,
  );
  const profiles = await loadProfiles(
    db,
    rows.map((r) => r.other_id),
    { viewerId: viewer.id, cdnPrefix: settings.cdn_prefix },
  );
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const chats: ChatEntry[] = [];
  for (const r of rows) {
    const profile = byId.get(r.other_id);
    if (!profile) continue;
    let last: LastMessage | null = null;
    if (r.m_id != null && r.m_created != null) {
      const deleted = r.m_deleted === true;
      last = {
        id: r.m_id,
        type: (r.m_type ?? 'text') as MessageType,
        body: deleted || r.m_type !== 'text' ? null : r.m_body,
        gift: deleted || !isGiftId(r.m_gift) ? null : r.m_gift,
        from_me: r.m_sender === viewer.id,
        deleted,
        created_at: new Date(r.m_created).toISOString(),
      };
    }
    chats.push({
      conversation: r.conversation_id,
      profile,
      num_unread_messages: Number(r.unread),
      last_message: last,
      ...(last ? { updated_at: last.created_at } : {}),
    });
  }
  const [me] = await db.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, viewer.id));
  return { chats, conversations_left: await conversationsLeft(db, viewer.id, me?.paidUser ?? viewer.paidUser) };
}

/* ---------------- DELETE /api/chat.php, blocks ---------------- */

/** DELETE /api/chat.php: the conversation and its history leave my side; the other keeps theirs. */
export async function deleteChat(db: Db, viewer: UserRow, conversationId: number): Promise<void> {
  const conv = await seenConversation(db, viewer.id, conversationId);
  await db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: sql<number | null>`max(${messages.id})` })
      .from(messages)
      .where(eq(messages.conversationId, conv.id));
    const upTo = Math.max(newest?.id ?? 0, conv.mine.lastMessageId);
    await tx
      .update(conversationMembers)
      .set({ clearedId: upTo, lastReadId: sql`greatest(${conversationMembers.lastReadId}, ${upTo})` })
      .where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, viewer.id)));
    await notifyRealtime(tx, `cd:${conv.id}:${viewer.id}`);
  });
}

/** The block hook (members/service.ts onMemberBlocked): the conversations between the two go, on both sides. */
export async function deleteConversationsBetween(tx: DbOrTx, a: number, b: number): Promise<void> {
  const gone = await tx
    .delete(conversations)
    .where(and(eq(conversations.userA, Math.min(a, b)), eq(conversations.userB, Math.max(a, b))))
    .returning({ id: conversations.id });
  for (const c of gone) await notifyRealtime(tx, `cd:${c.id}:${a},${b}`);
}

/* ---------------- typing ---------------- */

/**
 * POST /api/typing.php: a `typing` frame to the other member (not from a member whose messages are
 * held). Named by `profile` before the first message: to a member the viewer may write to, with
 * the pair's conversation if there is one by now, else conversation 0.
 */
export async function typing(db: Db, viewer: UserRow, target: { conversation: number } | { profile: number }): Promise<void> {
  if ('profile' in target) {
    await assertReachable(db, viewer.id, target.profile, 'profile');
    if (!viewer.emailConfirmed) return;
    const existing = await conversationOfPair(db, viewer.id, target.profile);
    if (existing !== null && (await isConversationSeen(db, viewer.id, existing))) return typing(db, viewer, { conversation: existing });
    await notifyRealtime(db, `t:0:${viewer.id}:${target.profile}`);
    return;
  }
  const conv = await seenConversation(db, viewer.id, target.conversation);
  if (!viewer.emailConfirmed) return;
  await notifyRealtime(db, `t:${conv.id}:${viewer.id}:${conv.otherId}`);
}

/* ---------------- demo data ---------------- */

export interface SeedLine {
  from: number;
  body: string;
  hoursAgo: number;
}

/**
 * A finished conversation between `a` and `b` (demo seed): started by the first line's writer,
 * free of charge (seed data, no ledger), `unreadBy` has not opened it since. No notifications matter
 * here (nobody is connected while the seed runs).
 */
export async function seedConversation(
  tx: DbOrTx,
  a: number,
  b: number,
  lines: SeedLine[],
  unreadBy: number | null = null,
): Promise<number> {
  const first = lines[0];
  if (!first) throw new Error('a conversation needs a line');
  const [conv] = await tx
    .insert(conversations)
    .values({ ...pairOf(a, b), startedBy: first.from, createdAt: new Date(Date.now() - first.hoursAgo * 3_600_000) })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!conv) return 0;
  const rows = await tx
    .insert(messages)
    .values(
      lines.map((l) => ({
        conversationId: conv.id,
        senderId: l.from,
        recipientId: l.from === a ? b : a,
        type: 'text',
        body: l.body,
        clientId: crypto.randomUUID(),
        credits: 0,
        createdAt: new Date(Date.now() - l.hoursAgo * 3_600_000),
      })),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
  const last = Math.max(...rows.map((r) => r.id));
  const lastReadOf = (who: number) => (who === unreadBy ? Math.max(0, ...rows.filter((r) => r.senderId === who).map((r) => r.id)) : last);
  await tx.insert(conversationMembers).values([
    { conversationId: conv.id, userId: a, otherId: b, lastMessageId: last, lastReadId: lastReadOf(a) },
    { conversationId: conv.id, userId: b, otherId: a, lastMessageId: last, lastReadId: lastReadOf(b) },
  ]);
  return conv.id;
}
