/**
 * The one way a member's credit balance changes (house rule: credits are integers, change only
 * together with a ledger row in the same transaction, and never go negative).
 *
 *   await app.withTx((tx) => changeCredits(tx, userId, -cost, 'message', `message:${id}`));
 *
 * The balance is changed by ONE conditional update (`credits + delta >= 0`), so two debits racing
 * for the same credits cannot both pass: the second waits for the first row lock and re-checks the
 * condition against the new balance (PostgreSQL READ COMMITTED), or fails. A debit that would go
 * negative throws AppError('insufficient_credits') (402) and writes nothing; the caller's
 * transaction rolls back whatever else it did.
 *
 * The chat's send does the same inside PostgreSQL: `chat_store` (migration 0025) makes the same
 * conditional update and writes the ledger row from its returned balance, in the send's statement.
 * Both follow one table of cases (credits.cases.ts, run through both by credits.test.ts): a change
 * of 0 is no change and writes no ledger row; an amount that is no int4 integer is refused.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { creditLedger, users } from '../db/schema';
import type { CreditReason } from '../db/schema';
import { AppError } from '../errors';

export type { CreditReason } from '../db/schema';
export type LedgerRow = typeof creditLedger.$inferSelect;

/** The largest amount a balance, a ledger delta or a message's price can hold (int4). */
const INT4_MAX = 2_147_483_647;

/**
 * Add `delta` (negative: debit) to the member's credits and write the ledger row, in the given
 * transaction. Returns the new balance. Throws `insufficient_credits` (402) when the balance would
 * go below 0, `not_found` when there is no such user. A delta of 0 changes nothing and writes no
 * ledger row (a free message); one that is no integer of the ledger's int4 is a bug of the caller
 * (500), not a member's want of credits.
 */
export async function changeCredits(tx: DbOrTx, userId: number, delta: number, reason: CreditReason, ref?: string | null): Promise<number> {
  if (!Number.isInteger(delta) || Math.abs(delta) > INT4_MAX) throw new AppError('internal', { status: 500 });
  if (delta === 0) {
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('not_found');
    return user.credits;
  }
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
    .returning({ credits: users.credits });
  if (!row) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!exists) throw new AppError('not_found');
    throw new AppError('insufficient_credits', { status: 402 });
  }
  await tx.insert(creditLedger).values({ userId, delta, balanceAfter: row.credits, reason, ref: ref ?? null });
  return row.credits;
}

/** The member's ledger, newest first (uses the (user_id, created_at desc) index). */
export async function ledgerOf(db: DbOrTx, userId: number, limit = 100): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
}
