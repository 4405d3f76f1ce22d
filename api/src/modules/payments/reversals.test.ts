/**
 * Money taken back at the PSP (issue 25, 6): a chargeback by the consumer's bank and a refund made
 * in Mollie's dashboard (the simulator's test hooks), then its webhook: the credits come off the
 * balance through the ledger, down to 0, the rest owed; once per chargeback / refund, also when the
 * webhook is called ten times at once; a reversed chargeback gives back what it took; a staff
 * refund is not taken twice.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creditLedger, paymentReversals, payments } from '../../db/schema';
import { changeCredits } from '../../platform/credits';
import { createStaff } from '../../test/helpers';
import { mollieSimOf } from '../mollie-sim';
import { creditsOwed } from './reversals';
import { paymentsKit, startPaymentsApp, stopPaymentsApp } from './test-helpers';

let app: FastifyInstance;
let base: string;
const { call, member, checkout, userRow, webhook } = paymentsKit(() => ({ app, base }));

beforeAll(async () => {
  ({ app, base } = await startPaymentsApp());
}, 60_000);
afterAll(() => stopPaymentsApp(app));

/** A member who bought p1 (60 credits, EUR 19.95 in NL unless the site's prices differ) through the hosted checkout. */
async function buyer() {
  const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
  const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', issuer: 'ideal_INGBNL2A' })).json();
  await checkout(created.checkout_url, 'paid');
  const [row] = await app.db
    .select()
    .from(payments)
    .where(eq(payments.id, created.payment_id as number));
  if (!row?.pspId) throw new Error('not paid');
  expect((await userRow(m.user.id))?.credits).toBe(60);
  return { ...m, payment: row, pspId: row.pspId };
}

/** The bank or the dashboard at the simulator (Bearer key, as its API); the simulator then calls the webhook. */
async function atPsp(kind: 'chargebacks' | 'refunds', pspId: string, amount?: number) {
  const key = await mollieSimOf(app)?.apiKey();
  const res = await fetch(`${base}/mollie-sim/dashboard/payments/${pspId}/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(amount === undefined ? {} : { amount: { value: (amount / 100).toFixed(2), currency: 'EUR' } }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

const ledgerOf = async (userId: number) =>
  (await app.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).map((r) => [r.reason, r.delta, r.ref]);

describe('money taken back at the PSP', () => {
  it('a chargeback takes the credits of the payment back through the ledger', async () => {
    const m = await buyer();
    const chargeback = await atPsp('chargebacks', m.pspId);
    await mollieSimOf(app)?.settled();
    expect((await userRow(m.user.id))?.credits).toBe(0);
    expect(await ledgerOf(m.user.id)).toEqual(expect.arrayContaining([['chargeback', -60, `chargeback:${chargeback.id}`]]));
    expect(await creditsOwed(app, m.user.id)).toBe(0);
    // Mollie calls again (a retry, a later refund of another payment...): nothing more is taken
    expect((await webhook(m.pspId)).status).toBe(200);
    expect((await userRow(m.user.id))?.credits).toBe(0);
    expect((await ledgerOf(m.user.id)).filter(([reason]) => reason === 'chargeback')).toHaveLength(1);
  });

  it('takes down to 0 and records the rest as owed, when the member spent the credits', async () => {
    const m = await buyer();
    await app.withTx((tx) => changeCredits(tx, m.user.id, -45, 'message', 'message:test'));
    await atPsp('chargebacks', m.pspId);
    await mollieSimOf(app)?.settled();
    expect((await userRow(m.user.id))?.credits).toBe(0);
    const [reversal] = await app.db.select().from(paymentReversals).where(eq(paymentReversals.paymentId, m.payment.id));
    expect(reversal).toMatchObject({ kind: 'chargeback', amount: m.payment.amount, credits: 60, creditsTaken: 15, creditsOwed: 45 });
    expect(await creditsOwed(app, m.user.id)).toBe(45);
  });

  it('a chargeback the bank reverses gives the credits taken back and clears what was owed, once', async () => {
    const m = await buyer();
    await app.withTx((tx) => changeCredits(tx, m.user.id, -45, 'message', 'message:test'));
    const chargeback = await atPsp('chargebacks', m.pspId);
    await mollieSimOf(app)?.settled();
    expect([(await userRow(m.user.id))?.credits, await creditsOwed(app, m.user.id)]).toEqual([0, 45]);
    const key = await mollieSimOf(app)?.apiKey();
    const reversed = await fetch(`${base}/mollie-sim/dashboard/payments/${m.pspId}/chargebacks/${chargeback.id}/reverse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(reversed.status).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => webhook(m.pspId)));
    await mollieSimOf(app)?.settled();
    expect([(await userRow(m.user.id))?.credits, await creditsOwed(app, m.user.id)]).toEqual([15, 0]);
    expect((await ledgerOf(m.user.id)).filter(([reason]) => reason === 'chargeback')).toEqual([
      ['chargeback', -15, `chargeback:${chargeback.id}`],
      ['chargeback', 15, `chargeback:${chargeback.id}:reversed`],
    ]);
  });

  it('a refund made in the dashboard takes back the credits its amount is worth, each refund once', async () => {
    const m = await buyer();
    const half = Math.floor(m.payment.amount / 2);
    const first = await atPsp('refunds', m.pspId, half);
    await mollieSimOf(app)?.settled();
    expect((await userRow(m.user.id))?.credits).toBe(60 - 30);
    const second = await atPsp('refunds', m.pspId, m.payment.amount - half);
    await mollieSimOf(app)?.settled();
    expect((await userRow(m.user.id))?.credits).toBe(0);
    const refunds = (await ledgerOf(m.user.id)).filter(([reason]) => reason === 'refund');
    expect(refunds).toEqual([
      ['refund', -30, `psp-refund:${first.id}`],
      ['refund', -30, `psp-refund:${second.id}`],
    ]);
  });

  it('a staff refund (its webhook comes too) is taken once, not again as a dashboard refund', async () => {
    const staff = await createStaff(app, ['payments']);
    const m = await buyer();
    const res = await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: m.payment.id });
    expect(res.statusCode).toBe(200);
    await mollieSimOf(app)?.settled();
    expect((await webhook(m.pspId)).status).toBe(200);
    expect((await userRow(m.user.id))?.credits).toBe(0);
    expect((await ledgerOf(m.user.id)).filter(([reason]) => reason === 'refund' || reason === 'chargeback')).toEqual([
      ['refund', -60, `payment:${m.payment.id}`],
    ]);
    expect(await app.db.select().from(paymentReversals).where(eq(paymentReversals.paymentId, m.payment.id))).toEqual([]);
  });

  it('ten webhook calls racing the simulator’s own take the chargeback back once (races: proven on PostgreSQL)', async () => {
    const m = await buyer();
    await app.withTx((tx) => changeCredits(tx, m.user.id, 40, 'admin', 'test'));
    const chargeback = await atPsp('chargebacks', m.pspId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(m.pspId)));
    await mollieSimOf(app)?.settled();
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await userRow(m.user.id))?.credits).toBe(40);
    const rows = await app.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, m.user.id), eq(creditLedger.reason, 'chargeback')));
    expect(rows.map((r) => [r.delta, r.ref])).toEqual([[-60, `chargeback:${chargeback.id}`]]);
  });
});
