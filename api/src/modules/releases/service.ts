/**
 * The release registry (issue 27): releases, the state per remote (live, canary and its share,
 * paused, version), the compatibility gate, the error rates, the automatic rollback, and the
 * served remote list per browser bucket.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import semver from 'semver';
import { RELEASE_REMOTES } from '@dating/shared-kit/contracts';
import type { Release, ReleaseProblem, ReleaseRemote, ReleaseStatus, RemoteReleases, ServedRemote } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { releaseClientEvents, releases, releaseState } from '../../db/schema';
import type { ReleaseShared } from '../../db/schema';
import { AppError } from '../../errors';
import type { RemotesConfig } from '../../platform/remotes';
import { writeAudit } from '../backoffice';

export const NOTIFY_CHANNEL = 'releases';
export const SHELL = 'shell';

/** Who does a release action: a staff member, CI (RELEASE_TOKEN: staff id 0, `ci`) or the server (`system`). */
export interface Actor {
  id: number;
  email: string;
}
export const CI_ACTOR: Actor = { id: 0, email: 'ci' };
export const SYSTEM_ACTOR: Actor = { id: 0, email: 'system' };

export type StateRow = typeof releaseState.$inferSelect;
export type ReleaseRow = typeof releases.$inferSelect;

/* ---------- the compatibility gate ---------- */

/** What the shell offers for `pkg`: the entry by its name, else the longest `prefix/` entry, else its package's root entry. */
function offeredFor(pkg: string, offered: Map<string, string>): string | undefined {
  const exact = offered.get(pkg);
  if (exact) return exact;
  let best: string | undefined;
  let bestLength = -1;
  for (const [name, version] of offered) {
    const prefix = name.endsWith('/') ? name : `${name}/`;
    if (pkg.startsWith(prefix) && prefix.length > bestLength) {
      best = version;
      bestLength = prefix.length;
    }
  }
  return best;
}

/**
 * Each shared package of a release whose required range the live shell's version does not
 * satisfy (semver, prereleases included), as Module Federation checks a shared module's
 * `requiredVersion` against the version in the share scope. A package the shell does not share
 * is the release's own business (it brings its copy).
 */
export function compatibilityProblems(release: readonly ReleaseShared[], shell: readonly ReleaseShared[]): ReleaseProblem[] {
  const offered = new Map(shell.map((s) => [s.package, s.version]));
  const problems: ReleaseProblem[] = [];
  for (const s of release) {
    if (!s.required || s.required === '*' || s.required === 'false') continue;
    const version = offeredFor(s.package, offered);
    if (!version) continue;
    if (!semver.satisfies(version, s.required, { includePrerelease: true }))
      problems.push({ package: s.package, wanted: s.required, offered: version });
  }
  return problems;
}

async function checkGate(db: DbOrTx, release: ReleaseRow): Promise<void> {
  const [shell] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.remote, SHELL), eq(releases.status, 'live')))
    .limit(1);
  if (!shell) return;
  const problems = compatibilityProblems(release.shared, shell.shared);
  if (problems.length > 0) {
    throw new AppError('release_incompatible', {
      status: 409,
      params: { packages: problems.map((p) => `${p.package} ${p.wanted} (shell: ${p.offered})`).join(', ') },
      extra: { problems },
    });
  }
}

/* ---------- state changes ---------- */

async function stateFor(tx: Tx, remote: string): Promise<StateRow> {
  await tx.insert(releaseState).values({ remote }).onConflictDoNothing();
  const [row] = await tx.select().from(releaseState).where(eq(releaseState.remote, remote)).for('update');
  if (!row) throw new Error(`no release state for ${remote}`);
  return row;
}

async function releaseOf(db: DbOrTx, remote: string, buildId: string): Promise<ReleaseRow> {
  const [row] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.remote, remote), eq(releases.buildId, buildId)))
    .limit(1);
  if (!row) throw new AppError('release_not_found', { status: 404 });
  return row;
}

type Change = Partial<Pick<StateRow, 'liveBuildId' | 'canaryBuildId' | 'canaryPercent' | 'paused' | 'banner'>>;

/**
 * One change of a remote's state, in one transaction: the state row locked, the version the
 * caller saw checked (409 release_conflict when another change came first), the change, the
 * statuses of its releases, the audit row, and a NOTIFY that every instance reloads on.
 */
