/**
 * Credits and payments through the real @mollie/api-client against the built-in simulator (the app
 * listens on 127.0.0.1, so the client, the hosted checkout and the webhook all go over HTTP).
 * Runs on in-memory PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, smsCodes, users } from '../../db/schema';
import { buildTestApp, createMember } from '../../test/helpers';
import { mollieSimOf } from '../mollie-sim';
import { paymentsKit, startPaymentsApp, stopPaymentsApp } from './test-helpers';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ({ app, base } = await startPaymentsApp());
  expect(mollieSimOf(app)).not.toBeNull();
}, 60_000);
afterAll(() => stopPaymentsApp(app));

const json = { 'content-type': 'application/json' };
const { call, member, checkout, ledgerSum, userRow, webhook } = paymentsKit(() => ({ app, base }));

describe('credits.php', () => {
  it('prices the packages in the member country’s currency, with the methods the PSP offers there', async () => {
    const nl = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    const res = await call(nl.cookie, 'GET', '/api/credits.php');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('EUR');
    expect(body.packages.map((p: { id: string }) => p.id)).toEqual(['tryout', 'p0', 'p1', 'p2', 'p3']);
    expect(body.packages.every((p: { amount: number }) => Number.isInteger(p.amount) && p.amount > 0)).toBe(true);
    expect(body.packages.find((p: { id: string }) => p.id === 'p1').popular).toBe(true);
    const ids = body.methods.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['ideal', 'visa', 'mastercard', 'paypal', 'sdd']));
    expect(ids).not.toContain('giropay'); // retired by Mollie: not offered by the PSP
    expect(body.methods.find((m: { id: string }) => m.id === 'ideal').issuers.length).toBeGreaterThan(3);
    expect(body.discount).toBeNull();

    const gb = await member({ country: 'GB' });
    const gbBody = (await call(gb.cookie, 'GET', '/api/credits.php')).json();
    expect(gbBody.currency).toBe('GBP');
    expect(gbBody.methods.map((m: { id: string }) => m.id)).not.toContain('ideal');
    expect(gbBody.direct_debit).toBe(false);
  });

  it('shows the time bonus on new members: 25 % off, old and new price', async () => {
    const fresh = await member({ country: 'NL' });
    const body = (await call(fresh.cookie, 'GET', '/api/credits.php')).json();
    expect(body.discount).toMatchObject({ code: 'TIMEBONUS25', percentage: 25, kind: 'time_bonus' });
    const p1 = body.packages.find((p: { id: string }) => p.id === 'p1');
    expect(p1.original_amount).toBe(1995);
    expect(p1.amount).toBe(1496);
    const user = (await call(fresh.cookie, 'GET', '/api/user.php')).json().user;
    expect(user.time_bonus).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, visible: true, expired: false });
    expect(user.time_bonus.seconds_left).toBeGreaterThan(14_000);
  });

  it('answers logged-out visitors (/pricing) for a country they pick', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/credits.php?country=PL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'PLN', methods: [] });
  });
});

describe('a purchase through the hosted checkout', () => {
  it('credits a paid iDEAL payment once, makes the member premium, whatever the webhook calls (races: proven on PostgreSQL)', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    const created = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(created.statusCode).toBe(200);
    const { payment_id: id, checkout_url: checkoutUrl, amount } = created.json();
    expect(amount).toBe(1995);
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${id}`)).json().status).toBe('open');

    const location = await checkout(checkoutUrl, 'paid');
    expect(location).toContain(`/credits/p1/ideal?payment_id=${id}`);
    const paid = (await call(m.cookie, 'GET', `/api/payment.php?id=${id}`)).json();
    expect(paid).toMatchObject({ status: 'paid', credits: 60, amount: 1995, currency: 'EUR' });
    const after = await userRow(m.user.id);
    expect(after?.credits).toBe(60);
    expect(after?.paidUser).toBe(true);

    // replayed and racing webhook calls: still 60
    const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
    const calls = await Promise.all(Array.from({ length: 10 }, () => webhook(row?.pspId ?? '')));
    expect(calls.every((r) => r.status === 200)).toBe(true);
    expect((await userRow(m.user.id))?.credits).toBe(60);
    expect(await ledgerSum(m.user.id)).toBe(60);

    const tx = (await call(m.cookie, 'GET', '/api/transactions.php')).json();
    expect(tx.payments[0]).toMatchObject({ id, status: 'paid', method: 'ideal' });
    expect(tx.usage[0]).toMatchObject({ delta: 60, reason: 'purchase', payment_id: id });
  });

  it('a failed card payment credits nothing; the member stays free', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'visa' })).json();
    await checkout(created.checkout_url, 'failed');
    const res = (await call(m.cookie, 'GET', `/api/payment.php?id=${created.payment_id}`)).json();
    expect(res.status).toBe('failed');
    expect(res.credits).toBeUndefined();
    expect((await userRow(m.user.id))?.credits).toBe(0);
    expect((await userRow(m.user.id))?.paidUser).toBe(false);
  });

  it('repeat order: a recurring payment on the mandate of the first card payment', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    expect((await call(m.cookie, 'POST', '/api/repeat-order.php', { package: 'p0' })).json().error).toBe('no_saved_card');
    const first = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'mastercard' })).json();
    await checkout(first.checkout_url, 'paid');
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${first.payment_id}`)).json().status).toBe('paid');
    const overview = (await call(m.cookie, 'GET', '/api/credits.php')).json();
    expect(overview.saved_card).toMatchObject({ label: 'Mastercard', last4: '4444' });
    expect(overview.packages.map((p: { id: string }) => p.id)).not.toContain('tryout');

    const repeat = await call(m.cookie, 'POST', '/api/repeat-order.php', { package: 'p2' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().payment).toMatchObject({ status: 'pending', kind: 'repeat', amount: 4495 });
    await app.jobs.drain();
    await mollieSimOf(app)?.settled();
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${repeat.json().payment.id}`)).json()).toMatchObject({
      status: 'paid',
      credits: 150,
    });
    expect((await userRow(m.user.id))?.credits).toBe(25 + 150);
    expect(await ledgerSum(m.user.id)).toBe(175);
  });

  it('a failing recurring payment is reported failed and credits nothing', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    const first = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'visa' })).json();
    await checkout(first.checkout_url, 'paid', 'failed');
    await call(m.cookie, 'GET', `/api/payment.php?id=${first.payment_id}`);
    const repeat = (await call(m.cookie, 'POST', '/api/repeat-order.php', { package: 'p1' })).json();
    await app.jobs.drain();
    await mollieSimOf(app)?.settled();
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${repeat.payment.id}`)).json().status).toBe('failed');
    expect((await userRow(m.user.id))?.credits).toBe(25);
  });
});

describe('discounts', () => {
  it('a code lowers the price; once per member; country and minimum rules', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    expect((await call(m.cookie, 'GET', '/api/discountcode.php?code=flirt10')).json()).toMatchObject({ code: 'FLIRT10', percentage: 10 });
    const nf = await call(m.cookie, 'GET', '/api/discountcode.php?code=NOPE');
    expect(nf.statusCode).toBe(404);
    expect(nf.json().message).toBe('Code niet gevonden');
    const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', discount_code: 'FLIRT10' })).json();
    expect(created.amount).toBe(1796);
    await checkout(created.checkout_url, 'paid');
    const used = await call(m.cookie, 'GET', '/api/discountcode.php?code=FLIRT10');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Code reeds gebruikt');
    expect(
      (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', discount_code: 'FLIRT10' })).statusCode,
    ).toBe(409);

    const be = await member({ country: 'BE' });
    const wrong = await call(be.cookie, 'GET', '/api/discountcode.php?code=NL20');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('discount_code_wrong_country');
    const min = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'ideal', discount_code: 'NL20' });
    expect(min.json().error).toBe('discount_code_minimum');
  });

  it('refuses an expired time bonus whatever the browser shows', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 5 * 3600_000) } });
    const res = await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', discount_code: 'TIMEBONUS25' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('time_bonus_expired');
    // the welcome discount is the active one then
    const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal' })).json();
    expect(created.discount).toMatchObject({ code: 'WELCOME25', kind: 'welcome' });
    expect((await call(m.cookie, 'GET', '/api/discountcode.php?welcome=true')).json()).toMatchObject({ code: 'WELCOME25', percentage: 25 });
  });
});

describe('bad input', () => {
  it('answers a translated 4xx and moves no credits', async () => {
    const m = await member({ country: 'GB' });
    const cases: [unknown, number, string][] = [
      [{ package: 'p9', method: 'visa' }, 400, 'package_unknown'],
      [{ package: 'p1', method: 'bitcoin' }, 400, 'method_unknown'],
      [{ package: 'p1', method: 'ideal' }, 400, 'method_not_offered'],
      [{ package: 'p1', method: 'visa', amount: -5 }, 400, 'validation'],
      [{ package: 'p1', method: 'visa', amount: 0.5 }, 400, 'validation'],
      [{ package: 'p1', method: 'sdd' }, 400, 'method_not_offered'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(m.cookie, 'POST', '/api/payment.php', body);
      expect([res.statusCode, res.json().error]).toEqual([status, code]);
      expect(res.json().message).toBeTruthy();
    }
    const nl = await member({ country: 'NL' });
    expect((await call(nl.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal', issuer: 'ideal_EVIL' })).json().error).toBe(
      'issuer_unknown',
    );
    const other = (await call(nl.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal' })).json();
    const foreign = await call(m.cookie, 'GET', `/api/payment.php?id=${other.payment_id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(m.cookie, 'GET', '/api/payment.php?id=-1')).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/payment.php', headers: json, payload: { package: 'p1', method: 'visa' } })).statusCode,
    ).toBe(403);
    expect((await userRow(m.user.id))?.credits).toBe(0);
  });

  it('the webhook: forged bodies and unknown ids get 200 and change nothing', async () => {
    const m = await member({ country: 'NL' });
    const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p1', method: 'ideal' })).json();
    const [row] = await app.db.select().from(payments).where(eq(payments.id, created.payment_id));
    // the body claims paid: never trusted, the PSP says open
    const forged = await fetch(`${base}/api/payment-webhook.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${row?.pspId}&status=paid&amount=1995`,
    });
    expect(forged.status).toBe(200);
    for (const id of ['tr_unknown12', '../../etc', '', 'tr_' + 'x'.repeat(100)]) expect((await webhook(id)).status).toBe(200);
    const json200 = await fetch(`${base}/api/payment-webhook.php`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ id: row?.pspId, status: 'paid' }),
    });
    expect(json200.status).toBe(200);
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${created.payment_id}`)).json().status).toBe('open');
    expect((await userRow(m.user.id))?.credits).toBe(0);
  });
});

describe('SEPA direct debit', () => {
  const form = { account_holder: 'Anna de Vries', iban: 'NL91 ABNA 0417 1643 00', phone: '06 12345678', package: 'p1', consent: true };

  async function smsCode(phone: string) {
    const box = (await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(phone)}` })).json();
    return /(\d{6})/.exec(box.sms[0].text)?.[1] ?? '';
  }

  it('IBAN checksum, consent, blocked IBAN/phone, then the SMS code, then a paid payment', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    const bad = await call(m.cookie, 'POST', '/api/directdebit.php', { ...form, iban: 'NL91ABNA0417164301' });
    expect([bad.statusCode, bad.json().error, bad.json().field]).toEqual([400, 'iban_invalid', 'iban']);
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', { ...form, consent: false })).json().error).toBe('consent_required');
    const blocked = await call(m.cookie, 'POST', '/api/directdebit.php', { ...form, iban: 'NL02ABNA0123456789' });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, 'Je account is geblokkeerd voor automatische incasso.']);
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', { ...form, phone: '+31600000000' })).statusCode).toBe(403);

    const started = await call(m.cookie, 'POST', '/api/directdebit.php', form);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ step: 'otp', amount: 1995, currency: 'EUR' });
    const code = await smsCode('+31612345678');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await call(m.cookie, 'POST', '/api/directdebit.php', { otp: code === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Code ongeldig']);
    const done = await call(m.cookie, 'POST', '/api/directdebit.php', { otp: code });
    expect(done.statusCode).toBe(200);
    expect(done.json().payment).toMatchObject({ status: 'pending', kind: 'directdebit', method: 'sdd' });
    // single use
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', { otp: code })).json().error).toBe('direct_debit_not_pending');
    await app.jobs.drain();
    await mollieSimOf(app)?.settled();
    expect((await call(m.cookie, 'GET', `/api/payment.php?id=${done.json().payment.id}`)).json()).toMatchObject({
      status: 'paid',
      credits: 60,
    });

    // limit: 15000 cents per 30 days; p3 (9995) on top of 1995 + ... is refused
    await call(m.cookie, 'POST', '/api/directdebit.php', { ...form, package: 'p3' });
    const code2 = await smsCode('+31612345678');
    await call(m.cookie, 'POST', '/api/directdebit.php', { otp: code2 });
    const limit = await call(m.cookie, 'POST', '/api/directdebit.php', { ...form, package: 'p2' });
    expect([limit.statusCode, limit.json().error]).toEqual([409, 'direct_debit_limit']);
  });

  it('five wrong codes kill the code', async () => {
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    await call(m.cookie, 'POST', '/api/directdebit.php', { ...form, phone: '+31611111111' });
    const code = await smsCode('+31611111111');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await call(m.cookie, 'POST', '/api/directdebit.php', { otp: wrong })).json().error).toBe('sms_code_invalid');
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', { otp: code })).json().error).toBe('sms_code_invalid');
    expect((await userRow(m.user.id))?.credits).toBe(0);
  });
});

describe('more rules', () => {
  it('the time bonus and the welcome discount are gone after the first purchase; premium stays when credits are spent', async () => {
    const m = await member({ country: 'NL' });
    expect((await call(m.cookie, 'GET', '/api/user.php')).json().user.time_bonus).not.toBeNull();
    const created = (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'ideal' })).json();
    expect(created.discount).toMatchObject({ code: 'TIMEBONUS25' });
    expect(created.amount).toBe(746);
    await checkout(created.checkout_url, 'paid');
    const user = (await call(m.cookie, 'GET', '/api/user.php')).json().user;
    expect(user.time_bonus).toBeNull();
    expect(user.paid_user).toBe(true);
    expect((await call(m.cookie, 'GET', '/api/credits.php')).json().discount).toBeNull();
    expect((await call(m.cookie, 'GET', '/api/discountcode.php?welcome=true')).statusCode).toBe(404);
    expect(
      (await call(m.cookie, 'POST', '/api/payment.php', { package: 'p0', method: 'ideal', discount_code: 'TIMEBONUS25' })).json().error,
    ).toBe('time_bonus_expired');
    expect((await call(m.cookie, 'POST', '/api/payment.php', { package: 'tryout', method: 'ideal' })).json().error).toBe(
      'tryout_not_available',
    );
    await app.db.update(users).set({ credits: 0 }).where(eq(users.id, m.user.id));
    expect((await call(m.cookie, 'GET', '/api/user.php')).json().user.paid_user).toBe(true);
  });

  it('direct debit: only in EUR countries; an expired code; at most 5 codes an hour', async () => {
    const gb = await member({ country: 'GB' });
    const form = { account_holder: 'Ann', iban: 'GB29NWBK60161331926819', phone: '07700900123', package: 'p1', consent: true };
    expect((await call(gb.cookie, 'POST', '/api/directdebit.php', form)).json().error).toBe('method_not_offered');

    const nl = await member({ country: 'NL' });
    const nlForm = { ...form, iban: 'NL20INGB0001234567', phone: '+31687654321' };
    expect((await call(nl.cookie, 'POST', '/api/directdebit.php', nlForm)).statusCode).toBe(200);
    await app.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.userId, nl.user.id));
    const expired = await call(nl.cookie, 'POST', '/api/directdebit.php', { otp: '123456' });
    expect([expired.statusCode, expired.json().error, expired.json().field]).toEqual([400, 'sms_code_expired', 'otp']);
    for (let i = 0; i < 4; i += 1) expect((await call(nl.cookie, 'POST', '/api/directdebit.php', nlForm)).statusCode).toBe(200);
    const tooMany = await call(nl.cookie, 'POST', '/api/directdebit.php', nlForm);
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([429, 'sms_too_many']);
    expect((await call(nl.cookie, 'POST', '/api/directdebit.php', { otp: '12345' })).json().error).toBe('sms_code_invalid');
  });

  it('the SMS outbox is readable at /dev/mailbox also when mails go out by SMTP', async () => {
    const smtpApp = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const { user } = await createMember(smtpApp, { country: 'NL' });
      const { queueSms } = await import('../../platform/sms');
      await queueSms(smtpApp.db, { to: '+31612340000', text: 'code 424242', kind: 'test', userId: user.id });
      const box = await smtpApp.inject({ method: 'GET', url: '/dev/mailbox?to=%2B31612340000' });
      expect(box.statusCode).toBe(200);
      expect(box.json()).toMatchObject({ mails: [], sms: [{ to: '+31612340000', text: 'code 424242' }] });
    } finally {
      await smtpApp.close();
    }
  });
});

describe('back office', () => {
  it('staff manage blocked IBANs/phones and discount codes; members cannot', async () => {
    const staff = await member({ user: { isStaff: true, staffRoles: ['payments'] } });
    const m = await member({ country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    expect((await call(m.cookie, 'GET', '/api/backoffice/payments/blocked')).statusCode).toBe(403);
    expect((await call(m.cookie, 'POST', '/api/backoffice/payments/codes', { code: 'MINE99', percentage: 99 })).statusCode).toBe(403);
    const list = (await call(staff.cookie, 'GET', '/api/backoffice/payments/blocked')).json();
    expect(list.blocked.map((b: { value: string }) => b.value)).toContain('NL02ABNA0123456789');
    expect(
      (await call(staff.cookie, 'POST', '/api/backoffice/payments/blocked', { kind: 'iban', value: 'NL91ABNA0417164301' })).json().error,
    ).toBe('iban_invalid');
    const added = await call(staff.cookie, 'POST', '/api/backoffice/payments/blocked', {
      kind: 'iban',
      value: 'nl44 rabo 0123 4567 89',
      note: 'test',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().value).toBe('NL44RABO0123456789');
    const form = { account_holder: 'A', iban: 'NL44RABO0123456789', phone: '+31622222222', package: 'p1', consent: true };
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', form)).json().error).toBe('direct_debit_blocked');
    expect((await call(staff.cookie, 'DELETE', '/api/backoffice/payments/blocked', { id: added.json().id })).statusCode).toBe(200);
    expect((await call(m.cookie, 'POST', '/api/directdebit.php', form)).statusCode).toBe(200);

    const code = await call(staff.cookie, 'POST', '/api/backoffice/payments/codes', {
      code: 'summer15',
      percentage: 15,
      minimum_order_value: 0,
      country: 'NL',
    });
    expect([code.statusCode, code.json().code]).toEqual([201, 'SUMMER15']);
    expect((await call(m.cookie, 'GET', '/api/discountcode.php?code=SUMMER15')).json()).toMatchObject({ percentage: 15, country: 'NL' });
    await call(staff.cookie, 'PUT', '/api/backoffice/payments/codes', { id: code.json().id, active: false });
    expect((await call(m.cookie, 'GET', '/api/discountcode.php?code=SUMMER15')).statusCode).toBe(404);
    expect((await call(staff.cookie, 'GET', '/api/backoffice/payments')).json().payments.length).toBeGreaterThan(0);
  });
});

describe('a production server without a Mollie key', () => {
  it('refuses to start unless the simulator is asked for: nobody gets credits by choosing "Paid" by mistake', async () => {
    // an in-memory database: the refused start leaves no PostgreSQL pool open behind it
    await expect(buildTestApp({ env: { NODE_ENV: 'production' }, databaseUrl: 'memory://' })).rejects.toThrow(/MOLLIE_API_KEY is not set/);
    const demo = await buildTestApp({ env: { NODE_ENV: 'production', MOLLIE_SIMULATOR: true } });
    try {
      expect(mollieSimOf(demo)).not.toBeNull();
    } finally {
      await demo.close();
    }
  });
});
