/**
 * Releases per team (issue 27): every remote's build is a release (build id), stored by the server
 * and served at /mf/<folder>/<build-id>/; each browser gets the live release of each remote, or
 * the canary when its `mf_bucket` cookie (0-99) is below the canary's percent. Staff with role
 * `release` (or admin) and CI (bearer RELEASE_TOKEN) work the registry:
 *
 *   GET  /api/backoffice/releases                               -> ZReleasesPage
 *   POST /api/backoffice/releases   (multipart: remote, notes?, files)   -> 201 ZReleaseRegistered
 *   POST /api/backoffice/releases/:remote/canary   ZReleaseCanary   -> ZRemoteReleases
 *   POST /api/backoffice/releases/:remote/promote  ZReleasePromote  -> ZRemoteReleases
 *   POST /api/backoffice/releases/:remote/rollback ZReleaseRollback -> ZRemoteReleases
 *   POST /api/backoffice/releases/:remote/pause    ZReleasePause    -> ZRemoteReleases
 *
 * `:remote` is the remote's folder (`mf-payments`). Every action names the remote state's
 * `version` it was made against: a stale one is 409 `release_conflict` (two people at once: one
 * wins). A release whose shared packages the live shell cannot satisfy is 409
 * `release_incompatible` with `problems`.
 *
 *   POST /api/client-events.php  ZClientEvents  (no session; text/plain or application/json) -> 204
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';

/** The remotes that are released (their folders), in menu order. */
export const RELEASE_REMOTES = ['mf-auth-signup', 'mf-members', 'mf-chat', 'mf-payments', 'mf-landers'] as const;
export const ZReleaseRemote = lazySchema(() => z.enum(RELEASE_REMOTES));
export type ReleaseRemote = z.infer<typeof ZReleaseRemote>;

/** The Module Federation name of a remote folder (`mf-payments` -> `mf_payments`). */
export function federationNameOf(remote: ReleaseRemote): string {
  return remote.replace(/-/g, '_');
}

/** A build id: the git commit and time (`3f2a9c1b-20261127T1530`), or a content hash. */
export const BUILD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const ZBuildId = lazySchema(() => z.string().check(z.regex(BUILD_ID_PATTERN)));

/** The largest canary share the back office offers (issue 27: 1-50 %). */
export const CANARY_PERCENT_MAX = 50;

export const ZReleaseStatus = lazySchema(() => z.enum(['ready', 'canary', 'live', 'retired']));
export type ReleaseStatus = z.infer<typeof ZReleaseStatus>;

export const ZSharedPackage = lazySchema(() => z.object({ package: z.string(), version: z.string() }));
export type SharedPackage = z.infer<typeof ZSharedPackage>;

export const ZRelease = lazySchema(() =>
  z.object({
    build_id: z.string(),
    status: ZReleaseStatus,
    created_at: z.string(),
    /** the staff member's e-mail, `ci` (RELEASE_TOKEN) or `build` (registered at the first start) */
    created_by: z.string(),
    notes: z.nullable(z.string()),
    shared: z.array(ZSharedPackage),
    /** bytes of JS a browser loads first for this remote (remoteEntry.js + its initial chunks) */
    first_load_bytes: z.number().check(z.int(), z.nonnegative()),
    mounts_1h: z.number().check(z.int(), z.nonnegative()),
    errors_1h: z.number().check(z.int(), z.nonnegative()),
    /** errors per 1,000 mounts over the last hour; null without mounts */
    error_rate_1h: z.nullable(z.number().check(z.nonnegative())),
    /** why this release was rolled back automatically; null otherwise */
    rollback_reason: z.nullable(z.string()),
  }),
);
export type Release = z.infer<typeof ZRelease>;

export const ZRemoteReleases = lazySchema(() =>
  z.object({
    remote: ZReleaseRemote,
    live: z.nullable(z.object({ build_id: z.string() })),
    canary: z.nullable(z.object({ build_id: z.string(), percent: z.number().check(z.int(), z.gte(1), z.lte(100)) })),
    /** a paused canary is kept but no browser gets it */
    paused: z.boolean(),
    /** the remote state's version: send it with every action */
    version: z.number().check(z.int(), z.nonnegative()),
    /** the last automatic rollback's reason, for the page's banner; null when there is none */
    banner: z.nullable(z.string()),
    /** newest first */
    releases: z.array(ZRelease),
  }),
);
export type RemoteReleases = z.infer<typeof ZRemoteReleases>;

export const ZReleasesPage = lazySchema(() => z.object({ remotes: z.array(ZRemoteReleases) }));
export type ReleasesPage = z.infer<typeof ZReleasesPage>;

export const ZReleaseRegistered = lazySchema(() => z.object({ remote: ZReleaseRemote, build_id: z.string(), status: ZReleaseStatus }));
export type ReleaseRegistered = z.infer<typeof ZReleaseRegistered>;

const version = lazySchema(() => z.number().check(z.int(), z.nonnegative()));
export const ZReleaseCanary = lazySchema(() =>
  z.strictObject({
    build_id: ZBuildId,
    percent: z.number().check(z.int(), z.gte(1), z.lte(CANARY_PERCENT_MAX)),
    version: z.optional(version),
  }),
);
export type ReleaseCanary = z.infer<typeof ZReleaseCanary>;
export const ZReleasePromote = lazySchema(() => z.strictObject({ build_id: ZBuildId, version: z.optional(version) }));
export type ReleasePromote = z.infer<typeof ZReleasePromote>;
/** without build_id: back to the release that was live before the current one */
export const ZReleaseRollback = lazySchema(() => z.strictObject({ build_id: z.optional(ZBuildId), version: z.optional(version) }));
export type ReleaseRollback = z.infer<typeof ZReleaseRollback>;
/** paused: the canary is kept, every browser gets the live release; false resumes it */
export const ZReleasePause = lazySchema(() => z.strictObject({ paused: z.boolean(), version: z.optional(version) }));
export type ReleasePause = z.infer<typeof ZReleasePause>;

/** 409 release_incompatible: each shared package the live shell cannot satisfy */
export const ZReleaseProblem = lazySchema(() => z.object({ package: z.string(), wanted: z.string(), offered: z.string() }));
export type ReleaseProblem = z.infer<typeof ZReleaseProblem>;

/* ---------- what the shell reports (sendBeacon) ---------- */

export const CLIENT_EVENT_TYPES = ['mount', 'load_error', 'render_error'] as const;
export const CLIENT_EVENTS_MAX = 50;
/** `remote`: the federation name (`mf_payments`) as in /mf-remotes.json; the folder is accepted too */
export const ZClientEvent = lazySchema(() =>
  z.strictObject({
    remote: z.string().check(z.maxLength(40)),
    build_id: ZBuildId,
    type: z.enum(CLIENT_EVENT_TYPES),
  }),
);
export const ZClientEvents = lazySchema(() =>
  z.strictObject({ events: z.array(ZClientEvent).check(z.minLength(1), z.maxLength(CLIENT_EVENTS_MAX)) }),
);
export type ClientEvents = z.infer<typeof ZClientEvents>;

/** One entry of /mf-remotes.json: `build_id` is null for a remote placed elsewhere (MF_REMOTES). */
export const ZServedRemote = lazySchema(() => z.object({ name: z.string(), entry: z.string(), build_id: z.nullable(z.string()) }));
export type ServedRemote = z.infer<typeof ZServedRemote>;
