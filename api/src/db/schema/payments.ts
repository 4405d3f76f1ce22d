/**
 * Credits purchases (modules/payments): our record of every PSP payment, the PSP's customer and
 * mandate references, discount codes and their use, the back office's blocked IBANs and phone
 * numbers, and the direct-debit requests waiting for their SMS code.
 *
 * Money is an integer in the minor unit of `currency`. A payment's credits reach the balance only
 * through platform/credits.ts `changeCredits` with the ledger reference `payment:<id>`, which is
 * unique for purchases (credit_ledger_purchase_ref_uq), in the same transaction as the payment's
 * guarded status change: a paid payment is credited exactly once.
 * Table names matter to the purge of deleted accounts (identity/purge.ts): `payments` and
 * `psp_mandates` are payment records and stay; the rest of a member's rows go.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** the PSP's id (tr_...); null only between our insert and the PSP's answer, in one request */
    pspId: text('psp_id').unique(),
    /** checkout | repeat | directdebit */
    kind: text('kind').notNull(),
    /** tryout | p0 | p1 | p2 | p3 */
    package: text('package').notNull(),
    /** our method (the product's list) */
    method: text('method').notNull(),
    issuer: text('issuer'),
    /** oneoff | first | recurring */
    sequenceType: text('sequence_type').notNull(),
    /** what the member pays, minor units of currency */
    amount: integer('amount').notNull(),
    /** the package price before the discount */
    originalAmount: integer('original_amount').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    credits: integer('credits').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountCode: text('discount_code'),
    discountPercentage: integer('discount_percentage'),
    /** open | pending | authorized | paid | failed | canceled | expired (the PSP's status, as last fetched) */
    status: text('status').notNull().default('open'),
    checkoutUrl: text('checkout_url'),
    mandateId: text('mandate_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    /** set in the transaction that added the credits */
    creditedAt: ts('credited_at'),
    /** a staff refund (issue 15): when, by whom, the PSP's refund id; the credits went back through the ledger in that transaction */
    refundedAt: ts('refunded_at'),
    refundedBy: integer('refunded_by'),
    refundPspId: text('refund_psp_id'),
    /** when GET /api/payment.php last asked the PSP (payments/psp-poll.ts: once per few seconds across instances) */
    pspCheckedAt: ts('psp_checked_at'),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('payments_open_no_psp_idx')
      .on(t.createdAt)
      .where(sql`${t.pspId} is null and ${t.status} = 'open'`),
    index('payments_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.pspId} is not null and ${t.status} in ('open', 'pending', 'authorized')`),
    check('payments_amount_positive', sql`${t.amount} > 0 and ${t.originalAmount} >= ${t.amount}`),
    check('payments_credits_positive', sql`${t.credits} > 0`),
  ],
);

/**
 * A chargeback or a refund made at the PSP (its dashboard), not by our staff: taken back from the
 * member once per PSP id (payments/reversals.ts). `credits` is what the money taken back is worth;
 * `credits_taken` came off the balance (down to 0), `credits_owed` is the rest.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    /** the PSP's id: chb_... or re_... */
    pspRef: text('psp_ref').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** chargeback | refund */
    kind: text('kind').notNull(),
    /** minor units of the payment's currency */
    amount: integer('amount').notNull(),
    credits: integer('credits').notNull(),
    creditsTaken: integer('credits_taken').notNull(),
    creditsOwed: integer('credits_owed').notNull(),
    /** a chargeback the bank reversed: its credits came back, nothing is owed for it */
    undoneAt: ts('undone_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_reversals_payment_idx').on(t.paymentId),
    index('payment_reversals_user_idx').on(t.userId),
    check(
      'payment_reversals_credits',
      sql`${t.credits} >= 0 and ${t.creditsTaken} >= 0 and ${t.creditsOwed} >= 0 and ${t.creditsTaken} + ${t.creditsOwed} = ${t.credits}`,
    ),
  ],
);

