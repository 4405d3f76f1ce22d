/**
 * Wire schemas of the members capability (profiles, photos, search, likes, matches, swipe game,
 * match finder, blocking, preferences). zod only. Field names are the wire format (GET /api/openapi.json).
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import {
  ZBodyType,
  ZCountry,
  ZEyeColor,
  ZGender,
  ZHairColor,
  ZImage,
  numberInput,
  ZProfile,
  ZRelationshipStatus,
  ZRowId,
  ZSexuality,
} from './core';
import { PLACE_MAX, safeText, ZName } from './identity';
import { ZPhotoRejectReason } from './moderation';

export const MIN_MEMBER_AGE = 18;
export const MAX_MEMBER_AGE = 99;
export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;
export const SWIPE_LIKES_PER_DAY = 4;
export const SEARCH_PAGE_SIZE = 12;
export const MAX_INTERESTS = 20;

/* ---------- own profile: GET / PUT /api/profile.php ---------- */

export const ZProfileResponse = lazySchema(() => z.object({ profile: ZProfile }));
export type ProfileResponse = z.infer<typeof ZProfileResponse>;

/** Every editable field of spec section 3; all optional (PUT sends what changed). */
export const ZProfileUpdate = lazySchema(() =>
  z.object({
    name: z.optional(ZName),
    gender: z.optional(ZGender),
    sexuality: z.optional(z.nullable(ZSexuality)),
    date_of_birth: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
    country: z.optional(ZCountry),
    region: z.optional(z.nullable(z.string().check(z.maxLength(10)))),
    city: z.optional(z.nullable(safeText(PLACE_MAX, 'place_too_long'))),
    reason: z.optional(z.nullable(safeText(500, 'validation_too_big'))),
    about: z.optional(z.nullable(safeText(2000, 'validation_too_big'))),
    interests: z.optional(z.array(safeText(40, 'validation_too_big')).check(z.maxLength(MAX_INTERESTS))),
    hair_color: z.optional(z.nullable(ZHairColor)),
    eye_color: z.optional(z.nullable(ZEyeColor)),
    body_type: z.optional(z.nullable(ZBodyType)),
    relationship_status: z.optional(z.nullable(ZRelationshipStatus)),
    tattoos: z.optional(z.nullable(z.boolean())),
  }),
);
export type ProfileUpdate = z.infer<typeof ZProfileUpdate>;

/* ---------- own photos: /api/photos.php ---------- */

/**
 * One of my own photos. `rejection_reason`: why staff rejected it (PHOTO_REJECT_REASONS, shown
 * translated on my profile page); null while pending or approved.
 */
export const ZOwnPhoto = lazySchema(() =>
  z.extend(ZImage, {
    is_main: z.boolean(),
    created_at: z.string(),
    rejection_reason: z.optional(z.nullable(ZPhotoRejectReason)),
  }),
);
export type OwnPhoto = z.infer<typeof ZOwnPhoto>;
export const ZPhotosResponse = lazySchema(() =>
  z.object({
    photos: z.array(ZOwnPhoto),
    /** 3 for free members, 25 for premium */
    max_photos: z.number().check(z.int()),
  }),
);
export type PhotosResponse = z.infer<typeof ZPhotosResponse>;
export const ZPhotoUploadResponse = lazySchema(() => z.extend(ZPhotosResponse, { photo: ZOwnPhoto }));
export type PhotoUploadResponse = z.infer<typeof ZPhotoUploadResponse>;
/** DELETE (delete the photo) and PUT (make it the main image) */
export const ZPhotoIdRequest = lazySchema(() => z.object({ id: ZRowId }));
export type PhotoIdRequest = z.infer<typeof ZPhotoIdRequest>;

/* ---------- preferences: GET / PUT /api/preferences.php ---------- */

