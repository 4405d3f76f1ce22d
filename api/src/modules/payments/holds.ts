/**
 * What a payment holds from the moment it is created (docs/payments.md "Discounts are reserved"): its
 * discount (a code, the welcome discount, the time bonus: once per member) and the try-out package
 * (once per member). One `payment_holds` row per (member, hold), written in the transaction of the
 * payment insert under the member's payment lock: of ten starts at once one gets the discount, the
 * others a 409 (`discount_in_use`, `tryout_in_use`). A failed, canceled or expired payment gives its
 * holds back (sync.ts, in the transaction of that status change); a paid one keeps them for good.
 */
import { eq, sql } from 'drizzle-orm';
import type { PackageId } from '@dating/shared-kit/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { paymentHolds } from '../../db/schema';
import { AppError } from '../../errors';

const TRYOUT = 'tryout';
const discountHold = (discountId: number) => `discount:${discountId}`;

/**
 * The member's payment lock (a transaction-scoped advisory lock, pair-lock.ts explains the kind):
 * held from the checks to the insert, so two starts of one member never both pass a check that the
 * other's payment would have failed (the direct-debit limit, a hold).
 */
export async function lockMemberPayments(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payments:${userId}`}))`);
}

/** Hold the payment's discount and try-out package for it; a hold another payment has is a 409. */
export async function reserveHolds(tx: Tx, userId: number, paymentId: number, pkg: PackageId, discountId: number | null): Promise<void> {
  const wanted = [...(discountId !== null ? [discountHold(discountId)] : []), ...(pkg === 'tryout' ? [TRYOUT] : [])];
  for (const hold of wanted) {
    const [taken] = await tx
      .insert(paymentHolds)
      .values({ userId, hold, paymentId })
      .onConflictDoNothing()
      .returning({ hold: paymentHolds.hold });
    if (!taken)
      throw hold === TRYOUT
        ? new AppError('tryout_in_use', { field: 'package' })
        : new AppError('discount_in_use', { field: 'discount_code' });
  }
}

/** Is this discount held by one of the member's payments (open, or paid)? (the direct-debit form asks before it sends a code) */
export async function discountHeld(db: DbOrTx, userId: number, discountId: number): Promise<boolean> {
  const [row] = await db
    .select({ paymentId: paymentHolds.paymentId })
    .from(paymentHolds)
    .where(sql`${paymentHolds.userId} = ${userId} and ${paymentHolds.hold} = ${discountHold(discountId)}`);
  return Boolean(row);
}

/** A payment that ended unpaid gives its holds back (in the transaction of its status change). */
export async function releaseHolds(tx: DbOrTx, paymentId: number): Promise<void> {
  await tx.delete(paymentHolds).where(eq(paymentHolds.paymentId, paymentId));
}
