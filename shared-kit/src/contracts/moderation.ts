/**
 * The moderators' back office (issue 15, mf-members' staff pages): photo moderation, members and
 * bans. Every call is under `/api/backoffice/` (role `moderator`, admin may too); every write is
 * a staff action with its audit row. Only zod and core may be imported here.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZImage, numberInput } from './core';

/** Why a photo was rejected: a fixed list, shown translated to the member (mf-members locales). */
export const PHOTO_REJECT_REASONS = ['not_a_person', 'nudity', 'someone_else', 'low_quality', 'contact_details', 'other'] as const;
export const ZPhotoRejectReason = lazySchema(() => z.enum(PHOTO_REJECT_REASONS));
export type PhotoRejectReason = z.infer<typeof ZPhotoRejectReason>;

/** Why a member was banned: a fixed list (shown translated to staff), plus an optional note. */
export const BAN_REASONS = ['fake_profile', 'harassment', 'spam_or_scam', 'underage', 'offensive_content', 'other'] as const;
export const ZBanReason = lazySchema(() => z.enum(BAN_REASONS));
export type BanReason = z.infer<typeof ZBanReason>;
export const BAN_NOTE_MAX = 500;

export const MODERATION_PAGE_SIZE = 24;
export const STAFF_MEMBERS_PAGE_SIZE = 20;

const ZPage = lazySchema(() => z._default(numberInput(z.number().check(z.int(), z.gte(1), z.lte(10_000))), 1));
export const ZPageQuery = lazySchema(() => z.object({ page: ZPage }));
export type PageQuery = z.input<typeof ZPageQuery>;

/* ---------- photos: GET /api/backoffice/photos?page, POST /api/backoffice/photos/:id/approve|reject ---------- */

/** A photo in the moderation queue (oldest first), with whose it is. */
export const ZQueuedPhoto = lazySchema(() =>
  z.extend(ZImage, {
    created_at: z.string(),
    member: z.object({ id: z.number().check(z.int()), name: z.string(), email: z.string() }),
  }),
);
export type QueuedPhoto = z.infer<typeof ZQueuedPhoto>;
export const ZPendingPhotos = lazySchema(() =>
  z.object({
    photos: z.array(ZQueuedPhoto),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type PendingPhotos = z.infer<typeof ZPendingPhotos>;

/** POST .../reject body: the reason is required and must be one of PHOTO_REJECT_REASONS. */
export const ZPhotoRejectRequest = lazySchema(() => z.object({ reason: ZPhotoRejectReason }));
export type PhotoRejectRequest = z.infer<typeof ZPhotoRejectRequest>;
export const ZPhotoModerationResult = lazySchema(() =>
  z.object({
    ok: z.literal(true),
    id: z.number().check(z.int()),
    status: z.enum(['active', 'rejected']),
    rejection_reason: z.nullable(ZPhotoRejectReason),
  }),
);
export type PhotoModerationResult = z.infer<typeof ZPhotoModerationResult>;

/* ---------- members: GET /api/backoffice/members?q&page, GET /api/backoffice/members/:id ---------- */

export const ZStaffMemberQuery = lazySchema(() =>
  z.object({
    /** an e-mail address (or part), a profile name (or part), or a member id */
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    page: ZPage,
  }),
);
export type StaffMemberQuery = z.input<typeof ZStaffMemberQuery>;

export const ZAccountStatus = lazySchema(() => z.enum(['not_confirmed', 'active', 'disabled', 'deleted']));
export const ZStaffMemberRow = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    email: z.string(),
    name: z.nullable(z.string()),
    status: ZAccountStatus,
    is_staff: z.boolean(),
    fictional: z.boolean(),
    signup_at: z.string(),
    main_image: z.nullable(ZImage),
  }),
);
export type StaffMemberRow = z.infer<typeof ZStaffMemberRow>;
export const ZStaffMemberList = lazySchema(() =>
  z.object({
    members: z.array(ZStaffMemberRow),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type StaffMemberList = z.infer<typeof ZStaffMemberList>;

export const ZBanInfo = lazySchema(() =>
  z.object({
    reason: ZBanReason,
    note: z.nullable(z.string()),
    staff_email: z.string(),
    created_at: z.string(),
  }),
);
export type BanInfo = z.infer<typeof ZBanInfo>;

export const ZStaffMemberPhoto = lazySchema(() =>
  z.extend(ZImage, {
    is_main: z.boolean(),
    created_at: z.string(),
    rejection_reason: z.nullable(ZPhotoRejectReason),
  }),
);

export const ZStaffMemberDetail = lazySchema(() =>
  z.object({
    member: z.extend(ZStaffMemberRow, {
      site: z.string(),
      email_confirmed: z.boolean(),
      paid_user: z.boolean(),
      credits: z.number().check(z.int()),
      staff_roles: z.array(z.string()),
      last_seen_at: z.nullable(z.string()),
      profile: z.nullable(
        z.object({
          gender: z.string(),
          age: z.number().check(z.int()),
          country: z.string(),
          region: z.nullable(z.string()),
          city: z.nullable(z.string()),
          about: z.nullable(z.string()),
        }),
      ),
    }),
    photos: z.array(ZStaffMemberPhoto),
    /** what other members reported: blocks of this member (there is no separate report table) */
    reports: z.object({ blocked_by: z.number().check(z.int(), z.nonnegative()), blocking: z.number().check(z.int(), z.nonnegative()) }),
    ban: z.nullable(ZBanInfo),
  }),
);
export type StaffMemberDetail = z.infer<typeof ZStaffMemberDetail>;

/* ---------- bans: POST /api/backoffice/members/:id/ban|unban, GET /api/backoffice/bans?page ---------- */

export const ZBanRequest = lazySchema(() =>
  z.object({
    reason: ZBanReason,
    note: z.optional(z.string().check(z.trim(), z.maxLength(BAN_NOTE_MAX))),
  }),
);
export type BanRequest = z.input<typeof ZBanRequest>;
export const ZBanResult = lazySchema(() =>
  z.object({
    ok: z.literal(true),
    id: z.number().check(z.int()),
    status: ZAccountStatus,
    ban: z.nullable(ZBanInfo),
  }),
);
export type BanResult = z.infer<typeof ZBanResult>;

export const ZBannedMember = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    email: z.string(),
    name: z.nullable(z.string()),
    ban: ZBanInfo,
  }),
);
export type BannedMember = z.infer<typeof ZBannedMember>;
export const ZBanList = lazySchema(() =>
  z.object({
    bans: z.array(ZBannedMember),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type BanList = z.infer<typeof ZBanList>;
