/**
 * GET /metrics: the Prometheus text format through prom-client (docs/operations.md "Metrics").
 *
 * Who may read it: a request from this machine (the TCP peer's own address, local-peer.ts) or one
 * with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time); anyone else gets 403,
 * a wrong token 401. It never goes through admission or the session lookup (not under /api/).
 *
 * One registry per app (tests build several apps in one process), joined at scrape time with the
 * process's own (default metrics: event-loop delay, heap, RSS, GC), which exists once per process.
 *
 * The hot paths pay almost nothing: a request costs one histogram observation (labelled by the
 * route's pattern, never the raw URL); caches and socket deliveries bump plain numbers that are
 * read only when Prometheus scrapes; queue depth, payments and the pool are read at scrape time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { PAYMENT_STATUSES } from '@dating/shared-kit/contracts';
import { fromThisMachine } from './local-peer';

export interface AppMetrics {
  registry: Registry;
  /** a message stored by a member's send (chat/routes.ts); paid: it cost credits */
  messagesStored: Counter<'paid'>;
  /** calls of the PSP's webhook (payments/routes.ts) by outcome: ok, error */
  webhookCalls: Counter<'outcome'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The process's default metrics: once per process, whatever the number of apps. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** 'ok', or the status that refuses `req` (403: nothing that opens it; 401: a wrong token). */
export function metricsAccess(req: FastifyRequest, token: string | undefined): 'ok' | 401 | 403 {
  if (fromThisMachine(req)) return 'ok';
  const auth = req.headers.authorization;
  if (!auth || !token) return 403;
  const given = /^Bearer (.+)$/i.exec(auth)?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) ? 'ok' : 401;
}

/** A counter whose value lives elsewhere (a plain number bumped on a hot path), read at scrape time. */
function countedElsewhere<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: L[],
  read: () => [Partial<Record<L, string>>, number][],
) {
  return new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

/** A gauge set at scrape time from `read`; a failed read leaves it empty (logged) rather than failing the scrape. */
function readAtScrape<L extends string>(
  app: FastifyInstance,
  registry: Registry,
  name: string,
  help: string,
  labelNames: L[],
  read: () => Promise<[Partial<Record<L, string>>, number][]> | [Partial<Record<L, string>>, number][],
) {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [labels, value] of await read()) this.set(labels, value);
      } catch (err) {
        app.log.warn({ err, metric: name }, 'metric not read');
      }
    },
  });
}

async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: time to the response (its _count is the request counter)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    http.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });

  const handle = app.dbHandle;
  readAtScrape(app, registry, 'websockets_open', 'WebSockets open on this instance (platform/realtime/hub.ts)', [], () => [
    [{}, app.realtime.socketCount],
  ]);
  countedElsewhere(
    registry,
    'messages_delivered_total',
    'message:new frames sent to sockets of this instance (platform/realtime/hub.ts)',
    [],
    () => [[{}, app.realtime.messagesDelivered]],
  );
  countedElsewhere(
    registry,
    'cache_lookups_total',
    'Lookups of the in-process caches by result: hit ratio = hit / (hit + miss)',
    ['cache', 'result'],
    () =>
      (
        [
          ['session', app.sessionCache.stats],
          ['answer', app.answers.stats],
          ['search', app.answers.searchStats],
        ] as const
      ).flatMap(([cache, s]) => [
        [{ cache, result: 'hit' }, s.hits],
        [{ cache, result: 'miss' }, s.misses],
      ]),
  );
  readAtScrape(
    app,
    registry,
    'db_pool_connections',
    'PostgreSQL pool connections by state: total, idle, waiting (clients waiting for one); absent on PGlite',
    ['state'],
    () =>
      handle.pool
        ? [
            [{ state: 'total' }, handle.pool.totalCount],
            [{ state: 'idle' }, handle.pool.idleCount],
            [{ state: 'waiting' }, handle.pool.waitingCount],
          ]
        : [],
  );
  readAtScrape(
    app,
    registry,
    'db_admission_requests',
    'Requests holding a database slot (active) or queued for one (waiting) (admission.ts)',
    ['state'],
    () => {
      const s = app.admission.stats();
      return [
        [{ state: 'active' }, s.active],
        [{ state: 'waiting' }, s.waiting],
      ];
    },
  );
  countedElsewhere(
    registry,
    'db_admission_shed_total',
    'Requests answered 503 because the database queue was full or too slow (admission.ts)',
    [],
    () => [[{}, app.admission.stats().shed]],
  );
  readAtScrape(
    app,
    registry,
    'jobs_queued',
    'Jobs waiting to run (created or retry) by queue (platform/jobs.ts, pg-boss)',
    ['queue'],
    async () => {
      const [exists] = await handle.query<{ t: string | null }>(`SELECT to_regclass('pgboss.job')::text AS t`);
      if (!exists?.t) return [];
      const rows = await handle.query<{ name: string; n: number }>(
        `SELECT name, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`,
      );
      return rows.map((r) => [{ queue: r.name }, r.n]);
    },
  );
  readAtScrape(app, registry, 'payments', 'Payments by status (all rows of the payments table)', ['status'], async () => {
    const rows = await handle.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM payments GROUP BY status`);
    const found = new Map(rows.map((r) => [r.status, r.n]));
    return PAYMENT_STATUSES.map((status) => [{ status }, found.get(status) ?? 0]);
  });
  const metrics: AppMetrics = {
    registry,
    messagesStored: new Counter({
      name: 'messages_stored_total',
      help: 'Messages stored by members\u2019 sends; paid="true": it cost credits',
      labelNames: ['paid'],
      registers: [registry],
    }),
    webhookCalls: new Counter({
      name: 'payment_webhook_calls_total',
      help: 'Calls of the PSP webhook by outcome: ok (answered 200), error (failed, the PSP retries)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
  app.decorate('metrics', metrics);

  app.get('/metrics', { schema: { hide: true }, config: { session: false } }, async (req, reply) => {
    const access = metricsAccess(req, app.config.METRICS_TOKEN);
    if (access !== 'ok') {
      if (access === 401) reply.header('www-authenticate', 'Bearer');
      return reply
        .code(access)
        .type('text/plain; charset=utf-8')
        .send(access === 401 ? 'wrong token\n' : 'forbidden\n');
    }
    const all = Registry.merge([processMetrics(), registry]);
    return reply.type(all.contentType).send(await all.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
