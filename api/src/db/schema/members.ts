/**
 * Tables of the members capability (Drizzle pg-core). The shared tables (users, profiles,
 * photos, likes, blocks, interests) are in core.ts.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface NotificationPrefsRow {
  messages: boolean;
  likes: boolean;
  matches: boolean;
}
export interface EmailPrefsRow extends NotificationPrefsRow {
  newsletter: boolean;
}
export interface LocationPrefsRow {
  use_geolocation: boolean;
  show_city: boolean;
}

/** E-mail / push / location preferences (invisible mode is users.invisible). Missing row = defaults. */
export const memberPreferences = pgTable('member_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<EmailPrefsRow>().notNull(),
  push: jsonb('push').$type<NotificationPrefsRow>().notNull(),
  location: jsonb('location').$type<LocationPrefsRow>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Swipe-game decisions: a like or a skip per (user, target). Likes of the current UTC day are
 * counted against the daily limit (SWIPE_LIKES_PER_DAY) by the server.
 */
export const memberSwipes = pgTable(
  'member_swipes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    liked: boolean('liked').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetId] }), index('member_swipes_user_day_idx').on(t.userId, t.liked, t.createdAt)],
);

/**
 * A banned member (issue 15): users.status is 'disabled' while this row exists. Who banned, why
 * and when; the status to give back at unban. Unban deletes the row (the audit log keeps it).
 */
export const memberBans = pgTable(
  'member_bans',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** shared-kit BAN_REASONS */
    reason: text('reason').notNull(),
    note: text('note'),
    /** users.status before the ban (active or not_confirmed) */
    previousStatus: text('previous_status').notNull(),
    staffId: integer('staff_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('member_bans_created_idx').on(t.createdAt)],
);
