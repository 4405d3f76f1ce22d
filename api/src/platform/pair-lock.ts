/**
 * One lock per pair of members, for every write that must see the pair's latest state: a block
 * and a like (or, in chat, a block and a message) between the same two members never interleave.
 *
 *   await withPairLock(db, a, b, async (tx) => { ...check isBlockedBetween, then write... });
 *   await lockPair(tx, a, b);   // inside a transaction you already hold
 *
 * The lock is PostgreSQL's transaction-scoped advisory lock on the ordered pair
 * (`pg_advisory_xact_lock(min, max)`): {a, b} and {b, a} are the same lock, it is given back when
 * the transaction ends (commit or rollback), and it costs no row. The two-int4 key space of the
 * advisory locks belongs to this helper (member pairs); other advisory locks use the one-bigint form.
 * On PGlite transactions already run one at a time; the same code runs there unchanged.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';

/** Take the pair's lock in the running transaction (held until it ends). */
export async function lockPair(tx: Tx, a: number, b: number): Promise<void> {
  const [low, high] = a <= b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(${low}::int4, ${high}::int4)`);
}

/**
 * Run `fn` in a transaction that holds the pair's lock. Inside a transaction (a `tx`) this is a
 * savepoint and the lock is held until the outer transaction ends.
 */
export async function withPairLock<T>(db: DbOrTx, a: number, b: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockPair(tx, a, b);
    return fn(tx);
  });
}
