/**
 * Every call of the OpenAPI document, fed seeded random input (empty, huge, wrong types, nested
 * objects, markup, NUL bytes, combining marks, path tricks, another member's id), logged in and
 * out: never a 5xx. A 500 for user input is a bug (docs/conventions.md, Errors); this finds the ones nobody thought of.
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
  'id',
  'email',
  'password',
  'password_repeat',
  'old_password',
  'name',
  'date_of_birth',
  'gender',
  'sexuality',
  'country',
  'region',
  'countryregion',
  'city',
  'min_age',
  'max_age',
  'page',
  'similar_page',
  'language',
  'token',
  'mail_change_token',
  'reason',
  'remarks',
  'about',
  'interests',
  'push',
  'email_prefs',
  'location',
  'invisible',
  'action',
  'age',
  'appearance',
  'race',
  'lat',
  'lon',
  'subscription',
  'forced_domain',
  'code',
  'tracking',
  'message_to',
  'signup_message',
  'network',
];

it('answers any input to any call without a 5xx', async () => {
  const other = await createMember(app, { email: 'fuzz-other@example.com', gender: 'female' });
  const VALUES: unknown[] = [
    '',
    'x'.repeat(5000),
    -1,
    0,
    2 ** 40,
    1.5,
    null,
    true,
    [],
    [1, 2],
    {},
    { a: { b: 1 } },
    '<script>alert(1)</script>',
    '\u0000',
    'e\u0301\u0301\u0301',
    'NaN',
    '1e309',
    '../../etc/passwd',
    '%',
    'NL',
    '1990-02-30',
    other.user.id,
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
        if (res.statusCode >= 500)
          failures.push(
            `${method.toUpperCase()} ${route}?${query.toString()} ${payload ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
  }
  expect(sent).toBeGreaterThan(500);
  expect(failures).toEqual([]);
}, 120_000);

/**
 * A NUL character (issue 25 item 5: 11 calls answered 500 on both databases) is one rule of the
 * request layer: in any string of the query, a JSON body or a form body it is a 400 `nul_byte` with
 * a translated text, before any route reads it. Every call of the OpenAPI document (those with
 * path parameters too), logged in as a member and as a staff member with every role, every field
 * of its body and query on its own.
 */
