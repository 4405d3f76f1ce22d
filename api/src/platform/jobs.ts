/**
 * Background jobs on PostgreSQL (mail, photo processing, purges, expiries).
 *
 * Why not pg-boss (tried, 2026-11): pg-boss 10.4 does run on the embedded PGlite through its
 * custom `db.executeSql` (multi-statement SQL has to go to PGlite's `exec()`): a job was sent,
 * worked and scheduled. But installing its schema (plpgsql functions, partitioned job tables)
 * took ~10.6 s on a fresh in-memory PGlite here, against ~1 s for all our migrations, and every
 * test app starts from a fresh database; a completion racing `stop()` also crashed inside
 * pg-boss (`result.rows[0]` undefined). So this is a small queue with the same interface (send /
 * work / schedule) on a `jobs` table from our own migrations. Swapping pg-boss in for
 * PostgreSQL-only deployments later only changes this file.
 * Jobs are claimed with
 * `FOR UPDATE SKIP LOCKED` (safe with several server instances on PostgreSQL), retried with
 * back-off, and cron schedules fire once per matching minute across instances (conditional update).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';

export type JobHandler<T = unknown> = (data: T, job: { id: number; name: string; attempts: number }) => Promise<void>;

export interface SendOptions {
  /** run no earlier than this (Date) or this many seconds from now */
  startAfter?: Date | number;
  /** at most one queued (not finished) job with this key per name */
  singletonKey?: string;
  retryLimit?: number;
}

export interface JobQueue {
  send<T>(name: string, data?: T, options?: SendOptions): Promise<number | null>;
  work<T>(name: string, handler: JobHandler<T>): void;
  /** cron: 5 fields "m h dom mon dow" (UTC); *, numbers, lists, ranges and steps */
  schedule(name: string, cron: string, data?: unknown): Promise<void>;
  unschedule(name: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** run every due job now, return how many ran (tests, and the polling loop) */
  drain(): Promise<number>;
  /** fire the schedules due at `now` (the polling loop calls this every tick) */
  tickSchedules(now?: Date): Promise<number>;
}

interface JobRow {
  id: number;
  name: string;
  data: string;
  attempts: number;
  max_attempts: number;
}

const POLL_MS = 1000;

function fieldMatches(field: string, value: number, min: number): boolean {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    let lo: number;
    let hi: number;
    if (range === '*' || range === undefined) {
      lo = min;
      hi = Number.MAX_SAFE_INTEGER;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-').map(Number);
      lo = a ?? min;
      hi = b ?? lo;
    } else {
      lo = Number(range);
      hi = stepText ? Number.MAX_SAFE_INTEGER : lo;
    }
    return value >= lo && value <= hi && (value - lo) % step === 0;
  });
}

/** Does a 5-field cron expression match this minute (UTC)? */
export function cronMatches(cron: string, at: Date): boolean {
  const f = cron.trim().split(/\s+/);
  if (f.length !== 5) throw new Error(`invalid cron "${cron}"`);
  const [m, h, dom, mon, dow] = f as [string, string, string, string, string];
  return (
    fieldMatches(m, at.getUTCMinutes(), 0) &&
    fieldMatches(h, at.getUTCHours(), 0) &&
    fieldMatches(dom, at.getUTCDate(), 1) &&
    fieldMatches(mon, at.getUTCMonth() + 1, 1) &&
    (fieldMatches(dow, at.getUTCDay(), 0) || (at.getUTCDay() === 0 && fieldMatches(dow, 7, 0)))
  );
}

