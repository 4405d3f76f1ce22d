/**
 * Identity over the real app (app.inject, in-memory PGlite or PostgreSQL) with a real local SMTP
 * server receiving every mail (SMTP_URL points at it).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  accountDeletions,
  accountTokens,
  creditLedger,
  loginAttempts,
  mailOutbox,
  photos,
  profiles,
  pushSubscriptions,
  sessions,
  signupInvites,
  sites,
  users,
} from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { changeCredits } from '../../platform/credits';
import { createMailer } from '../../platform/mail';
import { cleanUpIdentityRows, PURGE_JOB, purgeDeletedAccounts, retryUndelivered } from './purge';
import { linkIn, startSmtpInbox, type SmtpInbox } from './test-smtp';

let app: FastifyInstance;
let smtp: SmtpInbox;
const SECRET = 'mail-events-test-secret';

beforeAll(async () => {
  smtp = await startSmtpInbox();
  app = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Test <no-reply@flirtlokaal.test>', MAIL_EVENTS_SECRET: SECRET } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

let seq = 0;
const uniqueEmail = (p = 'new') => `${p}${++seq}-${Date.now().toString(36)}@example.com`;

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    name: 'Sanne',
    password: 'geheim-wachtwoord-1',
    date_of_birth: '1992-04-12',
    gender: 'female',
    sexuality: 'hetero',
    country: 'NL',
    region: 'Utrecht',
    city: 'Utrecht',
    ...overrides,
  };
}

type Headers = Record<string, string>;
const json = (res: LightMyRequestResponse) =>
  res.json() as Record<string, unknown> & { user?: Record<string, unknown> | null; message?: string; field?: string; minutes?: number };

function cookieFrom(res: LightMyRequestResponse, name = 'sid'): string | undefined {
  const c = res.cookies.find((x) => x.name === name);
  return c && c.value ? `${name}=${c.value}` : undefined;
}

const post = (url: string, payload: unknown, headers: Headers = {}, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress,
  });
const put = (url: string, payload: unknown, headers: Headers = {}) =>
  app.inject({ method: 'PUT', url, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const del = (url: string, payload: unknown, headers: Headers = {}) =>
  app.inject({ method: 'DELETE', url, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });

const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function userCount(): Promise<number> {
  const [r] = await app.db.select({ n: count() }).from(users);
  return Number(r?.n ?? 0);
}

async function setSignups(mode: string) {
  const [site] = await app.db.select().from(sites).where(eq(sites.domain, 'localhost'));
  if (!site) throw new Error('no site');
  await app.db
    .update(sites)
    .set({ settings: { ...(site.settings as object), signups: mode } })
    .where(eq(sites.id, site.id));
  app.sites.invalidate();
}

describe('sign-up', () => {
  it('creates the account, logs in, mails the activation link over SMTP and activates once', async () => {
    const body = signupBody({ tracking: { network: 'aff1', ref: 'r9', sub1: 'x', sub2: 'y', sub3: 'z' } });
    const res = await post('/api/signup.php', body);
    expect(res.statusCode).toBe(201);
    const { user } = json(res);
    expect(user).toMatchObject({ email: body.email, email_confirmed: false, status: 'not_confirmed', language: 'nl' });
    expect((user?.profile as Record<string, unknown>).name).toBe('Sanne');
    const sid = cookieFrom(res);
    expect(sid).toBeDefined();
    const sidCookie = res.cookies.find((c) => c.name === 'sid');
    expect(sidCookie?.httpOnly).toBe(true);
    expect(sidCookie?.maxAge).toBe(30 * 86400);

    // logged in
    const me = json(await get('/api/user.php', { cookie: sid as string }));
    expect(me.user?.email).toBe(body.email);

    // tracking kept
    const [row] = await app.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.tracking).toEqual({ network: 'aff1', ref: 'r9', sub1: 'x', sub2: 'y', sub3: 'z' });

    // the mail: Dutch, plain text + HTML, site name and domain, one-time link
    const mail = await smtp.waitFor(body.email);
    expect(mail.subject).toBe('Bevestig je e-mailadres voor Flirtlokaal');
    expect(mail.from).toContain('Flirtlokaal');
    expect(mail.text).toContain('Hoi Sanne,');
    expect(mail.text).toContain('localhost');
    expect(mail.html).toContain('<a href=');
    expect(mail.html).toContain('Flirtlokaal');
    const link = linkIn(mail);
    expect(link).toContain('/api/activate.php?token=');

    const first = await get(pathOf(link));
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/activate/done');
    const after = json(await get('/api/user.php', { cookie: sid as string }));
    expect(after.user).toMatchObject({ email_confirmed: true, status: 'active' });

    // the same link again: the address is confirmed, the page says so (not "Activeren mislukt")
    const again = await get(pathOf(link));
    expect(again.headers.location).toBe('/activate/error?reason=already_confirmed');
    expect((await get('/api/activate.php?token=nonsense-token-123')).headers.location).toBe('/activate/error');
    expect(smtp.to(body.email)).toHaveLength(1);
  });

  it.each([
    [
      'name equal to e-mail',
      { email: 'same@example.com', name: 'same@example.com' },
      'name',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    ['name starting with @', { name: '@sanne' }, 'name', 'Je profielnaam mag niet beginnen met een @'],
    ['invalid e-mail', { email: 'sanne(at)example' }, 'email', 'Ongeldige e-mail'],
    ['invalid date', { date_of_birth: '1990-02-30' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
    ['date as number', { date_of_birth: 19900101 }, 'date_of_birth', 'Ongeldige invoer.'],
    [
      'under 18',
      { date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` },
      'date_of_birth',
      'Leden moeten 18 jaar of ouder zijn. Controleer je geboortedatum.',
    ],
    ['empty name', { name: '' }, 'name', 'Vul een profielnaam in.'],
    ['name too long', { name: 'a'.repeat(41) }, 'name', 'Je profielnaam is te lang (maximaal 40 tekens).'],
    ['script tag in name', { name: '<script>alert(1)</script>' }, 'name', 'Je profielnaam bevat niet toegestane tekens.'],
    ['zero-width in name', { name: 'San\u200Bne' }, 'name', 'Je profielnaam bevat niet toegestane tekens.'],
    ['bidi override in city', { city: 'Utr\u202Eecht' }, 'city', 'Deze tekst bevat niet toegestane tekens.'],
    [
      'script in first message',
      { signup_message: 'Hoi <img src=x onerror=alert(1)>' },
      'signup_message',
      'Deze tekst bevat niet toegestane tekens.',
    ],
    ['message too long', { signup_message: 'x'.repeat(501) }, 'signup_message', 'Je bericht is te lang (maximaal 500 tekens).'],
    ['e-mail too long', { email: `${'a'.repeat(250)}@example.com` }, 'email', 'Dit e-mailadres is te lang.'],
    ['missing e-mail', { email: undefined }, 'email', 'Dit veld is verplicht.'],
    ['password too short', { password: 'kort' }, 'password', 'Je wachtwoord moet minimaal 8 tekens hebben.'],
    ['password as object', { password: { $gt: '' } }, 'password', 'Ongeldige invoer.'],
    ['unknown gender', { gender: 'robot' }, 'gender', 'Kies je geslacht.'],
    ['unknown country', { country: 'XX' }, 'country', 'Kies een land.'],
    ['tracking with markup', { tracking: { network: '<b>' } }, 'tracking.network', 'Ongeldige trackinggegevens.'],
  ])('refuses %s with the exact texts, a 4xx and no account', async (_label, overrides, field, message) => {
    const before = await userCount();
    const res = await post('/api/signup.php', signupBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ field, message });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('answers in the member language (cookie) and handles a non-object body', async () => {
    const res = await post('/api/signup.php', signupBody({ name: '@x' }), { cookie: 'lang=de' });
    expect(json(res).message).toBe('Dein Profilname darf nicht mit einem @ beginnen');
    const arr = await post('/api/signup.php', [1, 2]);
    expect(arr.statusCode).toBe(400);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('names the rule that failed: piled-up combining marks, an unknown language, an addressee id out of range', async () => {
    const before = await userCount();
    const zalgo = await post('/api/signup.php', signupBody({ name: `B${'\u0301'.repeat(34)}` }));
    expect(json(zalgo)).toMatchObject({ field: 'name', code: 'name_invalid' });
    const lang = await post('/api/signup.php', signupBody({ language: 'xx' }));
    expect(json(lang)).toMatchObject({ field: 'language', code: 'language_invalid', message: 'Deze taal wordt niet ondersteund.' });
    const far = await post('/api/signup.php', signupBody({ message_to: 2_147_483_648, signup_message: 'Hoi!' }));
    expect(far.statusCode).toBe(400);
    expect(json(far)).toMatchObject({ field: 'message_to' });
    expect(await userCount()).toBe(before);
    // a real accented name still passes
    expect((await post('/api/signup.php', signupBody({ name: 'Zoë Ngô' }))).statusCode).toBe(201);
  });

  it('refuses an e-mail already in use (any case) without sending a second mail', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('taken') });
    const res = await post('/api/signup.php', signupBody({ email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ field: 'email', message: 'Dit e-mailadres heeft al een account op deze site.' });
    expect(smtp.to(user.email)).toHaveLength(0);
  });

  it('two simultaneous sign-ups with one address create one account', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([post('/api/signup.php', signupBody({ email })), post('/api/signup.php', signupBody({ email }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const [r] = await app.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(Number(r?.n)).toBe(1);
    await smtp.waitFor(email);
    await new Promise((r2) => setTimeout(r2, 100));
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('enforces the signups setting (with_trafficsource, invite_only)', async () => {
    try {
      await setSignups('with_trafficsource');
      const no = await post('/api/signup.php', signupBody());
      expect(no.statusCode).toBe(403);
      expect(json(no).message).toBe('Aanmelden kan op deze site alleen via een partnerlink.');
      const yes = await post('/api/signup.php', signupBody({ tracking: { network: 'partner' } }));
      expect(yes.statusCode).toBe(201);

      await setSignups('invite_only');
      const noInvite = await post('/api/signup.php', signupBody());
      expect(noInvite.statusCode).toBe(403);
      expect(json(noInvite).message).toBe('Aanmelden kan op deze site alleen met een uitnodiging.');
      const [site] = await app.db.select().from(sites).where(eq(sites.domain, 'localhost'));
      await app.db.insert(signupInvites).values({ code: 'INVITE-abc123', siteId: site?.id ?? 0 });
      const wrong = await post('/api/signup.php', signupBody({ invite: 'INVITE-wrong' }));
      expect(wrong.statusCode).toBe(403);
      const invited = await post('/api/signup.php', signupBody({ invite: 'INVITE-abc123' }));
      expect(invited.statusCode).toBe(201);
      const [inv] = await app.db.select().from(signupInvites).where(eq(signupInvites.code, 'INVITE-abc123'));
      expect(inv?.usedBy).toBe(json(invited).user?.id);
      const reused = await post('/api/signup.php', signupBody({ invite: 'INVITE-abc123' }));
      expect(reused.statusCode).toBe(403);
    } finally {
      await setSignups('all');
    }
  });
});

describe('login, lock, logout, language', () => {
  it('logs in with a new token, answers the exact texts, and logs out for real', async () => {
    const { user, password } = await createMember(app, { email: uniqueEmail('login') });
    const bad = await post('/api/user.php', { email: user.email, password: 'wrong-password' }, { 'x-request-type': 'user' });
    expect(bad.statusCode).toBe(401);
    expect(json(bad).message).toBe('Login mislukt, probeer opnieuw');
    const unknown = await post('/api/user.php', { email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);

    const ok1 = await post('/api/user.php', { email: user.email, password });
    const ok2 = await post('/api/user.php', { email: user.email, password });
    expect(ok1.statusCode).toBe(200);
    const sid1 = cookieFrom(ok1) as string;
    const sid2 = cookieFrom(ok2) as string;
    expect(sid1).not.toBe(sid2);
    expect(json(ok1).user?.email).toBe(user.email);

    const out = await get('/api/logout.php', { cookie: sid1 });
    expect(json(out)).toEqual({ ok: true });
    expect(json(await get('/api/user.php', { cookie: sid1 })).user).toBeNull();
    expect(json(await get('/api/user.php', { cookie: sid2 })).user?.id).toBe(user.id);
  });

  it('locks only the failing source after 5 failures; the owner elsewhere still logs in', async () => {
    const { user, password } = await createMember(app, { email: uniqueEmail('lock') });
    const attacker = '203.0.113.9';
    const codes: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5; i++) {
      last = await post('/api/user.php', { email: user.email, password: `wrong-${i}-pass` }, {}, attacker);
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    expect(json(last as LightMyRequestResponse)).toMatchObject({
      minutes: 5,
      message: 'Te veel foute pogingen, account voor 5 min geblokkeerd.',
    });
    // even the right password is refused from the locked source
    const locked = await post('/api/user.php', { email: user.email, password }, { cookie: 'lang=en' }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(json(locked).message).toBe('Too many failed attempts, account blocked for 5 min.');
    // the owner from another address is not locked out
    const owner = await post('/api/user.php', { email: user.email, password }, {}, '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    // the lock is short: 5 minutes after the last failure it is gone
    await app.db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(and(eq(loginAttempts.email, user.email.toLowerCase()), eq(loginAttempts.ip, attacker)));
    expect((await post('/api/user.php', { email: user.email, password }, {}, attacker)).statusCode).toBe(200);
  });

  it('sets the language on the account and in a 365-day cookie', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('lang') });
    const cookie = await loginCookie(app, user.id);
    const res = await put('/api/user.php', { language: 'fr' }, { cookie });
    expect(json(res).user?.language).toBe('fr');
    const lang = res.cookies.find((c) => c.name === 'lang');
    expect(lang?.value).toBe('fr');
    expect(lang?.maxAge).toBe(365 * 86400);
    const bad = await put('/api/user.php', { language: 'xx' }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Cette langue n’est pas prise en charge.');
  });

  it("one language: a visitor's choice before log-in goes to the account; every answer names the account's (issue 29 item 8)", async () => {
    const { user, password } = await createMember(app, { email: uniqueEmail('chosen'), user: { language: 'nl' } });
    // the visitor picked English with the switcher on this device (lang + lang_chosen), then logs in
    const login = await post('/api/user.php', { email: user.email, password }, { cookie: 'lang=en; lang_chosen=1' });
    expect(login.statusCode).toBe(200);
    expect(json(login).user?.language).toBe('en');
    expect(login.cookies.find((c) => c.name === 'lang')?.value).toBe('en');
    expect(login.cookies.find((c) => c.name === 'lang_chosen')?.value).toBe(''); // used up
    const sid = cookieFrom(login) as string;
    // every answer to the member names the account's language: another tab applies it at its next request
    const me = await get('/api/user.php', { cookie: `${sid}; lang=nl` });
    expect(me.headers['x-account-language']).toBe('en');
    // server texts in the account's language too, whatever the tab's cookie says
    const bad = await put('/api/user.php', { language: 'xx' }, { cookie: `${sid}; lang=nl` });
    expect(json(bad).message).toBe('This language is not supported.');
    // switching on one device: its own answer already names the new language
    const de = await put('/api/user.php', { language: 'de' }, { cookie: sid });
    expect(de.headers['x-account-language']).toBe('de');
    expect((await get('/api/user.php', { cookie: sid })).headers['x-account-language']).toBe('de');
    // without a choice on this device the account's language becomes the device's
    const again = await post('/api/user.php', { email: user.email, password }, { cookie: 'lang=fr' });
    expect(json(again).user?.language).toBe('de');
    expect(again.cookies.find((c) => c.name === 'lang')?.value).toBe('de');
    // a visitor gets no such header
    expect((await get('/api/user.php')).headers['x-account-language']).toBeUndefined();
  });

  it('stores a push subscription for the logged-in member only', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('push') });
    const cookie = await loginCookie(app, user.id);
    const sub = { endpoint: 'https://push.example.com/abc', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
    expect((await post('/api/user.php?push=1', { subscription: sub })).statusCode).toBe(403);
    expect(json(await post('/api/user.php?push=1', { subscription: sub }, { cookie }))).toEqual({ ok: true });
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect((await post('/api/user.php?push=1', { subscription: { endpoint: 'javascript:alert(1)' } }, { cookie })).statusCode).toBe(400);
  });
});

describe('activation mail again', () => {
  it('is rate-limited and refused once confirmed', async () => {
    const res = await post('/api/signup.php', signupBody());
    const sid = cookieFrom(res) as string;
    const email = (json(res).user as { email: string }).email;
    await smtp.waitFor(email);
    const again = await post('/api/activate.php', {}, { cookie: sid });
    expect(again.statusCode).toBe(429);
    expect(json(again).message).toMatch(/^Er is net al een activatiemail verstuurd, probeer het over \d+ min opnieuw\.$/);
    await app.db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(accountTokens.kind, 'activation'));
    expect((await post('/api/activate.php', {}, { cookie: sid })).statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect((await get(pathOf(linkIn(mail)))).headers.location).toBe('/activate/done');
    const done = await post('/api/activate.php', {}, { cookie: sid });
    expect(done.statusCode).toBe(409);
    expect((await post('/api/activate.php', {})).statusCode).toBe(403);
  });
});

describe('password reset', () => {
  it('mails a 2-hour link, sets the password once, revokes sessions, limits mails per day', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('reset') });
    const oldCookie = await loginCookie(app, user.id);

    const unknown = await post('/api/reset-password.php', { email: uniqueEmail('ghost') });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('E-mailadres niet gevonden');

    expect((await post('/api/reset-password.php', { email: user.email })).statusCode).toBe(200);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Nieuw wachtwoord instellen voor Flirtlokaal');
    const link = linkIn(mail);
    expect(link).toContain('/reset-password/do?token=');
    const [tok] = await app.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.kind, 'reset')));
    expect(Math.round(((tok?.expiresAt.getTime() ?? 0) - (tok?.createdAt.getTime() ?? 0)) / 60_000)).toBe(120);

    const differ = await put('/api/reset-password.php', {
      token: tokenOf(link),
      password: 'nieuw-wachtwoord-1',
      password_repeat: 'anders-1234',
    });
    expect(json(differ)).toMatchObject({ field: 'password_repeat', message: 'De opgegeven wachtwoorden zijn niet gelijk.' });

    const ok = await put('/api/reset-password.php', {
      token: tokenOf(link),
      password: 'nieuw-wachtwoord-1',
      password_repeat: 'nieuw-wachtwoord-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(json(await get('/api/user.php', { cookie: oldCookie })).user).toBeNull();
    expect((await post('/api/user.php', { email: user.email, password: 'nieuw-wachtwoord-1' })).statusCode).toBe(200);

    const reuse = await put('/api/reset-password.php', {
      token: tokenOf(link),
      password: 'nog-een-keer-1',
      password_repeat: 'nog-een-keer-1',
    });
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse).message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');

    // expired link
    expect((await post('/api/reset-password.php', { email: user.email })).statusCode).toBe(200);
    const link2 = linkIn(await smtp.waitFor(user.email));
    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.kind, 'reset')));
    const expired = await put('/api/reset-password.php', {
      token: tokenOf(link2),
      password: 'nog-een-keer-1',
      password_repeat: 'nog-een-keer-1',
    });
    expect(json(expired).message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');

    // 3 per day
    expect((await post('/api/reset-password.php', { email: user.email })).statusCode).toBe(200);
    const tooMany = await post('/api/reset-password.php', { email: user.email });
    expect(tooMany.statusCode).toBe(429);
    expect(json(tooMany).message).toBe('Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.');
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.to(user.email)).toHaveLength(3);
  });

  it('clears the login lock of the account', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('resetlock') });
    for (let i = 0; i < 5; i++) await post('/api/user.php', { email: user.email, password: `bad-${i}-pw` });
    expect((await post('/api/user.php', { email: user.email, password: 'whatever-1' })).statusCode).toBe(429);
    await post('/api/reset-password.php', { email: user.email });
    const link = linkIn(await smtp.waitFor(user.email));
    await put('/api/reset-password.php', { token: tokenOf(link), password: 'fresh-password-1', password_repeat: 'fresh-password-1' });
    expect((await post('/api/user.php', { email: user.email, password: 'fresh-password-1' })).statusCode).toBe(200);
  });
});

describe('account changes', () => {
  it('changes the password: old one checked, both equal, other sessions revoked', async () => {
    const { user, password } = await createMember(app, { email: uniqueEmail('pw') });
    const here = await loginCookie(app, user.id);
    const elsewhere = await loginCookie(app, user.id);
    const wrong = await put(
      '/api/account.php',
      { old_password: 'not-my-password', password: 'brand-new-pass', password_repeat: 'brand-new-pass' },
      { cookie: here },
    );
    expect(json(wrong)).toMatchObject({ field: 'old_password', message: 'Controleer je oude wachtwoord.' });
    const differ = await put(
      '/api/account.php',
      { old_password: password, password: 'brand-new-pass', password_repeat: 'brand-new-pazz' },
      { cookie: here },
    );
    expect(json(differ).message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    const ok = await put(
      '/api/account.php',
      { old_password: password, password: 'brand-new-pass', password_repeat: 'brand-new-pass' },
      { cookie: here },
    );
    expect(ok.statusCode).toBe(200);
    // this browser stays logged in on a new token; the old token (here too) and other sessions end
    const renewed = cookieFrom(ok);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(here);
    expect(json(await get('/api/user.php', { cookie: renewed ?? '' })).user?.id).toBe(user.id);
    expect(json(await get('/api/user.php', { cookie: here })).user).toBeNull();
    expect(json(await get('/api/user.php', { cookie: elsewhere })).user).toBeNull();
    expect((await smtp.waitFor(user.email)).subject).toBe('Je wachtwoord bij Flirtlokaal is gewijzigd');
    expect((await put('/api/account.php', { old_password: password, password: 'x', password_repeat: 'x' })).statusCode).toBe(403);
  });

  it('changes the e-mail through a link mailed to the new address', async () => {
    const { user, password } = await createMember(app, { email: uniqueEmail('mail') });
    const other = await createMember(app, { email: uniqueEmail('other') });
    const cookie = await loginCookie(app, user.id);
    const taken = await put('/api/account.php', { email: other.user.email, password }, { cookie });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe('Dit e-mailadres heeft al een account op deze site.');
    const invalid = await put('/api/account.php', { email: 'not-an-email', password }, { cookie });
    expect(json(invalid).message).toBe('Ongeldige e-mail');

    const newEmail = uniqueEmail('changed');
    const res = await put('/api/account.php', { email: newEmail, password }, { cookie });
    expect(json(res)).toMatchObject({ mail_change_pending: newEmail });
    expect(json(res).user?.email).toBe(user.email);
    const mail = await smtp.waitFor(newEmail);
    const link = linkIn(mail);
    expect(link).toContain('/mail-change/do?token=');
    expect((await smtp.waitFor(user.email)).subject).toBe('Je e-mailadres bij Flirtlokaal wordt gewijzigd');
    const confirm = await put('/api/account.php', { mail_change_token: tokenOf(link) }, { cookie });
    expect(json(confirm)).toMatchObject({ email_changed: newEmail });
    expect(json(confirm).user?.email).toBe(newEmail);
    const reuse = await put('/api/account.php', { mail_change_token: tokenOf(link) }, { cookie });
    expect(reuse.statusCode).toBe(400);
    // a malformed token gets the mail-change link's own message, not the password reset's
    const malformed = await put('/api/account.php', { mail_change_token: 123 }, { cookie });
    expect(json(malformed)).toMatchObject({ field: 'mail_change_token', code: 'mail_change_invalid' });
  });

  it('mails a new address at most 3 times a day (no way to send mail to strangers)', async () => {
    const { user, password } = await createMember(app, { email: uniqueEmail('limit') });
    const cookie = await loginCookie(app, user.id);
    for (let i = 0; i < 3; i += 1) {
      expect((await put('/api/account.php', { email: uniqueEmail(`stranger${i}`), password }, { cookie })).statusCode).toBe(200);
    }
    const stranger = uniqueEmail('stranger3');
    const tooMany = await put('/api/account.php', { email: stranger, password }, { cookie });
    expect(tooMany.statusCode).toBe(429);
    expect(json(tooMany).message).toBe('Je hebt vandaag al te vaak een nieuw e-mailadres opgegeven, probeer het morgen nog eens.');
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, stranger))).toHaveLength(0);
  });
});

describe('activation link states', () => {
  it('an expired link of a member who never confirmed is a failure, not "already confirmed"', async () => {
    const body = signupBody();
    expect((await post('/api/signup.php', body)).statusCode).toBe(201);
    const link = linkIn(await smtp.waitFor(body.email));
    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.kind, 'activation'));
    expect((await get(pathOf(link))).headers.location).toBe('/activate/error');
  });
});

describe('banned members', () => {
  async function banned() {
    const { user, password } = await createMember(app);
    const sid = await loginCookie(app, user.id);
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    return { user, password, sid };
  }

  it('are told at login that the account is blocked, only with the right password', async () => {
    const { user, password } = await banned();
    const right = await post('/api/user.php', { email: user.email, password });
    expect(right.statusCode).toBe(403);
    expect(json(right)).toMatchObject({ error: 'account_banned' });
    expect(json(right).message).toContain('Je account is geblokkeerd');
    expect(cookieFrom(right)).toBeUndefined();
    const english = await post('/api/user.php', { email: user.email, password }, { 'accept-language': 'en', cookie: 'lang=en' });
    expect(json(english).message).toContain('Your account has been blocked');
    const wrong = await post('/api/user.php', { email: user.email, password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({ error: 'login_failed' });
  });

  it('GET /api/ban.php: true only for the session of a banned member', async () => {
    const { sid } = await banned();
    const mine = await get('/api/ban.php', { cookie: sid });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ banned: true });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // the banned session logs nobody in: refused, not a visitor's answer (issue 25)
    expect(json(await get('/api/user.php', { cookie: sid })).error).toBe('account_banned');
    expect((await get('/api/ban.php')).json()).toEqual({ banned: false });
    const { user } = await createMember(app);
    expect((await get('/api/ban.php', { cookie: await loginCookie(app, user.id) })).json()).toEqual({ banned: false });
    expect((await get('/api/ban.php', { cookie: 'sid=nonsense' })).json()).toEqual({ banned: false });
  });
});

describe('delete, reactivate, purge, export', () => {
  it('deletes with reason, mails a reactivation link, and reactivates within 14 days', async () => {
    const { user, password } = await createMember(app, { email: uniqueEmail('del') });
    const cookie = await loginCookie(app, user.id);
    const bad = await del('/api/account.php', { reason: 'bored', remarks: '' }, { cookie });
    expect(json(bad).message).toBe('Kies een reden.');
    const res = await del('/api/account.php', { reason: 'found_someone', remarks: 'Gevonden via jullie!' }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(json(await get('/api/user.php', { cookie })).user).toBeNull();
    const login = await post('/api/user.php', { email: user.email, password });
    expect(login.statusCode).toBe(403);
    const [rec] = await app.db.select().from(accountDeletions).where(eq(accountDeletions.userId, user.id));
    expect(rec).toMatchObject({ reason: 'found_someone', remarks: 'Gevonden via jullie!' });
    expect(Math.round(((rec?.purgeAfter.getTime() ?? 0) - (rec?.deletedAt.getTime() ?? 0)) / 86_400_000)).toBe(14);

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Je account bij Flirtlokaal is verwijderd');
    const link = linkIn(mail);
    expect(link).toContain('/account-deleted?token=');
    const re = await post('/api/account.php?reactivate=1', { token: tokenOf(link) });
    expect(re.statusCode).toBe(200);
    expect(json(re).user).toMatchObject({ id: user.id, status: 'active' });
    expect(cookieFrom(re)).toBeDefined();
    expect((await post('/api/account.php?reactivate=1', { token: tokenOf(link) })).statusCode).toBe(400);
  });

  it('purges personal data after 14 days but keeps the (anonymised) account row', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('purge') });
    const file = await app.storage.put(Buffer.from('jpeg'), 'jpg');
    await app.db
      .insert(photos)
      .values({ userId: user.id, filename: file, thumbFilename: file, matchFilename: file, width: 1, height: 1, status: 'active' });
    // a bought bundle: the payment records must outlive the purge (bookkeeping)
    await app.withTx((tx) => changeCredits(tx, user.id, 50, 'purchase', 'order-42'));
    const cookie = await loginCookie(app, user.id);
    await del('/api/account.php', { reason: 'price', remarks: 'te duur' }, { cookie });
    expect(await purgeDeletedAccounts(app, new Date(Date.now() + 13 * 86_400_000))).not.toContain(user.id);
    expect(await purgeDeletedAccounts(app, new Date(Date.now() + 15 * 86_400_000))).toContain(user.id);
    expect(await app.db.select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(0);
    expect(await app.db.select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(0);
    expect(await app.storage.get(file)).toBeNull();
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))).toHaveLength(0);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).not.toBe(user.email);
    expect(row?.passwordHash).toBe('');
    expect(await app.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toEqual([
      expect.objectContaining({ delta: 50, reason: 'purchase', ref: 'order-42' }),
    ]);
  });

  it('runs hourly as a scheduled job, which also drops old login attempts and tokens', async () => {
    const rows = (await app.jobs.schedules()).filter((s) => s.name === PURGE_JOB);
    expect(rows).toEqual([{ name: PURGE_JOB, cron: '17 * * * *' }]);
    const { user } = await createMember(app, { email: uniqueEmail('old') });
    await app.db
      .insert(loginAttempts)
      .values({ siteId: user.siteId, email: user.email, ip: '1.2.3.4', success: 0, createdAt: new Date(Date.now() - 40 * 86_400_000) });
    await cleanUpIdentityRows(app);
    expect(await app.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).toHaveLength(0);
  });

  it('exports my data as a JSON download without secrets', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('export'), name: 'Exporteur' });
    await post('/api/user.php', { email: user.email.toUpperCase(), password: 'not-my-password' });
    const cookie = await loginCookie(app, user.id);
    expect((await get('/api/account-export.php')).statusCode).toBe(403);
    const res = await get('/api/account-export.php', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = json(res) as Record<string, unknown>;
    expect((data.account as Record<string, unknown>).email).toBe(user.email);
    expect(JSON.stringify(data)).not.toContain('password_hash');
    expect(JSON.stringify(data)).not.toContain('token_hash');
    expect((data.profiles as { name: string }[])[0]?.name).toBe('Exporteur');
    // the login history of the account (any case of the address), without other members' attempts; a failure without the address it came from (item 10)
    expect(data.login_attempts).toEqual([{ ip: null, success: 0, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/) }]);
  });
});

describe('mail events', () => {
  it('needs the shared secret (401 without, 403 wrong) and records the reason once', async () => {
    const { user } = await createMember(app, { email: uniqueEmail('bounce') });
    expect((await post('/api/mail-events.php', { type: 'bounce', email: user.email })).statusCode).toBe(401);
    expect(
      (await post('/api/mail-events.php', { type: 'bounce', email: user.email }, { 'x-mail-events-secret': 'wrong' })).statusCode,
    ).toBe(403);
    const h = { 'x-mail-events-secret': SECRET };
    expect(json(await post('/api/mail-events.php', { type: 'bounce', email: user.email }, h))).toEqual({ ok: true, affected: 1 });
    await post('/api/mail-events.php', { type: 'bounce', email: user.email }, h);
    await post('/api/mail-events.php', { type: 'fbl', email: user.email.toUpperCase() }, h);
    const cookie = await loginCookie(app, user.id);
    expect(json(await get('/api/user.php', { cookie })).user?.notifications_disabled).toEqual(['bounce', 'fbl']);
    expect((await post('/api/mail-events.php', { type: 'nope', email: user.email }, h)).statusCode).toBe(400);
  });
});

describe('mail delivery', () => {
  it('a failed SMTP delivery does not fail the sign-up; the retry job delivers it once', async () => {
    const broken = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const email = uniqueEmail('retry');
      const res = await broken.inject({
        method: 'POST',
        url: '/api/signup.php',
        payload: signupBody({ email }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await broken.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toBeTruthy();
      await broken.db
        .update(mailOutbox)
        .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(mailOutbox.to, email));
      const working = createMailer(smtp.url);
      expect(await retryUndelivered(broken, working)).toBe(1);
      expect(await retryUndelivered(broken, working)).toBe(0);
      working.close();
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe('Bevestig je e-mailadres voor Flirtlokaal');
      const schedules = await broken.jobs.schedules();
      expect(schedules.map((s) => s.name)).toEqual(expect.arrayContaining(['identity.mail-retry', 'identity.purge']));
    } finally {
      await broken.close();
    }
  });
});
