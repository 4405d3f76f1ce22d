/**
 * How often the site asks the PSP (issue 25, 5-6): the result page's polls of GET /api/payment.php
 * ask at most once per payment per few seconds, counted at the simulator, also when 20 arrive at
 * once, and never once the payment is final; payments left open without a PSP id (a crash while
 * creating them) are expired by the sweep, and payments whose webhook never came are asked about.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema';
import { finishCheckout, mollieSimOf } from '../mollie-sim';
import { expireStalePayments, PSP_SWEEP_JOB } from './psp-poll';
import { paymentsKit, startPaymentsApp, stopPaymentsApp } from './test-helpers';

let app: FastifyInstance;
let base: string;
const { call, member, checkout, userRow } = paymentsKit(() => ({ app, base }));

beforeAll(async () => {
  ({ app, base } = await startPaymentsApp());
}, 60_000);
afterAll(() => stopPaymentsApp(app));

/** PSP fetches of a payment so far, counted by the simulator. */
const pspGets = () => mollieSimOf(app)?.requests('GET /v2/payments/:id') ?? 0;

async function started() {
  const m = await member({ country: 'NL' });
  const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', issuer: 'ideal_INGBNL2A' })).json();
  return { ...m, id: created.payment_id as number, checkoutUrl: created.checkout_url as string };
}
const poll = (cookie: string, id: number) => call(cookie, 'GET', `/api/payment.php?id=${id}`);

describe('GET /api/payment.php asks the PSP at most once per few seconds', () => {
  it('20 polls in a row: 1 PSP call; again after the interval', async () => {
    const p = await started();
    const before = pspGets();
    for (let i = 0; i < 20; i += 1) expect((await poll(p.cookie, p.id)).json()).toMatchObject({ id: p.id, status: 'open' });
    expect(pspGets() - before).toBe(1);
    // the interval passed (as if 5 s later): the next poll asks again
    await app.db
      .update(payments)
      .set({ pspCheckedAt: sql`now() - interval '6 seconds'` })
      .where(eq(payments.id, p.id));
    await poll(p.cookie, p.id);
    expect(pspGets() - before).toBe(2);
  });

  it('20 polls at once: 1 PSP call', async () => {
    const p = await started();
    const before = pspGets();
    const answers = await Promise.all(Array.from({ length: 20 }, () => poll(p.cookie, p.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(pspGets() - before).toBe(1);
  });

  it('a final payment: no PSP call at all', async () => {
    const p = await started();
    await checkout(p.checkoutUrl, 'paid'); // the webhook makes it paid
    await app.db.update(payments).set({ pspCheckedAt: null }).where(eq(payments.id, p.id));
    const before = pspGets();
    for (let i = 0; i < 5; i += 1) expect((await poll(p.cookie, p.id)).json()).toMatchObject({ status: 'paid' });
    expect(pspGets() - before).toBe(0);
  });
});

describe('payments left open without a PSP id', () => {
  it('are expired after a few minutes by the sweep job; recent ones and ones at the PSP are left', async () => {
    const stale = await started();
    const recent = await started();
    const atPsp = await started();
    // a crash between our insert and the PSP's answer: the row has no PSP id
    for (const p of [stale, recent]) await app.db.update(payments).set({ pspId: null }).where(eq(payments.id, p.id));
    for (const p of [stale, atPsp])
      await app.db
        .update(payments)
        .set({ createdAt: sql`now() - interval '6 minutes'` })
        .where(eq(payments.id, p.id));
    await app.jobs.send(PSP_SWEEP_JOB);
    await app.jobs.drain();
    const status = async (id: number) => (await app.db.select({ s: payments.status }).from(payments).where(eq(payments.id, id)))[0]?.s;
    expect([await status(stale.id), await status(recent.id), await status(atPsp.id)]).toEqual(['expired', 'open', 'open']);
    expect(await expireStalePayments(app)).toEqual([]);
  });
});

describe('payments whose webhook never came', () => {
  it('are asked about by the sweep a few minutes after they were made, and credited', async () => {
    const p = await started();
    const [row] = await app.db.select().from(payments).where(eq(payments.id, p.id));
    // paid at the PSP, but its webhook is lost (no call made)
    expect((await finishCheckout(app.db, row?.pspId ?? '', 'paid'))?.status).toBe('paid');
    await app.jobs.send(PSP_SWEEP_JOB);
    await app.jobs.drain();
    expect((await userRow(p.user.id))?.credits).toBe(0); // too young: the webhook may still come
    await app.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(payments.id, p.id));
    const before = pspGets();
    await app.jobs.send(PSP_SWEEP_JOB);
    await app.jobs.drain();
    expect(pspGets() - before).toBe(1);
    expect((await app.db.select({ s: payments.status }).from(payments).where(eq(payments.id, p.id)))[0]?.s).toBe('paid');
    expect((await userRow(p.user.id))?.credits).toBe(60);
  });

  it('an open one is asked again only after a pause that grows with its age', async () => {
    const p = await started();
    await app.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '3 hours'`, pspCheckedAt: sql`now() - interval '10 minutes'` })
      .where(eq(payments.id, p.id));
    const before = pspGets();
    await app.jobs.send(PSP_SWEEP_JOB);
    await app.jobs.drain();
    expect(pspGets() - before).toBe(0); // 3 hours old: asked at most every 18 minutes
    await app.db
      .update(payments)
      .set({ pspCheckedAt: sql`now() - interval '20 minutes'` })
      .where(eq(payments.id, p.id));
    await app.jobs.send(PSP_SWEEP_JOB);
    await app.jobs.drain();
    expect(pspGets() - before).toBe(1);
  });
});
