/**
 * Issue 25 items 3 and 6 (direct debit): the EUR 150 per 30 days limit holds when the form is sent
 * and the codes confirmed at once (a per-member lock around the limit check and the payment
 * insert, a code confirms only a request still pending); phone numbers compared as E.164; the
 * payment charges the amount confirmed by SMS; no address is stored. Real simulator over HTTP, the
 * SMS outbox as delivery (no provider: development); PGlite, and PostgreSQL with DATABASE_URL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { directDebitRequests, payments, smsOutbox, users } from '../../db/schema';
import { DIRECT_DEBIT_LIMIT_CENTS } from './pricing';
import { paymentsKit, startPaymentsApp, stopPaymentsApp } from './test-helpers';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ({ app, base } = await startPaymentsApp());
}, 60_000);
afterAll(() => stopPaymentsApp(app));

const { call, member } = paymentsKit(() => ({ app, base }));
const DAY = 24 * 3600_000;
const form = (phone: string, pkg = 'p3') => ({
  account_holder: 'Anna de Vries',
  iban: 'NL91ABNA0417164300',
  phone,
  package: pkg,
  consent: true,
});
const longAgo = () => ({ country: 'NL' as const, user: { signupAt: new Date(Date.now() - 30 * DAY) } });

/** Every code the outbox holds for a member, oldest first (development: the outbox is the delivery). */
async function codesOf(userId: number): Promise<string[]> {
  const rows = await app.db.select().from(smsOutbox).where(eq(smsOutbox.userId, userId)).orderBy(smsOutbox.id);
  return rows.map((r) => /(\d{6})/.exec(r.text)?.[1] ?? '').filter(Boolean);
}

/** The member's direct debits that count towards the limit. */
async function debitsOf(userId: number) {
  return app.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.kind, 'directdebit'),
        inArray(payments.status, ['open', 'pending', 'authorized', 'paid']),
      ),
    );
}

