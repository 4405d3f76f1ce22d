/**
 * `buildApp(opts)` builds the whole server as one Fastify instance (app.ts builds,
 * server.ts only listens: docs/conventions.md). Tests call it through `buildTestApp()` (src/test/helpers.ts).
 *
 * Request context set for every request by the onRequest hook of platform/request-hooks.ts:
 *   req.site   the site (row + settings) from the Host header or `?forced_domain=`; unknown -> default
 *   req.user   the logged-in users row or null (only for /api/*, /dev/* and routes with config `database`)
 *   req.lang   `?lang=` of the URL -> user language -> cookie `lang` -> site domain_language -> nl
 *              (a language in the URL makes a translated answer cacheable: platform/http-cache.ts)
 * App decorators: app.db (Drizzle), app.withTx(fn), app.dbHandle, app.config (env), app.sites,
 * app.jobs (platform/jobs.ts), app.storage (platform/storage.ts), app.admission (platform/admission.ts:
 * the bounded queue every request that uses the database passes; 503 + Retry-After when full),
 * app.sessionCache (platform/session-cache.ts: logged-in sessions kept in memory for a few seconds),
 * app.realtime (platform/realtime/hub.ts: this instance's WebSockets and the LISTEN fan-out).
 */
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { drainAfterCommit, reportAfterCommitErrors } from './db/after-commit';
import { createDb } from './db/client';
import type { Db, DbHandle, Tx } from './db/client';
import { readEnv, REPO_ROOT } from './env';
import type { Env } from './env';
import { DEFAULT_LANG } from './i18n';
import type { Lang } from './i18n';
import { registerModules } from './modules';
import { RealtimeHub } from './platform/realtime/hub';
import { SiteRegistry } from './modules/sites/service';
import type { SiteContext } from './modules/sites/service';
import { createJobQueue } from './platform/jobs';
import type { JobQueue } from './platform/jobs';
import { createAdmission } from './platform/admission';
import type { Admission, AdmissionOptions } from './platform/admission';
import { SessionCache } from './platform/session-cache';
import { AnswerCache } from './platform/answer-cache';
import { listen } from './db/listen';
import type { Listener } from './db/listen';
import type { UserRow } from './platform/session';
import { scheduleDbMaintenance } from './platform/db-maintenance';
import { registerRequestHooks } from './platform/request-hooks';
import rateLimitPlugin from './platform/rate-limit';
import metricsPlugin from './platform/metrics';
import healthPlugin from './platform/health';
import securityHeaders from './platform/security-headers';
import staticPlugin from './platform/static';
import releasesPlugin from './modules/releases';
import uploadsPlugin from './platform/uploads';
import { backupRoute } from './ops/backup-route';
import { createStorage } from './platform/storage';
import type { Storage } from './platform/storage';
import { ensureSites } from './db/seed-sites';
import errorsPlugin, { frameworkErrors } from './platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
    withTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
    config: Env;
    sites: SiteRegistry;
    jobs: JobQueue;
    storage: Storage;
    admission: Admission;
    sessionCache: SessionCache;
    /** members' own answers (user.php, likes.php) in memory, invalidated by the database (answer-cache.ts) */
    answers: AnswerCache;
    realtime: RealtimeHub;
  }
  interface FastifyRequest {
    site: SiteContext;
    user: UserRow | null;
    sessionId: number | null;
    lang: Lang;
    /** gives the request's admission slot back (admission.ts); set while it holds one */
    releaseAdmission: (() => void) | null;
  }
  interface FastifyContextConfig {
    /** false: this state-changing route is exempt from the Origin / JSON-or-header check (webhooks) */
    csrf?: boolean;
    /** false: a public route whose answer never depends on who asks: no session lookup (req.user stays null) */
    session?: boolean;
    /** true: a GET that changes the member (a mailed link, marking read): the session and answer caches forget them after it */
    writes?: boolean;
    /**
     * true: a state-changing route that changes nothing of the member's users row but the balance
     * (a paid message): the session cache keeps them (nothing reads the balance from the session's
     * row); their answers are still forgotten
     */
    keepsSession?: boolean;
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
}

/**
 * A URL as it may be logged: the query's values are dropped (they carry tokens, e-mail addresses
 * and, for the geocoder, the browser's coordinates, none of which belong in a log).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=~`);
  return `${url.slice(0, q)}?${keys.join('&')}`;
}

const loggerOptions = {
  serializers: {
    req(req: { method: string; url: string; host?: string; ip?: string }) {
      return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
    },
  },
};

/**
 * How long a logged-in session is served from memory (SESSION_CACHE_MS; off under NODE_ENV=test).
 * Every change reaches it by notification; the time limit is the safety net. 30 s: an active
 * chatter (a message every few seconds) costs no session query (bench chat; it was 5 s).
 */
const DEFAULT_SESSION_CACHE_MS = 30_000;
const DEFAULT_ANSWER_CACHE_MS = 10_000;

/** A request slower than this is logged at warn. */
const SLOW_REQUEST_MS = 1000;

/**
 * Request log lines: one per request, at debug (so the default level `info` stays quiet under
 * load), at warn when it took SLOW_REQUEST_MS or more; failures are logged by the error handler.
 */
class RequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const line = { req: request, statusCode: reply.statusCode, ms: Math.round(ms), ...(error ? { err: error } : {}) };
    if (ms >= SLOW_REQUEST_MS || error) reply.log.warn(line, 'slow or failed request');
    else reply.log.debug(line, 'request completed');
  }
}

/**
 * Admission (platform/admission.ts) per database. PGlite runs one query at a time on this event
 * loop: a few requests in flight keep it busy, the rest wait in order, and none waits over 1 s.
 * PostgreSQL: room for the pool's 10 connections, a deeper queue.
 */
const PGLITE_ADMISSION = { concurrency: 8, maxQueue: 512, maxWaitMs: 1000 };
const POSTGRES_ADMISSION = { concurrency: 40, maxQueue: 2048, maxWaitMs: 2000 };

export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const base = readEnv();
  const config: Env = { ...base, ...opts.env };
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
    // a URL Fastify cannot even route (bad percent-encoding) still gets our translated error shape
    frameworkErrors,
  });
  // a JSON content type with an empty body (a DELETE whose id is in the query) is "no body",
  // not invalid JSON; anything else goes to Fastify's own parser (prototype-poisoning checks kept)
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    void parseJson(req, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = await createDb(config.DATABASE_URL, { dataDir: config.DATA_DIR_ABS, loadDataDir: opts.loadDataDir });
  let sessionListener: Listener | null = null;
  let siteListener: Listener | null = null;
  let answerListener: Listener | null = null;
  const realtime = new RealtimeHub(app.log);
  app.addHook('onClose', async () => {
    await app.jobs?.stop();
    await drainAfterCommit(handle.db);
    await realtime.stop();
    await sessionListener?.close();
    await siteListener?.close();
    await answerListener?.close();
    app.sessionCache?.dispose();
    app.answers?.dispose();
    await handle.close();
  });
  if (opts.migrate !== false) await handle.migrate();

  app.decorate('config', config);
  app.decorate('dbHandle', handle);
  app.decorate('db', handle.db);
  app.decorate('withTx', <T>(fn: (tx: Tx) => Promise<T>) => handle.db.transaction(fn));
  app.decorate('sites', new SiteRegistry(handle.db));
  app.decorate('storage', createStorage(config.DATA_DIR_ABS));
  app.decorate('jobs', createJobQueue(handle, app.log));
  app.decorate('admission', createAdmission(opts.admission ?? (handle.driver === 'pglite' ? PGLITE_ADMISSION : POSTGRES_ADMISSION)));
  const sessionCache = new SessionCache(config.SESSION_CACHE_MS ?? (config.NODE_ENV === 'test' ? 0 : DEFAULT_SESSION_CACHE_MS));
  app.decorate('sessionCache', sessionCache);
  // on by default (10 s) on PGlite and PostgreSQL, off under NODE_ENV=test unless a test asks for it
  // (docs/configuration.md ANSWER_CACHE_MS; docs/performance.md: the wedge it once seemed to cause)
  const answers = new AnswerCache(config.ANSWER_CACHE_MS ?? (config.NODE_ENV === 'test' ? 0 : DEFAULT_ANSWER_CACHE_MS));
  app.decorate('answers', answers);
  app.decorate('realtime', realtime);
  await realtime.start(handle);
  // a settings change (back office) is live on the next page load on every instance (sites/service.ts)
  siteListener = await listen(handle, 'site_cache', { message: () => app.sites.invalidate(), state: (live) => app.sites.setLive(live) });
  if (sessionCache.enabled) {
    sessionListener = await listen(handle, 'session_cache', {
      message: (payload) => sessionCache.notify(payload),
      state: (live) => sessionCache.setLive(live),
    });
  }
  if (answers.enabled) {
    answerListener = await listen(handle, 'member_cache', {
      message: (payload) => answers.notify(payload),
      state: (live) => answers.setLive(live),
    });
    // a new message and a changed balance tell the realtime channel only (migration 0026)
    realtime.onMembersChanged((ids) => {
      for (const id of ids) if (Number.isInteger(id)) answers.forgetMember(id);
    });
  }
  reportAfterCommitErrors(handle.db, (err) => app.log.warn({ err }, 'notifications after commit failed'));

  if (opts.ensureSites !== false) {
    if (await ensureSites(handle.db)) app.sites.invalidate();
  }

  app.decorateRequest('site', null as unknown as SiteContext);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('lang', DEFAULT_LANG);
  app.decorateRequest('releaseAdmission', null);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Flirtlokaal API',
        description: 'Dating and chat site: every call of the site, the member app and the back office.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });

  // first, so that every answer carries them, errors and refusals of the hooks below included
  await app.register(securityHeaders);

  registerRequestHooks(app);

  await app.register(errorsPlugin);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // /healthz and /readyz (issue 28): outside /api, so no session, admission or rate limit
  await app.register(healthPlugin);
  await app.register(metricsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(uploadsPlugin);
  await app.register(backupRoute);
  await app.register(registerModules);
  // releases (issue 27): beside the modules, not inside them, because static.ts reads app.releases
  await app.register(releasesPlugin, { registerBuilds: opts.registerBuilds ?? config.NODE_ENV !== 'test' });
  await scheduleDbMaintenance(app);
  await app.register(staticPlugin);

  if (opts.startJobs) await app.jobs.start();
  return app;
}
