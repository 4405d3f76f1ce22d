/**
 * The scam guard's queue (issue 26 part 3, modules/chat/held.ts; migration 0038).
 *
 * - `held_messages`: one row per message the guard held (messages.held): why (`reason`), what it
 *   would have cost (`cost`, `credit_reason`), and the moderator's decision: released (delivered
 *   and charged then: `charged`, 0 when the sender no longer had the credits) or rejected (a report
 *   of the sender). One decision: the UPDATE ... WHERE status = 'pending' decides a race.
 * - `safety_tips`: members who dismissed the chat's safety tip (shown before that, once per new
 *   conversation partner screen).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { messageParties, messages } from './chat';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const heldMessages = pgTable(
  'held_messages',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: 'cascade' }),
    ...messageParties(),
    /** link | email | phone | iban | messenger | money | review | conversation */
    reason: text('reason').notNull(),
    cost: integer('cost').notNull().default(0),
    creditReason: text('credit_reason'),
    /** pending | released | rejected */
    status: text('status').notNull().default('pending'),
    charged: integer('charged'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('held_messages_queue_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    index('held_messages_conversation_idx')
      .on(t.conversationId)
      .where(sql`${t.status} = 'pending'`),
    index('held_messages_sender_idx').on(t.senderId),
    check('held_messages_reason', sql`${t.reason} IN ('link', 'email', 'phone', 'iban', 'messenger', 'money', 'review', 'conversation')`),
    check('held_messages_status', sql`${t.status} IN ('pending', 'released', 'rejected')`),
  ],
);

export const safetyTips = pgTable('safety_tips', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dismissedAt: ts('dismissed_at').notNull().defaultNow(),
});
