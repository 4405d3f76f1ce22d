/**
 * Background jobs (mail retries, purges, expiries) on pg-boss, on either database: PostgreSQL
 * through pg-boss's own small pool (from the same URL), the embedded PGlite through pg-boss's
 * `fromPglite` adapter on the app's PGlite instance (`backend: 'pglite'`; PGlite serialises its
 * statements, so pg-boss never lands inside an app transaction). pg-boss keeps its tables in the
 * `pgboss` schema, which it installs and migrates itself on first use.
 *
 * What the app gets is a small facade (`app.jobs`): send / work / schedule, and start / stop for
 * the server process. pg-boss is started lazily:
 *   - `start()` (server.ts through buildApp's `startJobs`) starts it whole: workers poll the queues,
 *     cron schedules fire through pg-boss's scheduler (once per occurrence across instances), and
 *     pg-boss's maintenance runs. Schedules registered before start() are written then.
 *   - anything else (send, drain, schedules, prepare) before start() starts it without workers,
 *     scheduler or maintenance: jobs are stored, and a test runs the due ones with `drain()`.
 * So an app that never touches a job (most test apps) costs pg-boss nothing.
 *
 * Retries: 2 by default, with exponential back-off from 5 s up to an hour (queue defaults below).
 * Queues are created on first use with those defaults.
 *
 * This replaced a hand-written queue on our own `jobs` table (dropped in migration 0009), kept
 * while pg-boss 10 took ~10 s to install its schema on a fresh PGlite and crashed when a
 * completion raced stop(). pg-boss 12 installs in a fraction of a second, test databases are
 * clones of a template that already has it (test/template.ts), and jobs.test.ts covers
 * completions racing stop().
 */
import type { Clock, ConstructorOptions, Job, PgBoss, Queue } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';

export type JobHandler<T = unknown> = (data: T, job: { id: string; name: string; attempts: number }) => Promise<void>;

export interface SendOptions {
  /** run no earlier than this (Date) or this many seconds from now */
  startAfter?: Date | number;
  /**
   * De-duplication (pg-boss throttling): with `singletonSeconds`, at most one job with this key per
   * slot of that many seconds; a second send in the same slot stores nothing and returns null.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** retries after the first attempt (default 2) */
  retryLimit?: number;
  /** seconds before the first retry (default 5, doubling each time up to an hour) */
  retryDelay?: number;
}

export interface JobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** retries so far */
  retryCount: number;
  /** what the handler's failure left (`{ message }`), or null */
  output: unknown;
}

export interface JobQueue {
  /** queue a job; returns its id, or null when a singleton key swallowed it */
  send<T extends object>(name: string, data?: T, options?: SendOptions): Promise<string | null>;
  /** queue many jobs of one queue in one statement (pg-boss insert; no singleton keys) */
  sendMany<T extends object>(name: string, jobs: readonly T[], options?: Pick<SendOptions, 'retryLimit' | 'startAfter'>): Promise<void>;
  work<T>(name: string, handler: JobHandler<T>): void;
  /** cron: 5 fields "m h dom mon dow", UTC (pg-boss's scheduler; also RFC 5545 rules) */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** the schedules stored in the database (all instances') */
  schedules(): Promise<{ name: string; cron: string }[]>;
  /** cancel a job that has not run yet (a job already running or done is left as it is) */
  cancel(name: string, id: string): Promise<void>;
  /** a job's state, or null when there is no such job (any more) */
  getJob(name: string, id: string): Promise<JobState | null>;
  /** install pg-boss's schema, the queues and the schedules registered so far; no workers */
  prepare(): Promise<void>;
  /** start workers, the cron scheduler and pg-boss's maintenance (the server process) */
  start(): Promise<void>;
  /** let running jobs finish (at most STOP_TIMEOUT_MS), then stop pg-boss; safe to call twice */
  stop(): Promise<void>;
  /** true once start() has the workers running, until stop() (/readyz, health.ts) */
  running(): boolean;
  /** run every due job of the registered handlers now, one by one; returns how many ran (tests) */
  drain(): Promise<number>;
}

export interface JobQueueOptions {
  /** pg-boss's clock (tests: pg-boss's TestClock, which also moves the database's time for pg-boss) */
  clock?: Clock;
}

/** Retry and retention defaults of every queue this app creates. */
export const QUEUE_DEFAULTS: Omit<Queue, 'name'> = {
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 3600,
};
/** server.ts gives the whole shutdown 10 s */
const STOP_TIMEOUT_MS = 8000;
const POLLING_INTERVAL_SECONDS = 2;

export function createJobQueue(handle: DbHandle, log: FastifyBaseLogger, options: JobQueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler<never>>();
  /** schedules registered before pg-boss runs, written when it starts */
  const pendingSchedules = new Map<string, { cron: string; data?: object }>();
  const queues = new Map<string, Promise<void>>();
  /** drain() runs in flight: stop() waits for their completions before pg-boss goes */
  const draining = new Set<Promise<unknown>>();
  let boss: Promise<PgBoss> | null = null;
  let workers = false;
  /** start() finished: pg-boss runs with every worker attached */
  let started = false;
  let stopped = false;

  async function connect(full: boolean): Promise<PgBoss> {
    // loaded on first use: most test apps never touch a job
    const { PgBoss, fromPglite } = await import('pg-boss');
    const base: ConstructorOptions =
      'pglite' in handle.connection
        ? { db: fromPglite(handle.connection.pglite), backend: 'pglite' }
        : { connectionString: handle.connection.url, max: 4 };
    const instance = new PgBoss({
      ...base,
      clock: options.clock,
      openTelemetry: { enabled: false },
      // only the server process runs the scheduler and maintenance and shows up as an instance
      schedule: full,
      supervise: full,
      registerInstance: full,
    });
    instance.on('error', (err) => log.error({ err }, 'job queue error'));
    instance.on('warning', (warning) => log.warn({ data: warning.data }, warning.message));
    return instance;
  }

  /** pg-boss, started whole by start() or without workers by anything else */
  function ready(full = false): Promise<PgBoss> {
    if (stopped) return Promise.reject(new Error('the job queue is stopped'));
    if (boss) return boss;
    const starting = (async () => {
      const instance = await connect(full);
      try {
        await instance.start();
        for (const [name, s] of pendingSchedules) await writeSchedule(instance, name, s.cron, s.data);
      } catch (err) {
        await instance.stop({ graceful: false }).catch(() => undefined);
        throw err;
      }
      pendingSchedules.clear();
      return instance;
    })();
    boss = starting;
    // a failed start can be tried again (the next call starts afresh)
    starting.catch(() => {
      if (boss === starting) boss = null;
    });
    return starting;
  }

  function ensureQueue(instance: PgBoss, name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = instance.createQueue(name, QUEUE_DEFAULTS);
      queues.set(name, created);
      created.catch(() => queues.delete(name));
    }
    return created;
  }

