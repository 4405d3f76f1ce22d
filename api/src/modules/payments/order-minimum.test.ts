/**
 * No order below 1 cent: the staff form caps new codes at 99 %, but a 100 % code in the table or
 * 99 % off a site price of 1 cent would leave 0 to pay. The server refuses such an order with a
 * translated 400 on the discount code and writes no payment; 1 cent left is still an order.
 * Own app (the site's prices are changed here). PGlite, and PostgreSQL with DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { discountCodes, payments } from '../../db/schema';
import { createStaff } from '../../test/helpers';
import { paymentsKit, startPaymentsApp, stopPaymentsApp } from './test-helpers';

let app: FastifyInstance;
let base: string;
const { call, member } = paymentsKit(() => ({ app, base }));
const json = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

beforeAll(async () => {
  ({ app, base } = await startPaymentsApp());
  // the default site sells p0 for 1 cent and p1 for 1 euro in the Netherlands
  const admin = await createStaff(app, ['admin']);
  const current = (await app.inject({ method: 'GET', url: '/api/backoffice/sites/localhost', headers: { cookie: admin.cookie } })).json()
    .settings;
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/backoffice/sites/localhost',
    headers: { cookie: admin.cookie, ...json },
    payload: { settings: { ...current, package_prices: { NL: { p0: 1, p1: 100 } } } },
  });
  expect(saved.statusCode).toBe(200);
  // codes the staff form cannot make any more, as older data or a hand-made row may hold them
  await app.db.insert(discountCodes).values([
    { code: 'ALMOST99', percentage: 99 },
    { code: 'FREE100', percentage: 100 },
  ]);
}, 60_000);
afterAll(() => stopPaymentsApp(app));

/** A member past the welcome and time-bonus discounts, on the default site, once it sells p0 for 1 cent. */
async function buyer() {
  const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
  for (let i = 0; i < 100; i += 1) {
    const p0 = (await call(m.cookie, 'GET', '/api/credits.php')).json().packages.find((p: { id: string }) => p.id === 'p0');
    if (p0?.original_amount === 1) return m;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('the site price of p0 did not reach the app');
}

const paymentsOf = async (userId: number) => app.db.select().from(payments).where(eq(payments.userId, userId));

describe('an order below 1 cent', () => {
  it('is refused with a translated 400 on the code, and no payment is written', async () => {
    const m = await buyer();
    const nearly = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'ideal', discount_code: 'ALMOST99' });
    expect(nearly.statusCode).toBe(400);
    expect(nearly.json()).toMatchObject({ error: 'order_amount_too_low', field: 'discount_code' });
    expect(nearly.json().message).toMatch(/^Met deze korting blijft er minder dan €\s0,01 te betalen; zo’n bestelling kan niet\./);

    const free = await call(m.cookie, 'POST', '/api/payment.php?lang=en', { package: 'p1', method: 'ideal', discount_code: 'FREE100' });
    expect(free.statusCode).toBe(400);
    expect(free.json().error).toBe('order_amount_too_low');
    expect(free.json().message).toMatch(/^With this discount less than €0\.01 is left to pay/);
    expect(await paymentsOf(m.user.id)).toEqual([]);
  });

  it('still takes an order that leaves 1 cent to pay', async () => {
    const m = await buyer();
    const res = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', discount_code: 'ALMOST99' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 1, currency: 'EUR', discount: { code: 'ALMOST99', percentage: 99 } });
    expect((await paymentsOf(m.user.id)).map((p) => [p.amount, p.originalAmount])).toEqual([[1, 100]]);
  });
});
