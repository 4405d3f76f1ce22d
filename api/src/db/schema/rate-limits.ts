/**
 * Counters of the rate limits (platform/rate-limit.ts): one row per key (what is counted and for
 * whom, e.g. `mail|203.0.113.0` or `reset|account:17|addr:203.0.113.7`), counting the hits of the
 * current fixed window. Kept in the database so every server instance counts together; rows whose
 * window ended are removed by the hourly job `platform.rate-counters`.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull(),
    /** the window's length, so the clean-up knows when the row is over */
    windowMs: integer('window_ms').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_counters_window_idx').on(t.windowStart)],
);
