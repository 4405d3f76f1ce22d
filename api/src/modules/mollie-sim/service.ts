/**
 * What the simulator does with payments, customers and mandates: Mollie's validation (422 with the
 * failing `field`), its statuses and transitions, mandates from paid first payments, recurring
 * payments on a mandate. Everything it stores is Mollie's JSON (plus a private `_sim` part that
 * answers never show).
 *
 *   open ──checkout──> paid | failed | canceled | expired (| open: nothing happens)
 *   open ──expiresAt──> expired                     open ──DELETE──> canceled
 *   recurring: pending ──settle──> paid | failed (the mandate's test setting)
 */
import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { isValidIban } from '@dating/shared-kit/contracts';
import { listSimMethods, simMethod, toMinor, toValue } from './catalog';
import type { SequenceType } from './catalog';
import { mollieTime, SimError } from './json';
import type { Obj } from './json';
import { getObject, insertObject, listObjects, newId, patchObject } from './store';

export const PROFILE_ID = 'pfl_S1mulat0r';
/** The outcomes the hosted checkout offers (Mollie's test mode), in its order. */
export const CHECKOUT_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];
export const FINAL = new Set(['paid', 'failed', 'canceled', 'expired']);

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function httpUrl(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 2000) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Fields of a payment answer that are the simulator's own (stripped from every answer). */
export function publicView(o: Obj): Obj {
  const { _sim: _hidden, ...rest } = o;
  return rest;
}

/** What happens after creation: a job or nothing. */
export interface Created {
  payment: Obj;
  /** recurring payments settle a moment later */
  settle: boolean;
}