export const ZNotificationPrefs = lazySchema(() =>
  z.object({
    messages: z.boolean(),
    likes: z.boolean(),
    matches: z.boolean(),
  }),
);
export const ZPreferences = lazySchema(() =>
  z.object({
    email: z.extend(ZNotificationPrefs, { newsletter: z.boolean() }),
    push: ZNotificationPrefs,
    /** invisible mode: gone from search, cannot be liked or messaged */
    invisible: z.boolean(),
    location: z.object({
      /** fill country / region / city from the browser's geolocation (coordinates never stored) */
      use_geolocation: z.boolean(),
      /** show the city on the profile (else only region / country) */
      show_city: z.boolean(),
    }),
  }),
);
export type Preferences = z.infer<typeof ZPreferences>;
export const ZPreferencesUpdate = lazySchema(() =>
  z.object({
    email: z.optional(z.partial(ZPreferences.shape.email)),
    push: z.optional(z.partial(ZPreferences.shape.push)),
    invisible: z.optional(z.boolean()),
    location: z.optional(z.partial(ZPreferences.shape.location)),
  }),
);
export type PreferencesUpdate = z.infer<typeof ZPreferencesUpdate>;
export const ZPreferencesResponse = lazySchema(() => z.object({ preferences: ZPreferences }));
export type PreferencesResponse = z.infer<typeof ZPreferencesResponse>;

/* ---------- geocode: GET /api/geocode.php?lat&lon ---------- */

export const ZGeocodeQuery = lazySchema(() =>
  z.object({
    lat: numberInput(z.number().check(z.gte(-90), z.lte(90))),
    lon: numberInput(z.number().check(z.gte(-180), z.lte(180))),
  }),
);
/** region is the code used by /api/regions.php (null when the country is not one of ours) */
export const ZGeocodeResult = lazySchema(() =>
  z.object({
    country: z.string(),
    region: z.nullable(z.string()),
    city: z.string(),
  }),
);
export type GeocodeResult = z.infer<typeof ZGeocodeResult>;

/* ---------- search: GET /api/members.php ---------- */

const optionalInt = (min: number, max: number) => numberInput(z.optional(z.number().check(z.int(), z.gte(min), z.lte(max))));
const optionalText = <T extends z.core.$ZodType>(schema: T) =>
  z.pipe(
    z.transform((v): unknown => (v === '' || v == null ? undefined : v)),
    z.optional(schema),
  );

export const ZMemberSearchQuery = lazySchema(() =>
  z.object({
    gender: optionalText(ZGender),
    country: optionalText(ZCountry),
    countryregion: optionalText(z.string().check(z.maxLength(10))),
    min_age: optionalInt(MIN_MEMBER_AGE, MAX_MEMBER_AGE),
    max_age: optionalInt(MIN_MEMBER_AGE, MAX_MEMBER_AGE),
    page: optionalInt(1, 10000),
    /** paging of the similar results */
    similar_page: optionalInt(1, 10000),
    /** traffic source of a logged-out visitor (logged_out_search_trafficsource) */
    network: optionalText(z.string().check(z.maxLength(100))),
    /**
     * `1`: the logged-in member's suggestions instead of a search ("members for you": the genders
     * they look for, about their age, the site's countries; the swipe game and match finder use the
     * same rule); the other filters are then ignored. A visitor gets the plain search.
     */
    suggested: optionalText(z.enum(['1'])),
    /** `1`: only verified members (issue 26) */
    verified: optionalText(z.enum(['1'])),
    /**
     * `1` without `country`: members "bij jou in de buurt" (the landers): of the visitor's country
     * (the request's, as a trusted proxy tells it), else of the site's first country.
     */
    near: optionalText(z.enum(['1'])),
  }),
);
export type MemberSearchQuery = z.infer<typeof ZMemberSearchQuery>;

/** A search counts its matches up to this many (a count never scans the whole member table). */
export const SEARCH_COUNT_CAP = 1000;

export const ZResultPage = lazySchema(() =>
  z.object({
    results: z.array(ZProfile),
    /** the number of matches, counted up to SEARCH_COUNT_CAP; past it numResults is the cap and numResultsCapped is true */
    numResults: z.number().check(z.int()),
    numResultsCapped: z.optional(z.boolean()),
    pageNumber: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
  }),
);
export const ZMemberSearchResponse = lazySchema(() => z.extend(ZResultPage, { similar: ZResultPage }));
export type MemberSearchResponse = z.infer<typeof ZMemberSearchResponse>;

/* ---------- a member's profile: GET /api/member.php?id ---------- */

