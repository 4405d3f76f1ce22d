/**
 * Bring our record of a payment in line with the PSP's (the webhook, and the result page's poll).
 * Never trusts a caller: the status is the one just fetched from the PSP.
 *
 * Exactly once: the status change is ONE conditional update (`where status not in (final)`, from
 * the previous status), and the credits go to the balance in the same transaction through
 * `changeCredits` with the ledger reference `payment:<id>`, unique for purchases. Two webhook calls
 * racing: the second waits for the first's row lock, then finds the payment final and does
 * nothing; should anything slip past that, the unique reference rolls the second back.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FINAL_PAYMENT_STATUSES, PAYMENT_STATUSES } from '@dating/shared-kit/contracts';
import type { PaymentStatus } from '@dating/shared-kit/contracts';
import { discountCodeUses, payments, pspMandates, users } from '../../db/schema';
import { changeCredits } from '../../platform/credits';
import { releaseHolds } from './holds';
import type { MollieClient, MolliePayment } from './psp';

export type PaymentRow = typeof payments.$inferSelect;

const UNPAID_END: ReadonlySet<PaymentStatus> = new Set(['failed', 'canceled', 'expired']);
const minor = (value: string) => Math.round(Number(value) * 100);

/** Apply a fetched PSP payment to our row. Returns the row after it (changed or not). */
export async function applyPspPayment(
  app: FastifyInstance,
  row: PaymentRow,
  psp: MolliePayment,
): Promise<{ row: PaymentRow; credited: boolean }> {
  const status = psp.status as string as PaymentStatus;
  if (!(PAYMENT_STATUSES as readonly string[]).includes(status) || psp.id !== row.pspId) return { row, credited: false };
  // never credit what was not paid in full, in our currency
  const amountOk = psp.amount.currency === row.currency && minor(psp.amount.value) === row.amount;
  if (status === 'paid' && !amountOk) {
    app.log.error({ payment: row.id, psp: psp.id, amount: psp.amount }, 'paid amount differs from the order: not credited');
    return { row, credited: false };
  }
  if (status === row.status) return { row, credited: false };
  const mandateId = typeof psp.mandateId === 'string' ? psp.mandateId : null;
  const result = await app.withTx(async (tx) => {
    const [changed] = await tx
      .update(payments)
      .set({
        status,
        updatedAt: new Date(),
        ...(status === 'paid' ? { paidAt: psp.paidAt ? new Date(psp.paidAt) : new Date(), creditedAt: new Date() } : {}),
        ...(mandateId ? { mandateId } : {}),
      })
      .where(and(eq(payments.id, row.id), notInArray(payments.status, [...FINAL_PAYMENT_STATUSES])))
      .returning();
    if (!changed) return null;
    // ended unpaid: its discount and try-out package are the member's to use again (holds.ts)
    if (UNPAID_END.has(status)) await releaseHolds(tx, changed.id);
    if (status !== 'paid') return { row: changed, credited: false };
    await changeCredits(tx, changed.userId, changed.credits, 'purchase', `payment:${changed.id}`);
    // the first paid purchase makes the member premium; spending never takes it away
    await tx
      .update(users)
      .set({ paidUser: true })
      .where(and(eq(users.id, changed.userId), eq(users.paidUser, false)));
    if (changed.discountCodeId !== null) {
      await tx
        .insert(discountCodeUses)
        .values({ codeId: changed.discountCodeId, userId: changed.userId, paymentId: changed.id })
        .onConflictDoNothing();
    }
    return { row: changed, credited: true };
  });
  if (!result) {
    const [fresh] = await app.db.select().from(payments).where(eq(payments.id, row.id));
    return { row: fresh ?? row, credited: false };
  }
  if (result.credited) {
    app.sessionCache.forgetUser(result.row.userId);
    app.answers.forgetMember(result.row.userId);
  }
  return result;
}

/** A paid first payment left a mandate at the PSP: remember its card (label, last 4) for repeat orders. */
export async function rememberMandate(app: FastifyInstance, client: MollieClient, row: PaymentRow, customerId: string): Promise<void> {
  if (!row.mandateId) return;
  const mandate = await client.customerMandates.get(row.mandateId, { customerId });
  const details = mandate.details as unknown as Record<string, string | null | undefined>;
  const card = mandate.method === 'creditcard';
  await app.db
    .insert(pspMandates)
    .values({
      id: mandate.id,
      userId: row.userId,
      customerId,
      method: mandate.method,
      status: mandate.status,
      label: card ? (details.cardLabel ?? 'Card') : mandate.method === 'directdebit' ? 'SEPA' : 'PayPal',
      last4: String(card ? (details.cardNumber ?? '') : (details.consumerAccount ?? '')).slice(-4),
      expires: card && details.cardExpiryDate ? details.cardExpiryDate.slice(0, 7) : null,
    })
    .onConflictDoUpdate({ target: pspMandates.id, set: { status: sql`excluded.status` } });
}
