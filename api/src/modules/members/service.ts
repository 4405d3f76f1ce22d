/**
 * Members services: who may be seen by whom, loading wire profiles in one query (profileFields), blocking, and the
 * `countNewLikes` used by the identity module's toUser (the user's `new_likes` badge).
 *
 * Visibility (one rule, used by search, member.php, likes, swipe, match finder):
 *   profiles.status = 'active', users.status in (active, not_confirmed), users.deleted_at null,
 *   not invisible (users.invisible) -- together profiles.searchable -- and no block between viewer
 *   and member in either direction.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { Profile } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { withPairLock } from '../../platform/pair-lock';
import { blocks, likes, memberPreferences, photos, profileInterests, profiles, users } from '../../db/schema';
import { toProfile } from './serialize-profile';
import type { PhotoRef, ProfileRow } from './serialize-profile';

/** A member id, or a placeholder for one in a prepared statement. */
export type MemberId = number | Placeholder;

export const VISIBLE_USER_STATUSES = ['active', 'not_confirmed'] as const;

/**
 * SQL over `profiles`: a member others may see. profiles.searchable mirrors the users columns
 * (status active/not_confirmed, not deleted, not invisible, not staff) through database triggers
 * (migrations 0005/0006_members_searchable*), so no join to users is needed to filter or count.
 */
export function isVisibleMember(viewerId: MemberId | null): SQL {
  const parts: SQL[] = [eq(profiles.status, 'active'), sql`${profiles.searchable}`];
  if (viewerId != null) {
    parts.push(ne(profiles.userId, viewerId));
    parts.push(notBlockedWith(viewerId));
  }
  return and(...parts) as SQL;
}

/** SQL: no block between `viewerId` and profiles.user_id, either direction. */
export function notBlockedWith(viewerId: MemberId): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${profiles.userId}) or (b.blocker_id = ${profiles.userId} and b.blocked_id = ${viewerId}))`;
}

export interface LoadOptions {
  viewerId: number | null;
  cdnPrefix: string;
}

/**
 * The columns a wire profile needs, selected together with the profile row: the member's
 * users.fictional, the main photo (json, only when it is the member's own), the interest slugs
 * (sorted by serializeRows) and whether the city is shown (preferences.location.show_city, default true). Every
 * list (search, likes, related, swipe, match finder) selects these, so a page of profiles is one
 * query, not one query plus three follow-ups. Use with `.from(profiles).innerJoin(users, ...)`.
 */
export const profileFields = {
  profile: profiles,
  fictional: users.fictional,
  main: sql<PhotoRef | null>`(select json_build_object('id', mp.id, 'filename', mp.filename, 'thumbFilename', mp.thumb_filename, 'matchFilename', mp.match_filename, 'status', mp.status) from ${photos} mp where mp.id = ${profiles.mainPhotoId} and mp.user_id = ${profiles.userId})`,
  interests: sql<string[]>`array(select pi.slug from ${profileInterests} pi where pi.user_id = ${profiles.userId})`,
  showCity: sql<boolean>`coalesce((select (pref.location->>'show_city')::boolean from ${memberPreferences} pref where pref.user_id = ${profiles.userId}), true)`,
};

/** A row selected with `profileFields`. */
export interface ProfileListRow {
  profile: ProfileRow;
  fictional: boolean;
  main: PhotoRef | null;
  interests: string[];
  showCity: boolean;
}

/** The rows of the wire profiles of `ids` (any order; missing ids are skipped): one query. */
export async function loadProfileRows(db: DbOrTx, ids: readonly number[]): Promise<ProfileListRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select(profileFields).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(inArray(profiles.userId, unique));
}

/** Wire profiles for `ids` (order kept; missing ids are skipped): one query whatever the count. */
export async function loadProfiles(db: DbOrTx, ids: readonly number[], opts: LoadOptions): Promise<Profile[]> {
  return serializeRows(await loadProfileRows(db, ids), opts, ids);
}

/** Rows selected with `profileFields` as wire profiles (in `order` when given). No query. */
export function serializeRows(rows: readonly ProfileListRow[], opts: LoadOptions, order?: readonly number[]): Profile[] {
  if (rows.length === 0) return [];
  const byId = new Map<number, Profile>();
  for (const { profile, fictional, main, interests, showCity } of rows) {
    const isOwner = opts.viewerId === profile.userId;
    byId.set(
      profile.userId,
      toProfile(profile, {
        mainPhoto: main,
        interests: interests.sort(),
        isOwner,
        fictional,
        showCity: isOwner || showCity,
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
 * address: like their chat messages ("until then, members do not receive the user's
 * messages"), the likes of an unconfirmed member are held, and reach the other side (as new likes)
 * once they confirm. One rule for the badge (countNewLikes), the likes list and auto-like.
 */
export function receivedLikeVisible(viewerId: MemberId): SQL {
  return and(eq(likes.likedId, viewerId), isVisibleMember(viewerId), eq(users.emailConfirmed, true)) as SQL;
}

/** The query counting the new likes of `userId` (a number or a placeholder): embeddable as a subquery. */
export function newLikesCount(db: DbOrTx, userId: MemberId) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, likes.likerId))
    .innerJoin(users, eq(users.id, likes.likerId))
    .where(and(receivedLikeVisible(userId), eq(likes.isNew, true)));
}

/** New likes of `userId` (the `new_likes` badge of ZUser): exactly the new entries of the likes list's liked_by. */
export async function countNewLikes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await newLikesCount(db, userId);
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

/**
 * Block: removes likes both ways (and, through hooks, chats), hides both from each other. Holds the
 * pair's lock (platform/pair-lock.ts), which every write that must respect a block takes too.
 */
export async function blockMember(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
  await withPairLock(db, blockerId, blockedId, async (tx) => {
    await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
    await tx
      .delete(likes)
      .where(
        or(
          and(eq(likes.likerId, blockerId), eq(likes.likedId, blockedId)),
          and(eq(likes.likerId, blockedId), eq(likes.likedId, blockerId)),
        ),
      );
    for (const hook of blockHooks) await hook(tx, blockerId, blockedId);
  });
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
/** The date (YYYY-MM-DD) `years` years before `now`'s UTC day. */
function yearsBefore(now: Date, years: number): string {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
}

// (a module function, not a closure per call: every search computes these, and the build's
// keepNames gives each closure made at run time a name first)
export function dobBounds(minAge: number | undefined, maxAge: number | undefined, now = new Date()) {
  return {
    /** age >= minAge  <=>  dob <= today - minAge years */
    latest: minAge != null ? yearsBefore(now, minAge) : undefined,
    /** age <= maxAge  <=>  dob > today - (maxAge + 1) years */
    earliestExclusive: maxAge != null ? yearsBefore(now, maxAge + 1) : undefined,
  };
}
