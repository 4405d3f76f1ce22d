/**
 * Tables of the notifications capability (modules/notifications): the server's own generated
 * secrets (VAPID key pair, the signing key of one-click unsubscribe links) and the events that
 * notification mails are made of (the first of a kind is mailed at once, later ones of the hour
 * are gathered into one mail).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Generated once at first start and kept (env values win): `vapid` (JSON {publicKey, privateKey}), `mail_link_key`. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** message | like | match, for `userId`, caused by `actorId`; `mailedAt` set once a mail carried it. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    mailedAt: ts('mailed_at'),
  },
  (t) => [index('notification_events_pending_idx').on(t.userId, t.kind, t.mailedAt)],
);

/**
 * Where the message notifier (modules/notifications/message-notifier.ts) is in the messages
 * table, its outbox: every message up to `lastId` was handled, except the ids in `holes`
 * ([id, first seen ms]: ids taken by a send that had not committed yet, or never will: a rolled
 * back send), which are looked at again until they are HOLE_MS old.
 */
export const notifierCursors = pgTable('notifier_cursors', {
  name: text('name').primaryKey(),
  lastId: integer('last_id').notNull().default(0),
  holes: jsonb('holes')
    .$type<[number, number][]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
