/**
 * Writing messages (issue 11): POST /api/messages.php (sendMessage), the store every message goes
 * through (storeMessage: also the operator console's replies, operator.ts) and deleting one's own
 * message (DELETE /api/message.php).
 *
 * Sending (`sendMessage`) is one transaction that holds the pair's lock (platform/pair-lock.ts,
 * the same lock a block takes) and the sender's users row:
 *   block check -> conversation (new: the free members' limit) -> message row (client_id unique
 *   per sender: a retry finds the first row through the constraint) -> changeCredits (402 rolls
 *   everything back) -> both sides' list markers -> NOTIFY realtime 'm:<id>' (sent at commit).
 * A member whose e-mail is not confirmed can write; the recipient does not see those messages
 * (no list entry, no unread, no frame) until confirmation (migration 0011 trigger
 * chat_sender_confirmed brings them in then).
 */
import { and, eq, sql } from 'drizzle-orm';
import { FREE_CONVERSATION_LIMIT } from '@dating/shared-kit/contracts';
import type { Message, MessageType } from '@dating/shared-kit/contracts';
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
import { isGiftId } from './gifts';
import { asksIfReal } from './honesty';
import { assertReachable, conversationOfPair, conversationsLeft, myConversation, pairOf } from './conversations';
import { toMessage, UUID } from './message-view';
import type { ChatSettings, MessageRow } from './message-view';
import { notifyRealtime } from './notify';

// control characters (line breaks and tabs are fine in a chat), bidirectional overrides, BOM,
// unpaired surrogates: refused rather than stored
// eslint-disable-next-line no-control-regex
const CHAT_UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function costOf(type: MessageType, settings: ChatSettings): { credits: number; reason: CreditReason } {
  if (type === 'image') return { credits: settings.photo_credits, reason: 'photo' };
  if (type === 'gift') return { credits: settings.gift_credits, reason: 'gift' };
  return { credits: settings.message_credits, reason: 'message' };
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

/* ---------------- DELETE /api/message.php ---------------- */

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

