/**
 * GET /metrics (metrics.ts): who may read it, and what an operator finds in it after real traffic:
 * HTTP requests by route pattern and status, an open WebSocket, a paid message stored and
 * delivered, the webhook, the job queue, payments, the caches, the pool and the process.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';
import { member, send, TestSocket } from '../modules/chat/test-helpers';

const TOKEN = 'metrics-token-for-the-test-0123456789';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  // the caches on, as in production, so that their hits and misses show
  app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, SESSION_CACHE_MS: 30_000, ANSWER_CACHE_MS: 10_000 } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await app.close();
});

async function scrape(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample (`name{labels}`, labels in the order prom-client writes them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may read /metrics', () => {
  it('this machine may; a remote peer gets 403, a wrong token 401, the right token 200', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const remote = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.7' };
    expect((await app.inject(remote)).statusCode).toBe(403);
    // a header claiming loopback changes nothing: the peer's own address counts
    expect((await app.inject({ ...remote, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
    const wrong = await app.inject({ ...remote, headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    const right = await app.inject({ ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds_bucket');
  });

  it('a local request through a proxy (a forwarding header) is not this machine: 403', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.1' } })).statusCode).toBe(403);
  });

  it('without METRICS_TOKEN nothing opens it from elsewhere', async () => {
    const other = await buildTestApp();
    try {
      const res = await other.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('what it shows', () => {
  it('every family, the process metrics included', async () => {
    const text = await scrape();
    for (const family of [
      'http_request_duration_seconds',
      'websockets_open',
      'messages_stored_total',
      'messages_delivered_total',
      'payment_webhook_calls_total',
      'payments',
      'jobs_queued',
      'cache_lookups_total',
      'db_pool_connections',
      'db_admission_requests',
      'db_admission_shed_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }
    expect(sample(text, 'payments{status="paid"}')).toBe(0);
  });

  it('a request counts under its route pattern and status, never its raw URL', async () => {
    const m = await member(app);
    const profile = await app.inject({ method: 'GET', url: '/api/profile.php?id=123456789', headers: { cookie: m.cookie } });
    await app.inject({ method: 'GET', url: '/api/no-such-thing-4242' });
    const text = await scrape();
    expect(
      sample(text, `http_request_duration_seconds_count{method="GET",route="/api/profile.php",status="${profile.statusCode}"}`),
    ).toBeGreaterThanOrEqual(1);
    // an unknown path falls to the static files' catch-all: counted under its pattern
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/*",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('no-such-thing-4242');
  });

  it('an open WebSocket, a paid message stored and its delivery to the sockets', async () => {
    const a = await member(app, 100);
    const b = await member(app);
    const before = await scrape();
    const socketsBefore = sample(before, 'websockets_open') ?? 0;
    const paidBefore = sample(before, 'messages_stored_total{paid="true"}') ?? 0;
    const deliveredBefore = sample(before, 'messages_delivered_total') ?? 0;
    const bTab = await TestSocket.open(base, b);
    try {
      expect(sample(await scrape(), 'websockets_open')).toBe(socketsBefore + 1);
      const sent = (await send(app, a, { profile: b.id, body: 'betaald bericht' })).json().message;
      await bTab.next((f) => f.type === 'message:new' && f.message.id === sent.id);
      const after = await scrape();
      expect(sample(after, 'messages_stored_total{paid="true"}')).toBe(paidBefore + 1);
      expect(sample(after, 'messages_delivered_total')).toBeGreaterThanOrEqual(deliveredBefore + 1);
    } finally {
      bTab.close();
    }
  });

  it('webhook calls by outcome, jobs waiting by queue', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=tr_unknown123',
    });
    expect(res.statusCode).toBe(200);
    await app.jobs.send('metrics-test', { n: 1 });
    const text = await scrape();
    expect(sample(text, 'payment_webhook_calls_total{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'jobs_queued{queue="metrics-test"}')).toBe(1);
  });

  it('the session cache: a miss, then a hit for the same session', async () => {
    const m = await member(app);
    const before = await scrape();
    const hits = sample(before, 'cache_lookups_total{cache="session",result="hit"}') ?? 0;
    const misses = sample(before, 'cache_lookups_total{cache="session",result="miss"}') ?? 0;
    await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: m.cookie } });
    await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: m.cookie } });
    const after = await scrape();
    expect(sample(after, 'cache_lookups_total{cache="session",result="miss"}')).toBe(misses + 1);
    expect(sample(after, 'cache_lookups_total{cache="session",result="hit"}')).toBe(hits + 1);
  });

  it('the search cache: the same search twice reads its list once', async () => {
    const m = await member(app);
    const before = await scrape();
    const hits = sample(before, 'cache_lookups_total{cache="search",result="hit"}') ?? 0;
    const misses = sample(before, 'cache_lookups_total{cache="search",result="miss"}') ?? 0;
    const url = '/api/members.php?gender=female&min_age=30&max_age=31';
    expect((await app.inject({ method: 'GET', url, headers: { cookie: m.cookie } })).statusCode).toBe(200);
    const first = await scrape();
    // (a search may read more than one list: members and chatpals)
    const read = (sample(first, 'cache_lookups_total{cache="search",result="miss"}') ?? 0) - misses;
    expect(read).toBeGreaterThanOrEqual(1);
    expect(sample(first, 'cache_lookups_total{cache="search",result="hit"}') ?? 0).toBe(hits);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: m.cookie } })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'cache_lookups_total{cache="search",result="miss"}')).toBe(misses + read);
    expect(sample(after, 'cache_lookups_total{cache="search",result="hit"}')).toBe(hits + read);
    expect(sample(after, 'cache_lookups_total{cache="answer",result="hit"}')).toBeGreaterThanOrEqual(1);
  });

  it('the pool on PostgreSQL; the admission slots on either', async () => {
    const text = await scrape();
    if (app.dbHandle.driver === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_connections{');
    }
    expect(sample(text, 'db_admission_requests{state="waiting"}')).toBe(0);
  });
});
