/**
 * Releases per team (issue 27; docs/releases.md). Every build of a remote is a release in the
 * store (store.ts), registered in the database (service.ts), served at /mf/<folder>/<build-id>/
 * (platform/static.ts), and handed to each browser by /mf-remotes.json: the live release, or the
 * canary for browsers whose `mf_bucket` cookie (0-99) is below its percent.
 *
 *   GET  /api/backoffice/releases                                 release role, admin or CI
 *   POST /api/backoffice/releases  multipart: remote, build_id, notes?, bundle (tar / tar.gz)
 *   POST /api/backoffice/releases/:remote/canary   {build_id, percent 1-50, version?}
 *   POST /api/backoffice/releases/:remote/promote  {build_id, version?}
 *   POST /api/backoffice/releases/:remote/rollback {build_id?, version?}
 *   POST /api/backoffice/releases/:remote/pause    {paused, version?}
 *   POST /api/client-events.php {events:[{remote, build_id, type}]}   anyone; 204
 *
 * CI sends `Authorization: Bearer <RELEASE_TOKEN>`; a wrong token is 401 whatever else it sends.
 * Every action is audited (staff id 0 and `ci` for CI, `system` for the automatic rollback).
 * The automatic rollback runs every 30 s on every instance and after events that report errors
 * of a canary; its changes are optimistic like a person's, so it happens once.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { BUILD_ID_PATTERN, RELEASE_REMOTES, federationNameOf } from '@dating/shared-kit/contracts';
import type { ReleaseRemote } from '@dating/shared-kit/contracts';
import { listen } from '../../db/listen';
import type { Listener } from '../../db/listen';
import { releaseClientEvents, releases, releaseState } from '../../db/schema';
import type { ReleaseShared } from '../../db/schema';
import { REPO_ROOT } from '../../env';
import { AppError } from '../../errors';
import { remotesConfig } from '../../platform/remotes';

import { NOTIFY_CHANNEL, SHELL, SYSTEM_ACTOR, ServedRemotes, changeState, checkRollbacks, insertRelease } from './service';
import type { RollbackSettings } from './service';
import { releaseRoutes } from './routes';
import { remoteOf } from './remote-api';
import type { Releases } from './remote-api';
export type { Releases } from './remote-api';
import { distBuildId, exists, readBuild, releaseFolder, releasesDir, storeFolder } from './store';

export { compatibilityProblems, checkRollbacks, ServedRemotes } from './service';

/** How often every instance looks for a canary to roll back. */
export const ROLLBACK_CHECK_MS = 30_000;
export const CLIENT_EVENTS_JOB = 'releases.client-events';
/** The mf_bucket cookie: a random 0-99 per browser, a year. */
export const BUCKET_COOKIE = 'mf_bucket';
const YEAR_S = 365 * 24 * 3600;

const DEFAULT_ROLLBACK: RollbackSettings = {
  release_rollback_factor: 3,
  release_rollback_min_errors: 20,
  release_rollback_window_minutes: 10,
};

declare module 'fastify' {
  interface FastifyInstance {
    releases: Releases;
  }
  interface FastifyRequest {
    /** the request carries the valid RELEASE_TOKEN (CI): /api/backoffice/releases* without a session */
    releaseToken?: boolean;
  }
}