export function createJobQueue(handle: DbHandle, log: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, JobHandler<never>>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function claim(): Promise<JobRow | null> {
    const names = [...handlers.keys()];
    if (names.length === 0) return null;
    const rows = await handle.query<JobRow>(
      `UPDATE jobs SET state = 'active', attempts = attempts + 1
         WHERE id = (SELECT id FROM jobs WHERE state = 'created' AND name = ANY($1::text[]) AND run_at <= now()
                     ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT 1)
       RETURNING id, name, data, attempts, max_attempts`,
      [names],
    );
    return rows[0] ?? null;
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for ${job.name}`);
      await (handler as JobHandler<unknown>)(JSON.parse(job.data), { id: job.id, name: job.name, attempts: job.attempts });
      await handle.query(`UPDATE jobs SET state = 'completed', finished_at = now() WHERE id = $1`, [job.id]);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ err, job: job.name, id: job.id }, 'job failed');
      if (job.attempts < job.max_attempts) {
        const delay = Math.min(3600, 2 ** job.attempts * 5);
        await handle.query(
          `UPDATE jobs SET state = 'created', last_error = $2, run_at = now() + make_interval(secs => $3) WHERE id = $1`,
          [job.id, message.slice(0, 1000), delay],
        );
      } else {
        await handle.query(`UPDATE jobs SET state = 'failed', last_error = $2, finished_at = now() WHERE id = $1`, [job.id, message.slice(0, 1000)]);
      }
    }
  }

  const queue: JobQueue = {
    async send(name, data, options = {}) {
      const runAt =
        options.startAfter instanceof Date
          ? options.startAfter
          : new Date(Date.now() + (options.startAfter ?? 0) * 1000);
      const json = JSON.stringify(data ?? {});
      if (options.singletonKey) {
        const existing = await handle.query<{ id: number }>(
          `SELECT id FROM jobs WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'active') LIMIT 1`,
          [name, options.singletonKey],
        );
        if (existing[0]) return null;
      }
      const rows = await handle.query<{ id: number }>(
        `INSERT INTO jobs (name, data, run_at, max_attempts, singleton_key) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [name, json, runAt.toISOString(), (options.retryLimit ?? 2) + 1, options.singletonKey ?? null],
      );
      return rows[0]?.id ?? null;
    },
    work(name, handler) {
      handlers.set(name, handler as JobHandler<never>);
    },
    async schedule(name, cron, data) {
      cronMatches(cron, new Date()); // validates
      await handle.query(
        `INSERT INTO job_schedules (name, cron, data) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET cron = EXCLUDED.cron, data = EXCLUDED.data`,
        [name, cron, JSON.stringify(data ?? {})],
      );
    },
    async unschedule(name) {
      await handle.query(`DELETE FROM job_schedules WHERE name = $1`, [name]);
    },
    async tickSchedules(now = new Date()) {
      const minute = new Date(Math.floor(now.getTime() / 60000) * 60000);
      const schedules = await handle.query<{ name: string; cron: string; data: string }>(
        `SELECT name, cron, data FROM job_schedules WHERE last_run_at IS NULL OR last_run_at < $1`,
        [minute.toISOString()],
      );
      let fired = 0;
      for (const s of schedules) {
        if (!cronMatches(s.cron, minute)) continue;
        // conditional update: only one instance fires a given minute
        const won = await handle.query<{ name: string }>(
          `UPDATE job_schedules SET last_run_at = $2 WHERE name = $1 AND (last_run_at IS NULL OR last_run_at < $2) RETURNING name`,
          [s.name, minute.toISOString()],
        );
        if (won[0]) {
          await queue.send(s.name, JSON.parse(s.data), { singletonKey: `cron:${s.name}` });
          fired += 1;
        }
      }
      return fired;
    },
    async drain() {
      let n = 0;
      for (let job = await claim(); job; job = await claim()) {
        await runOne(job);
        n += 1;
      }
      return n;
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      // jobs left `active` by a crashed process go back to the queue
      await handle.query(`UPDATE jobs SET state = 'created' WHERE state = 'active' AND run_at < now() - interval '15 minutes'`);
      const tick = async () => {
        if (stopped) return;
        running = (async () => {
          try {
            await queue.tickSchedules();
            await queue.drain();
          } catch (err) {
            log.error({ err }, 'job loop failed');
          }
        })();
        await running;
        running = null;
        if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
      };
      timer = setTimeout(() => void tick(), POLL_MS);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
  return queue;
}
