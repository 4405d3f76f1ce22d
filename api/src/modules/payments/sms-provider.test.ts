/**
 * Issue 25 item 6a: a real SMS provider. With SMS_URL the direct-debit code goes to an HTTP
 * provider (a real local HTTP server here, recording what it receives) and never into the
 * database; without one, in production, direct debit is not offered and its start is refused.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smsCodes, smsOutbox } from '../../db/schema';
import { createMember, loginCookie } from '../../test/helpers';
import { mollieSimOf } from '../mollie-sim';
import { startPaymentsApp, stopPaymentsApp } from './test-helpers';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string };
}

/** A local SMS provider: answers `status`, records every request. */
async function provider(status: () => number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(raw),
      });
      res.writeHead(status(), { 'content-type': 'application/json' }).end('{"id":"msg_1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function listening(env: Record<string, unknown>): Promise<FastifyInstance> {
  return (await startPaymentsApp(env)).app;
}

async function memberCookie(app: FastifyInstance) {
  const { user } = await createMember(app, { country: 'NL', user: { signupAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
  return { user, cookie: await loginCookie(app, user.id) };
}

const json = { 'content-type': 'application/json' };
const ddForm = (phone: string) => ({ account_holder: 'Anna de Vries', iban: 'NL91ABNA0417164300', phone, package: 'p1', consent: true });
const post = (app: FastifyInstance, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/directdebit.php', headers: { cookie, ...json }, payload });

describe('SMS_URL: an HTTP SMS provider', () => {
  let app: FastifyInstance;
  let sms: Awaited<ReturnType<typeof provider>>;
  let answer = 200;

  beforeAll(async () => {
    sms = await provider(() => answer);
    app = await listening({ SMS_URL: sms.url, SMS_KEY: 'sms-test-key' });
  }, 60_000);
  afterAll(async () => {
    await stopPaymentsApp(app);
    await sms.close();
  });

  it('delivers the code to the provider only: the database keeps a masked text; the code confirms the payment', async () => {
    const m = await memberCookie(app);
    const started = await post(app, m.cookie, ddForm('06 12000010'));
    expect(started.statusCode).toBe(200);
    expect(sms.received).toHaveLength(1);
    const [sent] = sms.received;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/v1/messages',
      authorization: 'Bearer sms-test-key',
      contentType: 'application/json',
      body: { to: '+31612000010' },
    });
    const code = /(\d{6})/.exec(sent?.body.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const stored = await app.db.select().from(smsOutbox).where(eq(smsOutbox.userId, m.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.text).not.toContain(code);
    expect(stored[0]?.text).toContain('******');
    const [hashed] = await app.db.select().from(smsCodes).where(eq(smsCodes.userId, m.user.id));
    expect(hashed?.codeHash).not.toContain(code);
    const box = (await app.inject({ method: 'GET', url: '/dev/mailbox?to=%2B31612000010' })).json();
    expect(JSON.stringify(box)).not.toContain(code);

    const done = await post(app, m.cookie, { otp: code });
    expect(done.statusCode).toBe(200);
    expect(done.json().payment).toMatchObject({ kind: 'directdebit', amount: 1995 });
  });

  it('a provider that refuses: a translated 502 (the member is told, not left waiting for a code)', async () => {
    const m = await memberCookie(app);
    answer = 503;
    try {
      const res = await post(app, m.cookie, ddForm('06 12000011'));
      expect([res.statusCode, res.json().error, res.json().message]).toEqual([
        502,
        'sms_unavailable',
        expect.stringMatching(/^De sms met je code kon nu niet worden verstuurd/),
      ]);
      const en = await app.inject({
        method: 'POST',
        url: '/api/directdebit.php?lang=en',
        headers: { cookie: m.cookie, ...json },
        payload: ddForm('06 12000011'),
      });
      expect(en.json().message).toMatch(/^The text message with your code could not be sent/);
    } finally {
      answer = 200;
    }
  });
});

describe('production without an SMS provider', () => {
  it('does not offer direct debit and refuses its start; with SMS_URL it is offered', async () => {
    const app = await listening({ NODE_ENV: 'production', MOLLIE_SIMULATOR: true });
    try {
      const m = await memberCookie(app);
      const credits = (await app.inject({ method: 'GET', url: '/api/credits.php', headers: { cookie: m.cookie } })).json();
      expect(credits.methods.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(['ideal', 'visa']));
      expect(credits.methods.map((x: { id: string }) => x.id)).not.toContain('sdd');
      expect(credits.direct_debit).toBe(false);
      const start = await post(app, m.cookie, ddForm('06 12000012'));
      expect([start.statusCode, start.json().error, start.json().message]).toEqual([
        400,
        'method_not_offered',
        expect.stringMatching(/^Deze betaalmethode is niet beschikbaar/),
      ]);
      expect((await post(app, m.cookie, { otp: '123456' })).json().error).toBe('method_not_offered');
      expect(await app.db.select().from(smsOutbox).where(eq(smsOutbox.userId, m.user.id))).toEqual([]);
    } finally {
      await mollieSimOf(app)?.settled();
      await app.close();
    }

    const sms = await provider(() => 200);
    const withProvider = await listening({ NODE_ENV: 'production', MOLLIE_SIMULATOR: true, SMS_URL: sms.url });
    try {
      const m = await memberCookie(withProvider);
      const credits = (await withProvider.inject({ method: 'GET', url: '/api/credits.php', headers: { cookie: m.cookie } })).json();
      expect(credits.direct_debit).toBe(true);
    } finally {
      await mollieSimOf(withProvider)?.settled();
      await withProvider.close();
      await sms.close();
    }
  }, 60_000);
});
