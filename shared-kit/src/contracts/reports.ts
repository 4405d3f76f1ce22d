/**
 * Reports (issue 26 part 1): a member reports another (POST /api/report.php); moderators work the
 * queue at /backoffice/reports (open first, underage and scam first, then oldest) and resolve a
 * report with an action; the reporter is told that it was handled (never how); a warned member is
 * shown a warning once (GET/POST /api/notices.php). The reported member never learns who reported.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZStaffMemberPhoto } from './moderation';

export const REPORT_REASONS = ['fake_profile', 'scam', 'harassment', 'underage', 'offensive', 'other'] as const;
export const ZReportReason = lazySchema(() => z.enum(REPORT_REASONS));
export type ReportReason = z.infer<typeof ZReportReason>;
/** reasons put first in the queue */
export const URGENT_REPORT_REASONS: readonly ReportReason[] = ['underage', 'scam'];
export const REPORT_NOTE_MAX = 1000;
export const REPORT_MESSAGE_IDS_MAX = 20;

const int4 = lazySchema(() => z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)));

/** What a member sends; `note` is required for reason `other`. Checked field by field on the server (400 naming it). */
export const ZReportRequest = lazySchema(() =>
  z.strictObject({
    profile: int4,
    reason: ZReportReason,
    message_ids: z.optional(z.array(int4).check(z.maxLength(REPORT_MESSAGE_IDS_MAX))),
    note: z.optional(z.string().check(z.maxLength(REPORT_NOTE_MAX))),
    block: z.optional(z.boolean()),
  }),
);
export type ReportRequest = z.infer<typeof ZReportRequest>;

export const ZReportCreated = lazySchema(() =>
  z.object({ id: z.number().check(z.int()), status: z.literal('open'), blocked: z.boolean() }),
);
export type ReportCreated = z.infer<typeof ZReportCreated>;

export const REPORT_ACTIONS = ['dismiss', 'warn', 'remove_photo', 'remove_text', 'ban'] as const;
export const ZReportAction = lazySchema(() => z.enum(REPORT_ACTIONS));
export type ReportAction = z.infer<typeof ZReportAction>;
export const ZReportStatus = lazySchema(() => z.enum(['open', 'handled']));
export type ReportStatus = z.infer<typeof ZReportStatus>;

export const ZReportSummary = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    reason: ZReportReason,
    source: z.enum(['member', 'held_message']),
    status: ZReportStatus,
    action: z.nullable(ZReportAction),
    reported: z.object({
      id: z.number().check(z.int()),
      name: z.nullable(z.string()),
      email: z.string(),
      fictional: z.boolean(),
      status: z.string(),
    }),
    reporter: z.nullable(z.object({ id: z.number().check(z.int()), name: z.nullable(z.string()), email: z.string() })),
    note: z.nullable(z.string()),
    /** distinct members who reported the same member (all time) */
    reporters: z.number().check(z.int(), z.nonnegative()),
    under_review: z.boolean(),
    handled_by_email: z.nullable(z.string()),
    handled_at: z.nullable(z.string()),
    created_at: z.string(),
  }),
);
export type ReportSummary = z.infer<typeof ZReportSummary>;

export const ZReportQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
    /** the reported member's name, e-mail or id */
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    status: z._default(z.enum(['open', 'handled', 'all']), 'open'),
  }),
);
export type ReportQuery = z.infer<typeof ZReportQuery>;

export const ZReportPage = lazySchema(() =>
  z.object({
    reports: z.array(ZReportSummary),
    total: z.number().check(z.int(), z.nonnegative()),
    open: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type ReportPage = z.infer<typeof ZReportPage>;

export const ZEvidenceMessage = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    from_reported: z.boolean(),
    type: z.string(),
    body: z.nullable(z.string()),
    gift: z.nullable(z.string()),
    image: z.nullable(z.string()),
    created_at: z.string(),
    deleted: z.boolean(),
    reported: z.boolean(),
  }),
);
export const ZEvidencePhoto = lazySchema(() =>
  z.object({
    index: z.number().check(z.int()),
    url: z.nullable(z.string()),
    thumb_url: z.nullable(z.string()),
    status: z.string(),
    main: z.boolean(),
    current_photo_id: z.nullable(z.number().check(z.int())),
  }),
);
export const ZReportEvidence = lazySchema(() =>
  z.object({
    profile: z.nullable(
      z.object({
        name: z.string(),
        about: z.nullable(z.string()),
        reason: z.nullable(z.string()),
        city: z.nullable(z.string()),
        gender: z.string(),
        age: z.number().check(z.int()),
        status: z.string(),
      }),
    ),
    messages: z.array(ZEvidenceMessage),
    photos: z.array(ZEvidencePhoto),
  }),
);
export type ReportEvidence = z.infer<typeof ZReportEvidence>;

export const ZReportDetail = lazySchema(() =>
  z.object({
    report: z.extend(ZReportSummary, { resolution_note: z.nullable(z.string()), message_ids: z.array(z.number().check(z.int())) }),
    evidence: ZReportEvidence,
    /** the reported member's profile and photos as they are now (to remove one) */
    current: z.object({ about: z.nullable(z.string()), reason: z.nullable(z.string()), photos: z.array(ZStaffMemberPhoto) }),
    earlier_reports: z.array(
      z.object({
        id: z.number().check(z.int()),
        reason: ZReportReason,
        status: ZReportStatus,
        action: z.nullable(ZReportAction),
        created_at: z.string(),
      }),
    ),
    bans: z.array(z.object({ reason: z.string(), note: z.nullable(z.string()), by: z.string(), at: z.string(), current: z.boolean() })),
  }),
);
export type ReportDetail = z.infer<typeof ZReportDetail>;

export const ZReportIdParams = lazySchema(() => z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)) }));

/** dismiss needs a note; remove_photo needs photo_id (a current photo of the member); ban takes the ban reason. */
export const ZReportResolve = lazySchema(() =>
  z.strictObject({
    action: ZReportAction,
    note: z.optional(z.string().check(z.maxLength(2000))),
    photo_id: z.optional(int4),
  }),
);
export type ReportResolve = z.infer<typeof ZReportResolve>;

export const ZReportResolved = lazySchema(() =>
  z.object({
    ok: z.literal(true),
    id: z.number().check(z.int()),
    status: z.literal('handled'),
    action: ZReportAction,
  }),
);

/** What a member is shown once: their report was handled, or a moderator's warning. */
export const ZMemberNotice = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    kind: z.enum(['report_handled', 'warning']),
    created_at: z.string(),
  }),
);
export type MemberNotice = z.infer<typeof ZMemberNotice>;
export const ZMemberNotices = lazySchema(() => z.object({ notices: z.array(ZMemberNotice) }));
export type MemberNotices = z.infer<typeof ZMemberNotices>;
