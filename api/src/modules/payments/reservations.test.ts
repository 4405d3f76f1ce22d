/**
 * Issue 25 item 2: a discount code, the time bonus and the try-out package are reserved when a
 * payment is created (payment_holds), so ten starts at once give ONE discounted payment; a failed,
 * canceled or expired payment gives the reservation back; the price a payment was started with
 * holds after the bonus window. And two card payments started at once by a new member both go
 * through (one PSP customer). Real simulator over HTTP; PGlite, and PostgreSQL with DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentHolds, payments, pspCustomers, users } from '../../db/schema';
import { must } from '../../test/helpers';
import { paymentsKit, startPaymentsApp, stopPaymentsApp } from './test-helpers';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ({ app, base } = await startPaymentsApp());
}, 60_000);
afterAll(() => stopPaymentsApp(app));

const { call, member, checkout, userRow } = paymentsKit(() => ({ app, base }));
const DAY = 24 * 3600_000;
const longAgo = () => ({ user: { signupAt: new Date(Date.now() - 30 * DAY) } });

type Res = Awaited<ReturnType<typeof call>>;
const tenAtOnce = (cookie: string, body: object) =>
  Promise.all(Array.from({ length: 10 }, () => call(cookie, 'POST', '/api/payment.php', body)));
const ok = (all: Res[]) => all.filter((r) => r.statusCode === 200);

/** Exactly one start went through; the nine others are the translated 409 `code`. */
function expectOneOf(all: Res[], code: string) {
  expect(all.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
  for (const r of all.filter((x) => x.statusCode === 409)) {
    expect(r.json().error).toBe(code);
    expect(r.json().message).toMatch(/^Je hebt al een betaling/);
  }
  return must(ok(all)[0], 'a 2xx answer').json();
}

/** The member's payments that reached the PSP (a refused start leaves none behind). */
const paymentsOf = async (userId: number) => app.db.select().from(payments).where(eq(payments.userId, userId));

describe('ten starts at once reserve a discount once (races: proven on PostgreSQL)', () => {
  it('FLIRT10: one discounted payment, nine 409 discount_in_use', async () => {
    const m = await member({ country: 'NL', ...longAgo() });
    const created = expectOneOf(await tenAtOnce(m.cookie, { package: 'p2', method: 'visa', discount_code: 'FLIRT10' }), 'discount_in_use');
    expect(created).toMatchObject({ amount: 4046, discount: { code: 'FLIRT10', percentage: 10 } });
    const rows = await paymentsOf(m.user.id);
    expect(rows).toHaveLength(1);
    // paid: the code is used; any later start is the product's 'Code reeds gebruikt'
    await checkout(created.checkout_url, 'paid');
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${created.payment_id}`)).json()).toMatchObject({
      status: 'paid',
      amount: 4046,
    });
    const again = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p2', method: 'visa', discount_code: 'FLIRT10' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Code reeds gebruikt']);
  });

  it('TIMEBONUS25 typed or applied by itself: one payment at 25 % off', async () => {
    const typed = await member({ country: 'NL' });
    const first = expectOneOf(
      await tenAtOnce(typed.cookie, { package: 'p2', method: 'ideal', discount_code: 'TIMEBONUS25' }),
      'discount_in_use',
    );
    expect(first).toMatchObject({ amount: 3371, discount: { code: 'TIMEBONUS25' } });

    const auto = await member({ country: 'NL' });
    const second = expectOneOf(await tenAtOnce(auto.cookie, { package: 'p1', method: 'ideal' }), 'discount_in_use');
    expect(second).toMatchObject({ amount: 1496, discount: { code: 'TIMEBONUS25' } });
    expect(await paymentsOf(auto.user.id)).toHaveLength(1);
    // in English too
    const en = await call(auto.cookie, 'POST', '/api/payment.php?lang=en', { package: 'p1', method: 'ideal' });
    expect([en.statusCode, en.json().message]).toEqual([
      409,
      expect.stringMatching(/^You already have an open payment with this discount/),
    ]);
  });

  it('the try-out package: one payment, nine 409 tryout_in_use', async () => {
    const m = await member({ country: 'NL', ...longAgo() });
    const created = expectOneOf(await tenAtOnce(m.cookie, { package: 'tryout', method: 'ideal' }), 'tryout_in_use');
    expect(created.amount).toBe(199);
    expect((await paymentsOf(m.user.id)).filter((p) => p.package === 'tryout')).toHaveLength(1);
  });
});

describe('an unpaid end gives the reservation back', () => {
  it.each(['canceled', 'failed', 'expired'])('after a %s payment the code, the bonus and the try-out are usable again', async (status) => {
    const m = await member({ country: 'NL' });
    const withCode = (
      await call(m.cookie, 'POST', '/api/payment.php', { package: 'p2', method: 'ideal', discount_code: 'FLIRT10' })
    ).json();
    const withBonus = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal' })).json();
    const tryout = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'tryout', method: 'ideal' })).json();
    expect([withCode.amount, withBonus.amount, tryout.amount]).toEqual([4046, 1496, 199]);
    for (const body of [
      { package: 'p2', method: 'ideal', discount_code: 'FLIRT10' },
      { package: 'p1', method: 'ideal' },
      { package: 'tryout', method: 'ideal' },
    ]) {
      expect((await call(m.cookie, 'POST', '/api/payment.php', body)).statusCode).toBe(409);
    }
    for (const p of [withCode, withBonus, tryout]) {
      await checkout(p.checkout_url, status);
      expect((await call(m.cookie, 'GET', `/api/payment.php?id=${p.payment_id}`)).json().status).toBe(status);
    }
    expect(await app.db.select().from(paymentHolds).where(eq(paymentHolds.userId, m.user.id))).toEqual([]);
    const code = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p2', method: 'ideal', discount_code: 'FLIRT10' });
    const bonus = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p3', method: 'ideal', discount_code: 'TIMEBONUS25' });
    const again = await call(m.cookie, 'POST', '/api/payment.php', { package: 'tryout', method: 'ideal' });
    expect([code.statusCode, code.json().amount]).toEqual([200, 4046]);
    expect([bonus.statusCode, bonus.json().discount?.code]).toEqual([200, 'TIMEBONUS25']);
    expect([again.statusCode, again.json().amount]).toEqual([200, 199]);
  });
});

describe('the bonus window', () => {
  it('a payment started inside the window is charged its start price when paid after it; a start after it gets no bonus', async () => {
    const m = await member({ country: 'NL' });
    const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'sct' })).json();
    expect(created).toMatchObject({ amount: 1496, discount: { code: 'TIMEBONUS25' } });
    // the four hours (and the welcome week) pass before the bank transfer arrives
    await app.db
      .update(users)
      .set({ signupAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(users.id, m.user.id));
    app.sessionCache.forgetUser(m.user.id);
    await checkout(created.checkout_url, 'paid');
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${created.payment_id}`)).json()).toMatchObject({
      status: 'paid',
      amount: 1496,
      credits: 60,
    });
    expect((await userRow(m.user.id))?.credits).toBe(60);

    const late = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 8 * DAY) } });
    const full = (await call(late.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'sct' })).json();
    expect([full.amount, full.discount]).toEqual([1995, null]);
    expect(
      (await call(late.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'sct', discount_code: 'TIMEBONUS25' })).json().error,
    ).toBe('time_bonus_expired');
  });
});

describe('a new member starting card payments at once (races: proven on PostgreSQL)', () => {
  it('ten card payments at once: all get a checkout, one PSP customer (no 502 psp_unavailable)', async () => {
    const m = await member({ country: 'NL', ...longAgo() });
    const all = await Promise.all(
      ['p0', 'p1', 'p2', 'p3', 'p0', 'p1', 'p2', 'p3', 'p0', 'p1'].map((pkg, i) =>
        call(m.cookie, 'POST', '/api/payment.php', { package: pkg, method: i % 2 ? 'visa' : 'mastercard' }),
      ),
    );
    expect(all.map((r) => [r.statusCode, r.json().error])).toEqual(Array(10).fill([200, undefined]));
    const customers = await app.db.select().from(pspCustomers).where(eq(pspCustomers.userId, m.user.id));
    expect(customers).toHaveLength(1);
    const started = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, m.user.id), eq(payments.status, 'open')));
    expect(started).toHaveLength(10);
  });
});