export const ZMemberIdQuery = lazySchema(() => z.object({ id: ZRowId }));
/** A photo of someone else: locked ones come without URLs (free members, logged-out visitors). */
export const ZMemberPhoto = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    locked: z.boolean(),
    filename: z.optional(z.string()),
    thumb_filename: z.optional(z.string()),
    match: z.optional(z.string()),
  }),
);
export type MemberPhoto = z.infer<typeof ZMemberPhoto>;
export const ZMemberResponse = lazySchema(() =>
  z.object({
    profile: ZProfile,
    photos: z.array(ZMemberPhoto),
    photo_count: z.number().check(z.int()),
    /** I like them */
    liked: z.boolean(),
    /** they like me */
    liked_me: z.boolean(),
    match: z.boolean(),
    /** I blocked them (only possible to see in the answer of block.php) */
    blocked: z.boolean(),
    related: z.array(ZProfile),
    /** logged-in viewers: online now, or last seen (ISO, rounded down to the minute; null = never) */
    presence: z.optional(z.object({ online: z.boolean(), last_seen: z.nullable(z.string()) })),
  }),
);
export type MemberResponse = z.infer<typeof ZMemberResponse>;

/* ---------- likes ---------- */

export const ZMemberIdBody = lazySchema(() => z.object({ id: ZRowId }));
export type MemberIdBody = z.infer<typeof ZMemberIdBody>;
export const ZLikeResult = lazySchema(() => z.object({ match: z.boolean(), new_likes: z.optional(z.number().check(z.int())) }));
export type LikeResult = z.infer<typeof ZLikeResult>;

/** GET /api/likes.php: the product's `{profiles, liked_by}` plus who I like and my matches. */
export const ZLikedByEntry = lazySchema(() => z.object({ id: z.number().check(z.int()), like_new: z.boolean() }));
export const ZMemberLikes = lazySchema(() =>
  z.object({
    profiles: z.array(ZProfile),
    liked_by: z.array(ZLikedByEntry),
    liked: z.array(z.number().check(z.int())),
    matches: z.array(z.number().check(z.int())),
  }),
);
export type MemberLikes = z.infer<typeof ZMemberLikes>;

export const ZAutoLike = lazySchema(() =>
  z.object({
    profile: z.nullable(z.object({ id: z.number().check(z.int()), name: z.string(), main_image: ZImage, fictional: z.boolean() })),
  }),
);
export type AutoLike = z.infer<typeof ZAutoLike>;

/* ---------- blocking: /api/block.php ---------- */

export const ZBlockResult = lazySchema(() => z.object({ ok: z.literal(true), blocked: z.boolean() }));
export const ZBlockList = lazySchema(() => z.object({ blocked: z.array(z.object({ id: z.number().check(z.int()), name: z.string() })) }));
export type BlockList = z.infer<typeof ZBlockList>;

/* ---------- swipe game: /api/swipe.php ---------- */

export const ZSwipeResponse = lazySchema(() =>
  z.object({
    profiles: z.array(ZProfile),
    likes_left: z.number().check(z.int()),
    likes_per_day: z.number().check(z.int()),
    /** when today's likes come back (ISO, the next UTC midnight: the server counts per UTC day) */
    likes_reset_at: z.string(),
  }),
);
export type SwipeResponse = z.infer<typeof ZSwipeResponse>;
export const ZSwipeRequest = lazySchema(() =>
  z.object({
    id: ZRowId,
    action: z.enum(['like', 'skip']),
  }),
);
export type SwipeRequest = z.infer<typeof ZSwipeRequest>;
export const ZSwipeResult = lazySchema(() =>
  z.object({ match: z.boolean(), likes_left: z.number().check(z.int()), likes_reset_at: z.string() }),
);
export type SwipeResult = z.infer<typeof ZSwipeResult>;

/* ---------- match finder: POST /api/match-finder.php ---------- */

export const ZMatchFinderRequest = lazySchema(() =>
  z.object({
    age: z.enum(['18-35', '35+']),
    appearance: z.enum(['normal', 'sexy']),
    /** the product's third choice; never pre-selected, so it may be left out (it does not filter: likes.ts) */
    race: z.optional(z.enum(['white', 'other'])),
  }),
);
export type MatchFinderRequest = z.infer<typeof ZMatchFinderRequest>;
export const ZMatchFinderResponse = lazySchema(() => z.object({ profiles: z.array(ZProfile) }));
export type MatchFinderResponse = z.infer<typeof ZMatchFinderResponse>;

/* back office (photo moderation, members and bans): contracts/moderation.ts */