function tokenMatches(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The shell's shared packages as its build offers them (its mf-manifest.json, else its federation config). */
async function shellShared(staticRoot: string): Promise<ReleaseShared[]> {
  const manifest = path.join(staticRoot, 'shell', 'dist', 'mf-manifest.json');
  if (exists(manifest)) {
    const facts = await readBuild(path.dirname(manifest)).catch(() => null);
    if (facts && facts.shared.length > 0) return facts.shared;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createShared } = require('@dating/shared-kit/federation') as {
    createShared(dir: string): Record<string, { version: string; requiredVersion: string; singleton: boolean }>;
  };
  return Object.entries(createShared(path.join(REPO_ROOT, 'shell'))).map(([name, s]) => ({
    package: name,
    version: s.version,
    required: s.requiredVersion,
    singleton: s.singleton,
  }));
}

async function releasesPlugin(app: FastifyInstance, options: { registerBuilds?: boolean }): Promise<void> {
  const dir = releasesDir(app.config);
  const staticRoot = app.config.STATIC_ROOT_ABS;
  const overrides = app.config.MF_REMOTES ? new Set(remotesConfig(app.config.MF_REMOTES).remotes.map((r) => r.name)) : new Set<string>();
  const served = new ServedRemotes(app.db, remotesConfig(app.config.MF_REMOTES), overrides);
  const settings = async (): Promise<RollbackSettings> => {
    const sites = await app.sites.all().catch(() => []);
    const s = (sites.find((x) => x.isDefault) ?? sites[0])?.settings as Partial<RollbackSettings> | undefined;
    return { ...DEFAULT_ROLLBACK, ...Object.fromEntries(Object.entries(s ?? {}).filter(([k]) => k in DEFAULT_ROLLBACK)) };
  };
  /** the builds are registered at start and followed (app.ts: not in tests, unless asked) */
  const registering = options.registerBuilds ?? false;

  const api: Releases = {
    dir,
    served,
    folderOf(remote, buildId) {
      if (!BUILD_ID_PATTERN.test(buildId) || !remoteOf(remote)) return null;
      const folder = releaseFolder(dir, remote, buildId);
      return exists(folder) ? folder : null;
    },
    bucketOf(req, reply) {
      const raw = req.cookies?.[BUCKET_COOKIE];
      if (raw !== undefined && /^\d{1,2}$/.test(raw)) return Number(raw);
      const bucket = crypto.randomInt(100);
      reply.setCookie(BUCKET_COOKIE, String(bucket), { path: '/', maxAge: YEAR_S, sameSite: 'lax', secure: req.protocol === 'https' });
      return bucket;
    },
    registerBuilds: () => registerBuilds(),
    followBuilds: () => followBuilds(),
    checkRollbacks: async () => checkRollbacks(app.db, await settings()),
  };
  app.decorate('releases', api);

  /** the first start (and every start after a new `npm run build`): each dist as a release */
  async function registerBuilds(): Promise<void> {
    const shared = await shellShared(staticRoot).catch(() => null);
    if (shared) {
      const buildId = `s-${crypto.createHash('sha256').update(JSON.stringify(shared)).digest('hex').slice(0, 12)}`;
      await app.db.transaction(async (tx) => {
        await insertRelease(tx, { remote: SHELL, buildId, createdBy: 'build', notes: null, shared, firstLoadBytes: 0 });
        await tx
          .update(releases)
          .set({ status: 'retired' })
          .where(and(eq(releases.remote, SHELL), ne(releases.buildId, buildId), eq(releases.status, 'live')));
        await tx
          .update(releases)
          .set({ status: 'live', liveAt: sql`coalesce(${releases.liveAt}, now())` })
          .where(and(eq(releases.remote, SHELL), eq(releases.buildId, buildId)));
      });
    }
    for (const remote of RELEASE_REMOTES) await registerBuild(remote);
  }

  /** the dist's files that say it changed (a rebuild rewrites both) */
  const distSignature = async (remote: string): Promise<{ signature: string | null; newest: number }> => {
    const dist = path.join(staticRoot, remote, 'dist');
    const stats = await Promise.all(['mf-manifest.json', 'remoteEntry.js'].map((f) => fsp.stat(path.join(dist, f)).catch(() => null)));
    return {
      signature: stats.every(Boolean) ? stats.map((st) => `${st?.mtimeMs}:${st?.size}`).join('|') : null,
      newest: Math.max(0, ...stats.map((st) => st?.mtimeMs ?? 0)),
    };
  };
  const seenDist = new Map<string, string | null>();

  /**
   * One remote's dist as a release (created by `build`, its own build id, else a content hash),
   * copied into the store; it becomes live while what is live came from a build too (no team
   * has released that remote yet). True when the live release changed.
   */
  async function registerBuild(remote: ReleaseRemote): Promise<boolean> {
    const dist = path.join(staticRoot, remote, 'dist');
    seenDist.set(remote, (await distSignature(remote)).signature);
    if (!exists(path.join(dist, 'mf-manifest.json')) || !exists(path.join(dist, 'remoteEntry.js'))) return false;
    const buildId = await distBuildId(dist);
    const facts = await readBuild(dist);
    if (facts.name !== federationNameOf(remote)) return false;
    await storeFolder(dist, releaseFolder(dir, remote, buildId));
    await insertRelease(app.db, {
      remote,
      buildId,
      createdBy: 'build',
      notes: null,
      shared: facts.shared,
      firstLoadBytes: facts.firstLoadBytes,
    });
    const [state] = await app.db.select().from(releaseState).where(eq(releaseState.remote, remote));
    const [live] = state?.liveBuildId
      ? await app.db
          .select()
          .from(releases)
          .where(and(eq(releases.remote, remote), eq(releases.buildId, state.liveBuildId)))
      : [];
    if (state?.liveBuildId === buildId || (live && live.createdBy !== 'build')) return false;
    try {
      await changeState(app.db, SYSTEM_ACTOR, remote, state?.version, 'releases.register_build', async (_tx, current) => ({
        change: { liveBuildId: buildId, ...(current.canaryBuildId === buildId ? { canaryBuildId: null, canaryPercent: 0 } : {}) },
        target: `release:${remote}:${buildId}`,
      }));
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'release_conflict') return false;
      throw error;
    }
  }

  /**
   * A dist rebuilt while the server runs (a developer, or a deployment that still overwrites
   * dist/): looked at (two stats, no query) at most once a second, on a /mf-remotes.json request;
   * a changed one is registered as above before that request is answered.
   */
  let lastLook = 0;
  let looking: Promise<void> | null = null;
  async function followBuilds(): Promise<void> {
    if (looking) return looking;
    if (!registering || Date.now() - lastLook < 1000) return;
    lastLook = Date.now();
    looking ??= (async () => {
      let changed = false;
      for (const remote of RELEASE_REMOTES) {
        const { signature, newest } = await distSignature(remote);
        if (signature === seenDist.get(remote)) continue;
        // written in the last 300 ms: a build may still be writing; wait that out once, and if the
        // files changed meanwhile look again on a later request
        const age = Date.now() - newest;
        if (age < 300) {
          await new Promise((resolve) => setTimeout(resolve, 300 - age));
          if ((await distSignature(remote)).signature !== signature) {
            lastLook = 0;
            continue;
          }
        }
        changed = (await registerBuild(remote)) || changed;
      }
      if (changed) await served.reload();
    })()
      .catch((err: unknown) => app.log.warn({ err }, 'releases: registering a rebuilt remote failed'))
      .finally(() => {
        looking = null;
      });
    await looking;
  }

  // CI: the token opens /api/backoffice/releases* (a wrong one is 401, whatever else the request has)
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/backoffice/releases')) return;
    const auth = req.headers.authorization;
    if (!auth || !/^bearer /i.test(auth)) return;
    const token = auth.slice(7).trim();
    if (!app.config.RELEASE_TOKEN || !tokenMatches(token, app.config.RELEASE_TOKEN))
      throw new AppError('release_token_invalid', { status: 401 });
    req.releaseToken = true;
  });

  let listener: Listener | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await listener?.close();
  });
  listener = await listen(app.dbHandle, NOTIFY_CHANNEL, {
    message: () => void served.reload().catch((err: unknown) => app.log.warn({ err }, 'releases: reload failed')),
    state: (live) => {
      if (live && !closed) void served.reload().catch((err: unknown) => app.log.warn({ err }, 'releases: reload failed'));
    },
  });
  app.addHook('onReady', async () => {
    if (registering) {
      await registerBuilds().catch((err: unknown) => app.log.error({ err }, 'releases: registering the builds failed'));
      timer = setInterval(() => {
        void api.checkRollbacks().catch((err: unknown) => app.log.warn({ err }, 'releases: rollback check failed'));
      }, ROLLBACK_CHECK_MS);
      timer.unref();
    }
    // a database that does not answer at start (the readiness probe says so): each remote's dist
    // until the state can be read (the next NOTIFY or the LISTEN coming back reloads it)
    await served.reload().catch((err: unknown) => app.log.error({ err }, 'releases: reading the release state failed'));
  });

  // the counts are read for a day at most (the longest rollback window): older minutes are forgotten once an hour
  app.jobs.work(CLIENT_EVENTS_JOB, async () => {
    await app.db.delete(releaseClientEvents).where(lt(releaseClientEvents.minute, new Date(Date.now() - 25 * 3_600_000)));
  });
  await app.jobs.schedule(CLIENT_EVENTS_JOB, '23 * * * *');

  await app.register(releaseRoutes, { dir, api });
}

export default fp(releasesPlugin, { name: 'releases', dependencies: ['rate-limit'] });
