/**
 * State of the built-in Mollie simulator (modules/mollie-sim): used only when MOLLIE_API_KEY is
 * unset. Kept in the database, not in memory, so it survives a restart and several server
 * instances agree on it. Objects are stored as the JSON Mollie would answer (without `_links`,
 * which are made per request).
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** payment (tr_), customer (cst_) or mandate (mdt_): Mollie's fields as JSON. */
export const mollieSimObjects = pgTable(
  'mollie_sim_objects',
  {
    id: text('id').primaryKey(),
    resource: text('resource').notNull(),
    /** the customer of a mandate or of a customer's payment */
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mollie_sim_objects_customer_idx').on(t.customerId, t.resource)],
);

/** Idempotency-Key -> the first answer (status + body) and a hash of the request it answered. */
export const mollieSimIdempotency = pgTable('mollie_sim_idempotency', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  /** null while the first request is still being processed */
  status: integer('status'),
  body: jsonb('body'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The simulator's own settings, e.g. its API key (made at first use). */
export const mollieSimSettings = pgTable('mollie_sim_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
