import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ZSettings } from '@dating/shared-kit/contracts';
import type { SendInput } from '../modules/chat/send';
import { sendMessage, storeMessage } from '../modules/chat/send';
import { creditLedger, messages, sites, users } from '../db/schema';
import { AppError, isAppError } from '../errors';
import { purgeDeletedAccounts } from '../modules/identity/purge';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
import type { UserRow } from '../test/helpers';
import { changeCredits, ledgerOf } from './credits';
import { CREDIT_CASES } from './credits.cases';
import type { CreditCase, CreditOutcome } from './credits.cases';

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
      payload: {
        email: uniqueEmail('bonus'),
        name: 'Bonus',
        password: 'geheim-wachtwoord-1',
        date_of_birth: '1990-01-02',
        gender: 'female',
        country: 'NL',
      },
    });
    expect(res.statusCode).toBe(201);
    const user = (res.json() as { user: { id: number; credits: number } }).user;
    expect(user.credits).toBe(expected);
    expect(await ledger(user.id)).toEqual([
      expect.objectContaining({ delta: expected, balanceAfter: expected, reason: 'signup_bonus', ref: null }),
    ]);
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

    const del = await app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { reason: 'price', remarks: '' },
    });
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

/* ---------------- one rule, three implementations (credits.cases.ts) ---------------- */

type Charge = (c: Pick<CreditCase, 'cost' | 'reason'>, sender: UserRow, recipient: UserRow) => Promise<unknown>;

let picture: Buffer;
const chatSettings = async () => {
  const [site] = await app.db.select().from(sites).where(eq(sites.domain, 'localhost'));
  return ZSettings.parse(site?.settings);
};

/** Each implementation of the rule, charging `cost` for `reason` (a message of the matching type for the chat's). */
const IMPLEMENTATIONS: Record<'changeCredits' | 'chat_store' | 'chat_send', Charge> = {
  changeCredits: (c, sender) => app.withTx((tx) => changeCredits(tx, sender.id, -c.cost, c.reason, 'case')),
  chat_store: (c, sender, recipient) =>
    app.withTx((tx) =>
      storeMessage(
        tx,
        {
          conversationId: 0,
          senderId: sender.id,
          recipientId: recipient.id,
          type: 'text',
          body: 'hallo',
          clientId: crypto.randomUUID(),
          credits: c.cost,
        },
        true,
        {
          charge: c.reason,
          start: true,
        },
      ),
    ),
  chat_send: async (c, sender, recipient) => {
    const settings = { ...(await chatSettings()), message_credits: c.cost, gift_credits: c.cost, photo_credits: c.cost };
    const base = { profile: recipient.id, client_id: crypto.randomUUID() };
    const input: SendInput =
      c.reason === 'gift'
        ? { ...base, type: 'gift', gift: 'rose' }
        : c.reason === 'photo'
          ? { ...base, type: 'image', image: picture }
          : { ...base, type: 'text', body: 'hallo' };
    return sendMessage(app.db, app.storage, sender, input, settings);
  },
};

/** A refusal as the table names it; anything else is a failure of the test. */
function refusalOf(error: unknown): 'insufficient_credits' | 'invalid_amount' {
  if (isAppError(error) && error.code === 'insufficient_credits' && error.status === 402) return 'insufficient_credits';
  if (isAppError(error) && error.code === 'internal') return 'invalid_amount';
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    // invalid_text_representation (2.5 as int), numeric_value_out_of_range (beyond int4)
    if (e.code === '22P02' || e.code === '22003') return 'invalid_amount';
  }
  throw error;
}

/** Charge through one implementation and observe what a member (balance, ledger) and the chat (messages) would see. */
async function observe(charge: Charge, c: Pick<CreditCase, 'balance' | 'cost' | 'reason'>, recipient: UserRow) {
  const { user: sender } = await createMember(app, { user: { credits: c.balance, paidUser: true } });
  let refused: 'insufficient_credits' | 'invalid_amount' | null = null;
  await charge(c, sender, recipient).catch((error: unknown) => (refused = refusalOf(error)));
  const balanceNow = await balance(sender.id);
  const rows = await ledger(sender.id);
  const sent = await app.db.select({ id: messages.id, credits: messages.credits }).from(messages).where(eq(messages.senderId, sender.id));
  const outcome: CreditOutcome = refused
    ? { refused, balance: balanceNow }
    : {
        balance: balanceNow,
        ledger: rows[0] ? { delta: rows[0].delta, balanceAfter: rows[0].balanceAfter, reason: rows[0].reason as 'message' } : null,
      };
  return { outcome, rows, sent };
}

describe('the credits rule: every row of credits.cases.ts, through each implementation', () => {
  let recipient: UserRow;
  beforeAll(async () => {
    recipient = (await createMember(app)).user;
    picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c06' } })
      .jpeg()
      .toBuffer();
  });

  for (const c of CREDIT_CASES) {
    for (const [name, charge] of Object.entries(IMPLEMENTATIONS)) {
      it(`${c.name} (balance ${c.balance}, cost ${c.cost}, ${c.reason}): ${name}`, async () => {
        const { outcome, rows, sent } = await observe(charge, c, recipient);
        expect(outcome).toEqual(c.expected);
        expect(rows.length).toBeLessThanOrEqual(1);
        if (name === 'changeCredits') {
          expect(sent).toEqual([]);
          if (rows[0]) expect(rows[0].ref).toBe('case');
        } else if ('refused' in c.expected) {
          // a refused chat charge stores no message either
          expect(sent).toEqual([]);
        } else {
          expect(sent).toEqual([{ id: expect.any(Number), credits: c.cost }]);
          if (rows[0]) expect(rows[0].ref).toBe(`message:${sent[0]?.id}`);
        }
      });
    }
  }

  it('twelve charges at once, spread over the three implementations, never go below 0: 50 credits pay 5 of 10', async () => {
    const { user: sender } = await createMember(app, { user: { credits: 50, paidUser: true } });
    // a recipient of its own per charge: the test's chat_store starts a conversation without the pair
    // lock chat_send takes (as no caller of it does), so two starts of one pair collided on its key
    const implementations = Object.values(IMPLEMENTATIONS);
    const others = await Promise.all(Array.from({ length: 4 * implementations.length }, () => createMember(app).then((m) => m.user)));
    const charges = implementations.flatMap((charge, i) =>
      others.slice(4 * i, 4 * i + 4).map((other) => () => charge({ cost: 10, reason: 'message' }, sender, other)),
    );
    const results = await Promise.allSettled(charges.map((charge) => charge()));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const f of failed) expect(refusalOf(f.reason)).toBe('insufficient_credits');
    expect(await balance(sender.id)).toBe(0);
    const rows = await ledger(sender.id);
    expect(rows.map((r) => r.delta)).toEqual([-10, -10, -10, -10, -10]);
    expect(rows.map((r) => r.balanceAfter).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40]);
    const sent = await app.db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, sender.id));
    expect(sent.length).toBe(rows.filter((r) => r.ref !== 'case').length);
  });
});
