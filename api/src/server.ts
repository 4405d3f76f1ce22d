/**
 * The one server process: read the environment (env.ts), build the app (migrations applied),
 * seed an empty database with demo data, listen, and shut down gracefully on SIGINT / SIGTERM.
 * `npm start -w @dating/api` (or `npm start` at the root, which builds the frontends first).
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DataDirError } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { demoLoginsTable, hasUsers, seedDemo } from './db/seed';
import { isNewEmbeddedDatabase, seedInOwnProcess, seedScript } from './db/seed-process';
import type { SeedProcess } from './db/seed-process';
import { env } from './env';
import { drainAndClose } from './platform/health';
import { messageNotifier } from './modules/notifications';

/** the app once built: a signal or a failed start still closes the embedded database cleanly */
let app: FastifyInstance | null = null;
/** the first start's demo seed, which stops after the member it is writing when `closing` */
let seeding: Promise<unknown> = Promise.resolve();
/** that seed when it runs in a process of its own (seed-process.ts) */
let seedProcess: SeedProcess | null = null;
let closing = false;

/**
 * The one way out: let the seed stop, drain and close the app (platform/health.ts drainAndClose:
 * /readyz 503, WebSockets 1012, requests in flight finish within DRAIN_TIMEOUT_MS, job queue and
 * database closed), exit; forced 10 s after the drain's limit.
 */
async function closeAndExit(code: number): Promise<void> {
  closing = true;
  const drainMs = env().DRAIN_TIMEOUT_MS;
  const force = setTimeout(() => process.exit(1), drainMs + 10_000);
  force.unref();
  try {
    await seeding.catch(() => undefined);
    if (app) await drainAndClose(app, drainMs);
  } catch (err) {
    console.error('shutdown failed:', err);
    code = 1;
  }
  process.exit(code);
}

async function main(): Promise<void> {
  const config = env();
  // Ctrl-C / SIGTERM at any time, also during the first start's seed (the next start goes on from there).
  // `on`, not `once`: under `npm start` a Ctrl-C reaches this process twice (from the terminal and
  // forwarded by npm), and a second SIGINT without a listener would kill it halfway through closing
  // (db.lock left behind); repeats are ignored, the close is bounded by closeAndExit's limit.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      app?.log.info(`${signal} received, closing`);
      seedProcess?.stop();
      void closeAndExit(0);
    });
  }
  // a person at a terminal reads the log pretty-printed; anything else (a pipe, a file, a log
  // collector) gets pino's JSON lines (and the server does not load pino-pretty: docs/performance.md "Memory")
  const logger = process.stdout.isTTY
    ? {
        level: config.LOG_LEVEL,
        stream: (await import('pino-pretty')).default({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
      }
    : undefined;
  // a new database's demo seed runs in a process of its own first (seed-process.ts); the embedded
  // database is one process's at a time, so before the server opens it
  const script = config.SEED_MEMBERS > 0 ? seedScript() : null;
  const seedApart = async (): Promise<boolean> => {
    if (!script || closing) return false;
    // before the server's logger exists: its lines as that logger would write them, with the seed's pid
    const log = (line: string, seedPid: number | undefined) =>
      app
        ? app.log.info({ seed_pid: seedPid }, line)
        : console.log(
            process.stdout.isTTY
              ? line
              : JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, hostname: os.hostname(), seed_pid: seedPid, msg: line }),
          );
    seedProcess = seedInOwnProcess(script, config.SEED_MEMBERS, log);
    seeding = seedProcess.done;
    const seeded = await seedProcess.done;
    seedProcess = null;
    return seeded;
  };
  let seededApart = isNewEmbeddedDatabase(config) ? await seedApart() : false;
  if (closing) return;
  app = await buildApp({ startJobs: true, ...(logger ? { logger } : {}) });
  app.log.info(`database: ${app.dbHandle.driver} (${app.dbHandle.location}), migrations applied`);
  if (app.dbHandle.driver !== 'pglite' && script && !(await hasUsers(app.db))) seededApart = await seedApart();

  let demoLogins = false;
  if (config.SEED_MEMBERS > 0) {
    const { log } = app;
    const run = seedDemo(app, { members: config.SEED_MEMBERS, log: (line) => log.info(line), shouldStop: () => closing });
    seeding = run;
    const result = await run;
    demoLogins = result.demoLogins;
    // what the seed's own process left undone (stopped, or failed) is done here
    if (result.seeded || seededApart) {
      app.sites.invalidate();
      // the demo's messages are no news to anyone (no push, no mail)
      await messageNotifier(app).skipExisting();
    }
  }
  if (closing) return;

  releaseStartMemory();
  await app.listen({ port: config.PORT, host: config.HOST });
  messageNotifier(app).start();
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  app.log.info(`serving the site at ${publicUrl}`);
  // the demo logins as a table of their own, not inside a log line (never in production)
  if (demoLogins && config.NODE_ENV !== 'production') process.stdout.write(`\n${demoLoginsTable(publicUrl)}\n`);
}

/**
 * Hands back the memory the start's work (module loading, migrations, the seed's follow-up) left
 * with V8: its young generation stays at the size that work grew it to (2 x --max-semi-space-size)
 * and the pages its collections free stay in a pool of V8's own, resident, even after V8's idle-time
 * collections. A "last resort" full collection (what V8 runs under memory pressure) shrinks the young
 * generation and returns the pooled pages to the system: an idle server on PostgreSQL 165 -> 127 MB
 * (docs/performance.md "Idle memory on PostgreSQL"). Once, before the server listens (~80 ms, no
 * request waits for it). The gc function comes from a fresh context with the flag on for that
 * moment only (as jest's leak detector takes it), so no code of the server sees a global gc.
 */
function releaseStartMemory(): void {
  let gc = globalThis.gc;
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as NodeJS.GCFunction;
    v8.setFlagsFromString('--no-expose-gc');
  }
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** The start failures a person can fix themselves, in one line; anything else with its stack. */
function startFailure(err: unknown): unknown {
  // a data directory another server holds (nothing was opened or changed)
  if (err instanceof DataDirInUseError) return `cannot start: ${err.message}`;
  // a data directory an older PGlite wrote (nothing was opened or changed)
  if (err instanceof DataDirError) return `cannot start: ${err.message}`;
  const e = err as NodeJS.ErrnoException & { port?: number };
  if (e?.code === 'EADDRINUSE')
    return `cannot start: port ${e.port ?? env().PORT} is in use (another server?); stop it or set PORT to a free port`;
  return err;
}

main().catch((err: unknown) => {
  console.error(startFailure(err));
  void closeAndExit(1);
});
