/**
 * Payments staff (issue 15): the payments list and refunds through the PSP adapter (the real
 * @mollie/api-client against the simulator): the credits come back off the balance through the
 * ledger, never below 0; a refund happens once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creditLedger, payments } from '../../db/schema';
import { changeCredits } from '../../platform/credits';
import { createStaff } from '../../test/helpers';
import { getObject, patchObject } from '../mollie-sim';
import { paymentsKit, startPaymentsApp, stopPaymentsApp } from './test-helpers';

let app: FastifyInstance;
let base: string;
const { call, member, checkout, ledgerSum, userRow } = paymentsKit(() => ({ app, base }));

beforeAll(async () => {
  ({ app, base } = await startPaymentsApp());
}, 60_000);
afterAll(() => stopPaymentsApp(app));

/** A member who bought `pkg` through the hosted checkout: their id, cookie and the order id. */
async function buyer(pkg: 'p0' | 'p1' = 'p1') {
  const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
  const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: pkg, method: 'ideal', issuer: 'ideal_INGBNL2A' })).json();
  await checkout(created.checkout_url, 'paid');
  return { ...m, paymentId: created.payment_id as number };
}

describe('refunds by payments staff', () => {
  it('refunds a paid payment at the PSP and takes its credits back through the ledger, once', async () => {
    const staff = await createStaff(app, ['payments']);
    const m = await buyer('p1');
    expect((await userRow(m.user.id))?.credits).toBe(60);
    expect((await userRow(m.user.id))?.paidUser).toBe(true);

    const listed = (await call(staff.cookie, 'GET', `/api/backoffice/payments?q=${encodeURIComponent(m.user.email)}`)).json();
    expect(listed.total).toBe(1);
    expect(listed.payments[0]).toMatchObject({
      id: m.paymentId,
      status: 'paid',
      user_email: m.user.email,
      refunded_at: null,
      package_credits: 60,
    });

    const res = await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: m.paymentId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credits_taken: 60,
      balance: 0,
      payment: { id: m.paymentId, refunded_at: expect.any(String), refund_psp_id: expect.stringMatching(/^re_/) },
    });
    const after = await userRow(m.user.id);
    expect(after?.credits).toBe(0);
    expect(after?.paidUser).toBe(false);
    expect(await ledgerSum(m.user.id)).toBe(0);
    const ledger = await app.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user.id));
    expect(ledger.map((r) => [r.reason, r.delta, r.ref])).toEqual(expect.arrayContaining([['refund', -60, `payment:${m.paymentId}`]]));
    // the PSP has the refund: the payment's refunded amount is the whole order
    const [row] = await app.db.select().from(payments).where(eq(payments.id, m.paymentId));
    const atPsp = await getObject(app.db, row?.pspId ?? '', 'payment');
    expect(atPsp?.amountRefunded).toEqual({ value: '19.95', currency: 'EUR' });
    // the member sees the credits gone
    expect((await call(m.cookie, 'GET', '/api/user.php')).json().user.credits).toBe(0);

    // twice: refused, nothing changes
    const again = await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: m.paymentId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'refund_already_done', message: 'Deze betaling is al terugbetaald.' });
    expect(await ledgerSum(m.user.id)).toBe(0);
    expect(
      (await call(staff.cookie, 'GET', '/api/backoffice/payments?status=refunded')).json().payments.map((p: { id: number }) => p.id),
    ).toContain(m.paymentId);
  });

  it('refuses to refund credits the member has spent (never below 0), and unknown or unpaid payments', async () => {
    const staff = await createStaff(app, ['payments']);
    const m = await buyer('p1');
    await app.withTx((tx) => changeCredits(tx, m.user.id, -10, 'message'));
    const spent = await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: m.paymentId });
    expect(spent.statusCode).toBe(409);
    expect(spent.json().error).toBe('refund_credits_spent');
    expect(spent.json().message).toContain('60');
    expect(spent.json().message).toContain('50');
    const [row] = await app.db.select().from(payments).where(eq(payments.id, m.paymentId));
    expect(row?.refundedAt).toBeNull();
    expect((await userRow(m.user.id))?.credits).toBe(50);
    expect((await getObject(app.db, row?.pspId ?? '', 'payment'))?.amountRefunded).toEqual({ value: '0.00', currency: 'EUR' });

    expect((await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: 99_999 })).statusCode).toBe(404);
    expect((await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: 'x' })).statusCode).toBe(400);
    const open = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'ideal', issuer: 'ideal_INGBNL2A' })).json();
    const unpaid = await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: open.payment_id });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toBe('refund_not_paid');

    // the refusals are in the audit log
    const admin = await createStaff(app, ['admin']);
    const log = (await call(admin.cookie, 'GET', `/api/backoffice/audit?q=${encodeURIComponent(`payment:${m.paymentId}`)}`)).json();
    expect(log.entries[0]).toMatchObject({ action: 'payments.refund', outcome: 'refused', error: 'refund_credits_spent' });
  });

  it('gives the credits back when the PSP refuses the refund', async () => {
    const staff = await createStaff(app, ['payments']);
    const m = await buyer('p0');
    const before = (await userRow(m.user.id))?.credits ?? 0;
    const [row] = await app.db.select().from(payments).where(eq(payments.id, m.paymentId));
    // refunded elsewhere already (say in the PSP's dashboard): the PSP refuses a second refund
    await patchObject(app.db, row?.pspId ?? '', { amountRefunded: { value: '12.95', currency: 'EUR' } });
    const res = await call(staff.cookie, 'POST', '/api/backoffice/payments/refund', { id: m.paymentId });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('refund_psp_refused');
    expect(res.json().message).toContain('Er is niets veranderd');
    const after = await userRow(m.user.id);
    expect(after?.credits).toBe(before);
    expect(after?.paidUser).toBe(true);
    const [again] = await app.db.select().from(payments).where(eq(payments.id, m.paymentId));
    expect(again?.refundedAt).toBeNull();
    // the ledger tells both steps
    const ledger = await app.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user.id));
    expect(
      ledger
        .filter((r) => r.reason === 'refund')
        .map((r) => r.delta)
        .sort((a, b) => a - b),
    ).toEqual([-before, before]);
  });

  it('lets two staff members clicking at once refund a payment once', async () => {
    const a = await createStaff(app, ['payments']);
    const b = await createStaff(app, ['admin']);
    const m = await buyer('p0');
    const both = await Promise.all([a, b].map((s) => call(s.cookie, 'POST', '/api/backoffice/payments/refund', { id: m.paymentId })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerSum(m.user.id)).toBe(0);
    expect((await userRow(m.user.id))?.credits).toBe(0);
  });

  it('lists who used a discount code', async () => {
    const staff = await createStaff(app, ['payments']);
    // a free package cannot go through the PSP; negative values are refused too
    for (const bad of [
      { percentage: 100, minimum_order_value: 0 },
      { percentage: 0, minimum_order_value: 0 },
      { percentage: 10, minimum_order_value: -1 },
    ]) {
      const res = await call(staff.cookie, 'POST', '/api/backoffice/payments/codes', { code: 'BAD10', ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const code = (
      await call(staff.cookie, 'POST', '/api/backoffice/payments/codes', { code: 'USES10', percentage: 10, minimum_order_value: 0 })
    ).json();
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    const created = (
      await call(m.cookie, 'POST', '/api/payment.php', {
        package: 'p1',
        method: 'ideal',
        issuer: 'ideal_INGBNL2A',
        discount_code: 'USES10',
      })
    ).json();
    expect(created.amount).toBe(1796);
    await checkout(created.checkout_url, 'paid');
    const uses = (await call(staff.cookie, 'GET', `/api/backoffice/payments/codes/${code.id}/uses`)).json();
    expect(uses.uses).toEqual([expect.objectContaining({ user_id: m.user.id, user_email: m.user.email, payment_id: created.payment_id })]);
    expect((await call(staff.cookie, 'GET', '/api/backoffice/payments/codes/99999/uses')).statusCode).toBe(404);
  });
});
