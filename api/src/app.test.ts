import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { redactUrl } from './platform/logging';
import { users } from './db/schema';
import { AppError } from './errors';
import { createSession, requireUser, revokeAllSessions, revokeSession } from './platform/session';
import { buildTestApp, createMember, loginCookie } from './test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { MAX_BODY_BYTES: 2048 } });
  // routes only this test file needs, registered before the app is ready
  app.post('/api/echo.php', { schema: { body: z.object({ email: z.string().email(), age: z.number().int().min(18) }) } }, async (req) => ({
    ok: true,
    body: req.body,
  }));
  app.get('/api/boom.php', async () => {
    throw new Error('secret database detail');
  });
  app.get('/api/locked.php', async () => {
    throw new AppError('too_many_requests', { status: 429, minutes: 5 });
  });
  app.get('/api/pg-range.php', async (req) => {
    const { n } = req.query as { n: string };
    await app.db.execute(sql`select ${n}::int as n`);
    return { ok: true };
  });
  app.get('/api/me.php', async (req) => ({ id: requireUser(req).id }));
  app.post('/api/login-as.php', async (req, reply) => {
    const { id } = req.body as { id: number };
    await createSession(reply, id);
    return { ok: true };
  });
  app.get('/api/logout-test.php', async (req, reply) => {
    await revokeSession(req, reply);
    return { ok: true };
  });
});
afterAll(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json' };

describe('error shape', () => {
  it('answers an unknown /api route with a translated JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope.php' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'route_not_found', message: 'Deze pagina kon niet worden gevonden.' });
    const post = await app.inject({ method: 'POST', url: '/api/nope.php', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json().error).toBe('route_not_found');
  });

  it('translates messages into the language cookie, else the site language', async () => {
    const de = await app.inject({ method: 'GET', url: '/api/nope.php', cookies: { lang: 'de' } });
    expect(de.json().message).toBe('Diese Seite konnte nicht gefunden werden.');
    const fr = await app.inject({ method: 'GET', url: '/api/nope.php', headers: { host: 'example.fr' } });
    expect(fr.json().message).toBe('Cette page est introuvable.');
    const unknownLang = await app.inject({ method: 'GET', url: '/api/nope.php', cookies: { lang: 'xx' } });
    expect(unknownLang.json().message).toBe('Deze pagina kon niet worden gevonden.');
  });

  it('rejects malformed JSON with a translated 400, and keeps serving', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/echo.php', headers: json, payload: '{"email": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid_json', message: 'De aanvraag bevat geen geldige JSON.' });
    const empty = await app.inject({ method: 'POST', url: '/api/echo.php', headers: json, payload: '' });
    expect(empty.statusCode).toBe(400);
    const ok = await app.inject({ method: 'POST', url: '/api/echo.php', payload: { email: 'a@b.nl', age: 30 } });
    expect(ok.statusCode).toBe(200);
  });

  it('names the field that failed validation', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/echo.php', payload: { age: 30 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'validation', field: 'email', message: 'E-mailadres is verplicht.' });
    const young = await app.inject({
      method: 'POST',
      url: '/api/echo.php',
      payload: { email: 'a@b.nl', age: 12 },
      cookies: { lang: 'en' },
    });
    expect(young.json()).toEqual({ error: 'validation', field: 'age', message: 'Age is too short or too small.' });
    const wrongType = await app.inject({ method: 'POST', url: '/api/echo.php', payload: { email: ['x'], age: 'old' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toBe('validation');
    const query = await app.inject({ method: 'GET', url: '/api/regions.php' });
    expect(query.json()).toEqual({ error: 'validation', field: 'country', message: 'Land is verplicht.' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo.php',
      headers: json,
      payload: JSON.stringify({ email: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: 'De aanvraag is te groot.' });
  });

  it('never leaks a 500 message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/boom.php' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal', message: 'Er is een fout opgetreden, probeer het later opnieuw.' });
    expect(res.body).not.toContain('secret');
  });

  it('fills placeholders and echoes minutes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/locked.php' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'too_many_requests', minutes: 5 });
  });
});

