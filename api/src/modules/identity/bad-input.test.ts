/**
 * Bad input on every identity call: empty, wrong type, too long, script tags, unicode tricks.
 * Each answer is a 4xx with a translated message (never a 500, never a stack), and nothing is
 * created or sent.
 */
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox, users } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp({ env: { MAIL_EVENTS_SECRET: 's3cret-value' } });
  const { user } = await createMember(app, { email: 'bad-input-owner@example.com' });
  cookie = await loginCookie(app, user.id);
});
afterAll(async () => {
  await app.close();
});

const LONG = 'x'.repeat(10_000);
const TRICKS = [
  '\u202Eevil',
  'a\u200Bb',
  '\uD800',
  '\u0000',
  'e\u0301'.repeat(2000),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
];

const VALUES: unknown[] = [undefined, null, '', ' ', 0, -1, 1e308, true, [], {}, ['a'], { $ne: null }, LONG, ...TRICKS];

/** Values a field legitimately accepts (optional fields may be empty; a password may hold any characters). */
const EMPTY = [undefined, null, '', ' '];
const FREE_TEXT = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)'];
const LEGIT: Record<string, unknown[]> = {
  sexuality: EMPTY,
  region: EMPTY,
  city: EMPTY,
  signup_message: EMPTY,
  tracking: [undefined, {}, { $ne: null }],
  message_to: [undefined],
  invite: [undefined, ''],
  language: [undefined],
  remarks: EMPTY,
  password: FREE_TEXT,
  old_password: FREE_TEXT,
};

interface Call {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  fields: string[];
  auth?: boolean;
  headers?: Record<string, string>;
}

const CALLS: Call[] = [
  {
    method: 'POST',
    url: '/api/signup.php',
    fields: [
      'email',
      'name',
      'password',
      'date_of_birth',
      'gender',
      'sexuality',
      'country',
      'region',
      'city',
      'signup_message',
      'tracking',
      'message_to',
      'invite',
      'language',
    ],
  },
  { method: 'POST', url: '/api/user.php', fields: ['email', 'password'] },
  { method: 'PUT', url: '/api/user.php', fields: ['language'] },
  { method: 'POST', url: '/api/user.php?push=1', fields: ['subscription'], auth: true },
  { method: 'POST', url: '/api/reset-password.php', fields: ['email'] },
  { method: 'PUT', url: '/api/reset-password.php', fields: ['token', 'password', 'password_repeat'] },
  { method: 'PUT', url: '/api/account.php', fields: ['email', 'password'], auth: true },
  { method: 'PUT', url: '/api/account.php', fields: ['old_password', 'password', 'password_repeat'], auth: true },
  { method: 'PUT', url: '/api/account.php', fields: ['mail_change_token'], auth: true },
  { method: 'DELETE', url: '/api/account.php', fields: ['reason', 'remarks'], auth: true },
  { method: 'POST', url: '/api/account.php?reactivate=1', fields: ['token'] },
  { method: 'POST', url: '/api/mail-events.php', fields: ['type', 'email'], headers: { 'x-mail-events-secret': 's3cret-value' } },
];

const VALID: Record<string, unknown> = {
  email: 'valid-person@example.com',
  name: 'Valide',
  password: 'valid-password-1',
  date_of_birth: '1990-01-01',
  gender: 'male',
  sexuality: 'hetero',
  country: 'NL',
  region: 'UT',
  city: 'Utrecht',
  signup_message: 'Hoi',
  language: 'en',
  old_password: 'wrong-old-password',
  password_repeat: 'valid-password-1',
  token: 'abcdefghijklmnop',
  mail_change_token: 'abcdefghijklmnop',
  reason: 'other',
  remarks: '',
  type: 'bounce',
};

async function counts() {
  const [u] = await app.db.select({ n: count() }).from(users);
  const [m] = await app.db.select({ n: count() }).from(mailOutbox);
  return { users: Number(u?.n), mails: Number(m?.n) };
}

describe.each(CALLS)('$method $url', (call) => {
  it('answers every bad value of every field with a translated 4xx and creates nothing', async () => {
    const before = await counts();
    for (const field of call.fields) {
      for (const value of VALUES) {
        if (LEGIT[field]?.some((v) => Object.is(v, value) || JSON.stringify(v) === JSON.stringify(value))) continue;
        const body = Object.fromEntries(call.fields.map((f) => [f, VALID[f]]));
        if (value === undefined) delete body[field];
        else body[field] = value;
        const res = await app.inject({
          method: call.method,
          url: call.url,
          payload: body,
          headers: {
            'content-type': 'application/json',
            cookie: 'lang=nl',
            ...(call.auth ? { cookie: `${cookie}; lang=nl` } : {}),
            ...call.headers,
          },
        });
        const label = `${field}=${JSON.stringify(value)?.slice(0, 40)}`;
        expect([label, res.statusCode >= 400 && res.statusCode < 500 ? '4xx' : String(res.statusCode)]).toEqual([label, '4xx']);
        const json = res.json() as { message?: string; stack?: unknown };
        expect(typeof json.message).toBe('string');
        expect(json.message?.length).toBeGreaterThan(0);
        expect(json.stack).toBeUndefined();
      }
    }
    for (const raw of ['', 'null', '[]', '"text"', '{"a":', LONG]) {
      const res = await app.inject({
        method: call.method,
        url: call.url,
        payload: raw,
        headers: { 'content-type': 'application/json', ...(call.auth ? { cookie } : {}), ...call.headers },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const after = await counts();
    // a login / reset with a valid-looking body may be legitimately refused, but never creates
    expect(after.users).toBe(before.users);
    expect(after.mails).toBe(before.mails);
  });
});

it('answers a script tag in the name with the Dutch spec-style text', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: { ...VALID, email: 'xss@example.com', name: '<script>alert(1)</script>' },
    headers: { 'content-type': 'application/json' },
  });
  expect(res.json()).toMatchObject({ error: 'validation', field: 'name', message: 'Je profielnaam bevat niet toegestane tekens.' });
});
