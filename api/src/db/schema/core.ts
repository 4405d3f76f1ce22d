/**
 * Core tables shared by several capabilities. Capability-specific tables live in their own
 * file beside this one (identity.ts, members.ts, ...) and are re-exported from index.ts.
 * Exact coordinates are never stored: only country / region / city.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per regional domain; `settings` holds every field of spec section 3 (ZSettings). */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  domain: text('domain').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
  settings: jsonb('settings').notNull(),
  company: jsonb('company').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('nl'),
    /** not_confirmed | active | disabled | deleted */
    status: text('status').notNull().default('not_confirmed'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    /**
     * The switch that makes an account staff, not a dating member: out of member search (the
     * profiles.searchable triggers) and out of chat reach (chat's reachability SQL), and the first
     * gate of the back office. Kept beside staff_roles on purpose: roles count only while this is
     * on (serialize-user, backoffice/access.ts), so a stray role on a member's row grants nothing
     * (access.test.ts). Every staff account has roles (seed; migration 0016 made role-less staff admins).
     */
    isStaff: boolean('is_staff').notNull().default(false),
    /** a staff member's roles (moderator, operator, payments, admin: shared-kit STAFF_ROLES); [] for members */
    staffRoles: text('staff_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fictional: boolean('fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    notificationsDisabled: jsonb('notifications_disabled')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    signupAt: ts('signup_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('users_site_email_uq').on(t.siteId, sql`lower(${t.email})`), check('users_credits_nonneg', sql`${t.credits} >= 0`)],
);

/** 1:1 with users; what other members see. */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    sexuality: text('sexuality'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    reason: text('reason'),
    about: text('about'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: boolean('tattoos'),
    /** active | disabled | deleted */
    status: text('status').notNull().default('active'),
    mainPhotoId: integer('main_photo_id'),
    /**
     * users.status in (active, not_confirmed), not deleted, not invisible, not staff: kept in step by database
     * triggers (migration members_searchable) so the member search needs no join to filter or count.
     */
    searchable: boolean('searchable').notNull().default(true),
    /** when a moderator approved the member's selfie (issue 26; migration 0037); a new main photo clears it */
    verifiedAt: ts('verified_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // members search (api/src/modules/members/search.ts): the member pool is shared by the regional
    // sites, so these start at the filters, carry the `status = 'active' and searchable` predicate of every search and
    // end in the sort key (date_of_birth DESC, user_id DESC = youngest first), so a page is an index range walk.
    index('profiles_members_gcd_idx')
      .on(t.gender, t.country, t.dateOfBirth, t.userId)
      .where(sql`${t.status} = 'active' and ${t.searchable}`),
    index('profiles_members_gcrd_idx')
      .on(t.gender, t.country, t.region, t.dateOfBirth, t.userId)
      .where(sql`${t.status} = 'active' and ${t.searchable}`),
    // a country (and region) search with either gender
    index('profiles_members_cd_idx')
      .on(t.country, t.dateOfBirth, t.userId)
      .where(sql`${t.status} = 'active' and ${t.searchable}`),
    index('profiles_members_crd_idx')
      .on(t.country, t.region, t.dateOfBirth, t.userId)
      .where(sql`${t.status} = 'active' and ${t.searchable}`),
    index('profiles_members_gd_idx')
      .on(t.gender, t.dateOfBirth, t.userId)
      .where(sql`${t.status} = 'active' and ${t.searchable}`),
    index('profiles_members_d_idx')
      .on(t.dateOfBirth, t.userId)
      .where(sql`${t.status} = 'active' and ${t.searchable}`),
  ],
);

export const interests = pgTable('interests', {
  slug: text('slug').primaryKey(),
  /** { nl: '...', en: '...', ... } */
  labels: jsonb('labels').$type<Record<string, string>>().notNull(),
  sort: smallint('sort').notNull().default(0),
});

export const profileInterests = pgTable(
  'profile_interests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug')
      .notNull()
      .references(() => interests.slug),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slug] })],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    matchFilename: text('match_filename').notNull(),
    /** pending | active | rejected */
    status: text('status').notNull().default('pending'),
    /** why staff rejected it (shared-kit PHOTO_REJECT_REASONS); null unless rejected */
    rejectionReason: text('rejection_reason'),
    /** when staff last approved or rejected it */
    moderatedAt: ts('moderated_at'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('photos_user_idx').on(t.userId, t.status),
    // the moderation queue: pending photos, oldest first (members/moderation.ts)
    index('photos_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // serving a file looks its photo up by any of its three names (members/photo-files.ts)
    index('photos_filename_idx').on(t.filename),
    index('photos_thumb_filename_idx').on(t.thumbFilename),
    index('photos_match_filename_idx').on(t.matchFilename),
  ],
);

export const likes = pgTable(
  'likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.likerId, t.likedId] }), index('likes_liked_idx').on(t.likedId, t.isNew, t.createdAt)],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);
