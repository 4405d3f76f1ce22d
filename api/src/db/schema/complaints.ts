/**
 * Complaints (issue 15): what the `/complaints` form sends, one row each, for the moderators'
 * queue (open first, oldest first). `language` is the page's language: the "handled" mail is
 * written in it. The handling staff member's e-mail is copied in (like the audit log), so the row
 * still says who handled it after that account is gone.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** the logged-in member who wrote it, if any */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    /** open | handled */
    status: text('status').notNull().default('open'),
    note: text('note'),
    handledBy: integer('handled_by'),
    handledByEmail: text('handled_by_email'),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('complaints_queue_idx').on(t.status, t.createdAt, t.id)],
);
