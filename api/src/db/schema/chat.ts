/**
 * Tables of the chat capability (api/src/modules/chat).
 *
 * - `conversations`: one per pair of members (user_a < user_b), started by one of them (the free
 *   members' limit counts these). `operator_id` + `claimed_at`: the operator console's claim
 *   (issue 15, modules/chat/operator.ts): the staff member answering for a chatpal (fictional
 *   profile) in this conversation, and when they last claimed or replied; the claim lapses 5
 *   minutes after `claimed_at`. One column per conversation: two operators cannot hold it at once,
 *   and a claim is taken with one conditional UPDATE (race-safe).
 * - `conversation_members`: each side's own state: the read marker (`last_read_id`, Matrix-style
 *   "read up to"), the history cleared by DELETE /api/chat.php (`cleared_id`: messages up to it
 *   are gone from this side), and the newest message this side sees (`last_message_id`, the sort
 *   key of the chat list).
 * - `messages`: `client_id` is unique per sender (a retried send finds the first row through the
 *   constraint, never through a lookup race). A deleted message keeps its row without content
 *   (`deleted_at`). `operator_id`: who wrote a chatpal's reply (staff only, never in a member's
 *   answer or frame). `asks_if_real`: a member's text to a chatpal that asks whether it is real
 *   (modules/chat/honesty.ts); `disclosure`: an operator's message that is the site's disclosure
 *   (this profile is fictional). Until a disclosure follows the newest question, the console
 *   refuses every other reply (409 disclosure_required).
 * - `chatpal_notices`: when a member last got the in-chat notice that chatpals are fictional
 *   (the vulnerable-user warning, at most once per 24 hours).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userA: integer('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: integer('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: ts('claimed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_uq').on(t.userA, t.userB),
    index('conversations_started_by_idx').on(t.startedBy),
    check('conversations_pair_order', sql`${t.userA} < ${t.userB}`),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
    clearedId: integer('cleared_id').notNull().default(0),
    lastMessageId: integer('last_message_id').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId, t.lastMessageId.desc()),
  ],
);

/**
 * The conversation a message belongs to, its sender and its recipient: the columns `messages` and
 * the scam guard's `held_messages` (schema/held.ts) share. A function, because each table needs
 * its own column builders.
 */
export const messageParties = () => ({
  conversationId: integer('conversation_id')
    .notNull()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  senderId: integer('sender_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  recipientId: integer('recipient_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    ...messageParties(),
    /** text | image | gift */
    type: text('type').notNull(),
    body: text('body'),
    gift: text('gift'),
    imageFile: text('image_file'),
    imageThumb: text('image_thumb'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    clientId: uuid('client_id').notNull(),
    credits: integer('credits').notNull().default(0),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    asksIfReal: boolean('asks_if_real').notNull().default(false),
    /** why the guard flagged it (migration 0030): real_question | bot_question | staff_question | short_form, "+disguised" when found only after undoing a disguise */
    honestyReason: text('honesty_reason'),
    disclosure: boolean('disclosure').notNull().default(false),
    /** the scam guard held it (issue 26 part 3, migration 0038): 'pending' (a moderator decides) | 'rejected'; null: delivered as usual (schema/held.ts) */
    held: text('held'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('messages_sender_client_uq').on(t.senderId, t.clientId),
    // history pages (keyset on id) and the unread count of one conversation
    index('messages_conversation_idx').on(t.conversationId, t.id.desc()),
    // the socket's catch-up after last_id
    index('messages_recipient_idx').on(t.recipientId, t.id),
    // serving an image looks its message up by file name (chat/image-files.ts)
    index('messages_image_file_idx')
      .on(t.imageFile)
      .where(sql`${t.imageFile} is not null`),
    index('messages_image_thumb_idx')
      .on(t.imageThumb)
      .where(sql`${t.imageThumb} is not null`),
    check('messages_credits_nonneg', sql`${t.credits} >= 0`),
    check(
      'messages_honesty_reason_check',
      sql`${t.honestyReason} IS NULL OR (${t.asksIfReal} AND ${t.honestyReason} ~ '^(real_question|bot_question|staff_question|short_form)(\+disguised)?$')`,
    ),
    // the honesty guard: the newest question / disclosure of a conversation
    index('messages_asks_if_real_idx')
      .on(t.conversationId, t.id)
      .where(sql`${t.asksIfReal}`),
    index('messages_disclosure_idx')
      .on(t.conversationId, t.id)
      .where(sql`${t.disclosure}`),
    // the vulnerable-user warning counts a member's messages of the last 24 hours
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    // the socket's catch-up replays the deletions since the last message it saw (only deleted rows)
    index('messages_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    check('messages_held_check', sql`${t.held} IS NULL OR ${t.held} IN ('pending', 'rejected')`),
  ],
);

export const chatpalNotices = pgTable('chatpal_notices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shownAt: ts('shown_at').notNull().defaultNow(),
});
