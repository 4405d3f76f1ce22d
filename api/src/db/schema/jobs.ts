// Background job queue tables (platform/jobs.ts): a PostgreSQL-backed queue using FOR UPDATE SKIP LOCKED.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A small job queue used when pg-boss is not used (see platform/jobs.ts). */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    data: text('data').notNull().default('{}'),
    /** created | active | completed | failed */
    state: text('state').notNull().default('created'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    lastError: text('last_error'),
    singletonKey: text('singleton_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('jobs_fetch_idx').on(t.state, t.name, t.runAt)],
);

/** Cron schedules for the job queue: one row per job name. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  data: text('data').notNull().default('{}'),
  lastRunAt: ts('last_run_at'),
});
