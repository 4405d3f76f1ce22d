/**
 * Verified photos (issue 26 part 2): a member takes a selfie in a pose the site chose at random;
 * a moderator compares it with the profile photos and approves or rejects it with a reason.
 *
 *   GET  /api/verification.php                          -> ZVerificationState
 *   POST /api/verification.php  (multipart: selfie, pose) -> 201 ZVerificationState
 *   GET  /api/backoffice/verifications?page             -> ZVerificationQueue (role moderator)
 *   GET  /api/backoffice/verifications/:id/selfie       -> the selfie (image/jpeg; staff only)
 *   POST /api/backoffice/verifications/:id/decide {approve, reason?} -> ZVerificationDecision
 * Only zod and core may be imported here.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZImage, numberInput } from './core';

/** The 8 poses (drawn in mf-members, with a translated text each). */
export const VERIFICATION_POSES = [
  'thumb_up',
  'peace_sign',
  'hand_on_cheek',
  'pointing_up',
  'wave',
  'hand_on_forehead',
  'ok_sign',
  'finger_on_chin',
] as const;
export const ZVerificationPose = lazySchema(() => z.enum(VERIFICATION_POSES));
export type VerificationPose = z.infer<typeof ZVerificationPose>;

/** Why a selfie was rejected: a fixed list, shown translated to the member. */
export const VERIFICATION_REJECT_REASONS = ['pose_mismatch', 'face_not_visible', 'not_same_person', 'photo_not_live', 'other'] as const;
export const ZVerificationRejectReason = lazySchema(() => z.enum(VERIFICATION_REJECT_REASONS));
export type VerificationRejectReason = z.infer<typeof ZVerificationRejectReason>;

export const VERIFICATION_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export const ZVerificationStatus = lazySchema(() => z.enum(VERIFICATION_STATUSES));
export type VerificationStatus = z.infer<typeof ZVerificationStatus>;

/** Days a selfie is kept after the decision (then the file is deleted by a job). */
export const VERIFICATION_SELFIE_DAYS = 30;
export const VERIFICATION_PAGE_SIZE = 20;

/** GET /api/verification.php: the member's state; `pose` is the pose to take now (when nothing is pending). */
export const ZVerificationState = lazySchema(() =>
  z.object({
    status: ZVerificationStatus,
    pose: z.optional(ZVerificationPose),
    /** the rejection reason (status rejected) */
    reason: z.optional(ZVerificationRejectReason),
    /** ISO: when the member was verified (status verified) */
    verified_at: z.optional(z.string()),
    /** fictional profiles and staff cannot ask */
    may_request: z.boolean(),
  }),
);
export type VerificationState = z.infer<typeof ZVerificationState>;

/** The multipart text field next to the `selfie` file. */
export const ZVerificationRequestFields = lazySchema(() => z.object({ pose: ZVerificationPose }));

/** One request in the moderators' queue: the selfie (a staff-only URL) beside the profile photos. */
export const ZVerificationItem = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    pose: ZVerificationPose,
    created_at: z.string(),
    /** staff-only URL of the selfie (/api/backoffice/verifications/:id/selfie) */
    selfie_url: z.string(),
    member: z.object({ id: z.number().check(z.int()), name: z.string(), email: z.string(), fictional: z.boolean() }),
    /** the member's photos (main first), any status, as staff see them */
    photos: z.array(z.extend(ZImage, { is_main: z.boolean() })),
  }),
);
export type VerificationItem = z.infer<typeof ZVerificationItem>;
export const ZVerificationQueue = lazySchema(() =>
  z.object({
    requests: z.array(ZVerificationItem),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type VerificationQueue = z.infer<typeof ZVerificationQueue>;
export const ZVerificationQueueQuery = lazySchema(() =>
  z.object({ page: z._default(numberInput(z.number().check(z.int(), z.gte(1), z.lte(10_000))), 1) }),
);

export const ZVerificationDecide = lazySchema(() =>
  z
    .object({ approve: z.boolean(), reason: z.optional(ZVerificationRejectReason) })
    .check(z.refine((b) => b.approve || b.reason !== undefined, { path: ['reason'], message: 'reason required' })),
);
export type VerificationDecide = z.infer<typeof ZVerificationDecide>;
export const ZVerificationDecision = lazySchema(() =>
  z.object({
    ok: z.literal(true),
    id: z.number().check(z.int()),
    status: z.enum(['approved', 'rejected']),
    reason: z.nullable(ZVerificationRejectReason),
  }),
);
export type VerificationDecision = z.infer<typeof ZVerificationDecision>;
