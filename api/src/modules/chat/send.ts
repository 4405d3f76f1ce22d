/**
 * Writing messages (issue 11): POST /api/messages.php (sendMessage), the store every message goes
 * through (storeMessage: also the operator console's replies, operator.ts) and deleting one's own
 * message (DELETE /api/message.php).
 *
 * Sending (`sendMessage`) is ONE statement, its own transaction: the database function chat_send
 * (migration 0025, last redefined in 0030; one round trip, the send is the product's hottest write):
 *   1. lock the sender's users row, then the pair (the other member from the conversation when
 *      named): the pair's lock is platform/pair-lock.ts's, the one a block takes;
 *   2. under the locks (fresh snapshots): reachable (visible, not deleted/disabled/staff), no
 *      block either way, the pair's conversation, a free member's started conversations (the limit);
 *   3. chat_store: debit + ledger row + (new conversation) + message + list markers + the
 *      notification 'm:<id>:<sender>:<recipient>'; 402 when short, nothing stored.
 *   On PostgreSQL the send's notifications come back in `notices` and go out after the commit,
 *   with other sends' (db/after-commit.ts: notifying commits go one at a time); on PGlite at commit.
 * No lookup of the client_id first: the unique constraint (sender, client_id) decides; a retry
 * rolls back and answers the first message (also when it would now be refused), charging nothing.
 * A member whose e-mail is not confirmed can write; the recipient does not see those messages
 * (no list entry, no unread, no frame) until confirmation (migration 0011 trigger
 * chat_sender_confirmed brings them in then).
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { FREE_CONVERSATION_LIMIT } from '@dating/shared-kit/contracts';
import type { HeldReason, Message, MessageType, Settings } from '@dating/shared-kit/contracts';
import { deferNotifications, notifyAfterCommit } from '../../db/after-commit';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { executeNamed, preparedSql } from '../../db/prepared';
import { messages, users } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import type { CreditReason } from '../../platform/credits';
import { processImage } from '../../platform/images';
import type { UserRow } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { isGiftId } from './gifts';
import { findHonestyQuestion, honestyCode } from './honesty';
import { assertReachable, myConversation, pairHasMessages } from './conversations';
import { toMessage, UUID } from './message-view';
import type { ChatSettings, MessageRow } from './message-view';
import { notifyRealtime } from '../../platform/realtime/notify';
import { heldInput } from './scam/hold';

// control characters (line breaks and tabs are fine in a chat), bidirectional overrides, BOM,
// unpaired surrogates: refused rather than stored
const CHAT_UNSAFE =
  // eslint-disable-next-line no-control-regex -- these control characters are what the pattern refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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
  /** the stored row (a new message): this instance's sockets get it from here (live.ts deliverOwn) */
  row?: MessageRow;
}

/** Thrown inside the transaction when another request with the same client_id won the insert. */
class DuplicateSend extends Error {}

async function existingSend(db: DbOrTx, senderId: number, clientId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

async function answerRetry(db: DbOrTx, viewerId: number, row: MessageRow, cdnPrefix: string): Promise<SendResult> {
  const [me] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, viewerId));
  // announced again: the first attempt's server may have stopped between its commit and its
  // notifications (db/after-commit.ts); the browsers drop a message:new they already have
  if (!row.deletedAt) await notifyRealtime(db, `m:${row.id}:${row.senderId}:${row.recipientId}`);
  return { message: toMessage(row, viewerId, 0, cdnPrefix), credits: me?.credits ?? 0, created: false };
}

export function cleanText(body: string | undefined, max: number): string {
  const text = (body ?? '').normalize('NFC').trim();
  if (text.length === 0) throw new AppError('message_empty', { status: 400, field: 'body' });
  if ([...text].length > max) throw new AppError('chat_message_too_long', { status: 400, field: 'body', params: { max } });
  if (CHAT_UNSAFE.test(text)) throw new AppError('text_invalid', { status: 400, field: 'body' });
  return text;
}

