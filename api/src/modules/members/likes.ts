/**
 * Likes, matches, the member page, auto-like, swipe game and match finder.
 * A match is a mutual like. Liking needs a visible member (not oneself, not blocked either way,
 * not deleted/disabled/invisible). The swipe game allows SWIPE_LIKES_PER_DAY likes per UTC day,
 * counted in member_swipes (unliking does not give a like back).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import { SWIPE_LIKES_PER_DAY } from '@dating/shared-kit/contracts';
import type {
  AutoLike,
  MatchFinderRequest,
  MemberLikes,
  MemberPhoto,
  MemberResponse,
  Profile,
  SwipeResponse,
  SwipeResult,
} from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { likes, memberSwipes, photos, profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { withPairLock } from '../../platform/pair-lock';
import type { UserRow } from '../../platform/session';
import { suggestionFor, suggestionWhere } from './search';
import { FREE_VISIBLE_PHOTOS } from './photo-files';
import { toImage } from './serialize-profile';
import { isBlockedBetween } from '../../platform/blocks';
import {
  findMember,
  isVisibleMember,
  loadProfiles,
  profileFields,
  receivedLikeVisible,
  seekingGenders,
  serializeRows,
  type MemberId,
  type ProfileListRow,
} from './service';

/** A member that `viewer` may like: exists, visible, not self, no block. Throws the right 4xx. */
async function assertLikeable(db: DbOrTx, viewerId: number, targetId: number) {
  if (viewerId === targetId) throw new AppError('like_self', { status: 400, field: 'id' });
  const target = await findMember(db, targetId);
  if (!target || target.user.invisible) throw new AppError('member_not_found', { status: 404, field: 'id' });
  if (await isBlockedBetween(db, viewerId, targetId)) throw new AppError('member_blocked', { status: 403, field: 'id' });
  return target;
}

async function likesEachOther(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ liker: likes.likerId })
    .from(likes)
    .where(or(and(eq(likes.likerId, a), eq(likes.likedId, b)), and(eq(likes.likerId, b), eq(likes.likedId, a))));
  return rows.length === 2;
}

/**
 * Like `targetId`. The like of a member who has not confirmed their e-mail address is stored but
 * held from the other side until they confirm (see receivedLikeVisible); so liking someone whose
 * own like is still held is not (yet) a match for the liker either.
 */
export async function likeMember(db: DbOrTx, viewerId: number, targetId: number): Promise<{ match: boolean }> {
  if (viewerId === targetId) throw new AppError('like_self', { status: 400, field: 'id' });
  // the block check and the insert hold the pair's lock, so a block cannot slip in between
  return withPairLock(db, viewerId, targetId, async (tx) => {
    const target = await assertLikeable(tx, viewerId, targetId);
    await tx.insert(likes).values({ likerId: viewerId, likedId: targetId }).onConflictDoNothing();
    return { match: target.user.emailConfirmed && (await likesEachOther(tx, viewerId, targetId)) };
  });
}

export async function unlikeMember(db: DbOrTx, viewerId: number, targetId: number): Promise<{ match: boolean }> {
  if (viewerId === targetId) throw new AppError('like_self', { status: 400, field: 'id' });
  const target = await findMember(db, targetId);
  if (!target) throw new AppError('member_not_found', { status: 404, field: 'id' });
  await db.delete(likes).where(and(eq(likes.likerId, viewerId), eq(likes.likedId, targetId)));
  return { match: false };
}

function likesQueries(db: DbOrTx, viewer: MemberId) {
  return {
    liked: db
      .select({ ...profileFields, id: likes.likedId })
      .from(likes)
      .innerJoin(profiles, eq(profiles.userId, likes.likedId))
      .innerJoin(users, eq(users.id, likes.likedId))
      .where(and(eq(likes.likerId, viewer), isVisibleMember(viewer)))
      .orderBy(desc(likes.createdAt)),
    likedBy: db
      .select({ ...profileFields, id: likes.likerId, like_new: likes.isNew })
      .from(likes)
      .innerJoin(profiles, eq(profiles.userId, likes.likerId))
      .innerJoin(users, eq(users.id, likes.likerId))
      .where(receivedLikeVisible(viewer))
      .orderBy(desc(likes.isNew), desc(likes.createdAt)),
  };
}

