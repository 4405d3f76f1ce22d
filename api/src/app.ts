/**
 * `buildApp(opts)` builds the whole server as one Fastify instance (app.ts builds, server.ts only
 * listens: docs/conventions.md). Tests call it through `buildTestApp()` (src/test/helpers.ts).
 *
 * One plugin per concern, each decorating the app and closing what it opened (docs/architecture.md,
 * "App plugins and close order"). Fastify runs plugins' onClose hooks in the reverse order of
 * their registration, so the order below is also the close order read backwards: the modules'
 * hooks, then the jobs stop, the after-commit notifications are sent, the realtime hub stops, the
 * caches' and the sites' listeners close, and the database closes last.
 *
 * Request context set for every request by the onRequest hook of platform/request-hooks.ts:
 *   req.site   the site (row + settings) from the Host header or `?forced_domain=`; unknown -> default
 *   req.user   the logged-in users row or null (only for /api/*, /dev/* and routes with config `database`)
 *   req.lang   `?lang=` of the URL -> user language -> cookie `lang` -> site domain_language -> nl
 *              (a language in the URL makes a translated answer cacheable: platform/http-cache.ts)
 */
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { ensureSites } from './db/seed-sites';
import { readEnv, REPO_ROOT } from './env';
import type { Env } from './env';
import { registerModules } from './modules';
import { sitesPlugin } from './modules/sites';
import releasesPlugin from './modules/releases';
import { backupRoute } from './ops/backup-route';
import type { AdmissionOptions } from './platform/admission';
import { scheduleDbMaintenance } from './platform/db-maintenance';
import errorsPlugin, { frameworkErrors } from './platform/errors';
import healthPlugin from './platform/health';
import { loggerOptions, RequestLogs } from './platform/logging';
import metricsPlugin from './platform/metrics';
import admissionPlugin from './platform/plugins/admission';
import afterCommitPlugin from './platform/plugins/after-commit';
import answerCachePlugin from './platform/plugins/answer-cache';
import databasePlugin from './platform/plugins/database';
import httpPlugin from './platform/plugins/http';
import jobsPlugin from './platform/plugins/jobs';
import realtimePlugin from './platform/plugins/realtime';
import requestContextPlugin from './platform/plugins/request-context';
import sessionCachePlugin from './platform/plugins/session-cache';
import storagePlugin from './platform/plugins/storage';
import swaggerPlugin from './platform/plugins/swagger';
import rateLimitPlugin from './platform/rate-limit';
import securityHeaders from './platform/security-headers';
import staticPlugin from './platform/static';
import uploadsPlugin from './platform/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    config: Env;
  }
}

export interface BuildAppOptions {
  /** overrides env DATABASE_URL; `memory://` for tests */
  databaseUrl?: string;
  /** PGlite only: start from this data directory dump (tests: a migrated template, test/helpers.ts) */
  loadDataDir?: Blob;
  /** overrides env DATA_DIR (absolute or relative to the repo root) */
  dataDir?: string;
  /** any other env overrides (tests) */
  env?: Partial<Env>;
  /** pino logger options or false (default: level from LOG_LEVEL); `stream` receives the JSON lines (tests) */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** apply migrations at build (default true) */
  migrate?: boolean;
  /** make sure the demo sites exist (default true; members are seeded by server.ts / seed-cli) */
  ensureSites?: boolean;
  /** admission of database requests (default per driver: PGLITE_ADMISSION / POSTGRES_ADMISSION) */
  admission?: AdmissionOptions;
  /** start job workers (default false in tests; server.ts turns it on) */
  startJobs?: boolean;
  /** register the builds as releases at start and follow rebuilt ones (modules/releases; default: not under NODE_ENV=test) */
  registerBuilds?: boolean;
  /** runs once everything is closed, the database included (tests: drop the test database) */
  onClosed?: () => Promise<void>;
}

export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: Env = { ...readEnv(), ...opts.env };
  if (opts.dataDir) {
    config.DATA_DIR = opts.dataDir;
    config.DATA_DIR_ABS = path.resolve(REPO_ROOT, opts.dataDir);
  }
  if (opts.databaseUrl !== undefined) config.DATABASE_URL = opts.databaseUrl;

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            ...loggerOptions,
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            level: typeof opts.logger === 'object' ? opts.logger.level : config.LOG_LEVEL,
          },
    bodyLimit: config.MAX_BODY_BYTES,
    logController: new RequestLogs(),
    trustProxy: config.TRUST_PROXY,
    // the database plugin opens and migrates, which takes longer than Fastify's default 10 s on a
    // busy machine or with a big migration; a plugin that hangs still fails the start, after 5 minutes
    pluginTimeout: 300_000,
    // a URL Fastify cannot even route (bad percent-encoding) still gets our translated error shape
    frameworkErrors,
  });
  app.decorate('config', config);
  // added first, so it runs last
  if (opts.onClosed) app.addHook('onClose', opts.onClosed);
  try {
    await app.register(httpPlugin);
    await app.register(errorsPlugin);
    // what holds resources, in the order it closes backwards (see the top of this file)
    await app.register(databasePlugin, {
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR_ABS,
      loadDataDir: opts.loadDataDir,
      migrate: opts.migrate,
    });
    await app.register(sitesPlugin, { ensure: opts.ensureSites === false ? undefined : ensureSites });
    await app.register(storagePlugin, { dir: config.DATA_DIR_ABS });
    await app.register(admissionPlugin, { admission: opts.admission });
    await app.register(sessionCachePlugin);
    await app.register(answerCachePlugin);
    await app.register(realtimePlugin);
    await app.register(afterCommitPlugin);
    await app.register(jobsPlugin);

    await app.register(fastifyCookie);
    await app.register(swaggerPlugin);
    // first of the request hooks, so that every answer carries them, errors and refusals included
    await app.register(securityHeaders);
    await app.register(requestContextPlugin);

    // /healthz and /readyz: outside /api, so no session, admission or rate limit
    await app.register(healthPlugin);
    await app.register(metricsPlugin);
    await app.register(rateLimitPlugin);
    await app.register(uploadsPlugin);
    await app.register(backupRoute);
    await app.register(registerModules);
    // beside the modules, not inside them, because static.ts reads app.releases
    await app.register(releasesPlugin, { registerBuilds: opts.registerBuilds ?? config.NODE_ENV !== 'test' });
    await scheduleDbMaintenance(app);
    await app.register(staticPlugin);

    if (opts.startJobs) await app.jobs.start();
  } catch (err) {
    // what the plugins registered so far opened closes again (an embedded database's lock, a pool)
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}
