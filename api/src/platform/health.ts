/**
 * Liveness and readiness for a load balancer or an orchestrator (issue 28, docs/operations.md
 * "Health, readiness and restarts"):
 *
 *   GET /healthz  200 {status:'ok'}: the process answers (no database touched; restart it when not)
 *   GET /readyz   200 {ready:true, checks} when this instance can serve: the database answers, every
 *                 migration of the journal this build ships is applied, the LISTEN connection is up
 *                 and the job queue runs; else 503 {ready:false, failing:[names], checks}. Draining
 *                 (SIGTERM, server.ts: app.startDraining()) is 503 at once, `failing: ['draining']`.
 *
 * Both are outside /api and marked `probe` (request-hooks.ts): no site lookup, no session, no admission queue (admission.ts), no rate limit (rate-limit.ts
 * limits named routes only), and `Cache-Control: no-store` (a proxy must never answer for them).
 * Each database check waits at most CHECK_TIMEOUT_MS (a pool that cannot connect waits forever).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MIGRATIONS_DIR } from '../db/client';
import { listen } from '../db/listen';
import type { Listener } from '../db/listen';

declare module 'fastify' {
  interface FastifyInstance {
    /** from now on /readyz answers 503 `draining` (server.ts on SIGTERM); cannot be undone */
    startDraining(): void;
  }
  interface FastifyContextConfig {
    /** a health probe: request-hooks.ts skips the site, session and admission for it */
    probe?: boolean;
  }
}

export const CHECK_TIMEOUT_MS = 2000;
/** a channel nobody notifies: only the LISTEN connection's state matters (db/listen.ts) */
const HEALTH_CHANNEL = 'health';

export interface Check {
  ok: boolean;
  detail?: string;
}

/** the `when` of the newest migration in the journal this build ships (drizzle's folderMillis) */
function newestMigration(): { when: number; count: number } {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { when: Math.max(...journal.entries.map((e) => e.when)), count: journal.entries.length };
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const failed = (err: unknown): Check => ({ ok: false, detail: err instanceof Error ? err.message : String(err) });

async function healthPlugin(app: FastifyInstance): Promise<void> {
  const expected = newestMigration();
  let draining = false;
  let listenLive = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  const listener: Listener = await listen(app.dbHandle, HEALTH_CHANNEL, {
    message: () => undefined,
    state: (live) => {
      listenLive = live;
    },
  });
  // a response while draining ends its keep-alive connection: the drain does not wait for idle
  // connections of a load balancer until DRAIN_TIMEOUT_MS
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    draining = true;
    await listener.close();
  });

  /** the database answers, and has applied the newest migration of the journal */
  async function database(): Promise<{ database: Check; migrations: Check }> {
    try {
      const [row] = await withTimeout(
        app.dbHandle.query<{ newest: string | number | null; applied: string | number }>(
          'select max(created_at) as newest, count(*) as applied from drizzle.__drizzle_migrations',
        ),
        'database',
      );
      const newest = Number(row?.newest ?? 0);
      const migrations: Check =
        newest >= expected.when
          ? { ok: true }
          : { ok: false, detail: `${Number(row?.applied ?? 0)} applied, the journal has ${expected.count}` };
      return { database: { ok: true }, migrations };
    } catch (err) {
      return { database: failed(err), migrations: { ok: false, detail: 'database unavailable' } };
    }
  }

  const noStore = { 'cache-control': 'no-store' };
  const routeConfig = { probe: true, session: false } as const;

  app.get('/healthz', { schema: { hide: true }, config: routeConfig }, async (_req, reply) => {
    return reply.headers(noStore).send({ status: 'ok' });
  });

  app.get('/readyz', { schema: { hide: true }, config: routeConfig }, async (_req, reply) => {
    const checks: Record<string, Check> = {
      draining: draining ? { ok: false, detail: 'shutting down' } : { ok: true },
      ...(await database()),
      listen: listenLive ? { ok: true } : { ok: false, detail: 'LISTEN connection down' },
      jobs: app.jobs.running() ? { ok: true } : { ok: false, detail: 'job queue not running' },
    };
    const failing = Object.entries(checks)
      .filter(([, c]) => !c.ok)
      .map(([name]) => name);
    const ready = failing.length === 0;
    return reply
      .status(ready ? 200 : 503)
      .headers(noStore)
      .send(ready ? { ready, checks } : { ready, failing, checks });
  });
}

/** WebSocket close code "service restart": the browser reconnects at once (shared-kit realtime/socket.ts) */
export const SERVICE_RESTART = 1012;

/**
 * SIGTERM (server.ts): /readyz turns 503 at once, every WebSocket is closed with 1012 so its
 * browser reconnects at once to another instance and catches up from its last message id
 * (chat/catch-up.ts), the listener stops taking connections, requests in flight finish (their
 * connections are cut after `timeoutMs`), then app.close() stops the job queue (running jobs
 * finish) and closes the database.
 */
export async function drainAndClose(app: FastifyInstance, timeoutMs: number): Promise<void> {
  app.startDraining();
  app.realtime.closeAll(SERVICE_RESTART, 'service restart');
  const cut = setTimeout(() => {
    app.log.warn(`requests still in flight after ${timeoutMs} ms: their connections are cut`);
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

export default fp(healthPlugin, { name: 'health' });
