/**
 * Tables of the identity capability (Drizzle pg-core): one-time tokens, login attempts, the mail
 * outbox, deletion records, sign-up invitations and Web Push subscriptions.
 * Tokens are stored only as sha256 hashes; the raw token exists only in the mailed link.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** activation | reset | mail_change | reactivation */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** mail_change: the address to switch to once confirmed */
    newEmail: text('new_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    // rate limits: tokens of one kind for one user created since ...
    index('account_tokens_user_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/**
 * One row per login attempt. The lock is decided per (site, e-mail, source IP): see
 * modules/identity/login-guard.ts for why a stranger cannot lock the owner out.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: integer('success').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_ip_idx').on(t.siteId, t.email, t.ip, t.createdAt),
    index('login_attempts_created_idx').on(t.createdAt),
  ],
);

/** Every mail the site sends. With SMTP_URL it is also delivered over SMTP (`sentAt`). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** extra mail headers (notification mails: List-Unsubscribe, List-Unsubscribe-Post) */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** outbox | smtp */
    transport: text('transport').notNull().default('outbox'),
    sentAt: ts('sent_at'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_user_idx').on(t.userId, t.kind, t.createdAt)],
);

/** Deletion record: reason + remarks kept for statistics; the personal data go at purgeAfter. */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    remarks: text('remarks').notNull().default(''),
    deletedAt: ts('deleted_at').notNull().defaultNow(),
    purgeAfter: ts('purge_after').notNull(),
    reactivatedAt: ts('reactivated_at'),
    purgedAt: ts('purged_at'),
  },
  (t) => [index('account_deletions_purge_idx').on(t.purgeAfter), index('account_deletions_user_idx').on(t.userId)],
);

/** Invitations for sites whose `signups` setting is invite_only. */
export const signupInvites = pgTable('signup_invites', {
  code: text('code').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Web Push subscriptions (POST /api/user.php?push=1). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The optional first message written during sign-up (spec: signup form draft `signup_message`),
 * kept until the chat capability delivers it (only once the e-mail is confirmed).
 */
export const signupMessages = pgTable('signup_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** profile id of the addressee, when signing up from /members/{id}/signup */
  toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
