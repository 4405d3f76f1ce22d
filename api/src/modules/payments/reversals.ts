/**
 * Money taken back at the PSP after a payment was paid (issue 25, 6): a chargeback by the
 * consumer's bank (a SEPA debit can be reversed for 8 weeks) or a refund made in Mollie's
 * dashboard. Mollie calls the payment's webhook for both; the payment stays `paid`, with
 * `amountChargedBack` / `amountRefunded` set and the items in its chargebacks / refunds lists.
 *
 * On every webhook of a paid payment (`syncReversals`, from service.ts syncFromPsp): when either
 * amount is above 0, the lists are read, and each chargeback and each refund not made by our staff
 * (refunds.ts sends those with `metadata.staff_refund`; their credits came off already) takes the
 * credits its money is worth back through the ledger:
 *
 *   worth = ceil(credits of the package x amount taken back / amount paid), at most what is left
 *           of the package's credits (after the staff refund and earlier reversals);
 *   taken = as much of that as the balance holds (never below 0), the rest recorded as owed.
 *
 * Exactly once per chargeback / refund: under the payment's row lock, one `payment_reversals` row
 * per PSP id (its primary key), and the ledger row's reference (`chargeback:chb_...`,
 * `psp-refund:re_...`) is unique (migration 0032). A chargeback that was reversed before we saw
 * it, and a failed or canceled refund, take nothing. A chargeback the bank reverses after we took
 * its credits (Mollie sets its `reversedAt`) gives back what was taken and clears what was owed,
 * once (`undone_at`, ledger ref `chargeback:chb_...:reversed`).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { paymentReversals, payments, users } from '../../db/schema';
import { changeCredits } from '../../platform/credits';
import type { MollieClient, MolliePayment } from './psp';
import type { PaymentRow } from './sync';

export interface Reversal {
  /** the PSP's id: chb_... or re_... */
  pspRef: string;
  kind: 'chargeback' | 'refund';
  /** minor units */
  amount: number;
  /** a chargeback the bank reversed */
  reversed: boolean;
}

const minor = (value: string | undefined) => (value ? Math.round(Number(value) * 100) : 0);
const NOT_TAKEN_REFUND = new Set(['failed', 'canceled']);

/**
 * What the PSP took back of a payment and our staff did not: its chargebacks and dashboard refunds.
 * `chargebacksSeen`: we hold chargebacks of it not reversed yet, so its list is read even when the
 * amount charged back went back to 0 (a reversal).
 */
export async function reversalsAtPsp(
  client: MollieClient,
  row: PaymentRow,
  fetched: MolliePayment,
  chargebacksSeen = false,
): Promise<Reversal[]> {
  const found: Reversal[] = [];
  if (chargebacksSeen || minor(fetched.amountChargedBack?.value) > 0) {
    for await (const cb of client.paymentChargebacks.iterate({ paymentId: fetched.id })) {
      found.push({ pspRef: cb.id, kind: 'chargeback', amount: minor(cb.amount.value), reversed: Boolean(cb.reversedAt) });
    }
  }
  if (minor(fetched.amountRefunded?.value) > 0) {
    for await (const refund of client.paymentRefunds.iterate({ paymentId: fetched.id })) {
      const meta = (refund.metadata ?? {}) as { staff_refund?: unknown };
      const ours = meta.staff_refund === row.id || refund.id === row.refundPspId;
      if (!ours && !NOT_TAKEN_REFUND.has(refund.status))
        found.push({ pspRef: refund.id, kind: 'refund', amount: minor(refund.amount.value), reversed: false });
    }
  }
  return found;
}

/** Take back the credits of reversals not seen before, give back those of reversed chargebacks; returns the credits taken (net). */
export async function applyReversals(app: FastifyInstance, paymentId: number, found: readonly Reversal[]): Promise<number> {
  if (found.length === 0) return 0;
  const result = await app.withTx(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || payment.status !== 'paid' || !payment.creditedAt) return null;
    const seen = await tx.select().from(paymentReversals).where(eq(paymentReversals.paymentId, paymentId));
    const known = new Map(seen.map((r) => [r.pspRef, r]));
    let left = payment.credits - (payment.refundedAt ? payment.credits : 0) - seen.reduce((s, r) => s + (r.undoneAt ? 0 : r.credits), 0);
    let taken = 0;
    for (const item of found) {
      const before = known.get(item.pspRef);
      if (before && item.reversed && !before.undoneAt) {
        taken -= await undoChargeback(tx, before);
        left += before.credits;
      }
      if (before || item.reversed) continue;
      const worth = Math.max(0, Math.min(left, Math.ceil((payment.credits * item.amount) / payment.amount)));
      left -= worth;
      const [member] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, payment.userId)).for('update');
      const off = Math.min(worth, member?.credits ?? 0);
      const [stored] = await tx
        .insert(paymentReversals)
        .values({
          pspRef: item.pspRef,
          paymentId,
          userId: payment.userId,
          kind: item.kind,
          amount: item.amount,
          credits: worth,
          creditsTaken: off,
          creditsOwed: worth - off,
        })
        .onConflictDoNothing()
        .returning({ pspRef: paymentReversals.pspRef });
      if (!stored || off === 0) continue;
      const ref = item.kind === 'chargeback' ? `chargeback:${item.pspRef}` : `psp-refund:${item.pspRef}`;
      await changeCredits(tx, payment.userId, -off, item.kind === 'chargeback' ? 'chargeback' : 'refund', ref);
      taken += off;
    }
    return { userId: payment.userId, taken };
  });
  if (result && result.taken !== 0) {
    app.sessionCache.forgetUser(result.userId);
    app.answers.forgetMember(result.userId);
  }
  return result?.taken ?? 0;
}

/** The bank reversed a chargeback we took: the credits taken come back, nothing is owed for it any more. Returns the credits given back. */
async function undoChargeback(tx: Tx, reversal: typeof paymentReversals.$inferSelect): Promise<number> {
  const [undone] = await tx
    .update(paymentReversals)
    .set({ undoneAt: new Date() })
    .where(and(eq(paymentReversals.pspRef, reversal.pspRef), isNull(paymentReversals.undoneAt)))
    .returning();
  if (!undone || undone.creditsTaken === 0) return 0;
  await changeCredits(tx, undone.userId, undone.creditsTaken, 'chargeback', `chargeback:${undone.pspRef}:reversed`);
  return undone.creditsTaken;
}

/** A webhook (or poll) of a paid payment: take back what the PSP took back (and give back what the bank reversed). Returns the credits taken (net). */
export async function syncReversals(app: FastifyInstance, client: MollieClient, row: PaymentRow, fetched: MolliePayment): Promise<number> {
  if (row.status !== 'paid' || fetched.id !== row.pspId) return 0;
  const [open] = await app.db
    .select({ pspRef: paymentReversals.pspRef })
    .from(paymentReversals)
    .where(and(eq(paymentReversals.paymentId, row.id), eq(paymentReversals.kind, 'chargeback'), isNull(paymentReversals.undoneAt)))
    .limit(1);
  return applyReversals(app, row.id, await reversalsAtPsp(client, row, fetched, Boolean(open)));
}

/** The credits a member owes from reversals the balance could not cover. */
export async function creditsOwed(app: FastifyInstance, userId: number): Promise<number> {
  const [row] = await app.db
    .select({ owed: sql<number>`coalesce(sum(${paymentReversals.creditsOwed}), 0)::int` })
    .from(paymentReversals)
    .where(and(eq(paymentReversals.userId, userId), isNull(paymentReversals.undoneAt)));
  return Number(row?.owed ?? 0);
}
