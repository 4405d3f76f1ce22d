/**
 * Every call of the OpenAPI document, fed seeded random input (empty, huge, wrong types, nested
 * objects, markup, NUL bytes, combining marks, path tricks, another member's id), logged in and
 * out: never a 5xx. A 500 for user input is a bug (STYLE.md); this finds the ones nobody thought of.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from './test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const KEYS = [
  'id', 'email', 'password', 'password_repeat', 'old_password', 'name', 'date_of_birth', 'gender', 'sexuality', 'country',
  'region', 'countryregion', 'city', 'min_age', 'max_age', 'page', 'similar_page', 'language', 'token', 'mail_change_token',
  'reason', 'remarks', 'about', 'interests', 'push', 'email_prefs', 'location', 'invisible', 'action', 'age', 'appearance',
  'race', 'lat', 'lon', 'subscription', 'forced_domain', 'code', 'tracking', 'message_to', 'signup_message', 'network',
];

it('answers any input to any call without a 5xx', async () => {
  const other = await createMember(app, { email: 'fuzz-other@example.com', gender: 'female' });
  const VALUES: unknown[] = [
    '', 'x'.repeat(5000), -1, 0, 2 ** 40, 1.5, null, true, [], [1, 2], {}, { a: { b: 1 } }, '<script>alert(1)</script>',
    '\u0000', 'e\u0301\u0301\u0301', 'NaN', '1e309', '../../etc/passwd', '%', 'NL', '1990-02-30', other.user.id,
  ];
  let seed = 7;
  const rnd = (k: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const failures: string[] = [];
  let sent = 0;
  let cookie = '';
  for (const [route, methods] of Object.entries(spec.paths)) {
    if (route.includes('{')) continue;
    for (const method of Object.keys(methods)) {
      for (let i = 0; i < 24; i++) {
        // a fresh member now and then: logout, deletion and password changes end sessions
        if (i % 8 === 0) cookie = await loginCookie(app, (await createMember(app, { email: `fuzz-${sent}@example.com` })).user.id);
        const body: Record<string, unknown> = {};
        const query = new URLSearchParams();
        for (let j = 0, n = 1 + rnd(4); j < n; j++) {
          const key = KEYS[rnd(KEYS.length)] ?? 'id';
          const value = VALUES[rnd(VALUES.length)];
          body[key] = value;
          query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
        }
        const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-type': 'fuzz' };
        if (rnd(4) !== 0) headers.cookie = cookie;
        const payload = method === 'get' ? undefined : JSON.stringify(rnd(5) === 0 ? VALUES[rnd(VALUES.length)] : body);
        const res = await app.inject({ method: method.toUpperCase() as 'POST', url: `${route}?${query.toString()}`, headers, payload });
        sent += 1;
        if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${route}?${query.toString()} ${payload ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
  }
  expect(sent).toBeGreaterThan(500);
  expect(failures).toEqual([]);
}, 120_000);
