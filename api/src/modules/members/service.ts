/**
 * Members services: who may be seen by whom, loading wire profiles in batches, blocking, and the
 * `countNewLikes` used by the identity module's toUser (the user's `new_likes` badge).
 *
 * Visibility (one rule, used by search, member.php, likes, swipe, match finder):
 *   profiles.status = 'active', users.status in (active, not_confirmed), users.deleted_at null,
 *   not invisible (users.invisible) -- together profiles.searchable -- and no block between viewer
 *   and member in either direction.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Profile } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { blocks, likes, memberPreferences, photos, profileInterests, profiles, users } from '../../db/schema';
import { toProfile } from './serialize-profile';
import type { PhotoRow, ProfileRow } from './serialize-profile';

export const VISIBLE_USER_STATUSES = ['active', 'not_confirmed'] as const;


/**
 * SQL over `profiles`: a member others may see. profiles.searchable mirrors the users columns
 * (status active/not_confirmed, not deleted, not invisible, not staff) through database triggers
 * (migrations 0005/0006_members_searchable*), so no join to users is needed to filter or count.
 */
export function isVisibleMember(viewerId: number | null): SQL {
  const parts: SQL[] = [eq(profiles.status, 'active'), sql`${profiles.searchable}`];
  if (viewerId != null) {
    parts.push(ne(profiles.userId, viewerId));
    parts.push(notBlockedWith(viewerId));
  }
  return and(...parts) as SQL;
}

