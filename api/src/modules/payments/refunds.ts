/**
 * A staff refund of a paid payment (issue 15, payments staff): the money goes back through the PSP
 * adapter (Mollie's `POST /v2/payments/:id/refunds`, the simulator when there is no key), the
 * credits of the purchase come off the balance through the ledger.
 *
 * 1. `claimRefund`, in the staff action's transaction: the payment is claimed by a guarded update
 *    (paid, credited, not refunded yet), so two staff members clicking at once refund it once; its
 *    credits come off the balance (`changeCredits`, reason `refund`, ref `payment:<id>`); a balance
 *    that would go below 0 (the member spent them) refuses the refund with a clear message; premium
 *    (paid_user) stays only when another paid purchase is left.
 * 2. `sendRefund`, after that commit: the PSP is asked, with an Idempotency-Key per payment. It is
 *    never called inside a transaction: the PSP may be this very server (the simulator), and the
 *    embedded database has one connection.
 * 3. When the PSP refuses, `undoRefund` gives the credits back (a ledger row of its own) and clears
 *    the claim, so the ledger tells both steps. Credits leave before the money does, never after.
 * A refund made in Mollie's dashboard instead, and a chargeback, are reversals.ts's.
 */
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payments, users } from '../../db/schema';
import { AppError } from '../../errors';
import { changeCredits } from '../../platform/credits';
import type { Psp } from './psp';

export interface RefundClaim {
  paymentId: number;
  userId: number;
  pspId: string;
  amount: number;
  currency: string;
  credits: number;
  balance: number;
  /** whether the member was premium before (undoRefund puts it back) */
  wasPaidUser: boolean;
}

export async function claimRefund(tx: Tx, paymentId: number, staffId: number): Promise<RefundClaim> {
  const [claimed] = await tx
    .update(payments)
    .set({ refundedAt: new Date(), refundedBy: staffId, updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'paid'),
        isNotNull(payments.creditedAt),
        isNotNull(payments.pspId),
        isNull(payments.refundedAt),
      ),
    )
    .returning();
  if (!claimed?.pspId) {
    const [row] = await tx.select({ refundedAt: payments.refundedAt }).from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new AppError('payment_not_found', { status: 404, field: 'id' });
    if (row.refundedAt) throw new AppError('refund_already_done', { status: 409, field: 'id' });
    throw new AppError('refund_not_paid', { status: 409, field: 'id' });
  }
  const [member] = await tx.select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, claimed.userId));
  let balance: number;
  try {
    balance = await changeCredits(tx, claimed.userId, -claimed.credits, 'refund', `payment:${claimed.id}`);
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_credits') {
      throw new AppError('refund_credits_spent', {
        status: 409,
        field: 'id',
        params: { credits: claimed.credits, balance: member?.credits ?? 0 },
      });
    }
    throw error;
  }
  const [otherPaid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, claimed.userId), eq(payments.status, 'paid'), isNull(payments.refundedAt), ne(payments.id, claimed.id)))
    .limit(1);
  if (!otherPaid) await tx.update(users).set({ paidUser: false }).where(eq(users.id, claimed.userId));
  return {
    paymentId: claimed.id,
    userId: claimed.userId,
    pspId: claimed.pspId,
    amount: claimed.amount,
    currency: claimed.currency,
    credits: claimed.credits,
    balance,
    wasPaidUser: member?.paidUser ?? false,
  };
}

/** Ask the PSP for the refund (outside any transaction); returns the PSP's refund id. */
export async function sendRefund(psp: Psp, claim: RefundClaim): Promise<string> {
  try {
    const client = await psp.client();
    const refund = await client.paymentRefunds.create({
      paymentId: claim.pspId,
      amount: { currency: claim.currency, value: (claim.amount / 100).toFixed(2) },
      description: `Refund of order ${claim.paymentId}`,
      // reversals.ts: this refund's credits came off in claimRefund, its webhook takes nothing more
      metadata: { staff_refund: claim.paymentId },
      idempotencyKey: `refund-${claim.paymentId}`,
    });
    return refund.id;
  } catch (error) {
    if (error instanceof AppError && error.code !== 'psp_unavailable') throw error;
    throw new AppError('refund_psp_refused', {
      status: 502,
      field: 'id',
      params: { reason: error instanceof Error ? error.message.slice(0, 200) : 'PSP' },
    });
  }
}

/** The PSP refused: the credits go back (their own ledger row) and the payment is refundable again. */
export async function undoRefund(tx: Tx, claim: RefundClaim): Promise<void> {
  await changeCredits(tx, claim.userId, claim.credits, 'refund', `payment:${claim.paymentId}:undone`);
  await tx.update(payments).set({ refundedAt: null, refundedBy: null, updatedAt: new Date() }).where(eq(payments.id, claim.paymentId));
  if (claim.wasPaidUser) await tx.update(users).set({ paidUser: true }).where(eq(users.id, claim.userId));
}

/** Record the PSP's refund id on the payment. */
export async function recordRefund(tx: Tx, claim: RefundClaim, refundPspId: string): Promise<void> {
  await tx.update(payments).set({ refundPspId }).where(eq(payments.id, claim.paymentId));
}
