/**
 * Chat rules (issue 11). Conversations are per pair of members; each side keeps its own read
 * marker and cleared history (db/schema/chat.ts).
 *
 * Sending (`sendMessage`) is one transaction that holds the pair's lock (platform/pair-lock.ts,
 * the same lock a block takes) and the sender's users row:
 *   block check -> conversation (new: the free members' limit) -> message row (client_id unique
 *   per sender: a retry finds the first row through the constraint) -> changeCredits (402 rolls
 *   everything back) -> both sides' list markers -> NOTIFY realtime 'm:<id>' (sent at commit).
 * A member whose e-mail is not confirmed can write; the recipient does not see those messages
 * (no list entry, no unread, no frame) until confirmation (migration 0011 trigger
 * chat_sender_confirmed brings them in then).
 * History older than the site's chat_history_days is hidden everywhere (list, pages, unread).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import { FREE_CONVERSATION_LIMIT, MESSAGES_PAGE_SIZE } from '@dating/shared-kit/contracts';
import type {
  ChatEntry, LastMessage, Message, MessageCosts, MessageType, MessagesQuery, MessagesResponse, Settings,
} from '@dating/shared-kit/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { selectRows } from '../../db/client';
import { conversationMembers, conversations, messages, users } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import { changeCredits } from '../../platform/credits';
import type { CreditReason } from '../../platform/credits';
import { processImage } from '../../platform/images';
import { lockPair } from '../../platform/pair-lock';
import type { UserRow } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { findMember, isBlockedBetween, loadProfiles } from '../members/service';
import type { MemberId } from '../members/service';
import { uploadUrl } from '../members/serialize-profile';
import { isGiftId } from './gifts';
import { asksIfReal } from './honesty';
import { notifyRealtime } from './notify';

export type MessageRow = typeof messages.$inferSelect;
type ChatSettings = Pick<Settings, 'message_credits' | 'photo_credits' | 'gift_credits' | 'message_length' | 'minimum_message_costs' | 'chat_history_days' | 'cdn_prefix'>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// control characters (line breaks and tabs are fine in a chat), bidirectional overrides, BOM,
// unpaired surrogates: refused rather than stored
// eslint-disable-next-line no-control-regex
const CHAT_UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PREVIEW_CHARS = 100;
const CHATS_LIST_MAX = 200;

/** The oldest moment whose messages are still shown (spec 4: older history is hidden). */
export function historySince(settings: Pick<Settings, 'chat_history_days'>, now = Date.now()): Date {
  return new Date(now - settings.chat_history_days * 24 * 60 * 60 * 1000);
}

export function messageCosts(settings: ChatSettings, country: string | null | undefined): MessageCosts {
  const minimum = country ? settings.minimum_message_costs[country] ?? null : null;
  return {
    text: settings.message_credits,
    image: settings.photo_credits,
    gift: settings.gift_credits,
    minimum,
    message_length: settings.message_length,
  };
}

function costOf(type: MessageType, settings: ChatSettings): { credits: number; reason: CreditReason } {
  if (type === 'image') return { credits: settings.photo_credits, reason: 'photo' };
  if (type === 'gift') return { credits: settings.gift_credits, reason: 'gift' };
  return { credits: settings.message_credits, reason: 'message' };
}

/** A message row as `viewerId` sees it. `readUpTo`: the recipient's read marker. */
export function toMessage(row: MessageRow, viewerId: number, readUpTo: number, cdnPrefix: string): Message {
  const gone = row.deletedAt != null;
  return {
    id: row.id,
    conversation: row.conversationId,
    sender: row.senderId,
    recipient: row.recipientId,
    type: row.type as MessageType,
    body: gone ? null : row.body,
    gift: gone || !isGiftId(row.gift) ? null : row.gift,
    image:
      gone || !row.imageFile || !row.imageThumb
        ? null
        : { filename: uploadUrl(cdnPrefix, row.imageFile), thumb_filename: uploadUrl(cdnPrefix, row.imageThumb), width: row.imageWidth ?? 0, height: row.imageHeight ?? 0 },
    credits: row.credits,
    created_at: row.createdAt.toISOString(),
    deleted: gone,
    read: row.id <= readUpTo,
    ...(row.senderId === viewerId ? { client_id: row.clientId } : {}),
  };
}

