/**
 * A staff refund of a paid payment (issue 15, payments staff): the money goes back through the PSP
 * adapter (Mollie's `POST /v2/payments/:id/refunds`, the simulator when there is no key), the
 * credits of the purchase come off the balance through the ledger, in one transaction:
 *
 * 1. the payment is claimed for the refund by a guarded update (paid, credited, not refunded yet),
 *    so two staff members clicking at once refund it once;
 * 2. its credits come off the balance (`changeCredits`, reason `refund`, ref `payment:<id>`); a
 *    balance that would go below 0 (the member spent them) refuses the refund with a clear message;
 * 3. the PSP is asked, with an Idempotency-Key per payment, before the transaction commits: when it
 *    refuses, nothing changed here. (A crash between the PSP's yes and the commit leaves a PSP refund
 *    without our record; the same key makes a retry of the refund replay, not repeat, it.)
 * 4. premium (paid_user) stays only when another paid purchase is left.
 */
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payments, users } from '../../db/schema';
import { AppError } from '../../errors';
import { changeCredits } from '../../platform/credits';
import type { Psp } from './psp';

export interface RefundDone {
  paymentId: number;
  userId: number;
  credits: number;
  balance: number;
  refundPspId: string;
}

export async function refundPayment(tx: Tx, psp: Psp, paymentId: number, staffId: number): Promise<RefundDone> {
  const [claimed] = await tx
    .update(payments)
    .set({ refundedAt: new Date(), refundedBy: staffId, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid'), isNotNull(payments.creditedAt), isNull(payments.refundedAt)))
    .returning();
  if (!claimed) {
    const [row] = await tx.select({ status: payments.status, refundedAt: payments.refundedAt }).from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new AppError('payment_not_found', { status: 404, field: 'id' });
    if (row.refundedAt) throw new AppError('refund_already_done', { status: 409, field: 'id' });
    throw new AppError('refund_not_paid', { status: 409, field: 'id' });
  }
  let balance: number;
  try {
    balance = await changeCredits(tx, claimed.userId, -claimed.credits, 'refund', `payment:${claimed.id}`);
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_credits') {
      const [member] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, claimed.userId));
      throw new AppError('refund_credits_spent', { status: 409, field: 'id', params: { credits: claimed.credits, balance: member?.credits ?? 0 } });
    }
    throw error;
  }
  if (!claimed.pspId) throw new AppError('refund_not_paid', { status: 409, field: 'id' });
  let refundId: string;
  try {
    const client = await psp.client();
    const refund = await client.paymentRefunds.create({
      paymentId: claimed.pspId,
      amount: { currency: claimed.currency, value: (claimed.amount / 100).toFixed(2) },
      description: `Refund of order ${claimed.id}`,
      idempotencyKey: `refund-${claimed.id}`,
    });
    refundId = refund.id;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('refund_psp_refused', { status: 502, field: 'id', params: { reason: error instanceof Error ? error.message.slice(0, 200) : 'PSP' } });
  }
  await tx.update(payments).set({ refundPspId: refundId }).where(eq(payments.id, claimed.id));
  const [otherPaid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, claimed.userId), eq(payments.status, 'paid'), isNull(payments.refundedAt), ne(payments.id, claimed.id)))
    .limit(1);
  if (!otherPaid) await tx.update(users).set({ paidUser: false }).where(eq(users.id, claimed.userId));
  return { paymentId: claimed.id, userId: claimed.userId, credits: claimed.credits, balance, refundPspId: refundId };
}
