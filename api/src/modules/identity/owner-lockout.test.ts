/**
 * Owner lock-out (issue 13 item 3): while a guess from many addresses goes on, the owner on a new
 * device gets in (also after a typo, within a minute); a stranger's reset requests do not use up
 * the owner's quota, the link the owner was mailed stays valid, and a reset clears every lock.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema';
import { buildTestApp, createMember } from '../../test/helpers';
import { FAILS_PER_ACCOUNT, FAILS_PER_SOURCE, lockRemainingMs, recordAttempt, SLOW_SECONDS } from './login-guard';
import { RESET_MAILS_PER_ACCOUNT, RESET_MAILS_PER_ADDRESS } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { SMTP_URL: undefined } });
});
afterAll(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json' };
const login = (email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/user.php', headers: json, payload: { email, password }, remoteAddress });
const requestReset = (email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/reset-password.php', headers: json, payload: { email }, remoteAddress });

async function resetTokens(email: string): Promise<string[]> {
  const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
  return rows.filter((r) => r.kind === 'reset').map((r) => /token=([A-Za-z0-9_-]+)/.exec(r.text)?.[1] ?? '');
}

it('the owner on a new device gets in while failures from many addresses go on, and after a typo within a minute', async () => {
  const { user, password } = await createMember(app);
  const key = (ip: string) => ({ siteId: user.siteId, email: user.email, ip });
  // the attack: failures from many addresses, and it keeps going (a few real requests too)
  for (let i = 0; i < FAILS_PER_ACCOUNT + 10; i++) await recordAttempt(app.db, key(`203.0.${Math.floor(i / 200)}.${(i % 200) + 1}`), false);
  for (let i = 0; i < 3; i++) expect((await login(user.email, `guess-${i}-xyz`, `192.0.2.${i + 1}`)).statusCode).toBe(401);

  // a new device, never seen: straight in
  expect((await login(user.email, password, '198.51.100.77')).statusCode).toBe(200);

  // another new device with a typo first: the plain failure, then SLOW_SECONDS later it may try again
  const typo = await login(user.email, 'tpyo-tpyo-123', '198.51.100.78');
  expect(typo.statusCode).toBe(401);
  const wait = await lockRemainingMs(app.db, key('198.51.100.78'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60_000);
  expect(await lockRemainingMs(app.db, key('198.51.100.78'), new Date(Date.now() + SLOW_SECONDS * 1000 + 1000))).toBe(0);
  // the attack going on during that wait does not extend it
  for (let i = 0; i < 20; i++) await recordAttempt(app.db, key(`203.0.113.${i + 1}`), false);
  expect(await lockRemainingMs(app.db, key('198.51.100.78'), new Date(Date.now() + SLOW_SECONDS * 1000 + 1000))).toBe(0);
});

it("a stranger's reset requests do not use up the owner's: counted per address, the mailed link stays valid and clears every lock", async () => {
  const { user, password } = await createMember(app);
  const owner = '198.51.100.30';
  const stranger = '203.0.113.200';
  // the owner asks for a link
  expect((await requestReset(user.email, owner)).statusCode).toBe(200);
  const [ownerToken] = await resetTokens(user.email);
  // a stranger asks for resets of the same account until refused
  for (let i = 0; i < RESET_MAILS_PER_ADDRESS; i++) expect((await requestReset(user.email, stranger)).statusCode).toBe(200);
  const refused = await requestReset(user.email, stranger);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({
    error: 'reset_too_many',
    message: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // the owner can still ask (their own count), from their address
  expect((await requestReset(user.email, owner)).statusCode).toBe(200);

  // meanwhile the owner's own address got locked by failures (someone behind the same address)
  for (let i = 0; i < FAILS_PER_SOURCE; i++) await recordAttempt(app.db, { siteId: user.siteId, email: user.email, ip: owner }, false);
  expect((await login(user.email, password, owner)).statusCode).toBe(429);

  // the first mailed link still works, and the reset clears the lock
  const reset = await app.inject({
    method: 'PUT',
    url: '/api/reset-password.php',
    headers: json,
    payload: { token: ownerToken, password: 'nieuw-wachtwoord-9', password_repeat: 'nieuw-wachtwoord-9' },
    remoteAddress: owner,
  });
  expect(reset.statusCode).toBe(200);
  expect((await login(user.email, 'nieuw-wachtwoord-9', owner)).statusCode).toBe(200);
});

it('the account ceiling holds strangers from many addresses, not an address the owner logged in from', async () => {
  const { user, password } = await createMember(app);
  const home = '198.51.100.40';
  expect((await login(user.email, password, home)).statusCode).toBe(200);
  for (let i = 0; i < RESET_MAILS_PER_ACCOUNT; i++) expect((await requestReset(user.email, `203.0.113.${i + 1}`)).statusCode).toBe(200);
  expect((await requestReset(user.email, '203.0.113.99')).statusCode).toBe(429);
  expect((await requestReset(user.email, home)).statusCode).toBe(200);
});
