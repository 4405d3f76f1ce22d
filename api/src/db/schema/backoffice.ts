/**
 * The back office (issue 15): the audit log of every staff action, done or refused. The staff
 * member's e-mail is copied into the row, so the log still says who it was after an account is
 * gone; rows are never updated.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    /** e.g. `photos.approve`, `members.ban`, or `POST /api/backoffice/...` for a refused call */
    action: text('action').notNull(),
    /** what it was done to, e.g. `photo:12`, `user:7`, `code:SUMMER` */
    target: text('target'),
    /** done | refused */
    outcome: text('outcome').notNull(),
    /** the refusal's error code */
    error: text('error'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('staff_audit_created_idx').on(t.createdAt), index('staff_audit_staff_idx').on(t.staffId, t.createdAt)],
);
