/**
 * /healthz and /readyz (issue 28, health.ts) on a real app and database (PGlite, or PostgreSQL with
 * DATABASE_URL): what a load balancer sees when the instance is fine, draining, missing a
 * migration or without its database.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';

const readyz = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return {
    status: res.statusCode,
    body: res.json<{ ready: boolean; failing?: string[]; checks: Record<string, { ok: boolean; detail?: string }> }>(),
    cache: res.headers['cache-control'],
  };
};

describe('a running instance', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // a one-slot admission queue with no room to wait and every rate limit at 1: a probe that went
    // through either would be refused under the burst below
    app = await buildTestApp({
      startJobs: true,
      admission: { concurrency: 1, maxQueue: 0, maxWaitMs: 1000 },
      env: { RATE_LIMIT_SIGNUP: 1, RATE_LIMIT_MAIL: 1, RATE_LIMIT_GEOCODE: 1 },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is live and ready, answers uncached', async () => {
    const live = await app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await readyz(app);
    expect(ready).toMatchObject({ status: 200, cache: 'no-store', body: { ready: true } });
    expect(Object.keys(ready.body.checks).sort()).toEqual(['database', 'draining', 'jobs', 'listen', 'migrations']);
  });

  it('answers every one of a burst of probes (no admission queue, no rate limit, no session)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.inject({ method: 'GET', url: i % 2 ? '/readyz' : '/healthz', headers: { cookie: 'sid=not-a-session' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(60).fill(200));
  });

  it('is not ready while a migration of the journal is not applied', async () => {
    const [newest] = await app.dbHandle.query<{ id: number; hash: string; created_at: string }>(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at',
    );
    try {
      const ready = await readyz(app);
      expect(ready.status).toBe(503);
      expect(ready.body.failing).toEqual(['migrations']);
    } finally {
      await app.dbHandle.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        newest?.id,
        newest?.hash,
        newest?.created_at,
      ]);
    }
    expect((await readyz(app)).status).toBe(200);
  });

  it('says 503 "draining" from the moment it drains; /healthz stays 200', async () => {
    app.startDraining();
    const ready = await readyz(app);
    expect(ready).toMatchObject({ status: 503, cache: 'no-store', body: { ready: false, failing: ['draining'] } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('an instance whose database is gone', () => {
  it('is not ready, names the database, and is still live', async () => {
    const app = await buildTestApp();
    try {
      await app.dbHandle.close();
      const ready = await readyz(app);
      expect(ready.status).toBe(503);
      expect(ready.body.failing).toEqual(expect.arrayContaining(['database', 'migrations']));
      expect(ready.body.checks.database?.ok).toBe(false);
      const live = await app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
