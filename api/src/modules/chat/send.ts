/**
 * Writing messages (issue 11): POST /api/messages.php (sendMessage), the store every message goes
 * through (storeMessage: also the operator console's replies, operator.ts) and deleting one's own
 * message (DELETE /api/message.php).
 *
 * Sending (`sendMessage`) is one transaction of three statements (few round trips: the send is
 * the product's hottest write), which holds the sender's users row and the pair's lock
 * (platform/pair-lock.ts, the same lock a block takes):
 *   1. lock the sender's row, then the pair (the other member from the conversation when named);
 *   2. under the locks: reachable (visible, not deleted/disabled/staff), no block either way, the
 *      pair's conversation, a free member's started conversations (the limit);
 *   3. storeMessage: debit + ledger row + (new conversation) + message + list markers + NOTIFY
 *      'm:<id>' (sent at commit) in one statement; 402 when short, nothing stored.
 * No lookup of the client_id first: the unique constraint (sender, client_id) decides; a retry
 * rolls back and answers the first message (also when it would now be refused), charging nothing.
 * A member whose e-mail is not confirmed can write; the recipient does not see those messages
 * (no list entry, no unread, no frame) until confirmation (migration 0011 trigger
 * chat_sender_confirmed brings them in then).
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { FREE_CONVERSATION_LIMIT } from '@dating/shared-kit/contracts';
import type { Message, MessageType } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { blocks, conversationMembers, conversations, messages, profiles, users } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import { debitSql, ledgerSql } from '../../platform/credits';
import type { CreditReason } from '../../platform/credits';
import { processImage } from '../../platform/images';
import type { UserRow } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { isGiftId } from './gifts';
import { asksIfReal } from './honesty';
import { assertReachable, myConversation, pairOf } from './conversations';
import { toMessage, UUID } from './message-view';
import type { ChatSettings, MessageRow } from './message-view';
import { notifyRealtime, REALTIME_CHANNEL } from './notify';

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
  const field = input.conversation != null ? 'conversation' : 'profile';
  if (input.profile === viewer.id) throw new AppError('message_self', { status: 400, field });

  // a picture: the costly image work only for a send that can go through (checked again under
  // the locks below), and not again for a retry
  let files: { full: string; thumb: string; width: number; height: number } | null = null;
  if (input.type === 'image' && input.image) {
    const earlier = await existingSend(db, viewer.id, clientId);
    if (earlier) return answerRetry(db, viewer.id, earlier, settings.cdn_prefix);
    const otherId = input.conversation != null ? (await myConversation(db, viewer.id, input.conversation)).otherId : (input.profile as number);
    await assertReachable(db, viewer.id, otherId, field);
    // the profile photos' pipeline (content checked, re-encoded, metadata gone)
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
      // 1. the sender's row, then the pair's lock (one statement, in that order: the row comes
      // out of the locking CTE before the lock function runs). The row first: fresh paid_user /
      // email_confirmed, one send of a member at a time, and the swipe game locks the row before
      // the pair too, so the two orders never cross. NO KEY UPDATE (the lock the debit's update
      // takes anyway) leaves the foreign-key checks of someone else's insert (KEY SHARE: a
      // conversation or message naming this member) free, so two members writing each other at
      // once cannot deadlock. The other member comes from the conversation when one is named.
      const other =
        input.conversation != null
          ? sql`(select other_id from ${conversationMembers} where conversation_id = ${input.conversation}::int and user_id = ${viewer.id}::int)`
          : sql`${input.profile}::int`;
      const [me] = await executeNamed<{ paid_user: boolean; email_confirmed: boolean; other_id: number | null; locked: number }>(
        tx,
        'chat_send_lock',
        sql`with me as (select paid_user, email_confirmed from ${users} where id = ${viewer.id}::int for no key update)
            select me.paid_user, me.email_confirmed, o.id as other_id,
              (select count(*) from (select pg_advisory_xact_lock(least(o.id, ${viewer.id}::int)::int4, greatest(o.id, ${viewer.id}::int)::int4)
                                      where o.id is not null and o.id <> ${viewer.id}::int) l)::int as locked
            from me, (select ${other} as id) o`,
      );
      if (!me) throw new AppError('authentication_required', { status: 403, extra: { authentication_required: true } });
      if (me.other_id == null) throw new AppError('conversation_not_found', { status: 404, field: 'conversation' });
      const otherId = Number(me.other_id);
      if (otherId === viewer.id) throw new AppError('message_self', { status: 400, field });

      // 2. under the locks (a fresh snapshot: a block that committed before is seen): may the
      // sender write to this member (assertReachable's rules), the pair's conversation, and for
      // a free member how many conversations they started
      const { userA, userB } = pairOf(viewer.id, otherId);
      const [pair] = await executeNamed<{ reachable: boolean; fictional: boolean; blocked: boolean; conversation_id: number | null; started: number | null }>(
        tx,
        'chat_send_pair',
        sql`select
              exists (select 1 from ${profiles} p join ${users} u on u.id = p.user_id
                       where p.user_id = ${otherId}::int and p.status = 'active' and u.status in ('active', 'not_confirmed')
                         and u.deleted_at is null and not u.invisible and not u.is_staff) as reachable,
              coalesce((select fictional from ${users} where id = ${otherId}::int), false) as fictional,
              exists (select 1 from ${blocks} where (blocker_id = ${viewer.id}::int and blocked_id = ${otherId}::int)
                                                 or (blocker_id = ${otherId}::int and blocked_id = ${viewer.id}::int)) as blocked,
              (select id from ${conversations} where user_a = ${userA}::int and user_b = ${userB}::int) as conversation_id,
              case when ${me.paid_user}::boolean then null else (select count(*)::int from ${conversations} where started_by = ${viewer.id}::int) end as started`,
      );
      if (!pair?.reachable) throw new AppError('member_not_found', { status: 404, field });
      if (pair.blocked) throw new AppError('member_blocked', { status: 403, field });
      const conversationId = pair.conversation_id == null ? null : Number(pair.conversation_id);
      if (input.conversation != null && conversationId !== input.conversation) throw new AppError('conversation_not_found', { status: 404, field: 'conversation' });
      if (conversationId == null && pair.started != null && Number(pair.started) >= FREE_CONVERSATION_LIMIT) {
        throw new AppError('conversation_limit', { status: 403, params: { limit: FREE_CONVERSATION_LIMIT }, extra: { limit: FREE_CONVERSATION_LIMIT } });
      }
      const toChatpal = pair.fictional;

      // 3. one statement: debit + ledger row + (new conversation) + message + list markers + NOTIFY
      const stored = await storeMessage(
        tx,
        {
          conversationId: conversationId ?? 0,
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
        // the operators' inboxes hear of it (only what a chatpal's side sees: held messages come with the confirmation)
        { charge: reason, start: conversationId == null, operatorInbox: toChatpal && me.email_confirmed },
      );
      if (!stored.row) throw new DuplicateSend();
      return { row: stored.row, balance: stored.credits ?? 0, toChatpal };
    });
    return { message: toMessage(result.row, viewer.id, 0, settings.cdn_prefix), credits: result.balance, created: true, toChatpal: result.toChatpal };
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
const MESSAGE_RETURNING = sql.raw(MESSAGE_COLUMNS.map(([key, column]) => `${column.name} as "${key}"`).join(', '));

/** A row of MESSAGE_RETURNING as Drizzle would map it (timestamps arrive as text from node-postgres). */
function messageFromDriver(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of MESSAGE_COLUMNS) {
    const value = raw[key];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as MessageRow;
}

