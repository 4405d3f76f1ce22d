/**
 * Routes of the members capability: profile.php, photos.php, preferences.php,
 * geocode.php, members.php, member.php, like.php, likes.php, auto-like.php, block.php, swipe.php,
 * match-finder.php; the moderators' /api/backoffice/photos|members|bans calls are in
 * moderation-routes.ts.
 * Handlers are thin: validation by the zod schemas of shared-kit/contracts, work in the services.
 */
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAutoLike,
  ZBlockList,
  ZBlockResult,
  ZGeocodeQuery,
  ZGeocodeResult,
  ZLikeResult,
  ZMatchFinderRequest,
  ZMatchFinderResponse,
  ZMemberIdBody,
  ZMemberIdQuery,
  ZMemberLikes,
  ZMemberResponse,
  ZMemberSearchQuery,
  ZMemberSearchResponse,
  ZPhotosResponse,
  ZPhotoUploadResponse,
  ZPreferencesResponse,
  ZPreferencesUpdate,
  ZProfileResponse,
  ZProfileUpdate,
  ZSwipeRequest,
  ZSwipeResponse,
  ZSwipeResult,
} from '@dating/shared-kit/contracts';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { outsideAdmission } from '../../platform/admission';
import { requestCountry, reverseGeocode } from '../../platform/geo';
import { uploadError } from '../../platform/images';
import { requireUser } from '../../platform/session';
import {
  autoLike,
  likeMember,
  likesAnswer,
  likesMembers,
  loadLikesRows,
  matchFinder,
  swipe,
  swipeCandidates,
  unlikeMember,
  viewMember,
  type LikesRows,
} from './likes';
import { photoFileAccess } from './photo-files';
import { cachedPager } from './search-cache';
import moderationRoutes from './moderation-routes';
import verificationRoutes from './verification-routes';
import { addPhoto, deletePhoto, listPhotos, setMainPhoto } from './photos';
import { ownProfile, updateProfile } from './profile';
import { regionsOf } from '../sites';
import { searchAnswerJson, searchMembers, suggestedMembers } from './search';
import { blockMember, countNewLikes, findMember, listBlocked, unblockMember } from './service';
import { getPreferences, notifyMember, updatePreferences } from '../notifications';
import { presenceOf } from './presence';
import type { UserRow } from '../../platform/session';
import type { MemberSearchQuery } from '@dating/shared-kit/contracts';

/** Largest accepted upload; bigger files get 413 image_too_large before they are decoded. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const cdn = (req: FastifyRequest) => req.site.settings.cdn_prefix;

/** `{id}` from the JSON body or the query string (DELETE bodies are optional for some clients). */
function idFrom(req: FastifyRequest): number {
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const parsed = ZMemberIdBody.safeParse({ id: body.id ?? query.id });
  if (!parsed.success) throw new AppError('validation', { status: 400, field: 'id', params: { field: 'id' } });
  return parsed.data.id;
}

/**
 * Logged-out browsing (search and member profiles) as the site allows: logged_out_search, or with
 * a traffic source when logged_out_search_trafficsource. The refusal is a plain 403 with a message
 * (no `authentication_required`: there is no session to end, and the page shows the text with a
 * login button).
 */
function assertMayBrowse(req: FastifyRequest, network: string | undefined, code: 'search_login_required' | 'profile_login_required'): void {
  if (req.user) return;
  const s = req.site.settings;
  if (s.logged_out_search) return;
  const cookies = req.cookies ?? {};
  const hasSource = Boolean(network || cookies.network || cookies.tracking);
  if (s.logged_out_search_trafficsource && hasSource) return;
  throw new AppError(code, { status: 403 });
}

/** the body of a call whose `{id}` may come from the query instead (idFrom): any or none */
const ZIdBodyOptional = z.object({ id: z.unknown().optional() }).passthrough().nullish();
const ZIdQueryOptional = z.object({ id: z.unknown().optional() }).passthrough();