/** The PSP's customer of a member (created at the first purchase, reused for mandates). */
export const pspCustomers = pgTable('psp_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  customerId: text('customer_id').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Mandates the PSP holds for a member: a card (from a paid first card payment) or SEPA direct debit. */
export const pspMandates = pgTable(
  'psp_mandates',
  {
    /** the PSP's id (mdt_...) */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: text('customer_id').notNull(),
    /** creditcard | directdebit */
    method: text('method').notNull(),
    /** valid | pending | invalid */
    status: text('status').notNull(),
    /** card label ('Visa') or 'SEPA' */
    label: text('label').notNull(),
    /** last 4 digits of the card or the IBAN: nothing more is kept */
    last4: text('last4').notNull(),
    /** card expiry 'YYYY-MM' */
    expires: text('expires'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('psp_mandates_user_idx').on(t.userId, t.method, t.createdAt.desc())],
);

/** Discount codes (back office), plus the two built-in ones: WELCOME25 (kind welcome) and TIMEBONUS25 (kind time_bonus). */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** stored upper case; matched case-insensitively */
    code: text('code').notNull(),
    /** code | welcome | time_bonus */
    kind: text('kind').notNull().default('code'),
    percentage: integer('percentage').notNull(),
    /** minor units of the order's currency */
    minimumOrderValue: integer('minimum_order_value').notNull().default(0),
    /** ISO country the code is valid in; null = everywhere */
    country: text('country'),
    active: boolean('active').notNull().default(true),
    validUntil: ts('valid_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(sql`upper(${t.code})`),
    check('discount_codes_percentage', sql`${t.percentage} between 1 and 100`),
    check('discount_codes_minimum', sql`${t.minimumOrderValue} >= 0`),
  ],
);

/** A code used by a member (once per member): written with the paid payment's credits. */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] })],
);

/**
 * What an open or paid payment holds (migration 0031): a discount ('discount:<code id>': a code,
 * the welcome discount, the time bonus) or the try-out package ('tryout'), once per member. Written
 * in the transaction of the payment insert; a failed, canceled or expired payment gives it back.
 */
export const paymentHolds = pgTable(
  'payment_holds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    hold: text('hold').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_holds_pk', columns: [t.userId, t.hold] }), index('payment_holds_payment_idx').on(t.paymentId)],
);

/** IBANs and phone numbers blocked from direct debit (back office). Values normalised: IBAN upper case without spaces, phone E.164. */
export const blockedPaymentAccounts = pgTable(
  'blocked_payment_accounts',
  {
    id: serial('id').primaryKey(),
    /** iban | phone */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blocked_payment_accounts_uq').on(t.kind, t.value)],
);

/** Step 1 of /directdebit, waiting for its SMS code (step 2 creates the mandate and the payment). */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    smsCodeId: integer('sms_code_id')
      .notNull()
      .references(() => smsCodes.id),
    package: text('package').notNull(),
    amount: integer('amount').notNull(),
    originalAmount: integer('original_amount').notNull(),
    currency: text('currency').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    /** the discount as priced in step 1: step 2 charges `amount`, what the member confirmed by SMS */
    discountCode: text('discount_code'),
    discountPercentage: integer('discount_percentage'),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    phone: text('phone').notNull(),
    /** pending | confirmed | replaced */
    status: text('status').notNull().default('pending'),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('direct_debit_requests_user_idx').on(t.userId, t.createdAt.desc())],
);

/** One-time codes sent by SMS (platform/sms.ts): stored hashed, expire, single use, limited tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** what the code confirms, e.g. directdebit */
    purpose: text('purpose').notNull(),
    /** hex sha256 of `<id>:<code>` */
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_codes_user_idx').on(t.userId, t.createdAt.desc())],
);

/** Every SMS the site sends (SMS adapter outbox); readable at /dev/mailbox beside the mails outside production. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    to: text('to').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.id.desc())],
);
