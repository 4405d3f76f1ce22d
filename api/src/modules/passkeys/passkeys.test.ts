/**
 * Passkeys and new-login alerts over the real app (app.inject, PGlite or PostgreSQL), with a
 * software authenticator that makes real P-256 attestations and assertions (soft-authenticator.ts).
 */
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { accountTokens, knownDevices, mailOutbox, passkeys, sessions, users } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { SoftAuthenticator } from './soft-authenticator';

const ORIGIN = 'http://localhost:8080';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_URL: ORIGIN } });
});
afterAll(async () => {
  await app.close();
});

type Headers = Record<string, string>;
let address = 0;
/** each test its own source address (the passkey-login limit counts per address) */
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Headers = {},
  remoteAddress = '10.0.0.1',
) =>
  app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : { 'x-requested-with': 'fetch' }), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  const c = res.cookies.find((x) => x.name === name);
  return c && c.value ? `${name}=${c.value}` : undefined;
}

async function registerPasskey(cookie: string, auth: SoftAuthenticator, name = 'Mijn telefoon') {
  const opts = await send('POST', '/api/passkeys.php?options=1', {}, { cookie });
  expect(opts.statusCode).toBe(200);
  const options = opts.json().options;
  const response = auth.create(options);
  const res = await send('POST', '/api/passkeys.php', { name, response }, { cookie });
  return { res, options, response };
}

async function loginOptions(ip: string) {
  const res = await send('POST', '/api/passkey-login.php?options=1', {}, {}, ip);
  expect(res.statusCode).toBe(200);
  return res.json().options as { challenge: string; rpId: string; allowCredentials?: unknown[]; userVerification?: string };
}

const newLoginMails = async (userId: number) => {
  const [r] = await app.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'new_login')));
  return Number(r?.n ?? 0);
};