describe('the direct-debit limit under races (races: proven on PostgreSQL)', () => {
  it('the form sent five times at once, the waiting code confirmed ten times at once and the stale codes after: one debit of EUR 99.95, never more than EUR 150', async () => {
    const m = await member(longAgo());
    const starts = await Promise.all(Array.from({ length: 5 }, () => call(m.cookie, 'POST', '/api/directdebit.php', form('+31612000001'))));
    expect(starts.every((r) => r.statusCode === 200)).toBe(true);
    // one request waits for its code: a new form replaces the one before, also when they arrive at once
    const pending = await app.db
      .select()
      .from(directDebitRequests)
      .where(and(eq(directDebitRequests.userId, m.user.id), eq(directDebitRequests.status, 'pending')));
    expect(pending).toHaveLength(1);
    const codes = await codesOf(m.user.id);
    expect(codes).toHaveLength(5);
    // the waiting request's code (the newest SMS: the forms took the member's lock one after another)
    // confirmed ten times at once: one debit. The stale codes together with them would count as wrong
    // tries against the waiting code and may use up its tries first (on PostgreSQL they really run at
    // once), so they come after: each a translated 4xx, nothing more charged.
    const newest = codes[codes.length - 1];
    const confirms = await Promise.all(Array.from({ length: 10 }, () => call(m.cookie, 'POST', '/api/directdebit.php', { otp: newest })));
    expect(confirms.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const stale = await Promise.all(codes.slice(0, -1).map((otp) => call(m.cookie, 'POST', '/api/directdebit.php', { otp })));
    expect(
      [...confirms, ...stale].every((r) => r.statusCode === 200 || (r.statusCode >= 400 && r.statusCode < 500 && r.json().message)),
    ).toBe(true);
    expect(stale.every((r) => r.statusCode >= 400)).toBe(true);
    const debits = await debitsOf(m.user.id);
    expect(debits.map((d) => d.amount)).toEqual([9995]);
  });

  it('two requests left waiting (as the unlocked form left them) and both codes confirmed at once: one debit', async () => {
    const m = await member(longAgo());
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', form('+31612000002'))).statusCode).toBe(200);
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', form('+31612000002'))).statusCode).toBe(200);
    // the state two forms racing before the lock produced: both requests pending
    await app.db.update(directDebitRequests).set({ status: 'pending' }).where(eq(directDebitRequests.userId, m.user.id));
    const [older, newer] = await codesOf(m.user.id);
    // the newer code first; the older one as soon as the newer request is taken (its payment not written yet)
    const first = call(m.cookie, 'POST', '/api/directdebit.php', { otp: newer });
    for (let i = 0; i < 2000; i += 1) {
      const rows = await app.db
        .select({ status: directDebitRequests.status })
        .from(directDebitRequests)
        .where(and(eq(directDebitRequests.userId, m.user.id), eq(directDebitRequests.status, 'confirmed')));
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const second = call(m.cookie, 'POST', '/api/directdebit.php', { otp: older });
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().error).toBe('direct_debit_limit');
    const total = (await debitsOf(m.user.id)).reduce((s, d) => s + d.amount, 0);
    expect(total).toBe(9995);
    expect(total).toBeLessThanOrEqual(DIRECT_DEBIT_LIMIT_CENTS);
  });

  it('a replaced request cannot be confirmed with its own code', async () => {
    const m = await member(longAgo());
    await call(m.cookie, 'POST', '/api/directdebit.php', form('+31612000003', 'p1'));
    await call(m.cookie, 'POST', '/api/directdebit.php', form('+31612000003', 'p1'));
    const [older, newer] = await codesOf(m.user.id);
    if (older !== newer) {
      const stale = await call(m.cookie, 'POST', '/api/directdebit.php', { otp: older });
      expect([stale.statusCode, stale.json().error]).toEqual([400, 'sms_code_invalid']);
    }
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', { otp: newer })).statusCode).toBe(200);
    expect(await debitsOf(m.user.id)).toHaveLength(1);
  });
});

describe('phone numbers compared as E.164', () => {
  it.each(['+31600000000', '+31 (0)6 00000000', '+310600000000', '0031 6 0000 0000', '06-00000000'])(
    '%s is the blocked +31600000000: refused, no code sent',
    async (phone) => {
      const m = await member(longAgo());
      const res = await call(m.cookie, 'POST', '/api/directdebit.php', form(phone, 'p1'));
      expect([res.statusCode, res.json().error, res.json().message]).toEqual([
        403,
        'direct_debit_blocked',
        'Je account is geblokkeerd voor automatische incasso.',
      ]);
      expect(await app.db.select().from(smsOutbox).where(eq(smsOutbox.userId, m.user.id))).toEqual([]);
    },
  );

  it('a number that does not exist is a translated 400; a well-written one gets its code as E.164', async () => {
    const m = await member(longAgo());
    const bad = await call(m.cookie, 'POST', '/api/directdebit.php', form('+31 6 0000 000', 'p1'));
    expect([bad.statusCode, bad.json().error, bad.json().field, bad.json().message]).toEqual([
      400,
      'phone_invalid',
      'phone',
      'Dit telefoonnummer is ongeldig.',
    ]);
    const good = await call(m.cookie, 'POST', '/api/directdebit.php', form('+31 (0)6 1200 0004', 'p1'));
    expect(good.json()).toMatchObject({ step: 'otp', phone: '+31 6******04' });
    expect((await app.db.select().from(smsOutbox).where(eq(smsOutbox.userId, m.user.id))).map((r) => r.to)).toEqual(['+31612000004']);
  });

  it('the back office stores a blocked number as E.164, so any way of writing it is caught', async () => {
    const staff = await member({ user: { isStaff: true, staffRoles: ['payments'] } });
    const added = await call(staff.cookie, 'POST', '/api/backoffice/payments/blocked', {
      kind: 'phone',
      value: '+31 (0)6 1299 9999',
      note: 'test',
    });
    expect([added.statusCode, added.json().value]).toEqual([201, '+31612999999']);
    const m = await member(longAgo());
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', form('06 12999999', 'p1'))).json().error).toBe('direct_debit_blocked');
  });
});

describe('what direct debit charges and keeps', () => {
  it('charges the amount confirmed by SMS, even when the discount ended in between; stores no address', async () => {
    const m = await member({ country: 'NL' });
    const started = await call(m.cookie, 'POST', '/api/directdebit.php', form('+31612000005', 'p1'));
    expect(started.json()).toMatchObject({ step: 'otp', amount: 1496 });
    // the time bonus (and the welcome week) end while the member reads the SMS
    await app.db
      .update(users)
      .set({ signupAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(users.id, m.user.id));
    app.sessionCache.forgetUser(m.user.id);
    const [code] = await codesOf(m.user.id);
    const done = await call(m.cookie, 'POST', '/api/directdebit.php', { otp: code });
    expect(done.statusCode).toBe(200);
    expect(done.json().payment).toMatchObject({ amount: 1496, discount: { code: 'TIMEBONUS25', percentage: 25 }, kind: 'directdebit' });
    const [request] = await app.db.select().from(directDebitRequests).where(eq(directDebitRequests.userId, m.user.id));
    for (const key of ['street', 'houseNumber', 'zip', 'city']) expect(request).not.toHaveProperty(key);
    const withAddress = await call(m.cookie, 'POST', '/api/directdebit.php', { ...form('+31612000005', 'p0'), street: 'Damrak' });
    expect(withAddress.statusCode).toBe(400);
  });
});