export async function createPayment(db: DbOrTx, body: unknown, now = new Date()): Promise<Created> {
  if (!isObj(body)) throw new SimError(400, 'The request body is not valid JSON.');
  const amount = body.amount;
  if (!isObj(amount)) throw new SimError(422, 'The amount is required for payments', 'amount');
  const currency = str(amount.currency);
  const minor = toMinor(str(amount.value) ?? '');
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw new SimError(422, 'The currency is invalid', 'amount.currency');
  if (minor === null || minor <= 0) throw new SimError(422, 'The amount contains an invalid value', 'amount.value');
  const description = str(body.description);
  if (!description || description.trim() === '' || description.length > 255)
    throw new SimError(422, 'The description is invalid', 'description');
  const sequenceType = (str(body.sequenceType) ?? 'oneoff') as SequenceType;
  if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) throw new SimError(422, 'The sequence type is invalid', 'sequenceType');
  if (sequenceType !== 'recurring' && !httpUrl(body.redirectUrl)) throw new SimError(422, 'The redirect URL is invalid', 'redirectUrl');
  if (body.webhookUrl !== undefined && body.webhookUrl !== null && !httpUrl(body.webhookUrl))
    throw new SimError(422, 'The webhook URL is invalid', 'webhookUrl');
  if (body.metadata !== undefined && JSON.stringify(body.metadata).length > 1024)
    throw new SimError(422, 'The metadata is too large', 'metadata');

  const customerId = str(body.customerId);
  if (customerId !== undefined && !(await getObject(db, customerId, 'customer')))
    throw new SimError(422, 'The customer id is invalid', 'customerId');
  if (sequenceType !== 'oneoff' && !customerId)
    throw new SimError(422, `A customer is required for a ${sequenceType} payment`, 'customerId');

  let method = str(body.method) ?? null;
  let mandate: Obj | null = null;
  if (sequenceType === 'recurring') {
    const mandates = (await listObjects(db, 'mandate', customerId as string)).filter((m) => m.status === 'valid');
    const wanted = str(body.mandateId);
    mandate = wanted ? (mandates.find((m) => m.id === wanted) ?? null) : (mandates.find((m) => !method || m.method === method) ?? null);
    if (!mandate) throw new SimError(422, 'The customer has no valid mandate for this payment', wanted ? 'mandateId' : 'customerId');
    if (method && method !== mandate.method) throw new SimError(422, 'The payment method does not match the mandate', 'method');
    method = String(mandate.method);
  }
  if (method !== null) {
    const def = simMethod(method);
    const offered = listSimMethods({ sequenceType, currency, amount: null, includeWallets: true }).some((m) => m.id === method);
    if (!def || !offered) throw new SimError(422, 'The payment method is invalid', 'method');
    if (minor < def.minimum)
      throw new SimError(422, `The amount is lower than the minimum of ${toValue(def.minimum)} ${currency}`, 'amount');
    if (minor > def.maximum)
      throw new SimError(422, `The amount is higher than the maximum of ${toValue(def.maximum)} ${currency}`, 'amount');
    const issuer = str(body.issuer);
    if (issuer !== undefined && !def.issuers?.some((i) => i.id === issuer)) throw new SimError(422, 'The issuer is invalid', 'issuer');
  } else if (body.issuer !== undefined) {
    throw new SimError(422, 'An issuer needs a payment method', 'issuer');
  }

  const expiresMinutes = method ? (simMethod(method)?.expiresMinutes ?? 15) : 15;
  const payment: Obj = {
    resource: 'payment',
    id: newId('tr_'),
    mode: 'test',
    createdAt: mollieTime(now),
    amount: { value: toValue(minor), currency },
    description,
    method,
    metadata: body.metadata ?? null,
    status: sequenceType === 'recurring' ? 'pending' : 'open',
    isCancelable: sequenceType === 'recurring' ? method === 'directdebit' : false,
    ...(sequenceType === 'recurring' ? {} : { expiresAt: mollieTime(new Date(now.getTime() + expiresMinutes * 60_000)) }),
    profileId: PROFILE_ID,
    sequenceType,
    ...(str(body.redirectUrl) ? { redirectUrl: body.redirectUrl } : {}),
    ...(str(body.cancelUrl) ? { cancelUrl: body.cancelUrl } : {}),
    ...(str(body.webhookUrl) ? { webhookUrl: body.webhookUrl } : {}),
    ...(str(body.locale) ? { locale: body.locale } : {}),
    ...(customerId ? { customerId } : {}),
    ...(mandate ? { mandateId: mandate.id } : {}),
    details: null,
    _sim: { issuer: str(body.issuer) ?? null },
  };
  await insertObject(db, 'payment', payment, customerId ?? null);
  return { payment, settle: sequenceType === 'recurring' };
}

function paidDetails(method: string | null, mandate: Obj | null): Obj | null {
  if (method === 'creditcard' || method === 'applepay') {
    return {
      cardHolder: 'T. TEST',
      cardNumber: '4444',
      cardFingerprint: crypto.randomBytes(12).toString('base64url'),
      cardAudience: 'consumer',
      cardLabel: 'Mastercard',
      cardCountryCode: 'NL',
      cardSecurity: '3dsecure',
      feeRegion: 'intra-eu',
      ...(method === 'applepay' ? { wallet: 'applepay' } : {}),
    };
  }
  if (method === 'directdebit' && mandate && isObj(mandate.details)) {
    const d = mandate.details;
    return {
      transferReference: `SD${Date.now() % 1e10}`,
      creditorIdentifier: 'NL08ZZZ502057730000',
      consumerName: d.consumerName,
      consumerAccount: d.consumerAccount,
      consumerBic: d.consumerBic,
      dueDate: new Date().toISOString().slice(0, 10),
      signatureDate: mandate.signatureDate,
      bankReasonCode: null,
      bankReason: null,
      endToEndIdentifier: null,
      mandateReference: mandate.mandateReference,
      batchReference: null,
      fileReference: null,
    };
  }
  if (method === 'ideal' || method === 'bancontact' || method === 'eps') {
    return { consumerName: 'T. TEST', consumerAccount: 'NL53INGB0654422370', consumerBic: 'INGBNL2A' };
  }
  if (method === 'paypal')
    return {
      consumerName: 'T. TEST',
      consumerAccount: 'test@example.com',
      paypalReference: crypto.randomBytes(8).toString('hex').toUpperCase(),
    };
  return null;
}