describe('passkeys: registration and login', () => {
  it('adds a passkey (RP = the site of the request, discoverable, UV preferred), lists it and logs in with it without an e-mail', async () => {
    const { user } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const auth = new SoftAuthenticator(ORIGIN);
    const { res, options } = await registerPasskey(cookie, auth, '  Laptop  ');
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(res.statusCode).toBe(201);
    expect(res.json().passkey).toMatchObject({ name: 'Laptop', last_used_at: null });

    const list = await send('GET', '/api/passkeys.php', undefined, { cookie });
    expect(list.json().passkeys).toHaveLength(1);

    const ip = nextAddress();
    const lo = await loginOptions(ip);
    expect(lo.rpId).toBe('localhost');
    expect(lo.allowCredentials ?? []).toEqual([]);
    const login = await send('POST', '/api/passkey-login.php', { response: auth.get(lo) }, {}, ip);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(user.id);
    const sid = cookieOf(login, 'sid');
    expect(sid).toBeDefined();
    const me = await send('GET', '/api/user.php', undefined, { cookie: sid as string });
    expect(me.json().user.id).toBe(user.id);

    const after = await send('GET', '/api/passkeys.php', undefined, { cookie });
    expect(after.json().passkeys[0].last_used_at).not.toBeNull();
    const [row] = await app.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row?.counter).toBe(1);
  });

  it('refuses a reused registration challenge and a registration made for another origin', async () => {
    const { user } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const auth = new SoftAuthenticator(ORIGIN);
    const { res, options } = await registerPasskey(cookie, auth);
    expect(res.statusCode).toBe(201);
    // the same challenge again (a second credential of the same ceremony)
    const again = await send('POST', '/api/passkeys.php', { name: 'Twee', response: auth.create(options) }, { cookie });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'passkey_challenge_invalid', field: 'response' });

    const opts = (await send('POST', '/api/passkeys.php?options=1', {}, { cookie })).json().options;
    const evil = await send(
      'POST',
      '/api/passkeys.php',
      { name: 'Phish', response: auth.create(opts, { origin: 'https://evil.example' }) },
      { cookie },
    );
    expect(evil.statusCode).toBe(400);
    expect(evil.json().error).toBe('passkey_verification_failed');
    const [n] = await app.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
    expect(Number(n?.n)).toBe(1);
  });

  it('one login challenge logs in once: a replayed assertion and parallel uses of one challenge get one session', async () => {
    const { user } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const auth = new SoftAuthenticator(ORIGIN);
    expect((await registerPasskey(cookie, auth)).res.statusCode).toBe(201);
    const ip = nextAddress();
    const lo = await loginOptions(ip);
    const response = auth.get(lo);
    const first = await send('POST', '/api/passkey-login.php', { response }, {}, ip);
    expect(first.statusCode).toBe(200);
    const replay = await send('POST', '/api/passkey-login.php', { response }, {}, ip);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('passkey_challenge_invalid');

    const lo2 = await loginOptions(ip);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/api/passkey-login.php', { response: auth.get(lo2) }, {}, ip)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400).every((a) => a.json().error === 'passkey_challenge_invalid')).toBe(true);
  });

  it('answers as the password login for banned and deleted accounts, and refuses an unknown passkey', async () => {
    const auth = new SoftAuthenticator(ORIGIN);
    const { user: banned } = await createMember(app);
    expect((await registerPasskey(await loginCookie(app, banned.id), auth)).res.statusCode).toBe(201);
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, banned.id));
    const ip = nextAddress();
    let res = await send('POST', '/api/passkey-login.php', { response: auth.get(await loginOptions(ip)) }, {}, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_banned');
    expect(cookieOf(res, 'sid')).toBeUndefined();

    const auth2 = new SoftAuthenticator(ORIGIN);
    const { user: gone } = await createMember(app);
    expect((await registerPasskey(await loginCookie(app, gone.id), auth2)).res.statusCode).toBe(201);
    await app.db.update(users).set({ status: 'deleted', deletedAt: new Date() }).where(eq(users.id, gone.id));
    res = await send('POST', '/api/passkey-login.php', { response: auth2.get(await loginOptions(ip)) }, {}, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_deleted');

    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: { id: 'localhost', name: 'x' }, user: { id: 'eA', name: 'x' } });
    res = await send('POST', '/api/passkey-login.php', { response: stranger.get(await loginOptions(ip)) }, {}, ip);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('passkey_unknown');
  });

  it('renames and removes only your own passkeys; another member gets 404 and changes nothing', async () => {
    const { user: owner } = await createMember(app);
    const { user: other } = await createMember(app);
    const ownerCookie = await loginCookie(app, owner.id);
    const otherCookie = await loginCookie(app, other.id);
    const { res } = await registerPasskey(ownerCookie, new SoftAuthenticator(ORIGIN));
    const id = res.json().passkey.id as number;

    const rename = await send('PUT', '/api/passkeys.php', { id, name: 'Gestolen' }, { cookie: otherCookie });
    expect(rename.statusCode).toBe(404);
    const remove = await send('DELETE', `/api/passkeys.php?id=${id}`, undefined, { cookie: otherCookie });
    expect(remove.statusCode).toBe(404);
    expect((await send('GET', '/api/passkeys.php', undefined, { cookie: otherCookie })).json().passkeys).toEqual([]);
    const [still] = await app.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(still?.name).toBe('Mijn telefoon');

    const mine = await send('PUT', '/api/passkeys.php', { id, name: 'Werk-laptop' }, { cookie: ownerCookie });
    expect(mine.json().passkey.name).toBe('Werk-laptop');
    expect((await send('DELETE', `/api/passkeys.php?id=${id}`, undefined, { cookie: ownerCookie })).statusCode).toBe(200);
    expect((await send('GET', '/api/passkeys.php', undefined, { cookie: ownerCookie })).json().passkeys).toEqual([]);
    expect((await send('DELETE', `/api/passkeys.php?id=${id}`, undefined, { cookie: ownerCookie })).statusCode).toBe(404);
  });

  it('bad input is a translated 400 naming the field; logged out is 403', async () => {
    const { user } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const long = await send('PUT', '/api/passkeys.php', { id: 1, name: 'x'.repeat(61) }, { cookie });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'name', code: 'passkey_name_too_long' });
    expect(long.json().message).toMatch(/60/);
    const empty = await send('POST', '/api/passkeys.php', { name: ' ', response: {} }, { cookie });
    expect(empty.json()).toMatchObject({ field: 'name', code: 'passkey_name_required' });
    const junk = await send(
      'POST',
      '/api/passkey-login.php',
      { response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '!!' } } },
      {},
      nextAddress(),
    );
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ field: 'response', code: 'passkey_response_invalid' });
    expect((await send('GET', '/api/passkeys.php')).statusCode).toBe(403);
    expect((await send('POST', '/api/passkeys.php?options=1', {})).statusCode).toBe(403);
  });
});