/** The scam guard's settings (issue 26 part 3); absent ones take the defaults (ZSettings). */
export type HoldSettings = Partial<Pick<Settings, 'held_first_messages' | 'held_account_hours' | 'held_messengers' | 'held_money_words'>>;

export interface SendOptions {
  /** the sender is under review (reports: 3+ distinct reporters): a new conversation of theirs is held */
  underReview?: (senderId: number) => Promise<boolean>;
}

/**
 * Whether a send to `profile` is held as the sender's under review: only the first message of a
 * new conversation is (chat_send holds 'review' within 1 message), so the report queries are
 * skipped when the two already have one.
 */
async function senderUnderReview(
  db: Db,
  senderId: number,
  profile: number,
  underReview: (senderId: number) => Promise<boolean>,
): Promise<boolean> {
  if (await pairHasMessages(db, senderId, profile)) return false;
  return underReview(senderId);
}

export async function sendMessage(
  db: Db,
  storage: Storage,
  viewer: UserRow,
  input: SendInput,
  settings: ChatSettings & HoldSettings,
  options: SendOptions = {},
): Promise<SendResult> {
  const clientId = input.client_id.trim().toLowerCase();
  if (!UUID.test(clientId)) throw new AppError('client_id_invalid', { status: 400, field: 'client_id' });
  if ((input.conversation == null) === (input.profile == null))
    throw new AppError('conversation_or_profile', { status: 400, field: 'conversation' });
  let body: string | null = null;
  let gift: string | null = null;
  if (input.type === 'text') body = cleanText(input.body, settings.message_length);
  else if (input.type === 'gift') {
    if (!isGiftId(input.gift)) throw new AppError('gift_unknown', { status: 400, field: 'gift' });
    gift = input.gift;
  } else if (input.type === 'image') {
    if (!input.image || input.image.length === 0) throw new AppError('image_missing', { status: 400, field: 'image' });
  } else throw new AppError('message_type_invalid', { status: 400, field: 'type' });
  const field = input.conversation != null ? 'conversation' : 'profile';
  if (input.profile === viewer.id) throw new AppError('message_self', { status: 400, field });

  // a picture: the costly image work only for a send that can go through (checked again under
  // the locks below), and not again for a retry
  let files: { full: string; thumb: string; width: number; height: number } | null = null;
  if (input.type === 'image' && input.image) {
    const earlier = await existingSend(db, viewer.id, clientId);
    if (earlier) return answerRetry(db, viewer.id, earlier, settings.cdn_prefix);
    const otherId =
      input.conversation != null ? (await myConversation(db, viewer.id, input.conversation)).otherId : (input.profile as number);
    await assertReachable(db, viewer.id, otherId, field);
    // the profile photos' pipeline (content checked, re-encoded, metadata gone)
    const image = await processImage(input.image, { memberId: viewer.id }).catch((error: unknown) => {
      if (isAppError(error))
        throw new AppError(error.code, { status: error.status, field: 'image', params: error.params, extra: error.extra });
      throw error;
    });
    const [full, thumb] = await Promise.all([storage.put(image.full, 'jpg'), storage.put(image.thumb, 'jpg')]);
    files = { full, thumb, width: image.width, height: image.height };
  }

  const { credits: cost, reason } = costOf(input.type, settings);
  // the scam guard (issue 26 part 3): the text is read here, chat_send decides with the conversation
  // in hand (only between members, in its first messages or from a young account)
  const underReview =
    input.profile != null && options.underReview ? await senderUnderReview(db, viewer.id, input.profile, options.underReview) : false;
  const hold: { reason: HeldReason | null; within: number | null } = heldInput(viewer, body, settings, underReview);
  try {
    // one statement, its own transaction (migration 0025 chat_send: the locks, the rules under
    // them, then chat_store); the other member comes from the conversation when one is named
    const {
      rows: [out],
    } = await chatSendStatement(db)
      .execute({
        sender: viewer.id,
        profile: input.profile ?? null,
        conversation: input.conversation ?? null,
        type: input.type,
        body,
        gift,
        imageFile: files?.full ?? null,
        imageThumb: files?.thumb ?? null,
        imageWidth: files?.width ?? null,
        imageHeight: files?.height ?? null,
        clientId,
        cost,
        reason,
        // the honesty guard's finding (a short form counts only after a chatpal's message: chat_send decides)
        honesty: honestyCode(findHonestyQuestion(body)),
        freeLimit: FREE_CONVERSATION_LIMIT,
        defer: deferNotifications(db),
        hold: hold.reason,
        holdWithin: hold.within,
      })
      .catch((error: unknown) => {
        if (isDuplicateSend(error)) throw new DuplicateSend();
        throw error;
      });
    // PostgreSQL: the send's notifications ('m', 'c', ...) go out after its commit (db/after-commit.ts)
    notifyAfterCommit(db, out?.notices);
    if (out?.status !== 'ok' || !out.message) throw sendRefusal(out?.status, field);
    // the honesty guard (issues 15, 25) marked a question to a chatpal whether it is real (chat_send: asks_if_real, honesty_reason)
    const row = messageFromJson(out.message);
    return {
      message: toMessage(row, viewer.id, 0, settings.cdn_prefix),
      credits: Number(out.balance ?? 0),
      created: true,
      toChatpal: Boolean(out.fictional),
      row,
    };
  } catch (error) {
    if (files) await Promise.all([storage.remove(files.full), storage.remove(files.thumb)]);
    // a retry (no lookup before: the unique constraint decides): the first answer again, nothing
    // charged, also when the send would be refused now (credits spent since, a block since)
    if (error instanceof DuplicateSend || isAppError(error)) {
      const first = await existingSend(db, viewer.id, clientId);
      if (first) return answerRetry(db, viewer.id, first, settings.cdn_prefix);
    }
    throw error;
  }
}

