/**
 * Money that goes back after a payment was paid, as Mollie has it:
 *
 *   refund      POST /v2/payments/:id/refunds (the API), or the simulator's dashboard: at most
 *               what is left (`amountRemaining`); the payment's `amountRefunded` grows at once.
 *   chargeback  only the consumer's bank makes one (a SEPA debit can be reversed for 8 weeks);
 *               the simulator's dashboard stands in for the bank: `amountChargedBack` grows. The
 *               bank may reverse it later (`reversedAt` set, the amount charged back shrinks).
 *
 * The payment stays `paid`; Mollie calls its webhook, and the site reads the amounts and the
 * refunds / chargebacks lists (https://docs.mollie.com/reference/chargebacks-api-webhooks).
 * Each change of the payment is one guarded update (status still paid, the amount still what was
 * read), so two requests cannot both take the same remainder.
 */
import type { DbOrTx } from '../../db/client';
import { toMinor, toValue } from './catalog';
import { mollieTime, SimError } from './json';
import type { Obj } from './json';
import { getObject, insertObject, newId, patchObject } from './store';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const minorOf = (amount: unknown) => (isObj(amount) ? (toMinor(String(amount.value ?? '0.00')) ?? 0) : 0);

async function paidPayment(db: DbOrTx, paymentId: string): Promise<Obj> {
  const payment = await getObject(db, paymentId, 'payment');
  if (!payment) throw new SimError(404, `No payment exists with token ${paymentId}.`);
  return payment;
}

/** The amount asked for (`amount: {value, currency}`), or the whole `fallback` when none is given. */
function askedAmount(body: Obj, currency: string, fallback: number | null): number {
  if (body.amount === undefined && fallback !== null) return fallback;
  const amount = isObj(body.amount) ? body.amount : {};
  const minor = typeof amount.value === 'string' ? toMinor(amount.value) : null;
  if (minor === null || minor <= 0) throw new SimError(422, 'The amount is invalid', 'amount.value');
  if (amount.currency !== currency) throw new SimError(422, 'The currency does not match the payment', 'amount.currency');
  return minor;
}

/**
 * Refund (part of) a paid payment. The refund starts `pending` (Mollie sends it with the next
 * batch). `wholeByDefault`: the dashboard refunds what is left when no amount is given.
 */
export async function createRefund(db: DbOrTx, paymentId: string, body: unknown, now = new Date(), wholeByDefault = false): Promise<Obj> {
  const payment = await paidPayment(db, paymentId);
  const b = isObj(body) ? body : {};
  const paid = payment.amount as Obj;
  const currency = String(paid.currency);
  const refunded = minorOf(payment.amountRefunded);
  const remaining = minorOf(paid) - refunded;
  const minor = askedAmount(b, currency, wholeByDefault ? remaining : null);
  if (payment.status !== 'paid') throw new SimError(422, 'The payment is not refundable.');
  if (minor > remaining || minor <= 0) throw new SimError(422, 'The amount is higher than the amount that can be refunded', 'amount.value');
  const after = await patchObject(
    db,
    paymentId,
    { amountRefunded: { value: toValue(refunded + minor), currency }, amountRemaining: { value: toValue(remaining - minor), currency } },
    'paid',
    { amountRefunded: payment.amountRefunded },
  );
  if (!after) throw new SimError(409, 'Another refund of this payment is being processed. Try again.');
  const refund: Obj = {
    resource: 'refund',
    id: newId('re_'),
    mode: 'test',
    amount: { value: toValue(minor), currency },
    status: 'pending',
    createdAt: mollieTime(now),
    description: typeof b.description === 'string' ? b.description.slice(0, 255) : '',
    metadata: b.metadata ?? null,
    paymentId,
    settlementAmount: { value: `-${toValue(minor)}`, currency },
  };
  await insertObject(db, 'refund', refund, null);
  return refund;
}

/** The consumer's bank takes (part of) a paid payment back: the whole of what is not charged back yet unless an amount is given. */
export async function createChargeback(db: DbOrTx, paymentId: string, body: unknown, now = new Date()): Promise<Obj> {
  const payment = await paidPayment(db, paymentId);
  if (payment.status !== 'paid') throw new SimError(422, 'Only a paid payment can be charged back.');
  const b = isObj(body) ? body : {};
  const paid = payment.amount as Obj;
  const currency = String(paid.currency);
  const before = minorOf(payment.amountChargedBack);
  const left = minorOf(paid) - before;
  const minor = askedAmount(b, currency, left);
  if (minor > left || minor <= 0) throw new SimError(422, 'The amount is higher than the amount that can be charged back', 'amount.value');
  const after = await patchObject(db, paymentId, { amountChargedBack: { value: toValue(before + minor), currency } }, 'paid', {
    amountChargedBack: payment.amountChargedBack,
  });
  if (!after) throw new SimError(409, 'Another chargeback of this payment is being processed. Try again.');
  // Mollie gives a reason only for SEPA Direct Debit (the bank's code)
  const reason =
    isObj(b.reason) && typeof b.reason.code === 'string' && typeof b.reason.description === 'string'
      ? { code: b.reason.code.slice(0, 10), description: b.reason.description.slice(0, 255) }
      : payment.method === 'directdebit'
        ? { code: 'MD06', description: 'Disputed authorized transaction' }
        : null;
  const chargeback: Obj = {
    resource: 'chargeback',
    id: newId('chb_'),
    amount: { value: toValue(minor), currency },
    settlementAmount: { value: `-${toValue(minor)}`, currency },
    reason,
    paymentId,
    createdAt: mollieTime(now),
    reversedAt: null,
  };
  await insertObject(db, 'chargeback', chargeback, null);
  return chargeback;
}

/** The bank reverses a chargeback: the money is the merchant's again. */
export async function reverseChargeback(db: DbOrTx, paymentId: string, chargebackId: string, now = new Date()): Promise<Obj> {
  const chargeback = await getObject(db, chargebackId, 'chargeback');
  if (!chargeback || chargeback.paymentId !== paymentId) throw new SimError(404, `No chargeback exists with token ${chargebackId}.`);
  const reversed = await patchObject(db, chargebackId, { reversedAt: mollieTime(now) }, null, { reversedAt: null });
  if (!reversed) throw new SimError(422, 'The chargeback is already reversed.');
  // the payment's amount charged back shrinks by it (guarded: another chargeback may change it meanwhile)
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const payment = await paidPayment(db, paymentId);
    const currency = String((payment.amount as Obj).currency);
    const left = Math.max(0, minorOf(payment.amountChargedBack) - minorOf(chargeback.amount));
    if (
      await patchObject(db, paymentId, { amountChargedBack: { value: toValue(left), currency } }, null, {
        amountChargedBack: payment.amountChargedBack,
      })
    )
      return reversed;
  }
  throw new SimError(409, 'The payment is being changed. Try again.');
}