describe('new-login alerts', () => {
  const login = (email: string, password: string, headers: Headers = {}) =>
    send('POST', '/api/user.php', { email, password }, { 'user-agent': CHROME_MAC, ...headers }, '10.1.2.3');

  it('the first login ever is quiet, a known browser is quiet, a new browser gets one mail in the member’s language', async () => {
    const { user, password } = await createMember(app, { user: { language: 'de' } });
    const first = await login(user.email, password);
    expect(first.statusCode).toBe(200);
    const did = cookieOf(first, 'did') as string;
    expect(did).toBeDefined();
    expect(await newLoginMails(user.id)).toBe(0);

    expect((await login(user.email, password, { cookie: did })).statusCode).toBe(200);
    expect(await newLoginMails(user.id)).toBe(0);

    // another browser: one mail, and none at its next login
    const other = await login(user.email, password, { 'user-agent': FIREFOX_WIN });
    const otherDid = cookieOf(other, 'did') as string;
    expect(await newLoginMails(user.id)).toBe(1);
    expect((await login(user.email, password, { cookie: otherDid, 'user-agent': FIREFOX_WIN })).statusCode).toBe(200);
    expect(await newLoginMails(user.id)).toBe(1);
    // a third browser logging in twice at once: one mail
    const third = `did=${'A'.repeat(40)}xyz`;
    const both = await Promise.all([
      login(user.email, password, { cookie: third, 'user-agent': FIREFOX_WIN }),
      login(user.email, password, { cookie: third, 'user-agent': FIREFOX_WIN }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await newLoginMails(user.id)).toBe(2);
    const [devices] = await app.db.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(Number(devices?.n)).toBe(3);

    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'new_login')))
      .limit(1);
    expect(mail?.subject).toMatch(/Neue Anmeldung/);
    expect(mail?.text).toMatch(/Firefox 133/);
    expect(mail?.text).toMatch(/Windows/);
    expect(mail?.text).toMatch(/Ort \(ungefähr\): unbekannt/);
    expect(mail?.text).toMatch(/Das war ich nicht: http:\/\/localhost:8080\/api\/not-me\.php\?token=/);
  });

  it('a passkey login from a new browser mails too', async () => {
    const { user, password } = await createMember(app);
    await login(user.email, password); // first browser known
    const auth = new SoftAuthenticator(ORIGIN);
    expect((await registerPasskey(await loginCookie(app, user.id), auth)).res.statusCode).toBe(201);
    const ip = nextAddress();
    const res = await send(
      'POST',
      '/api/passkey-login.php',
      { response: auth.get(await loginOptions(ip)) },
      { 'user-agent': FIREFOX_WIN },
      ip,
    );
    expect(res.statusCode).toBe(200);
    expect(await newLoginMails(user.id)).toBe(1);
  });

  it('"Dit was ik niet" ends every session, stops the password, removes what that login added and opens the reset page; once', async () => {
    const { user, password } = await createMember(app);
    const mine = await login(user.email, password);
    const myDid = cookieOf(mine, 'did') as string;
    const mySid = cookieOf(mine, 'sid') as string;
    const thief = await login(user.email, password, { 'user-agent': FIREFOX_WIN });
    const thiefSid = cookieOf(thief, 'sid') as string;
    // the thief adds a passkey
    const { res: added } = await registerPasskey(thiefSid, new SoftAuthenticator(ORIGIN), 'Dief');
    expect(added.statusCode).toBe(201);
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'new_login')));
    const link = /http:\/\/localhost:8080(\/api\/not-me\.php\?token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(link).toBeDefined();

    const click = await send('GET', link, undefined, { cookie: myDid });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toMatch(/^\/reset-password\/do\?token=[A-Za-z0-9_-]+&reason=not_me$/);
    const [n] = await app.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
    expect(Number(n?.n)).toBe(0);
    for (const sid of [mySid, thiefSid]) expect((await send('GET', '/api/user.php', undefined, { cookie: sid })).json().user).toBeNull();
    expect(await app.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect((await login(user.email, password)).statusCode).toBe(401);

    // the reset page's token sets a new password through the existing flow
    const token = new URL(`http://x${click.headers.location as string}`).searchParams.get('token');
    const reset = await send('PUT', '/api/reset-password.php', {
      token,
      password: 'een-nieuw-wachtwoord-9',
      password_repeat: 'een-nieuw-wachtwoord-9',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, 'een-nieuw-wachtwoord-9', { cookie: myDid })).statusCode).toBe(200);

    const again = await send('GET', link);
    expect(again.headers.location).toBe('/reset-password?reason=not_me_link_invalid');
    const [used] = await app.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.kind, 'not_me')));
    expect(used?.usedAt).not.toBeNull();
  });
});
