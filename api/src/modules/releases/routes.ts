/**
 * The release calls (CI with its token, staff with the release role) and the browsers' client
 * events that drive the automatic rollback; the plugin in index.ts keeps the state they act on.
 */

import fsp from 'node:fs/promises';

import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUILD_ID_PATTERN,
  CLIENT_EVENTS_MAX,
  ZClientEvents,
  ZReleaseCanary,
  ZReleasePause,
  ZReleasePromote,
  ZReleaseRegistered,
  ZReleaseRemote,
  ZReleaseRollback,
  ZReleasesPage,
  ZRemoteReleases,
  federationNameOf,
} from '@dating/shared-kit/contracts';
import type { ReleaseRemote } from '@dating/shared-kit/contracts';

import { releaseClientEvents, releaseState } from '../../db/schema';

import { AppError } from '../../errors';

import { registerBackofficeGuards, requireRole, writeAudit } from '../backoffice';
import { CI_ACTOR, canary, insertRelease, pause, promote, registryPage, rollback } from './service';
import type { Actor } from './service';
import { exists, placeBundle, readBuild, releaseFolder, unpackBundle } from './store';

import { remoteOf } from './remote-api';
import type { Releases } from './remote-api';

/** CI with the token, or a staff member with the release role (admin too). */
function actorOf(req: FastifyRequest): Actor {
  if (req.releaseToken) {
    req.auditTarget = null;
    return CI_ACTOR;
  }
  const staff = requireRole(req, 'release');
  return { id: staff.id, email: staff.email };
}