/** The send's one statement, its text built once per database (db/prepared.ts; PGlite: PREPARE/EXECUTE). */
function chatSendStatement(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return preparedSql<{
    status: SendStatus;
    fictional: boolean | null;
    balance: number | null;
    message: Record<string, unknown> | null;
    notices: string | null;
  }>(
    db,
    'chat_send',
    () => sql`select status, fictional, balance, message, notices from chat_send(${p('sender')}::int, ${p('profile')}::int, ${p('conversation')}::int,
          ${p('type')}::text, ${p('body')}::text, ${p('gift')}::text, ${p('imageFile')}::text, ${p('imageThumb')}::text, ${p('imageWidth')}::int,
          ${p('imageHeight')}::int, ${p('clientId')}::uuid, ${p('cost')}::int, ${p('reason')}::text, ${p('honesty')}::text, ${p('freeLimit')}::int,
          ${p('defer')}::boolean, ${p('hold')}::text, ${p('holdWithin')}::int)`,
  );
}

/** What chat_send answers (migration 0025). */
type SendStatus =
  'ok' | 'no_sender' | 'conversation_not_found' | 'self' | 'member_not_found' | 'member_blocked' | 'conversation_limit' | 'insufficient';

/** The member's answer to a send that chat_send refused (nothing was written). */
function sendRefusal(status: SendStatus | undefined, field: string): AppError {
  switch (status) {
    case 'conversation_not_found':
      return new AppError('conversation_not_found', { status: 404, field: 'conversation' });
    case 'self':
      return new AppError('message_self', { status: 400, field });
    case 'member_not_found':
      return new AppError('member_not_found', { status: 404, field });
    case 'member_blocked':
      return new AppError('member_blocked', { status: 403, field });
    case 'conversation_limit':
      return new AppError('conversation_limit', {
        status: 403,
        params: { limit: FREE_CONVERSATION_LIMIT },
        extra: { limit: FREE_CONVERSATION_LIMIT },
      });
    case 'insufficient':
      return new AppError('insufficient_credits', { status: 402 });
    default:
      return new AppError('authentication_required', { status: 403, extra: { authentication_required: true } });
  }
}