/** SQL: the message `m` may be seen by `viewerId` (own, or from a sender who confirmed), within the window. */
function visibleTo(viewerId: number, since: Date): SQL {
  return sql`(${messages.senderId} = ${viewerId} or exists (select 1 from ${users} s where s.id = ${messages.senderId} and s.email_confirmed)) and ${messages.createdAt} > ${since.toISOString()}`;
}

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

const pairOf = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a });

async function conversationOfPair(db: DbOrTx, a: number, b: number): Promise<number | null> {
  const { userA, userB } = pairOf(a, b);
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.userA, userA), eq(conversations.userB, userB))).limit(1);
  return row?.id ?? null;
}

/** How many more conversations `user` may start (null: no limit, a paid member). */
async function conversationsLeft(db: DbOrTx, userId: number, paidUser: boolean): Promise<number | null> {
  if (paidUser) return null;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(conversations).where(eq(conversations.startedBy, userId));
  return Math.max(0, FREE_CONVERSATION_LIMIT - Number(row?.n ?? 0));
}

/** A member `viewerId` may write to: exists (not deleted/disabled), visible, not self, no block. */
async function assertReachable(db: DbOrTx, viewerId: number, targetId: number, field: string) {
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

export async function listChats(db: Db, viewer: UserRow, settings: ChatSettings): Promise<{ chats: ChatEntry[]; conversations_left: number | null }> {
  const since = historySince(settings).toISOString();
  const rows = await selectRows<ChatRow>(
    db,
    sql`select cm.conversation_id, cm.other_id, cm.last_message_id, cm.cleared_id,
          (select count(*)::int from ${messages} m join ${users} s on s.id = m.sender_id
             where m.conversation_id = cm.conversation_id and m.recipient_id = ${viewer.id}
               and m.id > greatest(cm.last_read_id, cm.cleared_id) and m.deleted_at is null
               and s.email_confirmed and m.created_at > ${since}) as unread,
          lm.id as m_id, lm.type as m_type, left(lm.body, ${PREVIEW_CHARS}) as m_body, lm.gift as m_gift,
          lm.sender_id as m_sender, (lm.deleted_at is not null) as m_deleted, lm.created_at as m_created
        from ${conversationMembers} cm
        join ${users} o on o.id = cm.other_id and o.status in ('active', 'not_confirmed') and o.deleted_at is null
        left join ${messages} lm on lm.id = cm.last_message_id and lm.created_at > ${since}
        where cm.user_id = ${viewer.id} and cm.last_message_id > cm.cleared_id
        order by cm.last_message_id desc
        limit ${CHATS_LIST_MAX}`,
  );
  const profiles = await loadProfiles(db, rows.map((r) => r.other_id), { viewerId: viewer.id, cdnPrefix: settings.cdn_prefix });
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
    chats.push({ conversation: r.conversation_id, profile, num_unread_messages: Number(r.unread), last_message: last, ...(last ? { updated_at: last.created_at } : {}) });
  }
  const [me] = await db.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, viewer.id));
  return { chats, conversations_left: await conversationsLeft(db, viewer.id, me?.paidUser ?? viewer.paidUser) };
}

/** Unread messages of a member over all conversations (ZUser.unread_messages): an embeddable SQL expression. */
export function unreadMessagesSql(userId: MemberId, since: Placeholder | string): SQL {
  return sql`(select count(*)::int from ${conversationMembers} cm
      join ${messages} m on m.conversation_id = cm.conversation_id and m.id > greatest(cm.last_read_id, cm.cleared_id)
      join ${users} s on s.id = m.sender_id
      where cm.user_id = ${userId} and m.recipient_id = ${userId} and m.deleted_at is null and s.email_confirmed
        and m.created_at > ${since})`;
}

