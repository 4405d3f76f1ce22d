/**
 * Payments' inputs are checked by the route schemas like every other call: a failed rule of a
 * payments contract answers its own code with `field` and the text in the page's language, an
 * unknown key is named, and the refusals that come before the input (visitor, staff without the
 * role) still come first. PGlite (or PostgreSQL with DATABASE_URL); no PSP call is made.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { staffAudit } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: object | '', cookie = '') =>
  app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' }, payload });

async function memberCookie(): Promise<string> {
  const { user } = await createMember(app);
  return loginCookie(app, user.id);
}

const form = { account_holder: 'Anna de Vries', iban: 'NL00 1234', phone: '+31612345678', package: 'p3', consent: true };

describe('a payments call with a bad field', () => {
  it('answers the contract code, the field and the text in the page language (nl, en)', async () => {
    const cookie = await memberCookie();
    const nl = await post('/api/directdebit.php?lang=nl', form, cookie);
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toEqual({ error: 'iban_invalid', field: 'iban', message: 'Dit IBAN is ongeldig. Controleer het rekeningnummer.' });
    const en = await post('/api/directdebit.php?lang=en', form, cookie);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ error: 'iban_invalid', field: 'iban', message: 'This IBAN is invalid. Please check the account number.' });

    const pkg = await post('/api/payment.php?lang=de', { package: 'p99', method: 'ideal' }, cookie);
    expect(pkg.statusCode).toBe(400);
    expect(pkg.json()).toEqual({ error: 'package_unknown', field: 'package', message: 'Dieses Paket gibt es nicht.' });
  });

  it('step 2 of direct debit is checked as {otp}: a wrong code names otp', async () => {
    const res = await post('/api/directdebit.php?lang=en', { otp: '12ab' }, await memberCookie());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'sms_code_invalid', field: 'otp' });
  });

  it('names an unknown key as the field, and the first missing field of an empty body', async () => {
    const cookie = await memberCookie();
    const extra = await post('/api/payment.php?lang=en', { package: 'p1', method: 'ideal', coupon: 'X' }, cookie);
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ error: 'validation', field: 'coupon' });
    expect(extra.json().message).toContain('coupon');

    // a JSON call without a body
    const empty = await post('/api/payment.php?lang=en', '', cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'package' });
  });

  it('a visitor is told to log in whatever he sends', async () => {
    const res = await post('/api/payment.php', { package: 'p99' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  it("staff without the payments role get the 403 before the input; with it, a bad input is audited under the action's name", async () => {
    const body = { code: 'x', percentage: 150 };
    const { user: moderator } = await createStaff(app, ['moderator']);
    const refused = await post('/api/backoffice/payments/codes', body, await loginCookie(app, moderator.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('staff_role_required');

    const { user: cashier } = await createStaff(app, ['payments']);
    const bad = await post('/api/backoffice/payments/codes?lang=nl', body, await loginCookie(app, cashier.id));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', field: 'code' });
    const audit = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, cashier.id), eq(staffAudit.outcome, 'refused')));
    expect(audit.map((r) => [r.action, r.error])).toEqual([['codes.create', 'validation']]);
  });
});