/** chat_send raises 'chat_send_duplicate' (its writes roll back) when the sender used the client_id before. */
function isDuplicateSend(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = (e as Error & { cause?: unknown }).cause) {
    if (e.message.includes('chat_send_duplicate')) return true;
  }
  return false;
}

export interface StoreOptions {
  /** debit the sender `values.credits` with a ledger row of this reason; 402 when short */
  charge?: CreditReason;
  /** the pair's first message: the conversation (started by the sender) and both sides' rows are made in the same statement (values.conversationId is not used) */
  start?: boolean;
  /** also tell the operators' consoles ('oi': a chatpal conversation got a message) */
  operatorInbox?: boolean;
}

export interface Stored {
  /** null: this sender used the client_id before (a retry) */
  row: MessageRow | null;
  /** the balance after the debit (with `charge`) */
  credits: number | null;
}

const MESSAGE_COLUMNS = Object.entries(getTableColumns(messages));

/** A messages row as chat_store answers it (to_jsonb: column names, timestamps as ISO text), mapped as Drizzle would. */
function messageFromJson(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of MESSAGE_COLUMNS) {
    const value = raw[column.name];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as MessageRow;
}

/**
 * Store a message, move the list markers and announce it (an 'm' notification, sent at commit):
 * the sender's list always, the recipient's when `deliver` (a sender who has not confirmed their
 * e-mail address is held). Every message is written by the database function chat_store
 * (migration 0025): the members' sends through chat_send (sendMessage above), the operator
 * console's replies (operator.ts) through here.
 *
 * One statement: the debit with its ledger row (`charge`; 402 when short, nothing written), the
 * new conversation and both sides' rows (`start`), the message (client_id unique per sender: row
 * null when it was used before, and the caller rolls back the rest), the list markers, pg_notify.
 */
export async function storeMessage(
  tx: Tx,
  values: typeof messages.$inferInsert,
  deliver: boolean,
  options: StoreOptions = {},
): Promise<Stored> {
  const [out] = await executeNamed<{
    status: 'ok' | 'insufficient' | 'duplicate';
    balance: number | null;
    message: Record<string, unknown> | null;
  }>(
    tx,
    'chat_store',
    sql`select status, balance, message from chat_store(${values.conversationId}::int, ${values.senderId}::int, ${values.recipientId}::int, ${values.type}::text,
          ${values.body ?? null}::text, ${values.gift ?? null}::text, ${values.imageFile ?? null}::text, ${values.imageThumb ?? null}::text,
          ${values.imageWidth ?? null}::int, ${values.imageHeight ?? null}::int, ${values.clientId}::uuid, ${values.credits ?? 0}::int,
          ${values.operatorId ?? null}::int, ${values.honestyReason ?? null}::text, ${values.disclosure ?? false}::boolean,
          ${deliver}::boolean, ${options.charge ?? null}::text, ${options.start ?? false}::boolean, ${options.operatorInbox ?? false}::boolean)`,
  );
  if (out?.status === 'insufficient') throw new AppError('insufficient_credits', { status: 402 });
  return { row: out?.message ? messageFromJson(out.message) : null, credits: out?.balance == null ? null : Number(out.balance) };
}

/* ---------------- DELETE /api/message.php ---------------- */

/** DELETE /api/message.php: own messages only; the row stays as a marker without content on both sides. */
export async function deleteMessage(db: Db, storage: Storage, viewer: UserRow, id: number, cdnPrefix: string): Promise<Message> {
  const [before] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.senderId, viewer.id)))
    .limit(1);
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