export async function unreadMessages(db: DbOrTx, userId: number, settings: Pick<Settings, 'chat_history_days'>): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select ${unreadMessagesSql(userId, historySince(settings).toISOString())} as n`);
  return Number(row?.n ?? 0);
}

/* ---------------- GET /api/messages.php ---------------- */

export async function history(db: Db, viewer: UserRow, query: MessagesQuery, settings: ChatSettings): Promise<MessagesResponse> {
  if ((query.conversation == null) === (query.profile == null)) throw new AppError('conversation_or_profile', { status: 400, field: 'conversation' });
  let conv: MyConversation | null = null;
  let otherId: number;
  if (query.conversation != null) {
    conv = await myConversation(db, viewer.id, query.conversation);
    otherId = conv.otherId;
  } else {
    otherId = query.profile as number;
    const existing = await conversationOfPair(db, viewer.id, otherId);
    if (existing != null && otherId !== viewer.id) conv = await myConversation(db, viewer.id, existing);
    else await assertReachable(db, viewer.id, otherId, 'profile');
  }
  const [profile] = await loadProfiles(db, [otherId], { viewerId: viewer.id, cdnPrefix: settings.cdn_prefix });
  if (!profile) throw new AppError('member_not_found', { status: 404, field: 'profile' });
  const [me] = await db.select({ paidUser: users.paidUser, country: sql<string | null>`(select country from profiles where user_id = ${viewer.id})` }).from(users).where(eq(users.id, viewer.id));
  const costs = messageCosts(settings, me?.country);
  const history_days = settings.chat_history_days;
  if (!conv) {
    const left = await conversationsLeft(db, viewer.id, me?.paidUser ?? false);
    return { conversation: null, profile, messages: [], has_more: false, read_up_to: 0, history_days, costs, can_start: left == null || left > 0 };
  }
  const since = historySince(settings);
  const limit = query.limit ?? MESSAGES_PAGE_SIZE;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conv.id),
        sql`${messages.id} > ${conv.mine.clearedId}`,
        query.before != null ? sql`${messages.id} < ${query.before}` : undefined,
        visibleTo(viewer.id, since),
      ),
    )
    .orderBy(sql`${messages.id} desc`)
    .limit(limit + 1);
  const has_more = rows.length > limit;
  const page = rows.slice(0, limit).reverse();

  let myReadUpTo = conv.mine.lastReadId;
  if (query.before == null) myReadUpTo = await markRead(db, viewer.id, conv, undefined, page);
  const [other] = await db
    .select({ lastReadId: conversationMembers.lastReadId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, otherId)));
  const otherReadUpTo = other?.lastReadId ?? 0;
  return {
    conversation: conv.id,
    profile,
    messages: page.map((m) => toMessage(m, viewer.id, m.senderId === viewer.id ? otherReadUpTo : myReadUpTo, settings.cdn_prefix)),
    has_more,
    read_up_to: otherReadUpTo,
    history_days,
    costs,
    can_start: true,
  };
}

/**
 * Move my read marker up to `upTo` (default: the newest message I can see) and tell the other
 * side ('r' frame) when it moved. Returns the marker.
 */
export async function markRead(db: DbOrTx, viewerId: number, conv: MyConversation, upTo?: number, knownPage?: MessageRow[]): Promise<number> {
  let newest = knownPage?.filter((m) => m.senderId !== viewerId).at(-1)?.id;
  if (newest == null || upTo != null) {
    const [row] = await db
      .select({ id: sql<number | null>`max(${messages.id})` })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conv.id),
          eq(messages.recipientId, viewerId),
          // not past messages still held from me (their sender has not confirmed yet)
          sql`exists (select 1 from ${users} s where s.id = ${messages.senderId} and s.email_confirmed)`,
          upTo != null ? sql`${messages.id} <= ${upTo}` : undefined,
        ),
      );
    newest = row?.id ?? 0;
  }
  if (newest <= conv.mine.lastReadId) return conv.mine.lastReadId;
  const [updated] = await db
    .update(conversationMembers)
    .set({ lastReadId: sql`greatest(${conversationMembers.lastReadId}, ${newest})` })
    .where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, viewerId)))
    .returning({ lastReadId: conversationMembers.lastReadId });
  const marker = updated?.lastReadId ?? newest;
  await notifyRealtime(db, `r:${conv.id}:${viewerId}:${conv.otherId}:${marker}`);
  return marker;
}

/* ---------------- POST /api/messages.php ---------------- */

export interface SendInput {
  profile?: number;
  conversation?: number;
  type: MessageType;
  body?: string;
  gift?: string;
  client_id: string;
  /** the picture of an image message (multipart part `image`) */
  image?: Buffer | null;
}

export interface SendResult {
  message: Message;
  credits: number;
  /** false when this was a retry answered with the first message */
  created: boolean;
  /** the recipient is a chatpal (the vulnerable-user warning counts these; operator/wellbeing.ts) */
  toChatpal?: boolean;
}

/** Thrown inside the transaction when another request with the same client_id won the insert. */
class DuplicateSend extends Error {}

async function existingSend(db: DbOrTx, senderId: number, clientId: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId))).limit(1);
  return row ?? null;
}

async function answerRetry(db: DbOrTx, viewerId: number, row: MessageRow, cdnPrefix: string): Promise<SendResult> {
  const [me] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, viewerId));
  return { message: toMessage(row, viewerId, 0, cdnPrefix), credits: me?.credits ?? 0, created: false };
}

export function cleanText(body: string | undefined, max: number): string {
  const text = (body ?? '').normalize('NFC').trim();
  if (text.length === 0) throw new AppError('message_empty', { status: 400, field: 'body' });
  if ([...text].length > max) throw new AppError('chat_message_too_long', { status: 400, field: 'body', params: { max } });
  if (CHAT_UNSAFE.test(text)) throw new AppError('text_invalid', { status: 400, field: 'body' });
  return text;
}

export async function sendMessage(db: Db, storage: Storage, viewer: UserRow, input: SendInput, settings: ChatSettings): Promise<SendResult> {
  const clientId = input.client_id.trim().toLowerCase();
  if (!UUID.test(clientId)) throw new AppError('client_id_invalid', { status: 400, field: 'client_id' });
  // a retry: the first answer again, nothing charged (the unique constraint below is the real guard)
  const earlier = await existingSend(db, viewer.id, clientId);
  if (earlier) return answerRetry(db, viewer.id, earlier, settings.cdn_prefix);

  if ((input.conversation == null) === (input.profile == null)) throw new AppError('conversation_or_profile', { status: 400, field: 'conversation' });
  let body: string | null = null;
  let gift: string | null = null;
  if (input.type === 'text') body = cleanText(input.body, settings.message_length);
  else if (input.type === 'gift') {
    if (!isGiftId(input.gift)) throw new AppError('gift_unknown', { status: 400, field: 'gift' });
    gift = input.gift;
  } else if (input.type === 'image') {
    if (!input.image || input.image.length === 0) throw new AppError('image_missing', { status: 400, field: 'image' });
  } else throw new AppError('message_type_invalid', { status: 400, field: 'type' });

  // who is on the other side (checked under the pair's lock below; for a picture also before
  // the costly image work)
  let otherId: number;
  if (input.conversation != null) otherId = (await myConversation(db, viewer.id, input.conversation)).otherId;
  else otherId = input.profile as number;
  const field = input.conversation != null ? 'conversation' : 'profile';
  if (otherId === viewer.id) throw new AppError('message_self', { status: 400, field });
  if (input.type === 'image') await assertReachable(db, viewer.id, otherId, field);

  // the picture goes through the profile photos' pipeline (content checked, re-encoded, metadata gone)
  let files: { full: string; thumb: string; width: number; height: number } | null = null;
  if (input.type === 'image' && input.image) {
    const image = await processImage(input.image, { memberId: viewer.id }).catch((error: unknown) => {
      if (isAppError(error)) throw new AppError(error.code, { status: error.status, field: 'image', params: error.params, extra: error.extra });
      throw error;
    });
    const [full, thumb] = await Promise.all([storage.put(image.full, 'jpg'), storage.put(image.thumb, 'jpg')]);
    files = { full, thumb, width: image.width, height: image.height };
  }

  const { credits: cost, reason } = costOf(input.type, settings);
  try {
    const result = await db.transaction(async (tx) => {
      // the sender's row first (fresh paid_user / email_confirmed; one send of a member at a time;
      // the swipe game locks it before the pair too, so the two orders never cross), then the pair.
      // NO KEY UPDATE (the lock changeCredits' update takes anyway) leaves the foreign-key checks
      // of someone else's insert (KEY SHARE: a conversation or message naming this member) free,
      // so two members writing each other at once cannot deadlock.
      const [me] = await selectRows<{ paid_user: boolean; email_confirmed: boolean }>(
        tx,
        sql`select paid_user, email_confirmed from ${users} where id = ${viewer.id} for no key update`,
      );
      if (!me) throw new AppError('authentication_required', { status: 403, extra: { authentication_required: true } });
      await lockPair(tx, viewer.id, otherId);
      const target = await assertReachable(tx, viewer.id, otherId, field);
      const toChatpal = target.user.fictional;
      let conversationId = await conversationOfPair(tx, viewer.id, otherId);
      if (input.conversation != null && conversationId !== input.conversation) throw new AppError('conversation_not_found', { status: 404, field: 'conversation' });
      if (conversationId == null) conversationId = await startConversation(tx, viewer.id, otherId, me.paid_user);

      const row = await storeMessage(
        tx,
        {
          conversationId,
          senderId: viewer.id,
          recipientId: otherId,
          type: input.type,
          body,
          gift,
          imageFile: files?.full ?? null,
          imageThumb: files?.thumb ?? null,
          imageWidth: files?.width ?? null,
          imageHeight: files?.height ?? null,
          clientId,
          credits: cost,
          // the honesty guard (issue 15): a question to a chatpal whether it is real
          asksIfReal: toChatpal && asksIfReal(body),
        },
        me.email_confirmed,
      );
      if (!row) throw new DuplicateSend();
      const balance = cost > 0 ? await changeCredits(tx, viewer.id, -cost, reason, `message:${row.id}`) : await currentCredits(tx, viewer.id);
      // the operators' inboxes (only what a chatpal's side sees: held messages come with the confirmation)
      if (toChatpal && me.email_confirmed) await notifyRealtime(tx, `oi:${conversationId}`);
      return { row, balance, toChatpal };
    });
    return { message: toMessage(result.row, viewer.id, 0, settings.cdn_prefix), credits: result.balance, created: true, toChatpal: result.toChatpal };
  } catch (error) {
    if (files) await Promise.all([storage.remove(files.full), storage.remove(files.thumb)]);
    if (error instanceof DuplicateSend) {
      const first = await existingSend(db, viewer.id, clientId);
      if (first) return answerRetry(db, viewer.id, first, settings.cdn_prefix);
    }
    throw error;
  }
}

/**
 * Store a message, move the list markers and announce it (an 'm' notification, sent at commit):
 * the sender's list always, the recipient's when `deliver` (a sender who has not confirmed their
 * e-mail address is held). Null: this sender used the client_id before (a retry). The members'
 * send above and the operator console's replies (operator.ts) both write through here.
 */
export async function storeMessage(tx: Tx, values: typeof messages.$inferInsert, deliver: boolean): Promise<MessageRow | null> {
  const [row] = await tx.insert(messages).values(values).onConflictDoNothing({ target: [messages.senderId, messages.clientId] }).returning();
  if (!row) return null;
  await tx
    .update(conversationMembers)
    .set({ lastMessageId: row.id })
    .where(and(eq(conversationMembers.conversationId, row.conversationId), deliver ? undefined : eq(conversationMembers.userId, row.senderId)));
  await notifyRealtime(tx, `m:${row.id}:${row.senderId}:${row.recipientId}`);
  return row;
}

async function currentCredits(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/** A new conversation started by `starterId` (the free members' limit, counted under their row lock). */
async function startConversation(tx: Tx, starterId: number, otherId: number, paidUser: boolean): Promise<number> {
  const left = await conversationsLeft(tx, starterId, paidUser);
  if (left != null && left <= 0) {
    throw new AppError('conversation_limit', { status: 403, params: { limit: FREE_CONVERSATION_LIMIT }, extra: { limit: FREE_CONVERSATION_LIMIT } });
  }
  const [conv] = await tx.insert(conversations).values({ ...pairOf(starterId, otherId), startedBy: starterId }).returning({ id: conversations.id });
  if (!conv) throw new AppError('internal', { status: 500 });
  await tx.insert(conversationMembers).values([
    { conversationId: conv.id, userId: starterId, otherId },
    { conversationId: conv.id, userId: otherId, otherId: starterId },
  ]);
  return conv.id;
}

/* ---------------- deletions ---------------- */

/** DELETE /api/message.php: own messages only; the row stays as a marker without content on both sides. */
export async function deleteMessage(db: Db, storage: Storage, viewer: UserRow, id: number, cdnPrefix: string): Promise<Message> {
  const [before] = await db.select().from(messages).where(and(eq(messages.id, id), eq(messages.senderId, viewer.id))).limit(1);
  if (!before) throw new AppError('message_not_found', { status: 404, field: 'id' });
  if (before.deletedAt) return toMessage(before, viewer.id, 0, cdnPrefix);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(messages)
      .set({ deletedAt: new Date(), body: null, gift: null, imageFile: null, imageThumb: null })
      .where(and(eq(messages.id, id), eq(messages.senderId, viewer.id), sql`${messages.deletedAt} is null`))
      .returning();
    if (updated) await notifyRealtime(tx, `md:${updated.id}:${updated.conversationId}:${updated.senderId}:${updated.recipientId}`);
    return updated;
  });
  if (before.imageFile) await storage.remove(before.imageFile);
  if (before.imageThumb) await storage.remove(before.imageThumb);
  const final = row ?? (await db.select().from(messages).where(eq(messages.id, id)))[0] ?? before;
  return toMessage(final, viewer.id, 0, cdnPrefix);
}

/** DELETE /api/chat.php: the conversation and its history leave my side; the other keeps theirs. */
export async function deleteChat(db: Db, viewer: UserRow, conversationId: number): Promise<void> {
  const conv = await myConversation(db, viewer.id, conversationId);
  await db.transaction(async (tx) => {
    const [newest] = await tx.select({ id: sql<number | null>`max(${messages.id})` }).from(messages).where(eq(messages.conversationId, conv.id));
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
  const gone = await tx.delete(conversations).where(and(eq(conversations.userA, Math.min(a, b)), eq(conversations.userB, Math.max(a, b)))).returning({ id: conversations.id });
  for (const c of gone) await notifyRealtime(tx, `cd:${c.id}:${a},${b}`);
}

/* ---------------- typing ---------------- */

/** POST /api/typing.php: a `typing` frame to the other member (not from a member whose messages are held). */
export async function typing(db: Db, viewer: UserRow, conversationId: number): Promise<void> {
  const conv = await myConversation(db, viewer.id, conversationId);
  if (!viewer.emailConfirmed) return;
  await notifyRealtime(db, `t:${conv.id}:${viewer.id}:${conv.otherId}`);
}

/** A fresh random client id (seed, bench). */
export const newClientId = (): string => crypto.randomUUID();

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
export async function seedConversation(tx: DbOrTx, a: number, b: number, lines: SeedLine[], unreadBy: number | null = null): Promise<number> {
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