describe('NUL bytes', () => {
  const NUL = 'a\u0000b';
  /** fields the calls read besides KEYS: discount codes, the direct debit form, back-office searches and notes */
  const FIELDS = [
    ...KEYS,
    'q',
    'discount_code',
    'package',
    'method',
    'issuer',
    'account_holder',
    'iban',
    'phone',
    'note',
    'value',
    'kind',
    'body',
    'client_id',
    'type',
    'subject',
    'message',
    'reason_text',
    'status',
    'domain',
    'settings',
    'company',
    'conversation',
    'profile',
    'before',
    'limit',
    'pin',
    'sms_code',
    'redirect',
  ];
  type Spec = {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };

  it('answers a NUL in any field of any call with a translated 400, never a 5xx', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Spec;
    const { user } = await createMember(app, { email: 'nul-member@example.com' });
    const staff = await createMember(app, {
      email: 'nul-staff@example.com',
      user: { isStaff: true, staffRoles: ['admin', 'moderator', 'operator', 'payments'] },
    });
    const cookies = [await loginCookie(app, user.id), await loginCookie(app, staff.user.id)];
    const failures: string[] = [];
    let sent = 0;
    const expectNul = async (
      label: string,
      options: { method: string; url: string; payload?: string; headers: Record<string, string> },
    ) => {
      const res = await app.inject({ ...options, method: options.method as 'POST' });
      sent += 1;
      const body = res.headers['content-type']?.toString().includes('json') ? (res.json() as { error?: string; message?: string }) : {};
      if (res.statusCode !== 400 || body.error !== 'nul_byte' || !body.message)
        failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    for (const [route, methods] of Object.entries(spec.paths)) {
      const path = route.replace(/\{domain\}/g, 'localhost').replace(/\{[^}]+\}/g, String(user.id));
      for (const [method, op] of Object.entries(methods)) {
        if (route.startsWith('/mollie-sim/')) {
          // the payment simulator stands in for Mollie and answers in Mollie's own error format: no 5xx is all
          const res = await app.inject({
            method: method.toUpperCase() as 'POST',
            url: `${path}?${new URLSearchParams({ id: NUL, testmode: NUL })}`,
            headers: { 'content-type': 'application/json' },
            payload: method === 'get' ? undefined : JSON.stringify({ description: NUL }),
          });
          if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${route} -> ${res.statusCode}`);
          continue;
        }
        const bodyFields = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
        const queryFields = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        // the call's own fields one by one; every other name the calls read all at once
        const own = [...new Set([...bodyFields, ...queryFields])];
        const others = FIELDS.filter((f) => !own.includes(f));
        for (const cookie of cookies) {
          const headers = { 'content-type': 'application/json', 'x-request-type': 'fuzz', cookie: `${cookie}; lang=de` };
          const all = Object.fromEntries(others.map((f) => [f, NUL]));
          await expectNul(`${method.toUpperCase()} ${route}?<all>=NUL`, {
            method: method.toUpperCase(),
            url: `${path}?${new URLSearchParams(all)}`,
            headers,
          });
          if (method !== 'get')
            await expectNul(`${method.toUpperCase()} ${route} {<all>: NUL}`, {
              method: method.toUpperCase(),
              url: path,
              headers,
              payload: JSON.stringify(all),
            });
          for (const field of own) {
            await expectNul(`${method.toUpperCase()} ${route}?${field}=NUL`, {
              method: method.toUpperCase(),
              url: `${path}?${new URLSearchParams({ [field]: NUL })}`,
              headers,
            });
            if (method !== 'get') {
              await expectNul(`${method.toUpperCase()} ${route} {${field}: NUL}`, {
                method: method.toUpperCase(),
                url: path,
                headers,
                payload: JSON.stringify({ [field]: NUL }),
              });
            }
          }
          if (method !== 'get') {
            // nested, in an array, in a key, a bare string body, a form body
            for (const payload of [{ subscription: { endpoint: NUL } }, { interests: ['x', NUL] }, { [NUL]: 1 }, NUL]) {
              await expectNul(`${method.toUpperCase()} ${route} ${JSON.stringify(payload)}`, {
                method: method.toUpperCase(),
                url: path,
                headers,
                payload: JSON.stringify(payload),
              });
            }
          }
        }
      }
    }
    // the PSP's webhook and the unsubscribe form take form bodies
    for (const url of ['/api/payment-webhook.php', '/api/unsubscribe.php']) {
      await expectNul(`form ${url}`, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=tr_${encodeURIComponent(NUL)}&token=${encodeURIComponent(NUL)}`,
      });
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);

  it('says so in the member’s language and names the field (the calls that answered 500 before)', async () => {
    const { user } = await createMember(app, { email: 'nul-named@example.com', user: { language: 'en' } });
    const cookie = `${await loginCookie(app, user.id)}; lang=en`;
    const staff = await createMember(app, { email: 'nul-named-staff@example.com', user: { isStaff: true, staffRoles: ['admin'] } });
    const staffCookie = await loginCookie(app, staff.user.id);
    const json = { 'content-type': 'application/json' };
    const calls: [string, string, Record<string, unknown> | undefined, string, string][] = [
      ['POST', '/api/complaints.php', { name: 'Piet', email: 'piet@example.com', subject: 'x', message: NUL }, 'message', cookie],
      ['GET', `/api/credits.php?discount_code=${encodeURIComponent(NUL)}`, undefined, 'discount_code', cookie],
      ['POST', '/api/payment.php', { package: 'p2', method: 'ideal', discount_code: NUL }, 'discount_code', cookie],
      [
        'POST',
        '/api/directdebit.php',
        { package: 'p2', account_holder: NUL, iban: 'NL02ABNA0123456789', phone: '+31612345678' },
        'account_holder',
        cookie,
      ],
      ['GET', `/api/backoffice/members?q=${encodeURIComponent(NUL)}`, undefined, 'q', staffCookie],
      ['GET', `/api/backoffice/complaints?q=${encodeURIComponent(NUL)}`, undefined, 'q', staffCookie],
      ['GET', `/api/backoffice/payments?q=${encodeURIComponent(NUL)}`, undefined, 'q', staffCookie],
      ['POST', '/api/backoffice/complaints/1/handle', { note: NUL }, 'note', staffCookie],
      ['POST', '/api/backoffice/payments/blocked', { kind: 'phone', value: '+31600000001', note: NUL }, 'note', staffCookie],
    ];
    for (const [method, url, payload, field, who] of calls) {
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: { ...json, cookie: who, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
      expect([method, url, res.statusCode, res.json().error, res.json().field]).toEqual([method, url, 400, 'nul_byte', field]);
    }
    const res = await app.inject({ method: 'GET', url: `/api/credits.php?discount_code=${encodeURIComponent(NUL)}`, headers: { cookie } });
    expect(res.json().message).toBe('The input contains an invalid character (NUL).');
  });
});