/** The mandate a paid first payment leaves behind (Mollie: a card, a SEPA or a PayPal mandate). */
async function mandateFromFirstPayment(db: DbOrTx, payment: Obj, now: Date, nextRecurring: 'paid' | 'failed'): Promise<Obj | null> {
  const def = simMethod(String(payment.method));
  const customerId = str(payment.customerId);
  if (!def?.mandateMethod || !customerId) return null;
  const expiry = new Date(now.getTime() + 2 * 365 * 24 * 3600 * 1000);
  const details: Obj =
    def.mandateMethod === 'creditcard'
      ? {
          cardHolder: 'T. TEST',
          cardNumber: '4444',
          cardLabel: 'Mastercard',
          cardFingerprint: crypto.randomBytes(12).toString('base64url'),
          cardExpiryDate: expiry.toISOString().slice(0, 10),
        }
      : def.mandateMethod === 'paypal'
        ? { consumerName: 'T. TEST', consumerAccount: 'test@example.com' }
        : { consumerName: 'T. TEST', consumerAccount: 'NL53INGB0654422370', consumerBic: 'INGBNL2A' };
  const mandate: Obj = {
    resource: 'mandate',
    id: newId('mdt_'),
    mode: 'test',
    status: 'valid',
    method: def.mandateMethod,
    details,
    mandateReference: null,
    signatureDate: mollieTime(now).slice(0, 10),
    createdAt: mollieTime(now),
    _sim: { nextRecurring },
  };
  await insertObject(db, 'mandate', mandate, customerId);
  return mandate;
}

/**
 * Move an open payment to what the tester chose on the checkout (or what the clock did). Returns
 * the payment after the change, or null when it was no longer open (nothing changed).
 * `nextRecurring`: how later recurring payments on the mandate of a paid first payment end.
 */
export async function finishCheckout(
  db: DbOrTx,
  id: string,
  outcome: CheckoutOutcome,
  nextRecurring: 'paid' | 'failed' = 'paid',
  now = new Date(),
): Promise<Obj | null> {
  const payment = await getObject(db, id, 'payment');
  if (!payment || payment.status !== 'open') return null;
  if (outcome === 'open') return payment;
  const at = mollieTime(now);
  const patch: Obj = { status: outcome };
  if (outcome === 'paid') {
    let mandate: Obj | null = null;
    if (payment.sequenceType === 'first') mandate = await mandateFromFirstPayment(db, payment, now, nextRecurring);
    const amount = payment.amount as Obj;
    Object.assign(patch, {
      paidAt: at,
      amountRefunded: { value: '0.00', currency: amount.currency },
      amountRemaining: amount,
      settlementAmount: amount,
      details: paidDetails(str(payment.method) ?? 'ideal', null),
      ...(mandate ? { mandateId: mandate.id } : {}),
    });
  } else if (outcome === 'failed') {
    Object.assign(patch, {
      failedAt: at,
      ...(payment.method === 'creditcard'
        ? { details: { failureReason: 'authentication_failed', failureMessage: 'The 3-D Secure authentication failed.' } }
        : {}),
    });
  } else if (outcome === 'canceled') {
    Object.assign(patch, { canceledAt: at });
  } else {
    Object.assign(patch, { expiredAt: at });
  }
  Object.assign(patch, { isCancelable: false });
  return patchObject(db, id, patch, 'open');
}