const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A like (a match when mutual) is news for the liked member (push + mail jobs); a held like (liker not confirmed) not yet. */
  const notifyOfLike = async (liker: UserRow, likedId: number, match: boolean) => {
    if (liker.emailConfirmed) await notifyMember(app, { kind: match ? 'match' : 'like', userId: likedId, actorId: liker.id });
  };
  // who may see a photo's files under /uploads/ (platform/uploads.ts)
  app.uploads.claim(photoFileAccess);
  // encapsulated here; skipped when the app already parses multipart (another module registered it globally)
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  }

  // the moderators' back office (issue 15)
  await app.register(moderationRoutes);
  // verified photos (issue 26 part 2)
  await app.register(verificationRoutes);

  /* ---------- own profile ---------- */
  app.get('/api/profile.php', { schema: { tags: ['members'], response: { 200: ZProfileResponse } } }, async (req) => {
    const user = requireUser(req);
    return { profile: await ownProfile(app.db, user.id, cdn(req)) };
  });
  app.put('/api/profile.php', { schema: { tags: ['members'], body: ZProfileUpdate, response: { 200: ZProfileResponse } } }, async (req) => {
    const user = requireUser(req);
    return { profile: await updateProfile(app.db, user.id, req.body, cdn(req)) };
  });

  /* ---------- photos ---------- */
  app.get('/api/photos.php', { schema: { tags: ['members'], response: { 200: ZPhotosResponse } } }, async (req) => {
    const user = requireUser(req);
    return listPhotos(app.db, user, cdn(req));
  });
  app.post('/api/photos.php', { schema: { tags: ['members'], response: { 200: ZPhotoUploadResponse } } }, async (req) => {
    const user = requireUser(req);
    if (!req.isMultipart()) throw new AppError('photo_missing', { status: 400, field: 'photo' });
    let data: Buffer;
    let filename: string | undefined;
    try {
      const file = await req.file();
      if (!file) throw new AppError('photo_missing', { status: 400, field: 'photo' });
      filename = file.filename;
      data = await file.toBuffer();
    } catch (error) {
      throw uploadError(error, 'photo');
    }
    const photo = await addPhoto(app.db, app.storage, user, data, {
      autoApprove: app.config.AUTO_APPROVE_PHOTOS,
      cdnPrefix: cdn(req),
      filename,
      outsideDb: (work) => outsideAdmission(req, work),
    });
    return { photo, ...(await listPhotos(app.db, user, cdn(req))) };
  });
  app.delete(
    '/api/photos.php',
    { schema: { tags: ['members'], body: ZIdBodyOptional, querystring: ZIdQueryOptional, response: { 200: ZPhotosResponse } } },
    async (req) => {
      const user = requireUser(req);
      await deletePhoto(app.db, app.storage, user, idFrom(req));
      return listPhotos(app.db, user, cdn(req));
    },
  );
  app.put(
    '/api/photos.php',
    { schema: { tags: ['members'], body: ZIdBodyOptional, querystring: ZIdQueryOptional, response: { 200: ZPhotosResponse } } },
    async (req) => {
      const user = requireUser(req);
      await setMainPhoto(app.db, user, idFrom(req));
      return listPhotos(app.db, user, cdn(req));
    },
  );

  /* ---------- preferences and location ---------- */
  app.get('/api/preferences.php', { schema: { tags: ['members'], response: { 200: ZPreferencesResponse } } }, async (req) => {
    const user = requireUser(req);
    return { preferences: await getPreferences(app.db, user.id) };
  });
  app.put(
    '/api/preferences.php',
    { schema: { tags: ['members'], body: ZPreferencesUpdate, response: { 200: ZPreferencesResponse } } },
    async (req) => {
      const user = requireUser(req);
      return { preferences: await updatePreferences(app.db, user.id, req.body) };
    },
  );
  app.get(
    '/api/geocode.php',
    { schema: { tags: ['members'], querystring: ZGeocodeQuery, response: { 200: ZGeocodeResult } }, config: app.limit('geocode') },
    async (req, reply) => {
      const hit = reverseGeocode(req.query.lat, req.query.lon);
      if (!hit) throw new AppError('location_not_found', { status: 404 });
      reply.header('cache-control', 'private, max-age=3600');
      return hit;
    },
  );

  /* ---------- search and member page ---------- */
  app.get(
    '/api/members.php',
    { schema: { tags: ['members'], querystring: ZMemberSearchQuery, response: { 200: ZMemberSearchResponse } } },
    async (req, reply) => {
      assertMayBrowse(req, req.query.network, 'search_login_required');
      const { near, ...asked } = req.query;
      // "near you": the visitor's country, else the site's own (the landers ask this)
      const q =
        near && !asked.country
          ? {
              ...asked,
              country:
                requestCountry(req.headers, Boolean(app.config.TRUST_PROXY)) ??
                (req.site.settings.countries[0] as MemberSearchQuery['country']),
            }
          : asked;
      if (q.min_age != null && q.max_age != null && q.min_age > q.max_age)
        throw new AppError('age_range_invalid', { status: 400, field: 'min_age' });
      // a region code only means something within its country
      if (q.countryregion && !q.country) throw new AppError('region_needs_country', { status: 400, field: 'countryregion' });
      if (q.countryregion && q.country) {
        if (!(regionsOf(q.country) ?? []).some((r) => r.code === q.countryregion))
          throw new AppError('unknown_region', { status: 400, field: 'countryregion' });
      }
      // "members for you" (activation done, sign-up matches): the member's suggestions, the same rule
      // as the swipe game and the match finder (search.ts); a visitor has none and gets the search
      if (q.suggested && req.user) {
        const [me] = await app.db.select().from(profiles).where(eq(profiles.userId, req.user.id));
        return suggestedMembers(app.db, me, {
          viewerId: req.user.id,
          siteCountries: req.site.settings.countries,
          cdnPrefix: cdn(req),
          page: q.page,
        });
      }
      // the matches of a filter are shared for a few seconds when the answer cache is on (search-cache.ts)
      const viewerId = req.user?.id ?? null;
      const pager = app.answers.enabled ? cachedPager(app.db, app.answers, viewerId, cdn(req)) : undefined;
      // sent as its JSON text (search.ts searchAnswerJson: every profile checked by ZProfile, the
      // cached ones once when they were kept), not through the response schema's serializer again
      const answer = await searchMembers(app.db, q, { viewerId, cdnPrefix: cdn(req), pager });
      // (the text is the schema's shape; the type provider only knows the object form)
      return reply.type('application/json; charset=utf-8').send(searchAnswerJson(answer) as never);
    },
  );
  app.get(
    '/api/member.php',
    { config: { writes: true }, schema: { tags: ['members'], querystring: ZMemberIdQuery, response: { 200: ZMemberResponse } } },
    async (req) => {
      assertMayBrowse(req, undefined, 'profile_login_required');
      const member = await viewMember(app.db, req.user, req.query.id, cdn(req));
      // online / last seen (presence.ts) only for members, not for visitors browsing
      if (!req.user) return member;
      return { ...member, presence: await presenceOf(app.db, member.profile.id, app.realtime.has(member.profile.id)) };
    },
  );

  /* ---------- likes ---------- */
  app.post('/api/like.php', { schema: { tags: ['members'], body: ZMemberIdBody, response: { 200: ZLikeResult } } }, async (req) => {
    const user = requireUser(req);
    const result = await likeMember(app.db, user.id, req.body.id);
    await notifyOfLike(user, req.body.id, result.match);
    return { ...result, new_likes: await countNewLikes(app.db, user.id) };
  });
  app.delete(
    '/api/like.php',
    { schema: { tags: ['members'], body: ZIdBodyOptional, querystring: ZIdQueryOptional, response: { 200: ZLikeResult } } },
    async (req) => {
      const user = requireUser(req);
      const result = await unlikeMember(app.db, user.id, idFrom(req));
      return { ...result, new_likes: await countNewLikes(app.db, user.id) };
    },
  );
  app.get('/api/likes.php', { schema: { tags: ['members'], response: { 200: ZMemberLikes } } }, async (req) => {
    const user = requireUser(req);
    // the rows come from the answer cache (platform/answer-cache.ts): a change to the member or to
    // any profile in the answer, a like or a block forgets them; ages etc. are computed here
    const rows = await app.answers.read(
      `likes:${user.id}`,
      (r: LikesRows) => likesMembers(user.id, r),
      () => loadLikesRows(app.db, user.id),
    );
    return likesAnswer(rows, user.id, cdn(req));
  });
  app.get('/api/auto-like.php', { schema: { tags: ['members'], response: { 200: ZAutoLike } } }, async (req) => {
    const user = requireUser(req);
    return autoLike(app.db, user, cdn(req));
  });

  /* ---------- blocking ---------- */
  app.get('/api/block.php', { schema: { tags: ['members'], response: { 200: ZBlockList } } }, async (req) => {
    const user = requireUser(req);
    return { blocked: await listBlocked(app.db, user.id) };
  });
  app.post('/api/block.php', { schema: { tags: ['members'], body: ZMemberIdBody, response: { 200: ZBlockResult } } }, async (req) => {
    const user = requireUser(req);
    const id = req.body.id;
    if (id === user.id) throw new AppError('block_self', { status: 400, field: 'id' });
    if (!(await findMember(app.db, id))) throw new AppError('member_not_found', { status: 404, field: 'id' });
    await blockMember(app.db, user.id, id);
    return { ok: true as const, blocked: true };
  });
  app.delete(
    '/api/block.php',
    { schema: { tags: ['members'], body: ZIdBodyOptional, querystring: ZIdQueryOptional, response: { 200: ZBlockResult } } },
    async (req) => {
      const user = requireUser(req);
      const id = idFrom(req);
      if (id === user.id) throw new AppError('block_self', { status: 400, field: 'id' });
      if (!(await findMember(app.db, id))) throw new AppError('member_not_found', { status: 404, field: 'id' });
      await unblockMember(app.db, user.id, id);
      return { ok: true as const, blocked: false };
    },
  );

  /* ---------- swipe game and match finder ---------- */
  app.get('/api/swipe.php', { schema: { tags: ['members'], response: { 200: ZSwipeResponse } } }, async (req) => {
    const user = requireUser(req);
    return swipeCandidates(app.db, user, req.site.settings.countries, cdn(req));
  });
  app.post('/api/swipe.php', { schema: { tags: ['members'], body: ZSwipeRequest, response: { 200: ZSwipeResult } } }, async (req) => {
    const user = requireUser(req);
    const result = await swipe(app.db, user, req.body.id, req.body.action);
    if (req.body.action === 'like') await notifyOfLike(user, req.body.id, result.match);
    return result;
  });
  app.post(
    '/api/match-finder.php',
    { schema: { tags: ['members'], body: ZMatchFinderRequest, response: { 200: ZMatchFinderResponse } } },
    async (req) => {
      const user = requireUser(req);
      return { profiles: await matchFinder(app.db, user, req.body, req.site.settings.countries, cdn(req)) };
    },
  );
};

export default membersRoutes;