/** SQL: no block between `viewerId` and profiles.user_id, either direction. */
export function notBlockedWith(viewerId: number): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${profiles.userId}) or (b.blocker_id = ${profiles.userId} and b.blocked_id = ${viewerId}))`;
}

export async function isBlockedBetween(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

export interface LoadOptions {
  viewerId: number | null;
  cdnPrefix: string;
}

/** Wire profiles for `ids` (order kept; missing ids are skipped). Four queries whatever the count. */
export async function loadProfiles(db: DbOrTx, ids: readonly number[], opts: LoadOptions): Promise<Profile[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ profile: profiles, fictional: users.fictional })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.userId, unique));
  return serializeRows(db, rows, opts, ids);
}

/**
 * Serialize already-selected profile rows (with users.fictional), batch-loading photos, interests
 * and, for members other than the viewer, whether they show their city (preferences.location.show_city).
 */
export async function serializeRows(
  db: DbOrTx,
  rows: readonly { profile: ProfileRow; fictional: boolean }[],
  opts: LoadOptions,
  order?: readonly number[],
): Promise<Profile[]> {
  if (rows.length === 0) return [];
  const mainIds = rows.map((r) => r.profile.mainPhotoId).filter((id): id is number => id != null);
  const userIds = rows.map((r) => r.profile.userId);
  const othersIds = userIds.filter((id) => id !== opts.viewerId);
  const [mains, interestRows, locationRows] = await Promise.all([
    mainIds.length ? db.select().from(photos).where(inArray(photos.id, mainIds)) : Promise.resolve([] as PhotoRow[]),
    db.select().from(profileInterests).where(inArray(profileInterests.userId, userIds)),
    othersIds.length
      ? db.select({ userId: memberPreferences.userId, location: memberPreferences.location }).from(memberPreferences).where(inArray(memberPreferences.userId, othersIds))
      : Promise.resolve([]),
  ]);
  const cityHidden = new Set(locationRows.filter((r) => r.location.show_city === false).map((r) => r.userId));
  const photoById = new Map(mains.map((p) => [p.id, p]));
  const interestsByUser = new Map<number, string[]>();
  for (const r of interestRows) {
    const list = interestsByUser.get(r.userId) ?? [];
    list.push(r.slug);
    interestsByUser.set(r.userId, list);
  }
  const byId = new Map<number, Profile>();
  for (const { profile, fictional } of rows) {
    const main = profile.mainPhotoId != null ? (photoById.get(profile.mainPhotoId) ?? null) : null;
    byId.set(
      profile.userId,
      toProfile(profile, {
        mainPhoto: main && main.userId === profile.userId ? main : null,
        interests: (interestsByUser.get(profile.userId) ?? []).sort(),
        isOwner: opts.viewerId === profile.userId,
        fictional,
        showCity: !cityHidden.has(profile.userId),
        cdnPrefix: opts.cdnPrefix,
      }),
    );
  }
  const ids = order ?? rows.map((r) => r.profile.userId);
  return ids.map((id) => byId.get(id)).filter((p): p is Profile => p !== undefined);
}

/** The member row (profile + user) if it exists and is not deleted/disabled; else null. */
export async function findMember(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, id))
    .limit(1);
  if (!row) return null;
  const gone =
    row.profile.status !== 'active' ||
    !(VISIBLE_USER_STATUSES as readonly string[]).includes(row.user.status) ||
    row.user.deletedAt != null;
  return gone ? null : row;
}

/**
 * SQL over `likes` joined with the liker's `profiles` and `users` row (on likes.liker_id): a like
 * that `viewerId` received and may see. The liker must be a member the viewer may see (the same
 * rule as everywhere: visible, not invisible, no block) and must have confirmed their e-mail
 * address: like their chat messages (spec 4, "until then, members do not receive the user's
 * messages"), the likes of an unconfirmed member are held, and reach the other side (as new likes)
 * once they confirm. One rule for the badge (countNewLikes), the likes list and auto-like.
 */
export function receivedLikeVisible(viewerId: number): SQL {
  return and(eq(likes.likedId, viewerId), isVisibleMember(viewerId), eq(users.emailConfirmed, true)) as SQL;
}

/** New likes of `userId` (the `new_likes` badge of ZUser): exactly the new entries of the likes list's liked_by. */
export async function countNewLikes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, likes.likerId))
    .innerJoin(users, eq(users.id, likes.likerId))
    .where(and(receivedLikeVisible(userId), eq(likes.isNew, true)));
  return Number(row?.n ?? 0);
}

/* ---------------- blocking ---------------- */

/**
 * Other capabilities hook into blocking here (the chat module registers a hook that deletes the
 * conversations between the two), so this module never imports theirs.
 */
export type BlockHook = (db: DbOrTx, blockerId: number, blockedId: number) => Promise<void>;
const blockHooks: BlockHook[] = [];
export function onMemberBlocked(hook: BlockHook): void {
  if (!blockHooks.includes(hook)) blockHooks.push(hook);
}

/** Block: removes likes both ways (and, through hooks, chats), hides both from each other. */
export async function blockMember(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await db
    .delete(likes)
    .where(or(and(eq(likes.likerId, blockerId), eq(likes.likedId, blockedId)), and(eq(likes.likerId, blockedId), eq(likes.likedId, blockerId))));
  for (const hook of blockHooks) await hook(db, blockerId, blockedId);
}

export async function unblockMember(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function listBlocked(db: DbOrTx, blockerId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: profiles.userId, name: profiles.name })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(profiles.name);
}

/** The genders a member looks for, from gender + sexuality (hetero -> the other one; bi -> both). */
export function seekingGenders(gender: string, sexuality: string | null): ('male' | 'female')[] {
  const other = gender === 'male' ? 'female' : 'male';
  if (sexuality === 'bi') return ['male', 'female'];
  if (sexuality === 'gay' || sexuality === 'lesbian') return [gender === 'female' ? 'female' : 'male'];
  return [other];
}

/** date_of_birth bounds (ISO) for an age range, on `now` (UTC). */
export function dobBounds(minAge: number | undefined, maxAge: number | undefined, now = new Date()) {
  const shift = (years: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
    return d.toISOString().slice(0, 10);
  };
  return {
    /** age >= minAge  <=>  dob <= today - minAge years */
    latest: minAge != null ? shift(minAge) : undefined,
    /** age <= maxAge  <=>  dob > today - (maxAge + 1) years */
    earliestExclusive: maxAge != null ? shift(maxAge + 1) : undefined,
  };
}