export async function releaseRoutes(scope: FastifyInstance, { dir, api }: { dir: string; api: Releases }): Promise<void> {
  /** when each remote's canary was last checked because its browsers report errors */
  const lastCheck = new Map<string, number>();
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // registered beside the modules (scope.ts: static.ts needs scope.releases), so the back office's guards are added here
  registerBackofficeGuards(scope);
  if (!scope.hasContentTypeParser('multipart/form-data')) {
    await scope.register(multipart, { limits: { fileSize: 64 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });
  }
  const page = async () => ({ remotes: await registryPage(scope.db) });
  const remoteState = async (remote: ReleaseRemote) => (await registryPage(scope.db)).find((x) => x.remote === remote);
  const ZRemoteParams = z.object({ remote: ZReleaseRemote });

  r.get(
    '/api/backoffice/releases',
    {
      schema: {
        tags: ['releases'],
        summary: 'The releases of every remote (release role, admin, or RELEASE_TOKEN)',
        response: { 200: ZReleasesPage },
      },
    },
    async (req) => {
      actorOf(req);
      return page();
    },
  );

  r.post(
    '/api/backoffice/releases',
    {
      schema: {
        tags: ['releases'],
        summary: 'Register a release: multipart fields remote, build_id, notes? and the file bundle (a tar or tar.gz of the build output)',
        consumes: ['multipart/form-data'],
        response: { 201: ZReleaseRegistered },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!req.isMultipart()) throw new AppError('validation', { status: 400, field: 'bundle', params: { field: 'bundle' } });
      const fields: Record<string, string> = {};
      let bundle: Buffer | null = null;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'bundle') {
            part.file.resume();
            continue;
          }
          bundle = await part.toBuffer();
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
      const parsed = z
        .object({ remote: ZReleaseRemote, build_id: z.string().regex(BUILD_ID_PATTERN), notes: z.string().trim().max(2000).optional() })
        .safeParse(fields);
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
        throw new AppError('validation', { status: 400, field, params: { field } });
      }
      if (!bundle) throw new AppError('validation', { status: 400, field: 'bundle', params: { field: 'bundle' } });
      const { remote, build_id: buildId, notes } = parsed.data;
      req.auditAction = 'releases.register';
      req.auditTarget = `release:${remote}:${buildId}`;
      const target = releaseFolder(dir, remote, buildId);
      if (exists(target)) throw new AppError('release_exists', { status: 409 });
      const tmp = await unpackBundle(bundle, dir, remote);
      try {
        const facts = await readBuild(tmp);
        if (facts.name !== federationNameOf(remote))
          throw new AppError('release_bundle_invalid', {
            status: 400,
            params: { reason: `mf-manifest.json names ${facts.name || 'nothing'}` },
          });
        if (!(await placeBundle(tmp, target))) throw new AppError('release_exists', { status: 409 });
      } catch (error) {
        await fsp.rm(tmp, { recursive: true, force: true });
        throw error;
      }
      const facts = await readBuild(target);
      try {
        await scope.db.transaction(async (tx) => {
          if (
            !(await insertRelease(tx, {
              remote,
              buildId,
              createdBy: actor.email,
              notes: notes || null,
              shared: facts.shared,
              firstLoadBytes: facts.firstLoadBytes,
            }))
          ) {
            throw new AppError('release_exists', { status: 409 });
          }
          await tx.insert(releaseState).values({ remote }).onConflictDoNothing();
          await writeAudit(tx, actor, {
            action: 'releases.register',
            target: `release:${remote}:${buildId}`,
            after: { notes: notes || null, first_load_bytes: facts.firstLoadBytes },
          });
        });
      } catch (error) {
        await fsp.rm(target, { recursive: true, force: true });
        throw error;
      }
      return reply.status(201).send({ remote, build_id: buildId, status: 'ready' as const });
    },
  );

  const action = <B extends z.core.$ZodType>(
    name: string,
    summary: string,
    body: B,
    run: (actor: Actor, remote: ReleaseRemote, body: z.infer<B>) => Promise<unknown>,
  ) =>
    r.post(
      `/api/backoffice/releases/:remote/${name}`,
      { schema: { tags: ['releases'], summary, params: ZRemoteParams, body, response: { 200: ZRemoteReleases } } },
      async (req) => {
        const actor = actorOf(req);
        req.auditAction = `releases.${name}`;
        req.auditTarget = `release:${req.params.remote}`;
        await run(actor, req.params.remote, req.body as z.infer<B>);
        return remoteState(req.params.remote);
      },
    );
  action(
    'canary',
    'Serve a release to a share (1-50 %) of the browsers; 409 release_incompatible / release_conflict',
    ZReleaseCanary,
    (a, remote, b) => canary(scope.db, a, remote, b),
  );
  action('promote', 'Make a release live for every browser; 409 release_incompatible / release_conflict', ZReleasePromote, (a, remote, b) =>
    promote(scope.db, a, remote, b),
  );
  action('rollback', 'Drop the canary, or go back to the release live before (or the one named)', ZReleaseRollback, (a, remote, b) =>
    rollback(scope.db, a, remote, b),
  );
  action('pause', 'Pause (keep, serve nobody) or resume the canary', ZReleasePause, (a, remote, b) => pause(scope.db, a, remote, b));

  // what the shell reports: counted per remote, build and minute (no row per event)
  scope.post(
    '/api/client-events.php',
    {
      schema: {
        tags: ['releases'],
        summary: `Mounts and failures of remotes as the browser saw them (max ${CLIENT_EVENTS_MAX} events; text/plain or JSON); 204`,
        body: ZClientEvents,
      },
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      // no session and nothing but counters: sendBeacon cannot send the CSRF header
      config: { csrf: false, rateLimit: { groupId: 'client-events', max: scope.config.RATE_LIMIT_CLIENT_EVENTS, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      let body: unknown = req.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw new AppError('invalid_json', { status: 400 });
        }
      }
      const parsed = ZClientEvents.safeParse(body);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') || 'events';
        throw new AppError('validation', { status: 400, field, params: { field } });
      }
      const counts = new Map<
        string,
        { remote: ReleaseRemote; buildId: string; mounts: number; loadErrors: number; renderErrors: number }
      >();
      for (const [i, e] of parsed.data.events.entries()) {
        const remote = remoteOf(e.remote);
        if (!remote)
          throw new AppError('validation', { status: 400, field: `events.${i}.remote`, params: { field: `events.${i}.remote` } });
        const key = `${remote}/${e.build_id}`;
        const c = counts.get(key) ?? { remote, buildId: e.build_id, mounts: 0, loadErrors: 0, renderErrors: 0 };
        if (e.type === 'mount') c.mounts += 1;
        else if (e.type === 'load_error') c.loadErrors += 1;
        else c.renderErrors += 1;
        counts.set(key, c);
      }
      const minute = sql`date_trunc('minute', now())`;
      await scope.db
        .insert(releaseClientEvents)
        .values([...counts.values()].map((c) => ({ ...c, minute })))
        .onConflictDoUpdate({
          target: [releaseClientEvents.remote, releaseClientEvents.buildId, releaseClientEvents.minute],
          set: {
            mounts: sql`${releaseClientEvents.mounts} + excluded.mounts`,
            loadErrors: sql`${releaseClientEvents.loadErrors} + excluded.load_errors`,
            renderErrors: sql`${releaseClientEvents.renderErrors} + excluded.render_errors`,
          },
        });
      // errors of a canary: look now (at most once a second per remote and instance), not in 30 s
      const now = Date.now();
      const erring = [...counts.values()].filter((c) => c.loadErrors + c.renderErrors > 0).map((c) => c.remote);
      if (erring.some((remote) => now - (lastCheck.get(remote) ?? 0) >= 1000)) {
        for (const remote of erring) lastCheck.set(remote, now);
        await api.checkRollbacks().catch((err: unknown) => req.log.warn({ err }, 'releases: rollback check failed'));
      }
      return reply.status(204).send();
    },
  );
}