/** The rows of a likes.php answer (what the answer cache keeps: platform/answer-cache.ts). */
export interface LikesRows {
  liked: readonly (ProfileListRow & { id: number })[];
  likedBy: readonly (ProfileListRow & { id: number; like_new: boolean })[];
}

/** Two prepared queries side by side (each selects the wire profile's columns with profileFields). */
export async function loadLikesRows(db: Db, viewerId: number): Promise<LikesRows> {
  const statements = prepared(db, 'likes', (d) => {
    const q = likesQueries(d, sql.placeholder('viewer'));
    return { liked: q.liked.prepare('likes_liked'), likedBy: q.likedBy.prepare('likes_liked_by') };
  });
  const [liked, likedBy] = await Promise.all([
    statements.liked.execute({ viewer: viewerId }),
    statements.likedBy.execute({ viewer: viewerId }),
  ]);
  return { liked, likedBy };
}

/** The members a likes.php answer was read from: the viewer and every profile in it. */
export function likesMembers(viewerId: number, rows: LikesRows): number[] {
  return [viewerId, ...rows.liked.map((r) => r.id), ...rows.likedBy.map((r) => r.id)];
}

/** GET /api/likes.php: profiles of people I like and who like me; liked_by new first. */
export function likesAnswer({ liked, likedBy }: LikesRows, viewerId: number, cdnPrefix: string): MemberLikes {
  const likedIds = liked.map((r) => r.id);
  const likedSet = new Set(likedIds);
  const matches = likedBy.map((r) => r.id).filter((id) => likedSet.has(id));
  const profilesList = serializeRows([...likedBy, ...liked], { viewerId, cdnPrefix }, [...likedBy.map((r) => r.id), ...likedIds]);
  return { profiles: profilesList, liked_by: likedBy.map((r) => ({ id: r.id, like_new: r.like_new })), liked: likedIds, matches };
}

/** GET /api/member.php?id — profile, photos (locked for free members), like state, related. */
export async function viewMember(db: Db, viewer: UserRow | null, targetId: number, cdnPrefix: string): Promise<MemberResponse> {
  const viewerId = viewer?.id ?? null;
  const target = await findMember(db, targetId);
  if (!target) throw new AppError('member_not_found', { status: 404, field: 'id' });
  const isOwner = viewerId === targetId;
  // invisible mode: others cannot find, like or message them, nor open their profile
  if (!isOwner && target.user.invisible) throw new AppError('member_not_found', { status: 404, field: 'id' });
  if (viewerId != null && !isOwner && (await isBlockedBetween(db, viewerId, targetId))) {
    throw new AppError('member_not_found', { status: 404, field: 'id' });
  }
  if (viewerId != null && !isOwner && target.user.emailConfirmed) {
    // opening a liked-by profile clears its new flag (a held like stays new until it is delivered)
    await db
      .update(likes)
      .set({ isNew: false })
      .where(and(eq(likes.likerId, targetId), eq(likes.likedId, viewerId), eq(likes.isNew, true)));
  }
  const [profile] = await loadProfiles(db, [targetId], { viewerId, cdnPrefix });
  if (!profile) throw new AppError('member_not_found', { status: 404, field: 'id' });

  const photoRows = await db
    .select()
    .from(photos)
    .where(and(eq(photos.userId, targetId), eq(photos.status, 'active')))
    .orderBy(sql`${photos.id} = ${target.profile.mainPhotoId ?? 0} desc`, asc(photos.createdAt), asc(photos.id));
  const seesAll = isOwner || viewer?.paidUser === true;
  const memberPhotos: MemberPhoto[] = photoRows.map((p, i) => {
    if (seesAll || i < FREE_VISIBLE_PHOTOS) {
      const img = toImage(p, cdnPrefix);
      return { id: p.id, locked: false, filename: img.filename, thumb_filename: img.thumb_filename, match: img.match };
    }
    return { id: p.id, locked: true };
  });

  let liked = false;
  let likedMe = false;
  if (viewerId != null && !isOwner) {
    const rows = await db
      .select({ liker: likes.likerId })
      .from(likes)
      .where(
        or(and(eq(likes.likerId, viewerId), eq(likes.likedId, targetId)), and(eq(likes.likerId, targetId), eq(likes.likedId, viewerId))),
      );
    liked = rows.some((r) => r.liker === viewerId);
    // a like of a member who has not confirmed their e-mail address is held (receivedLikeVisible)
    likedMe = target.user.emailConfirmed && rows.some((r) => r.liker === targetId);
  }

  // related: same gender and country, nearest in age
  const relatedRows = await db
    .select(profileFields)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        isVisibleMember(viewerId),
        eq(profiles.gender, target.profile.gender),
        eq(profiles.country, target.profile.country),
        sql`${profiles.userId} <> ${targetId}`,
      ),
    )
    .orderBy(sql`abs(${profiles.dateOfBirth} - ${target.profile.dateOfBirth}::date)`, desc(profiles.userId))
    .limit(6);
  const related = serializeRows(relatedRows, { viewerId, cdnPrefix });

  return {
    profile,
    photos: memberPhotos,
    photo_count: photoRows.length,
    liked,
    liked_me: likedMe,
    match: liked && likedMe,
    blocked: false,
    related,
  };
}