  async function writeSchedule(instance: PgBoss, name: string, cron: string, data?: object) {
    await ensureQueue(instance, name);
    await instance.schedule(name, cron, data ?? {}, { tz: 'UTC' });
  }

  function meta(job: Job<unknown>) {
    return { id: job.id, name: job.name, attempts: job.retryCount + 1 };
  }

  async function attachWorker(instance: PgBoss, name: string, handler: JobHandler<never>) {
    await ensureQueue(instance, name);
    await instance.work<unknown>(name, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([job]) => {
      if (!job) return;
      try {
        await (handler as JobHandler<unknown>)(job.data, meta(job));
      } catch (err) {
        log.warn({ err, job: name, id: job.id }, 'job failed');
        throw err; // pg-boss fails the job, and retries it while retries are left
      }
    });
  }

  /** one due job of this queue, run and settled; false when there was none */
  async function runOne(instance: PgBoss, name: string, handler: JobHandler<never>): Promise<boolean> {
    await ensureQueue(instance, name);
    const [job] = await instance.fetch<unknown>(name);
    if (!job) return false;
    let failure: unknown = null;
    try {
      await (handler as JobHandler<unknown>)(job.data, meta(job));
    } catch (err) {
      failure = err;
    }
    if (failure === null) {
      await instance.complete(name, job.id);
    } else {
      log.warn({ err: failure, job: name, id: job.id }, 'job failed');
      await instance.fail(name, job.id, { message: failure instanceof Error ? failure.message : String(failure) });
    }
    return true;
  }

  const queue: JobQueue = {
    async send(name, data, sendOptions = {}) {
      const instance = await ready();
      await ensureQueue(instance, name);
      return instance.send(name, data ?? {}, sendOptions);
    },
    async sendMany(name, jobs, sendOptions = {}) {
      if (jobs.length === 0) return;
      const instance = await ready();
      await ensureQueue(instance, name);
      await instance.insert(
        name,
        jobs.map((data) => ({ data, retryLimit: sendOptions.retryLimit, startAfter: sendOptions.startAfter })),
      );
    },
    work(name, handler) {
      handlers.set(name, handler as JobHandler<never>);
      if (workers && boss) {
        void boss
          .then((instance) => attachWorker(instance, name, handler as JobHandler<never>))
          .catch((err: unknown) => log.error({ err, job: name }, 'job worker failed to start'));
      }
    },
    async schedule(name, cron, data) {
      if (!boss) {
        pendingSchedules.set(name, { cron, data });
        return;
      }
      await writeSchedule(await boss, name, cron, data);
    },
    async unschedule(name) {
      pendingSchedules.delete(name);
      if (boss) await (await boss).unschedule(name);
    },
    async schedules() {
      const rows = await (await ready()).getSchedules();
      return rows.map((s) => ({ name: s.name, cron: s.cron }));
    },
    async cancel(name, id) {
      await (await ready()).cancel(name, id);
    },
    async getJob(name, id) {
      const [job] = await (await ready()).findJobs<unknown>(name, { id });
      return job ? { state: job.state, retryCount: job.retryCount, output: job.output ?? null } : null;
    },
    async prepare() {
      const instance = await ready();
      for (const name of handlers.keys()) await ensureQueue(instance, name);
    },
    async start() {
      if (workers) return;
      if (boss) {
        // started without workers before (a test that sent or drained first): start again whole
        const previous = await boss.catch(() => null);
        await Promise.allSettled([...draining]);
        await previous?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
        boss = null;
        queues.clear();
      }
      workers = true;
      const instance = await ready(true);
      for (const [name, handler] of handlers) await attachWorker(instance, name, handler);
      started = true;
    },
    running: () => workers && started && !stopped,
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.allSettled([...draining]);
      if (!boss) return;
      const instance = await boss.catch(() => null);
      // graceful: pg-boss stops fetching, waits for running handlers and their completions, and
      // fails (for a later retry) whatever is still running at the timeout
      await instance?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
    async drain() {
      const run = (async () => {
        const instance = await ready();
        let ran = 0;
        for (let more = true; more;) {
          more = false;
          for (const [name, handler] of handlers) {
            if (stopped) return ran;
            if (await runOne(instance, name, handler)) {
              ran += 1;
              more = true;
            }
          }
        }
        return ran;
      })();
      draining.add(run);
      try {
        return await run;
      } finally {
        draining.delete(run);
      }
    },
  };
  return queue;
}
