/**
 * Verified photos (issue 26 part 2, migration 0037): the pose issued to a member and their
 * verification requests. profiles.verified_at (core.ts) says whether a member is verified.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The pose the site chose for a member (shared-kit VERIFICATION_POSES), kept until used. */
export const verificationPoses = pgTable('verification_poses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pose: text('pose').notNull(),
  issuedAt: ts('issued_at').notNull().defaultNow(),
});

/** One selfie request; one pending per member (partial unique index in the migration). */
export const memberVerifications = pgTable(
  'member_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pose: text('pose').notNull(),
    /** file name in the private store (null while decoding, and once deleted) */
    selfieFile: text('selfie_file'),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    /** shared-kit VERIFICATION_REJECT_REASONS */
    reason: text('reason'),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    selfieDeletedAt: ts('selfie_deleted_at'),
  },
  (t) => [index('member_verifications_user_idx').on(t.userId, t.id)],
);