/**
 * GET /api/auto-like.php — a recent liker not seen yet, or else a suggestion: a fictional member
 * with an active photo who has not liked me yet likes me now (so the likes list changes; the
 * client reloads it after 500 ms). Null when there is nobody.
 */
export async function autoLike(db: DbOrTx, viewer: UserRow, cdnPrefix: string): Promise<AutoLike> {
  const [me] = await db.select().from(profiles).where(eq(profiles.userId, viewer.id));
  const base = and(isVisibleMember(viewer.id), isNotNull(profiles.mainPhotoId));
  const recent = await db
    .select({ id: likes.likerId })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, likes.likerId))
    .innerJoin(users, eq(users.id, likes.likerId))
    .where(and(receivedLikeVisible(viewer.id), eq(likes.isNew, true), isNotNull(profiles.mainPhotoId)))
    .orderBy(desc(likes.createdAt))
    .limit(1);
  let id = recent[0]?.id;
  if (id == null) {
    const genders = me ? seekingGenders(me.gender, me.sexuality) : ['male', 'female'];
    const [suggestion] = await db
      .select({ id: profiles.userId })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(
        and(
          base,
          eq(users.fictional, true),
          inArray(profiles.gender, genders),
          notExists(
            db
              .select({ one: sql`1` })
              .from(likes)
              .where(and(eq(likes.likerId, profiles.userId), eq(likes.likedId, viewer.id))),
          ),
        ),
      )
      .orderBy(sql`random()`)
      .limit(1);
    if (!suggestion) return { profile: null };
    const suggested = suggestion.id;
    id = suggested;
    // a like from the suggested member, unless a block came between the query and now
    await withPairLock(db, suggested, viewer.id, async (tx) => {
      if (!(await isBlockedBetween(tx, suggested, viewer.id)))
        await tx.insert(likes).values({ likerId: suggested, likedId: viewer.id }).onConflictDoNothing();
    });
  }
  const [profile] = await loadProfiles(db, [id], { viewerId: viewer.id, cdnPrefix });
  if (!profile?.main_image) return { profile: null };
  return { profile: { id: profile.id, name: profile.name, main_image: profile.main_image, fictional: profile.fictional } };
}

/* ---------------- swipe game ---------------- */

function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** When the swipe likes of `now`'s UTC day come back: the next UTC midnight (ISO). */
export function swipeLikesResetAt(now = new Date()): string {
  return new Date(startOfUtcDay(now).getTime() + 86_400_000).toISOString();
}

export async function swipeLikesLeft(db: DbOrTx, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberSwipes)
    .where(and(eq(memberSwipes.userId, userId), eq(memberSwipes.liked, true), gte(memberSwipes.createdAt, startOfUtcDay(now))));
  return Math.max(0, SWIPE_LIKES_PER_DAY - Number(row?.n ?? 0));
}

/**
 * Members for the swipe game: the member's suggestions (search.ts: the genders they look for, about
 * their age, the site's countries), with a photo, not swiped or liked before.
 */
