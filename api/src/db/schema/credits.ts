/**
 * The credits ledger: one row per change of `users.credits`, written in the same transaction as
 * the conditional update of the balance (platform/credits.ts `changeCredits`). `balance_after` is
 * the balance right after this change, so the ledger alone tells a member's history.
 * Rows are payment records: the purge of deleted accounts keeps them (modules/identity/purge.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Why the balance changed. */
export const CREDIT_REASONS = [
  'signup_bonus',
  'purchase',
  'message',
  'gift',
  'photo',
  'refund',
  'admin',
  'time_bonus',
  'welcome_bonus',
  'chargeback',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').$type<CreditReason>().notNull(),
    /** what the change is about, e.g. `payment:12`, `message:345` */
    ref: text('ref'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_created_idx').on(t.userId, t.createdAt.desc()),
    // a purchase is credited once: one ledger row per payment reference (modules/payments)
    uniqueIndex('credit_ledger_purchase_ref_uq')
      .on(t.ref)
      .where(sql`${t.reason} = 'purchase'`),
    // money taken back at the PSP is taken from the balance once (modules/payments/reversals.ts)
    uniqueIndex('credit_ledger_reversal_ref_uq')
      .on(t.ref)
      .where(sql`${t.reason} = 'chargeback' or ${t.ref} like 'psp-refund:%'`),
  ],
);
