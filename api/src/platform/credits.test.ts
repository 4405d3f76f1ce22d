import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creditLedger, sites, users } from '../db/schema';
import { AppError } from '../errors';
import { purgeDeletedAccounts } from '../modules/identity/purge';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
import { changeCredits, ledgerOf } from './credits';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

let seq = 0;
const uniqueEmail = (p: string) => `${p}${++seq}-${Date.now().toString(36)}@example.com`;

async function balance(userId: number): Promise<number> {
  const [row] = await app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? -1;
}
const ledger = (userId: number) => app.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));

describe('changeCredits', () => {
  it('adds and debits with one ledger row per change, balance_after as the new balance', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('ledger') });
    expect(await app.withTx((tx) => changeCredits(tx, user.id, 50, 'purchase', 'payment:1'))).toBe(50);
    expect(await app.withTx((tx) => changeCredits(tx, user.id, -10, 'message', 'message:7'))).toBe(40);
    expect(await balance(user.id)).toBe(40);
    expect(await ledger(user.id)).toEqual([
      expect.objectContaining({ delta: 50, balanceAfter: 50, reason: 'purchase', ref: 'payment:1', createdAt: expect.any(Date) }),
      expect.objectContaining({ delta: -10, balanceAfter: 40, reason: 'message', ref: 'message:7' }),
    ]);
    expect((await ledgerOf(app.db, user.id)).map((r) => r.delta)).toEqual([-10, 50]);
  });

  it('refuses a debit below 0 with a translated 402 and changes nothing', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('poor'), user: { credits: 5 } });
    const err = await app.withTx((tx) => changeCredits(tx, user.id, -6, 'gift')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'insufficient_credits', status: 402 });
    expect(await balance(user.id)).toBe(5);
    expect(await ledger(user.id)).toHaveLength(0);
    // the whole transaction rolls back: an earlier change in it is undone with its ledger row
    await expect(
      app.withTx(async (tx) => {
        await changeCredits(tx, user.id, 10, 'refund');
        await changeCredits(tx, user.id, -100, 'photo');
      }),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect(await balance(user.id)).toBe(5);
    expect(await ledger(user.id)).toHaveLength(0);
    // spending exactly everything is allowed
    expect(await app.withTx((tx) => changeCredits(tx, user.id, -5, 'message'))).toBe(0);
  });

  it('never goes negative under concurrent debits: 5 x 30 on 100 -> 3 succeed, balance 10', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('race') });
    await app.withTx((tx) => changeCredits(tx, user.id, 100, 'purchase', 'payment:race'));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => app.withTx((tx) => changeCredits(tx, user.id, -30, 'message', `message:${i}`))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(failed).toHaveLength(2);
    for (const f of failed) expect(f.reason).toMatchObject({ code: 'insufficient_credits', status: 402 });
    expect(await balance(user.id)).toBe(10);
    const rows = await ledger(user.id);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.delta === -30)).toHaveLength(3);
    expect(rows.map((r) => r.balanceAfter).sort((a, b) => a - b)).toEqual([10, 40, 70, 100]);
  });

  it('answers not_found for an unknown member', async () => {
    await expect(app.withTx((tx) => changeCredits(tx, 987_654, 5, 'admin'))).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('credits of an account', () => {
  it("sign-up grants the site's signup_credits with one ledger row", async () => {
    const [site] = await app.db.select().from(sites).where(eq(sites.domain, 'localhost'));
    const expected = (site?.settings as { signup_credits: number }).signup_credits;
    expect(expected).toBeGreaterThan(0);
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { 'content-type': 'application/json' },
      payload: { email: uniqueEmail('bonus'), name: 'Bonus', password: 'geheim-wachtwoord-1', date_of_birth: '1990-01-02', gender: 'female', country: 'NL' },
    });
    expect(res.statusCode).toBe(201);
    const user = (res.json() as { user: { id: number; credits: number } }).user;
    expect(user.credits).toBe(expected);
    expect(await ledger(user.id)).toEqual([expect.objectContaining({ delta: expected, balanceAfter: expected, reason: 'signup_bonus', ref: null })]);
  });

  it('the data export contains the ledger, and the purge of a deleted account keeps it', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('keep') });
    await app.withTx((tx) => changeCredits(tx, user.id, 25, 'purchase', 'payment:42'));
    await app.withTx((tx) => changeCredits(tx, user.id, -10, 'message', 'message:1'));
    const cookie = await loginCookie(app, user.id);
    const exp = await app.inject({ method: 'GET', url: '/api/account-export.php', headers: { cookie } });
    expect(exp.statusCode).toBe(200);
    const data = exp.json() as { credit_ledger?: { delta: number; balance_after: number; reason: string; ref: string | null }[] };
    expect(data.credit_ledger).toHaveLength(2);
    expect(data.credit_ledger).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ delta: 25, balance_after: 25, reason: 'purchase', ref: 'payment:42' }),
        expect.objectContaining({ delta: -10, balance_after: 15, reason: 'message', ref: 'message:1' }),
      ]),
    );

    const del = await app.inject({ method: 'DELETE', url: '/api/account.php', headers: { cookie, 'content-type': 'application/json' }, payload: { reason: 'price', remarks: '' } });
    expect(del.statusCode).toBe(200);
    expect(await purgeDeletedAccounts(app, new Date(Date.now() + 15 * 86_400_000))).toContain(user.id);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).not.toBe(user.email);
    expect((await ledger(user.id)).map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [25, 25, 'purchase'],
      [-10, 15, 'message'],
    ]);
  });
});