describe('input the database could not hold', () => {
  it('answers an id beyond the 32-bit range with a translated 400, not a database error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/member.php?id=3000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'id' });
    const body = await app.inject({ method: 'POST', url: '/api/like.php', payload: { id: 99999999999 } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ error: 'validation', field: 'id' });
  });

  it('answers a value the database cannot hold with a 400 even where no schema caught it', async () => {
    const range = await app.inject({ method: 'GET', url: '/api/pg-range.php?n=3000000000' });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    const text = await app.inject({ method: 'GET', url: '/api/pg-range.php?n=abc' });
    expect(text.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/pg-range.php?n=7' })).statusCode).toBe(200);
  });

  it('answers a URL with broken percent-encoding in our translated shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/%E0%A4%A', cookies: { lang: 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    expect(res.json().message).not.toMatch(/FST_|Fastify/);
  });

  it("uses the shared contract's own message for a rule it names", async () => {
    const { user } = await createMember(app, { name: 'Rulecheck' });
    const cookie = await loginCookie(app, user.id);
    const res = await app.inject({ method: 'PUT', url: '/api/profile.php', headers: { cookie }, payload: { name: '@admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'name', code: 'name_starts_with_at' });
    expect(res.json().message).not.toBe('Ongeldige invoer voor name.');
  });
});

describe('logging', () => {
  it('logs a request at debug, one line, so the default level stays quiet; a failure at warn and error', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    for (const level of ['info', 'debug'] as const) {
      lines.length = 0;
      const logged = await buildTestApp({ logger: { level, stream } });
      logged.get('/api/boom.php', async () => {
        throw new Error('secret database detail');
      });
      try {
        await logged.inject({ method: 'GET', url: '/api/settings.php?token=abc' });
        const requestLines = lines.filter((l) => (l.req as { url?: string } | undefined)?.url?.startsWith('/api/settings.php'));
        if (level === 'info') expect(requestLines).toEqual([]);
        else
          expect(requestLines).toEqual([
            expect.objectContaining({
              level: 20,
              msg: 'request completed',
              statusCode: 200,
              req: expect.objectContaining({ url: '/api/settings.php?token=~' }),
            }),
          ]);
        lines.length = 0;
        await logged.inject({ method: 'GET', url: '/api/boom.php' });
        expect(lines.map((l) => l.level)).toEqual(expect.arrayContaining([50]));
      } finally {
        await logged.close();
      }
    }
  });

  it('drops query values from logged URLs (tokens, e-mail addresses, coordinates)', () => {
    expect(redactUrl('/api/geocode.php?lat=52.370216&lng=4.895168')).toBe('/api/geocode.php?lat=~&lng=~');
    expect(redactUrl('/api/activate.php?token=abc123')).toBe('/api/activate.php?token=~');
    expect(redactUrl('/search')).toBe('/search');
  });
});

describe('page-hidden beacon', () => {
  it('answers 204 and marks a logged-in member as last seen now', async () => {
    const { user } = await createMember(app, { name: 'Beacon' });
    const cookie = await loginCookie(app, user.id);
    const before = Date.now();
    const res = await app.inject({ method: 'POST', url: '/api/page-hidden.php', headers: { cookie, ...json }, payload: '{}' });
    expect(res.statusCode).toBe(204);
    const [row] = await app.db.select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, user.id));
    expect(row?.lastSeenAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const anonymous = await app.inject({ method: 'POST', url: '/api/page-hidden.php', headers: json, payload: '{}' });
    expect(anonymous.statusCode).toBe(204);
  });
});

describe('origin check', () => {
  it('refuses a state-changing request without JSON body or custom header', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo.php', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf_header_required');
  });

  it('refuses a request from another origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo.php',
      headers: { ...json, host: 'localhost:3000', origin: 'https://evil.example' },
      payload: { email: 'a@b.nl', age: 30 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('origin_mismatch');
  });

  it('accepts the same origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo.php',
      headers: { ...json, host: 'localhost:3000', origin: 'http://localhost:3000' },
      payload: { email: 'a@b.nl', age: 30 },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logs in with an HttpOnly SameSite=Lax cookie and knows the user', async () => {
    const { user } = await createMember(app);
    const anon = await app.inject({ method: 'GET', url: '/api/me.php' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json()).toMatchObject({ error: 'authentication_required', authentication_required: true });

    const login = await app.inject({ method: 'POST', url: '/api/login-as.php', payload: { id: user.id } });
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = setCookie.split(';')[0] as string;

    const me = await app.inject({ method: 'GET', url: '/api/me.php', headers: { cookie } });
    expect(me.json()).toEqual({ id: user.id });

    const out = await app.inject({ method: 'GET', url: '/api/logout-test.php', headers: { cookie } });
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    const after = await app.inject({ method: 'GET', url: '/api/me.php', headers: { cookie } });
    expect(after.statusCode).toBe(403);
  });

  it('revokes all other sessions of a user', async () => {
    const { user } = await createMember(app);
    const a = await loginCookie(app, user.id);
    const b = await loginCookie(app, user.id);
    await revokeAllSessions(app.db, user.id);
    for (const cookie of [a, b]) {
      const res = await app.inject({ method: 'GET', url: '/api/me.php', headers: { cookie } });
      expect(res.statusCode).toBe(403);
    }
  });

  it('ignores a forged cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me.php', headers: { cookie: 'sid=forged-token' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('openapi', () => {
  it('documents the calls', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/settings.php', '/api/regions.php', '/api/interests.php', '/api/companyinfo.php']),
    );
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure behind an HTTPS proxy', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: true } });
    try {
      proxied.post('/api/login-as.php', async (req, reply) => {
        await createSession(reply, (req.body as { id: number }).id);
        return { ok: true };
      });
      const { user } = await createMember(proxied);
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/login-as.php',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { id: user.id },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });
});
