/**
 * Reports of members by members (issue 26 part 1, modules/reports; migration 0035): one row per
 * report with its evidence frozen at filing time; the review holds of members reported by
 * report_hold_threshold distinct members within the window; the notices a member is shown once.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A message as it was when the report was filed. */
export interface EvidenceMessageRow {
  id: number;
  sender_id: number;
  type: string;
  body: string | null;
  gift: string | null;
  image: string | null;
  created_at: string;
  deleted: boolean;
  reported: boolean;
}
/** A photo of the reported member: copies of its files (storage names), made when the report was filed. */
export interface EvidencePhotoRow {
  photo_id: number;
  file: string | null;
  thumb: string | null;
  status: string;
  main: boolean;
}
export interface EvidenceRow {
  profile: {
    name: string;
    about: string | null;
    reason: string | null;
    city: string | null;
    gender: string;
    date_of_birth: string;
    status: string;
  } | null;
  messages: EvidenceMessageRow[];
  photos: EvidencePhotoRow[];
}

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    /** null: filed by the site itself (source held_message) */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** shared-kit REPORT_REASONS */
    reason: text('reason').notNull(),
    note: text('note'),
    /** member | held_message */
    source: text('source').notNull().default('member'),
    messageIds: integer('message_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    evidence: jsonb('evidence').$type<EvidenceRow>().notNull(),
    /** the reported profile was a fictional one (chatpal) when filed */
    fictional: boolean('fictional').notNull().default(false),
    /** open | handled */
    status: text('status').notNull().default('open'),
    /** dismiss | warn | remove_photo | remove_text | ban (once handled) */
    action: text('action'),
    resolutionNote: text('resolution_note'),
    handledBy: integer('handled_by'),
    handledByEmail: text('handled_by_email'),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_uq')
      .on(t.reporterId, t.reportedId)
      .where(sql`${t.status} = 'open' AND ${t.reporterId} IS NOT NULL`),
    index('reports_reported_idx').on(t.reportedId, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

/** A member under review (reported by the threshold of distinct members in the window) until a moderator decides. */
export const reportHolds = pgTable('report_holds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reporters: integer('reporters').notNull(),
  since: ts('since').notNull().defaultNow(),
});

/** Shown once at the member's next visit: report_handled (to the reporter) | warning (to the reported member). */
export const memberNotices = pgTable(
  'member_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    seenAt: ts('seen_at'),
  },
  (t) => [
    index('member_notices_unseen_idx')
      .on(t.userId)
      .where(sql`${t.seenAt} IS NULL`),
  ],
);
