/**
 * Rate limits per address (issue 13 item 4): sign-up, every call that sends a mail (one count
 * across those calls) and the geocoder; a translated 429 with Retry-After; other addresses and
 * IPv6 networks count apart; the limits come from the environment.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
import { addressKey, hit, limitsOf } from './rate-limit';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { SMTP_URL: undefined, RATE_LIMIT_SIGNUP: 2, RATE_LIMIT_MAIL: 3, RATE_LIMIT_GEOCODE: 2 } });
});
afterAll(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json' };
let seq = 0;
const signup = (remoteAddress: string, lang = 'nl') =>
  app.inject({
    method: 'POST',
    url: '/api/signup.php',
    remoteAddress,
    headers: { ...json, cookie: `lang=${lang}` },
    payload: {
      email: `rl-${Date.now()}-${++seq}@example.com`,
      name: 'Rita',
      password: 'geheim-geheim-1',
      date_of_birth: '1990-01-01',
      gender: 'female',
      country: 'NL',
      language: lang,
    },
  });

it('sign-ups from one address stop at the limit with a translated 429 and Retry-After; another address goes on', async () => {
  const ip = '203.0.113.10';
  expect((await signup(ip)).statusCode).toBe(201);
  expect((await signup(ip)).statusCode).toBe(201);
  const nl = await signup(ip);
  expect(nl.statusCode).toBe(429);
  expect(nl.json()).toMatchObject({
    error: 'rate_limited',
    message: 'Te veel verzoeken vanaf dit adres. Probeer het over 60 min opnieuw.',
    minutes: 60,
  });
  expect(Number(nl.headers['retry-after'])).toBeGreaterThan(3500);
  const en = await signup(ip, 'en');
  expect(en.json().message).toBe('Too many requests from this address. Please try again in 60 min.');
  expect((await signup('203.0.113.11')).statusCode).toBe(201);
});

it('every call that sends a mail shares one count per address', async () => {
  const ip = '198.51.100.50';
  const { user } = await createMember(app, { user: { emailConfirmed: false, status: 'not_confirmed' } });
  const cookie = await loginCookie(app, user.id);
  const reset = () =>
    app.inject({ method: 'POST', url: '/api/reset-password.php', remoteAddress: ip, headers: json, payload: { email: user.email } });
  expect((await reset()).statusCode).toBe(200);
  expect((await reset()).statusCode).toBe(200);
  expect(
    (await app.inject({ method: 'POST', url: '/api/activate.php', remoteAddress: ip, headers: { cookie, 'x-requested-with': 'fetch' } }))
      .statusCode,
  ).toBe(200);
  const fourth = await app.inject({
    method: 'PUT',
    url: '/api/account.php',
    remoteAddress: ip,
    headers: { ...json, cookie },
    payload: { email: 'other@example.com', password: 'secret-pass-123' },
  });
  expect(fourth.statusCode).toBe(429);
  expect(fourth.json().error).toBe('rate_limited');
  // one IPv6 /64 is one address
  const v6 = (n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/reset-password.php',
      remoteAddress: `2001:db8:aa:bb::${n}`,
      headers: json,
      payload: { email: user.email },
    });
  expect((await v6(1)).statusCode).toBe(200);
  expect((await v6(2)).statusCode).toBe(200);
  expect((await v6(3)).statusCode).toBe(200);
  expect((await v6(4)).json().error).toBe('rate_limited');
});

it('limits the geocoder per address', async () => {
  const ip = '192.0.2.60';
  const geo = () => app.inject({ method: 'GET', url: '/api/geocode.php?lat=52.37&lon=4.89', remoteAddress: ip });
  expect((await geo()).statusCode).toBe(200);
  expect((await geo()).statusCode).toBe(200);
  expect((await geo()).statusCode).toBe(429);
});

it('counts in fixed windows and keys addresses', async () => {
  const t0 = new Date('2030-01-01T00:00:00Z');
  expect((await hit(app.db, 'test|window', 60_000, t0)).hits).toBe(1);
  expect((await hit(app.db, 'test|window', 60_000, new Date(t0.getTime() + 59_000))).hits).toBe(2);
  const again = await hit(app.db, 'test|window', 60_000, new Date(t0.getTime() + 60_000));
  expect(again.hits).toBe(1);
  expect(again.resetAt.toISOString()).toBe('2030-01-01T00:02:00.000Z');
  expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
  expect(addressKey('2001:0db8:0000:0001:1:2:3:4')).toBe('2001:db8:0:1::');
  expect(addressKey('2001:db8::1')).toBe('2001:db8::');
  expect(addressKey('2001:DB8:0:0:ffff::1')).toBe('2001:db8::');
  expect(limitsOf({ NODE_ENV: 'development' }).signup.max).toBe(10);
  expect(limitsOf({ NODE_ENV: 'test' }).mail.max).toBe(0);
  expect(limitsOf({ NODE_ENV: 'production', RATE_LIMIT_MAIL: 5 }).mail.max).toBe(5);
});