export async function changeState(
  db: Db,
  actor: Actor,
  remote: string,
  expectedVersion: number | undefined,
  action: string,
  decide: (
    tx: Tx,
    state: StateRow,
  ) => Promise<{ change: Change; after?: Record<string, unknown>; target?: string; rollbackReason?: string }>,
): Promise<StateRow> {
  return db.transaction(async (tx) => {
    const state = await stateFor(tx, remote);
    if (expectedVersion !== undefined && expectedVersion !== state.version) {
      throw new AppError('release_conflict', { status: 409, extra: { version: state.version } });
    }
    const { change, after, target, rollbackReason } = await decide(tx, state);
    const [updated] = await tx
      .update(releaseState)
      .set({ ...change, version: state.version + 1, updatedAt: new Date() })
      .where(and(eq(releaseState.remote, remote), eq(releaseState.version, state.version)))
      .returning();
    if (!updated) throw new AppError('release_conflict', { status: 409 });
    if (rollbackReason && state.canaryBuildId) {
      await tx
        .update(releases)
        .set({ rollbackReason })
        .where(and(eq(releases.remote, remote), eq(releases.buildId, state.canaryBuildId)));
    }
    await tx
      .update(releases)
      .set({
        status: sql`case when ${releases.buildId} = ${updated.liveBuildId} then 'live' when ${releases.buildId} = ${updated.canaryBuildId} then 'canary' when ${releases.status} in ('live', 'canary') then 'retired' else ${releases.status} end`,
        liveAt: sql`case when ${releases.buildId} = ${updated.liveBuildId} and ${releases.status} <> 'live' then now() else ${releases.liveAt} end`,
      })
      .where(eq(releases.remote, remote));
    await writeAudit(tx, actor, {
      action,
      target: target ?? `release:${remote}`,
      before: {
        live: state.liveBuildId,
        canary: state.canaryBuildId,
        percent: state.canaryPercent,
        paused: state.paused,
        version: state.version,
      },
      after: {
        live: updated.liveBuildId,
        canary: updated.canaryBuildId,
        percent: updated.canaryPercent,
        paused: updated.paused,
        version: updated.version,
        ...after,
      },
    });
    await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${remote})`);
    return updated;
  });
}

export async function canary(
  db: Db,
  actor: Actor,
  remote: ReleaseRemote,
  body: { build_id: string; percent: number; version?: number },
): Promise<StateRow> {
  return changeState(db, actor, remote, body.version, 'releases.canary', async (tx, state) => {
    const release = await releaseOf(tx, remote, body.build_id);
    if (state.liveBuildId === body.build_id) throw new AppError('release_state_invalid', { status: 409, params: { reason: 'live' } });
    await checkGate(tx, release);
    return {
      change: { canaryBuildId: body.build_id, canaryPercent: body.percent, paused: false, banner: null },
      target: `release:${remote}:${body.build_id}`,
    };
  });
}

export async function promote(
  db: Db,
  actor: Actor,
  remote: ReleaseRemote,
  body: { build_id: string; version?: number },
): Promise<StateRow> {
  return changeState(db, actor, remote, body.version, 'releases.promote', async (tx, state) => {
    const release = await releaseOf(tx, remote, body.build_id);
    if (state.liveBuildId === body.build_id) throw new AppError('release_state_invalid', { status: 409, params: { reason: 'live' } });
    await checkGate(tx, release);
    const keepCanary = state.canaryBuildId !== null && state.canaryBuildId !== body.build_id;
    return {
      change: { liveBuildId: body.build_id, ...(keepCanary ? {} : { canaryBuildId: null, canaryPercent: 0, paused: false }) },
      target: `release:${remote}:${body.build_id}`,
    };
  });
}

/**
 * Without a build id: a canary is dropped (live stays), else the release that was live before the
 * current one becomes live again. With one: that release becomes live and any canary is dropped.
 * No gate: a rollback is the way out of trouble.
 */
export async function rollback(
  db: Db,
  actor: Actor,
  remote: ReleaseRemote,
  body: { build_id?: string; version?: number },
): Promise<StateRow> {
  return changeState(db, actor, remote, body.version, 'releases.rollback', async (tx, state) => {
    let target = body.build_id;
    if (!target && state.canaryBuildId)
      return { change: { canaryBuildId: null, canaryPercent: 0, paused: false }, target: `release:${remote}:${state.canaryBuildId}` };
    if (!target) {
      const [previous] = await tx
        .select({ buildId: releases.buildId })
        .from(releases)
        .where(
          and(
            eq(releases.remote, remote),
            sql`${releases.liveAt} is not null`,
            sql`${releases.buildId} is distinct from ${state.liveBuildId}`,
          ),
        )
        .orderBy(desc(releases.liveAt))
        .limit(1);
      if (!previous) throw new AppError('release_state_invalid', { status: 409, params: { reason: 'no earlier release' } });
      target = previous.buildId;
    }
    await releaseOf(tx, remote, target);
    if (state.liveBuildId === target) throw new AppError('release_state_invalid', { status: 409, params: { reason: 'live' } });
    return { change: { liveBuildId: target, canaryBuildId: null, canaryPercent: 0, paused: false }, target: `release:${remote}:${target}` };
  });
}

export async function pause(db: Db, actor: Actor, remote: ReleaseRemote, body: { paused: boolean; version?: number }): Promise<StateRow> {
  return changeState(db, actor, remote, body.version, body.paused ? 'releases.pause' : 'releases.resume', async (_tx, state) => {
    if (!state.canaryBuildId) throw new AppError('release_state_invalid', { status: 409, params: { reason: 'no canary' } });
    return { change: { paused: body.paused } };
  });
}

/* ---------- registering ---------- */

export interface NewRelease {
  remote: string;
  buildId: string;
  createdBy: string;
  notes: string | null;
  shared: ReleaseShared[];
  firstLoadBytes: number;
}

/** Insert a release (status ready); false when the remote has that build id already. */
export async function insertRelease(db: DbOrTx, release: NewRelease): Promise<boolean> {
  const rows = await db
    .insert(releases)
    .values({ ...release, status: 'ready' })
    .onConflictDoNothing()
    .returning({ id: releases.id });
  return rows.length > 0;
}

/* ---------- health ---------- */

export interface Counts {
  mounts: number;
  errors: number;
}

/** Mounts and errors (load + render) per remote and build since `since`. */
export async function countsSince(db: DbOrTx, since: Date, remotes?: readonly string[]): Promise<Map<string, Counts>> {
  const rows = await db
    .select({
      remote: releaseClientEvents.remote,
      buildId: releaseClientEvents.buildId,
      mounts: sql<number>`coalesce(sum(${releaseClientEvents.mounts}), 0)::int`,
      errors: sql<number>`coalesce(sum(${releaseClientEvents.loadErrors} + ${releaseClientEvents.renderErrors}), 0)::int`,
    })
    .from(releaseClientEvents)
    .where(and(gte(releaseClientEvents.minute, since), remotes ? inArray(releaseClientEvents.remote, [...remotes]) : undefined))
    .groupBy(releaseClientEvents.remote, releaseClientEvents.buildId);
  return new Map(rows.map((r) => [`${r.remote}/${r.buildId}`, { mounts: Number(r.mounts), errors: Number(r.errors) }]));
}

/** errors per 1,000 mounts; null without mounts and errors, Infinity with errors but no mount */
export function errorRate(c: Counts | undefined): number | null {
  if (!c || (c.mounts === 0 && c.errors === 0)) return null;
  if (c.mounts === 0) return Number.POSITIVE_INFINITY;
  return (c.errors * 1000) / c.mounts;
}

export interface RollbackSettings {
  release_rollback_factor: number;
  release_rollback_min_errors: number;
  release_rollback_window_minutes: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Roll back every canary whose error rate over the window is above factor x the live release's
 * with at least min errors. Each rollback names the version it looked at, so two instances
 * checking at once roll back once. Returns the remotes rolled back.
 */
export async function checkRollbacks(db: Db, settings: RollbackSettings, now = new Date()): Promise<string[]> {
  const states = await db
    .select()
    .from(releaseState)
    .where(sql`${releaseState.canaryBuildId} is not null and not ${releaseState.paused}`);
  if (states.length === 0) return [];
  const since = new Date(now.getTime() - settings.release_rollback_window_minutes * 60_000);
  const counts = await countsSince(
    db,
    since,
    states.map((s) => s.remote),
  );
  const done: string[] = [];
  for (const state of states) {
    const c = counts.get(`${state.remote}/${state.canaryBuildId}`);
    if (!c || c.errors < settings.release_rollback_min_errors) continue;
    const canaryRate = errorRate(c) ?? 0;
    const liveRate = errorRate(state.liveBuildId ? counts.get(`${state.remote}/${state.liveBuildId}`) : undefined) ?? 0;
    if (!(canaryRate > settings.release_rollback_factor * liveRate)) continue;
    const shown = (r: number) => (Number.isFinite(r) ? String(round(r)) : '∞');
    const reason =
      `Automatisch teruggedraaid: ${c.errors} fouten bij ${c.mounts} keer laden in ${settings.release_rollback_window_minutes} minuten ` +
      `(${shown(canaryRate)} per 1.000, live ${shown(liveRate)}; grens ${settings.release_rollback_factor}× en minstens ${settings.release_rollback_min_errors} fouten).`;
    try {
      await changeState(db, SYSTEM_ACTOR, state.remote, state.version, 'releases.auto_rollback', async () => ({
        change: { canaryBuildId: null, canaryPercent: 0, paused: false, banner: reason },
        rollbackReason: reason,
        target: `release:${state.remote}:${state.canaryBuildId}`,
        after: { reason, mounts: c.mounts, errors: c.errors },
      }));
      done.push(state.remote);
    } catch (error) {
      // another instance (or a person) changed it first: nothing to do here
      if (!(error instanceof AppError && error.code === 'release_conflict')) throw error;
    }
  }
  return done;
}

/* ---------- the registry page ---------- */

export async function registryPage(db: DbOrTx, now = new Date()): Promise<RemoteReleases[]> {
  const [states, rows, counts] = await Promise.all([
    db.select().from(releaseState),
    db.select().from(releases).orderBy(desc(releases.createdAt), desc(releases.id)),
    countsSince(db, new Date(now.getTime() - 3_600_000)),
  ]);
  const stateOf = new Map(states.map((s) => [s.remote, s]));
  return RELEASE_REMOTES.map((remote): RemoteReleases => {
    const s = stateOf.get(remote);
    const list = rows
      .filter((r) => r.remote === remote)
      .map((r): Release => {
        const c = counts.get(`${remote}/${r.buildId}`) ?? { mounts: 0, errors: 0 };
        const rate = errorRate(c);
        return {
          build_id: r.buildId,
          status: r.status as ReleaseStatus,
          created_at: r.createdAt.toISOString(),
          created_by: r.createdBy,
          notes: r.notes,
          shared: r.shared.map((x) => ({ package: x.package, version: x.version })),
          first_load_bytes: r.firstLoadBytes,
          mounts_1h: c.mounts,
          errors_1h: c.errors,
          // with errors and no mount at all: every load failed; shown as errors per 1,000 loads tried
          error_rate_1h: rate === null ? null : Number.isFinite(rate) ? round(rate) : 1000,
          rollback_reason: r.rollbackReason,
        };
      });
    return {
      remote,
      live: s?.liveBuildId ? { build_id: s.liveBuildId } : null,
      canary: s?.canaryBuildId ? { build_id: s.canaryBuildId, percent: s.canaryPercent } : null,
      paused: s?.paused ?? false,
      version: s?.version ?? 0,
      banner: s?.banner ?? null,
      releases: list,
    };
  });
}

/* ---------- what each browser gets ---------- */

interface Served {
  live: string | null;
  canary: string | null;
  percent: number;
}

/**
 * The served remote list per browser bucket, from the state rows kept in memory: reloaded when a
 * NOTIFY on `releases` arrives (any instance's change), never per request. The list of a bucket
 * depends only on which canaries it is in, so one JSON text per combination is kept.
 */
export class ServedRemotes {
  private served = new Map<string, Served>();
  private texts = new Map<string, string>();
  private generation = 0;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly defaults: RemotesConfig,
    private readonly overrides: ReadonlySet<string>,
  ) {}

  /** Read the state rows again (coalesced: a NOTIFY during a load loads once more after it). */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        const rows = await this.db.select().from(releaseState);
        const next = new Map<string, Served>();
        for (const r of rows)
          next.set(r.remote, { live: r.liveBuildId, canary: r.paused ? null : r.canaryBuildId, percent: r.canaryPercent });
        this.served = next;
        this.texts = new Map();
        this.generation += 1;
      } while (this.again);
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** the live build id of a remote (its folder), or null */
  liveOf(remote: string): string | null {
    return this.served.get(remote)?.live ?? null;
  }

  get version(): number {
    return this.generation;
  }

  /** The remotes' entries for a browser in `bucket` (0-99) and the JSON text of the list. */
  forBucket(bucket: number): { remotes: ServedRemote[]; text: string } {
    let key = '';
    const remotes = this.defaults.remotes.map((r): ServedRemote => {
      const folder = r.name.replace(/_/g, '-');
      const s = this.served.get(folder);
      if (this.overrides.has(r.name) || !s?.live) {
        key += '-';
        return { name: r.name, entry: r.entry, build_id: null };
      }
      const inCanary = s.canary !== null && bucket < s.percent;
      key += inCanary ? 'c' : 'l';
      const build = inCanary ? (s.canary as string) : s.live;
      return { name: r.name, entry: `/mf/${folder}/${build}/mf-manifest.json`, build_id: build };
    });
    let text = this.texts.get(key);
    if (!text) {
      text = JSON.stringify({ remotes });
      this.texts.set(key, text);
    }
    return { remotes, text };
  }
}