/** A recurring payment settles: paid, or failed when its mandate was set to fail. */
export async function settleRecurring(db: DbOrTx, id: string, now = new Date()): Promise<Obj | null> {
  const payment = await getObject(db, id, 'payment');
  if (!payment || payment.status !== 'pending') return null;
  const mandate = str(payment.mandateId) ? await getObject(db, String(payment.mandateId), 'mandate') : null;
  const sim = isObj(mandate?._sim) ? mandate._sim : {};
  const at = mollieTime(now);
  const amount = payment.amount as Obj;
  const patch: Obj =
    sim.nextRecurring === 'failed'
      ? {
          status: 'failed',
          failedAt: at,
          isCancelable: false,
          details: {
            ...(paidDetails(str(payment.method) ?? null, mandate) ?? {}),
            failureReason: 'insufficient_funds',
            failureMessage: 'The card was declined.',
          },
        }
      : {
          status: 'paid',
          paidAt: at,
          isCancelable: false,
          amountRefunded: { value: '0.00', currency: amount.currency },
          amountRemaining: amount,
          settlementAmount: amount,
          details: paidDetails(str(payment.method) ?? null, mandate),
        };
  return patchObject(db, id, patch, 'pending');
}

/** DELETE /payments/:id: only a cancelable payment. */
export async function cancelPayment(db: DbOrTx, id: string, now = new Date()): Promise<Obj> {
  const payment = await getObject(db, id, 'payment');
  if (!payment) throw new SimError(404, `No payment exists with token ${id}.`);
  if (!payment.isCancelable) throw new SimError(422, 'The payment cannot be canceled.');
  const done = await patchObject(db, id, { status: 'canceled', canceledAt: mollieTime(now), isCancelable: false }, String(payment.status));
  if (!done) throw new SimError(422, 'The payment cannot be canceled.');
  return done;
}

export async function createCustomer(db: DbOrTx, body: unknown, now = new Date()): Promise<Obj> {
  const b = isObj(body) ? body : {};
  if (b.email !== undefined && (typeof b.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(b.email)))
    throw new SimError(422, 'The email address is invalid', 'email');
  const customer: Obj = {
    resource: 'customer',
    id: newId('cst_'),
    mode: 'test',
    name: str(b.name) ?? null,
    email: str(b.email) ?? null,
    locale: str(b.locale) ?? null,
    metadata: b.metadata ?? null,
    createdAt: mollieTime(now),
  };
  await insertObject(db, 'customer', customer, null);
  return customer;
}

/** POST /customers/:id/mandates: SEPA direct debit (the only kind Mollie lets an API create besides PayPal). */
export async function createMandate(db: DbOrTx, customerId: string, body: unknown, now = new Date()): Promise<Obj> {
  if (!(await getObject(db, customerId, 'customer'))) throw new SimError(404, `No customer exists with token ${customerId}.`);
  const b = isObj(body) ? body : {};
  if (b.method !== 'directdebit') throw new SimError(422, 'The payment method is invalid', 'method');
  const consumerName = str(b.consumerName)?.trim();
  if (!consumerName) throw new SimError(422, 'The consumer name is required', 'consumerName');
  const account = (str(b.consumerAccount) ?? '').replace(/\s+/g, '').toUpperCase();
  if (!isValidIban(account)) throw new SimError(422, 'The consumer account is invalid', 'consumerAccount');
  const signatureDate = str(b.signatureDate) ?? mollieTime(now).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(signatureDate)) throw new SimError(422, 'The signature date is invalid', 'signatureDate');
  const bank = account.startsWith('NL') ? `${account.slice(4, 8)}NL2A` : null;
  const mandate: Obj = {
    resource: 'mandate',
    id: newId('mdt_'),
    mode: 'test',
    status: 'valid',
    method: 'directdebit',
    details: { consumerName, consumerAccount: account, consumerBic: str(b.consumerBic) ?? bank },
    mandateReference: str(b.mandateReference) ?? null,
    signatureDate,
    createdAt: mollieTime(now),
    _sim: { nextRecurring: 'paid' },
  };
  await insertObject(db, 'mandate', mandate, customerId);
  return mandate;
}