export async function swipeCandidates(
  db: DbOrTx,
  viewer: UserRow,
  siteCountries: readonly string[],
  cdnPrefix: string,
): Promise<SwipeResponse> {
  const [me] = await db.select().from(profiles).where(eq(profiles.userId, viewer.id));
  const rows = await db
    .select(profileFields)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        suggestionWhere(suggestionFor(me, siteCountries), viewer.id),
        isNotNull(profiles.mainPhotoId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(memberSwipes)
            .where(and(eq(memberSwipes.userId, viewer.id), eq(memberSwipes.targetId, profiles.userId))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(likes)
            .where(and(eq(likes.likerId, viewer.id), eq(likes.likedId, profiles.userId))),
        ),
      ),
    )
    .orderBy(sql`random()`)
    .limit(10);
  const list = serializeRows(rows, { viewerId: viewer.id, cdnPrefix });
  return {
    profiles: list.filter((p) => p.main_image != null),
    likes_left: await swipeLikesLeft(db, viewer.id),
    likes_per_day: SWIPE_LIKES_PER_DAY,
    likes_reset_at: swipeLikesResetAt(),
  };
}

/** POST /api/swipe.php {id, action}: a like counts against today's limit (429 when used up). */
export async function swipe(db: Db, viewer: UserRow, targetId: number, action: 'like' | 'skip'): Promise<SwipeResult> {
  return db.transaction(async (tx) => {
    // serialise one member's swipes so two quick requests cannot both take the last like
    await tx.execute(sql`select id from ${users} where id = ${viewer.id} for update`);
    if (action === 'skip') {
      // the same members as a like: not oneself, not someone invisible, no block either way
      await assertLikeable(tx, viewer.id, targetId);
      await tx.insert(memberSwipes).values({ userId: viewer.id, targetId, liked: false }).onConflictDoNothing();
      return { match: false, likes_left: await swipeLikesLeft(tx, viewer.id), likes_reset_at: swipeLikesResetAt() };
    }
    const left = await swipeLikesLeft(tx, viewer.id);
    if (left <= 0) {
      throw new AppError('swipe_limit', {
        status: 429,
        params: { limit: SWIPE_LIKES_PER_DAY },
        extra: { likes_left: 0, likes_reset_at: swipeLikesResetAt() },
      });
    }
    const { match } = await likeMember(tx, viewer.id, targetId);
    await tx
      .insert(memberSwipes)
      .values({ userId: viewer.id, targetId, liked: true })
      .onConflictDoUpdate({ target: [memberSwipes.userId, memberSwipes.targetId], set: { liked: true, createdAt: new Date() } });
    return { match, likes_left: await swipeLikesLeft(tx, viewer.id), likes_reset_at: swipeLikesResetAt() };
  });
}

/* ---------------- match finder ---------------- */

/**
 * POST /api/match-finder.php: the member's suggestions (search.ts: the genders they look for, the
 * site's countries) with the chosen age range instead of their own age window; 'sexy' asks for
 * members with a photo and a slim or normal build. We store no ethnicity (and will not), so `race`
 * is accepted as the product's choice but does not filter.
 */
export async function matchFinder(
  db: DbOrTx,
  viewer: UserRow,
  choice: MatchFinderRequest,
  siteCountries: readonly string[],
  cdnPrefix: string,
): Promise<Profile[]> {
  const [me] = await db.select().from(profiles).where(eq(profiles.userId, viewer.id));
  const ages = choice.age === '18-35' ? { minAge: 18, maxAge: 35 } : { minAge: 35 };
  const rows = await db
    .select(profileFields)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        suggestionWhere(suggestionFor(me, siteCountries), viewer.id, ages),
        choice.appearance === 'sexy'
          ? and(isNotNull(profiles.mainPhotoId), sql`coalesce(${profiles.bodyType}, 'slim') in ('slim', 'normal')`)
          : undefined,
      ),
    )
    .orderBy(sql`(${profiles.mainPhotoId} is null)`, sql`random()`)
    .limit(12);
  return serializeRows(rows, { viewerId: viewer.id, cdnPrefix });
}
