/**
 * The simulator's state in the database (schema/mollie-sim.ts): objects as Mollie's JSON, the
 * Idempotency-Key answers, its API key. A status change is one conditional update (`where
 * data->>'status' = <expected>`), so two requests cannot both move a payment.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mollieSimIdempotency, mollieSimObjects, mollieSimSettings } from '../../db/schema';
import { SimError } from './json';
import type { Obj } from './json';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `tr_` + 10 random letters/digits, as Mollie's ids look. */
export function newId(prefix: 'tr_' | 'cst_' | 'mdt_' | 're_' | 'chb_'): string {
  const bytes = crypto.randomBytes(10);
  let id = prefix;
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** The simulator's API key (`test_` + 30 characters), made once and shared by every instance. */
export async function simApiKey(db: DbOrTx): Promise<string> {
  const [row] = await db.select().from(mollieSimSettings).where(eq(mollieSimSettings.key, 'api_key'));
  if (row) return row.value;
  const fresh = `test_${crypto.randomBytes(30).toString('base64url').replace(/[-_]/g, 'x').slice(0, 30)}`;
  await db.insert(mollieSimSettings).values({ key: 'api_key', value: fresh }).onConflictDoNothing();
  const [again] = await db.select().from(mollieSimSettings).where(eq(mollieSimSettings.key, 'api_key'));
  if (!again) throw new Error('simulator key not stored');
  return again.value;
}

export async function getObject(db: DbOrTx, id: string, resource: string): Promise<Obj | null> {
  const [row] = await db
    .select()
    .from(mollieSimObjects)
    .where(and(eq(mollieSimObjects.id, id), eq(mollieSimObjects.resource, resource)));
  return row ? row.data : null;
}

/** An object of one customer (a mandate): null when it belongs to another. */
export async function getCustomerObject(db: DbOrTx, id: string, resource: string, customerId: string): Promise<Obj | null> {
  const [row] = await db
    .select()
    .from(mollieSimObjects)
    .where(and(eq(mollieSimObjects.id, id), eq(mollieSimObjects.resource, resource), eq(mollieSimObjects.customerId, customerId)));
  return row ? row.data : null;
}

export async function insertObject(db: DbOrTx, resource: string, data: Obj, customerId: string | null): Promise<void> {
  await db.insert(mollieSimObjects).values({ id: String(data.id), resource, data, customerId });
}

export async function listObjects(db: DbOrTx, resource: string, customerId: string): Promise<Obj[]> {
  const rows = await db
    .select()
    .from(mollieSimObjects)
    .where(and(eq(mollieSimObjects.customerId, customerId), eq(mollieSimObjects.resource, resource)))
    .orderBy(sql`${mollieSimObjects.createdAt} desc`);
  return rows.map((r) => r.data);
}

/**
 * Merge `patch` into the object when its status is still `fromStatus` (null: any) and the fields of
 * `unchanged` still hold what the caller read (so two refunds of one payment cannot both pass a
 * check on the same old amount). Returns the new object or null.
 */
export async function patchObject(
  db: DbOrTx,
  id: string,
  patch: Obj,
  fromStatus: string | null = null,
  unchanged: Obj = {},
): Promise<Obj | null> {
  const guards = Object.entries(unchanged).map(
    ([field, value]) =>
      sql`${mollieSimObjects.data}->${field} is not distinct from ${value === undefined ? null : JSON.stringify(value)}::jsonb`,
  );
  const [row] = await db
    .update(mollieSimObjects)
    .set({ data: sql`${mollieSimObjects.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(
      and(
        eq(mollieSimObjects.id, id),
        fromStatus === null ? undefined : sql`${mollieSimObjects.data}->>'status' = ${fromStatus}`,
        ...guards,
      ),
    )
    .returning();
  return row ? row.data : null;
}

/** The refunds or chargebacks of one payment, newest first. */
export async function listOfPayment(db: DbOrTx, resource: 'refund' | 'chargeback', paymentId: string): Promise<Obj[]> {
  const rows = await db
    .select()
    .from(mollieSimObjects)
    .where(and(eq(mollieSimObjects.resource, resource), sql`${mollieSimObjects.data}->>'paymentId' = ${paymentId}`))
    .orderBy(sql`${mollieSimObjects.createdAt} desc`);
  return rows.map((r) => r.data);
}

export interface Replay {
  status: number;
  body: unknown;
}

const hashOf = (method: string, path: string, body: unknown) =>
  crypto
    .createHash('sha256')
    .update(`${method} ${path} ${JSON.stringify(body ?? null)}`)
    .digest('hex');

/**
 * Idempotency-Key (https://docs.mollie.com/reference/api-idempotency): the first request with a key
 * is processed; a repeat with the same request gets the first answer again; the same key with a
 * different request is a 422; a repeat while the first is still being processed is a 409.
 * Returns a replay, or null when this request is the first (then call `rememberAnswer`).
 */
export async function claimIdempotencyKey(db: DbOrTx, key: string, method: string, path: string, body: unknown): Promise<Replay | null> {
  const requestHash = hashOf(method, path, body);
  const inserted = await db
    .insert(mollieSimIdempotency)
    .values({ key, requestHash })
    .onConflictDoNothing()
    .returning({ key: mollieSimIdempotency.key });
  if (inserted.length > 0) return null;
  const [row] = await db.select().from(mollieSimIdempotency).where(eq(mollieSimIdempotency.key, key));
  if (!row) return claimIdempotencyKey(db, key, method, path, body);
  if (row.requestHash !== requestHash) throw new SimError(422, 'The Idempotency-Key was already used for a different request.');
  if (row.status === null) throw new SimError(409, 'A request with this Idempotency-Key is already being processed.');
  return { status: row.status, body: row.body };
}

/** Store the answer to a claimed key; a failure of our own (5xx) frees the key for a retry. */
export async function rememberAnswer(db: DbOrTx, key: string, status: number, body: unknown): Promise<void> {
  if (status >= 500) {
    await db.delete(mollieSimIdempotency).where(eq(mollieSimIdempotency.key, key));
    return;
  }
  await db.update(mollieSimIdempotency).set({ status, body }).where(eq(mollieSimIdempotency.key, key));
}
