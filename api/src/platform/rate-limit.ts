/**
 * Rate limits per requester address, counted in the database (table rate_counters), so every
 * server instance counts together and a restart forgets nothing.
 *
 *   route config:  { config: { ...app.limit('mail') } }   // @fastify/rate-limit on that route
 *   in a service:  const { hits, resetAt } = await hit(tx, key, windowMs)   // any counter of your own
 *
 * Limits (per address; env, 0 = no limit; all off by default under NODE_ENV=test, where the test
 * that checks a limit sets it):
 *   signup   RATE_LIMIT_SIGNUP   sign-ups per hour                                  (default 10)
 *   mail     RATE_LIMIT_MAIL     calls that send a mail or an SMS, per hour         (default 20)
 *   geocode  RATE_LIMIT_GEOCODE  reverse geocoding calls per minute                 (default 30)
 * Over the limit: 429 `rate_limited` ("Te veel verzoeken vanaf dit adres. Probeer het over
 * {minutes} min opnieuw.") with Retry-After. The counting is @fastify/rate-limit's (route config,
 * groups across routes, X-RateLimit-* headers); its store is the `hit` below.
 *
 * An address is the client's IP (Fastify's req.ip: the peer, or X-Forwarded-For behind a trusted
 * proxy); an IPv6 address counts by its /64 network, which one subscriber usually holds whole.
 */
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { selectRows } from '../db/client';
import { rateCounters } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../errors';
import { lt } from 'drizzle-orm';

export type LimitName = 'signup' | 'mail' | 'geocode';
export interface Limit {
  /** requests per window; 0 = no limit */
  max: number;
  windowMs: number;
}

const HOUR = 3_600_000;
const DEFAULTS: Record<LimitName, Limit> = {
  signup: { max: 10, windowMs: HOUR },
  mail: { max: 20, windowMs: HOUR },
  geocode: { max: 30, windowMs: 60_000 },
};
const ENV_NAME: Record<LimitName, 'RATE_LIMIT_SIGNUP' | 'RATE_LIMIT_MAIL' | 'RATE_LIMIT_GEOCODE'> = {
  signup: 'RATE_LIMIT_SIGNUP',
  mail: 'RATE_LIMIT_MAIL',
  geocode: 'RATE_LIMIT_GEOCODE',
};

/** The limits of this server (env over the defaults; off under NODE_ENV=test unless set). */
export function limitsOf(
  config: Pick<Env, 'NODE_ENV' | 'RATE_LIMIT_SIGNUP' | 'RATE_LIMIT_MAIL' | 'RATE_LIMIT_GEOCODE'>,
): Record<LimitName, Limit> {
  const out = {} as Record<LimitName, Limit>;
  for (const name of Object.keys(DEFAULTS) as LimitName[]) {
    const given = config[ENV_NAME[name]];
    out[name] = { ...DEFAULTS[name], max: given ?? (config.NODE_ENV === 'test' ? 0 : DEFAULTS[name].max) };
  }
  return out;
}

/**
 * The counted address of an IP: IPv4 as it is, IPv6 by its /64 network (IPv4-mapped IPv6 as
 * IPv4): @fastify/rate-limit's own normalizeIP (its default key since 11), e.g. `2001:db8:0:1::`.
 */
export function addressKey(ip: string): string {
  return normalizeIP(ip, 64);
}

/**
 * Count one hit on `key` in a fixed window of `windowMs` (a window that is over starts again at
 * 1). Atomic (one statement), so concurrent requests each get their own count. In a transaction
 * the hit is undone with it: a refused request that rolls back does not count.
 */
export async function hit(db: DbOrTx, key: string, windowMs: number, now: Date = new Date()): Promise<{ hits: number; resetAt: Date }> {
  const over = sql`${rateCounters.windowStart} + ${rateCounters.windowMs} * interval '1 millisecond' <= excluded.window_start`;
  const [row] = await selectRows<{ hits: number; window_start: Date | string; window_ms: number }>(
    db,
    sql`insert into ${rateCounters} (key, window_start, window_ms, hits) values (${key}, ${now.toISOString()}::timestamptz, ${windowMs}, 1)
        on conflict (key) do update set
          hits = case when ${over} then 1 else ${rateCounters.hits} + 1 end,
          window_start = case when ${over} then excluded.window_start else ${rateCounters.windowStart} end,
          window_ms = excluded.window_ms
        returning hits, window_start, window_ms`,
  );
  if (!row) throw new Error('rate counter not written');
  return { hits: Number(row.hits), resetAt: new Date(new Date(row.window_start).getTime() + Number(row.window_ms)) };
}

/** The 429 of a limit that is used up until `resetAt`. */
export function rateLimited(resetAt: Date, now: Date = new Date(), code = 'rate_limited'): AppError {
  const ms = Math.max(0, resetAt.getTime() - now.getTime());
  return new AppError(code, {
    status: 429,
    minutes: Math.max(1, Math.ceil(ms / 60_000)),
    extra: { retry_after: Math.max(1, Math.ceil(ms / 1000)) },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** route config of a named limit: `{ config: { ...app.limit('mail') } }` ({} when the limit is off) */
    limit(name: LimitName): { rateLimit?: { groupId: string; max: number; timeWindow: number } };
  }
}

/** @fastify/rate-limit's store on the rate_counters table (one per route: child() knows its window). */
function counterStore(db: Db, windowMs = HOUR) {
  return class CounterStore {
    // the library passes the route's window as the third argument (and its max as the fourth)
    incr(key: string, done: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      const now = new Date();
      hit(db, key, timeWindow ?? windowMs, now).then(
        (r) => done(null, { current: r.hits, ttl: r.resetAt.getTime() - now.getTime() }),
        (err: Error) => done(err),
      );
    }
    // called with the route's merged limit options (its timeWindow among them; the typings say RouteOptions)
    child(route: object): CounterStore {
      const { timeWindow } = route as { timeWindow?: unknown };
      const Child = counterStore(db, typeof timeWindow === 'number' ? timeWindow : windowMs);
      return new Child();
    }
  };
}

export const RATE_COUNTERS_JOB = 'platform.rate-counters';

async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const limits = limitsOf(app.config);
  await app.register(fastifyRateLimit, {
    global: false,
    store: counterStore(app.db),
    keyGenerator: (req: FastifyRequest) => `${addressKey(req.ip)}|`,
    errorResponseBuilder: (_req, context) => rateLimited(new Date(Date.now() + context.ttl)),
  });
  app.decorate('limit', (name: LimitName) => {
    const l = limits[name];
    return l.max > 0 ? { rateLimit: { groupId: name, max: l.max, timeWindow: l.windowMs } } : {};
  });
  // windows that are over are forgotten once an hour
  app.jobs.work(RATE_COUNTERS_JOB, async () => {
    await app.db
      .delete(rateCounters)
      .where(lt(sql`${rateCounters.windowStart} + ${rateCounters.windowMs} * interval '1 millisecond'`, new Date()));
  });
  await app.jobs.schedule(RATE_COUNTERS_JOB, '41 * * * *');
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