/**
 * Store a message, move the list markers and announce it (an 'm' notification, sent at commit):
 * the sender's list always, the recipient's when `deliver` (a sender who has not confirmed their
 * e-mail address is held). The members' send above (with `charge`, and `start` for a pair's first
 * message) and the operator console's replies (operator.ts) both write through here.
 *
 * ONE statement (a WITH of data-modifying parts, all or nothing): the debit (debitSql: the
 * conditional update; no row when short, and then nothing else is written), the new conversation
 * and both sides' rows, the message (client_id unique per sender: ON CONFLICT DO NOTHING, the
 * caller rolls back the rest), the ledger row (ref message:<id>), the list markers, pg_notify.
 */
export async function storeMessage(tx: Tx, values: typeof messages.$inferInsert, deliver: boolean, options: StoreOptions = {}): Promise<Stored> {
  const sender = values.senderId;
  const recipient = values.recipientId;
  const amount = values.credits ?? 0;
  const parts: SQL[] = [];
  const one = sql`(select 1) one`;
  if (options.charge) parts.push(sql`debit as (${amount > 0 ? debitSql(sender, amount) : sql`select credits from ${users} where id = ${sender}::int`})`);
  if (options.start) {
    const { userA, userB } = pairOf(sender, recipient);
    parts.push(sql`conv as (insert into ${conversations} (user_a, user_b, started_by) select ${userA}::int, ${userB}::int, ${sender}::int from ${options.charge ? sql`debit` : one} returning id)`);
  }
  const source = options.start ? sql`conv` : options.charge ? sql`debit` : one;
  parts.push(sql`msg as (insert into ${messages} (conversation_id, sender_id, recipient_id, type, body, gift, image_file, image_thumb, image_width, image_height, client_id, credits, operator_id, asks_if_real, disclosure)
    select ${options.start ? sql`conv.id` : sql`${values.conversationId}::int`}, ${sender}::int, ${recipient}::int, ${values.type}::text, ${values.body ?? null}::text, ${values.gift ?? null}::text,
      ${values.imageFile ?? null}::text, ${values.imageThumb ?? null}::text, ${values.imageWidth ?? null}::int, ${values.imageHeight ?? null}::int, ${values.clientId}::uuid,
      ${amount}::int, ${values.operatorId ?? null}::int, ${values.asksIfReal ?? false}::boolean, ${values.disclosure ?? false}::boolean
    from ${source}
    on conflict (sender_id, client_id) do nothing
    returning ${MESSAGE_RETURNING})`);
  if (options.charge && amount > 0) parts.push(sql`ledger as (${ledgerSql(sender, amount, options.charge, sql`'message:' || msg.id`, sql`msg`)})`);
  parts.push(
    options.start
      ? sql`markers as (insert into ${conversationMembers} (conversation_id, user_id, other_id, last_message_id)
          select msg."conversationId", x.u, x.o, case when x.u = ${sender}::int or ${deliver}::boolean then msg.id else 0 end
          from msg, (values (${sender}::int, ${recipient}::int), (${recipient}::int, ${sender}::int)) x(u, o))`
      : sql`markers as (update ${conversationMembers} cm set last_message_id = msg.id from msg
          where cm.conversation_id = msg."conversationId"${deliver ? sql`` : sql` and cm.user_id = msg."senderId"`})`,
  );
  parts.push(
    sql`note as (select pg_notify(${REALTIME_CHANNEL}, 'm:' || msg.id || ':' || msg."senderId" || ':' || msg."recipientId") from msg${
      options.operatorInbox ? sql` union all select pg_notify(${REALTIME_CHANNEL}, 'oi:' || msg."conversationId") from msg` : sql``
    })`,
  );
  const [out] = await executeNamed<Record<string, unknown> & { id: number | null; balance: number | null }>(
    tx,
    options.start ? 'chat_store_new' : 'chat_store',
    sql`with ${sql.join(parts, sql`, `)}
        select msg.*, ${options.charge ? sql`(select credits from debit)` : sql`null::int`} as balance, (select count(*) from note)::int as notes
        from (select 1) one left join msg on true`,
  );
  const credits = out?.balance == null ? null : Number(out.balance);
  if (options.charge && credits == null) throw new AppError('insufficient_credits', { status: 402 });
  return { row: out?.id == null ? null : messageFromDriver(out), credits };
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

