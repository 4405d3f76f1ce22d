/**
 * Reports (issue 26 part 1): a member reports another (POST /api/report.php); moderators work the
 * queue at /backoffice/reports (open first, underage and scam first, then oldest) and resolve a
 * report with an action; the reporter is told that it was handled (never how); a warned member is
 * shown a warning once (GET/POST /api/notices.php). The reported member never learns who reported.
 */
import { z } from 'zod';
import { ZStaffMemberPhoto } from './moderation';

export const REPORT_REASONS = ['fake_profile', 'scam', 'harassment', 'underage', 'offensive', 'other'] as const;
export const ZReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ZReportReason>;
/** reasons put first in the queue */
export const URGENT_REPORT_REASONS: readonly ReportReason[] = ['underage', 'scam'];
export const REPORT_NOTE_MAX = 1000;
export const REPORT_MESSAGE_IDS_MAX = 20;

const int4 = z.number().int().positive().max(2_147_483_647);

/** What a member sends; `note` is required for reason `other`. Checked field by field on the server (400 naming it). */
export const ZReportRequest = z
  .object({
    profile: int4,
    reason: ZReportReason,
    message_ids: z.array(int4).max(REPORT_MESSAGE_IDS_MAX).optional(),
    note: z.string().max(REPORT_NOTE_MAX).optional(),
    block: z.boolean().optional(),
  })
  .strict();
export type ReportRequest = z.infer<typeof ZReportRequest>;

export const ZReportCreated = z.object({ id: z.number().int(), status: z.literal('open'), blocked: z.boolean() });
export type ReportCreated = z.infer<typeof ZReportCreated>;

export const REPORT_ACTIONS = ['dismiss', 'warn', 'remove_photo', 'remove_text', 'ban'] as const;
export const ZReportAction = z.enum(REPORT_ACTIONS);
export type ReportAction = z.infer<typeof ZReportAction>;
export const ZReportStatus = z.enum(['open', 'handled']);
export type ReportStatus = z.infer<typeof ZReportStatus>;

export const ZReportSummary = z.object({
  id: z.number().int(),
  reason: ZReportReason,
  source: z.enum(['member', 'held_message']),
  status: ZReportStatus,
  action: ZReportAction.nullable(),
  reported: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string(), fictional: z.boolean(), status: z.string() }),
  reporter: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }).nullable(),
  note: z.string().nullable(),
  /** distinct members who reported the same member (all time) */
  reporters: z.number().int().nonnegative(),
  under_review: z.boolean(),
  handled_by_email: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReportSummary = z.infer<typeof ZReportSummary>;

export const ZReportQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** the reported member's name, e-mail or id */
  q: z.string().trim().max(100).optional(),
  status: z.enum(['open', 'handled', 'all']).default('open'),
});
export type ReportQuery = z.infer<typeof ZReportQuery>;

export const ZReportPage = z.object({
  reports: z.array(ZReportSummary),
  total: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
export type ReportPage = z.infer<typeof ZReportPage>;

export const ZEvidenceMessage = z.object({
  id: z.number().int(),
  from_reported: z.boolean(),
  type: z.string(),
  body: z.string().nullable(),
  gift: z.string().nullable(),
  image: z.string().nullable(),
  created_at: z.string(),
  deleted: z.boolean(),
  reported: z.boolean(),
});
export const ZEvidencePhoto = z.object({
  index: z.number().int(),
  url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  status: z.string(),
  main: z.boolean(),
  current_photo_id: z.number().int().nullable(),
});
export const ZReportEvidence = z.object({
  profile: z
    .object({
      name: z.string(),
      about: z.string().nullable(),
      reason: z.string().nullable(),
      city: z.string().nullable(),
      gender: z.string(),
      age: z.number().int(),
      status: z.string(),
    })
    .nullable(),
  messages: z.array(ZEvidenceMessage),
  photos: z.array(ZEvidencePhoto),
});
export type ReportEvidence = z.infer<typeof ZReportEvidence>;

export const ZReportDetail = z.object({
  report: ZReportSummary.extend({ resolution_note: z.string().nullable(), message_ids: z.array(z.number().int()) }),
  evidence: ZReportEvidence,
  /** the reported member's profile and photos as they are now (to remove one) */
  current: z.object({ about: z.string().nullable(), reason: z.string().nullable(), photos: z.array(ZStaffMemberPhoto) }),
  earlier_reports: z.array(
    z.object({
      id: z.number().int(),
      reason: ZReportReason,
      status: ZReportStatus,
      action: ZReportAction.nullable(),
      created_at: z.string(),
    }),
  ),
  bans: z.array(z.object({ reason: z.string(), note: z.string().nullable(), by: z.string(), at: z.string(), current: z.boolean() })),
});
export type ReportDetail = z.infer<typeof ZReportDetail>;

export const ZReportIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** dismiss needs a note; remove_photo needs photo_id (a current photo of the member); ban takes the ban reason. */
export const ZReportResolve = z
  .object({
    action: ZReportAction,
    note: z.string().max(2000).optional(),
    photo_id: int4.optional(),
  })
  .strict();
export type ReportResolve = z.infer<typeof ZReportResolve>;

export const ZReportResolved = z.object({ ok: z.literal(true), id: z.number().int(), status: z.literal('handled'), action: ZReportAction });

/** What a member is shown once: their report was handled, or a moderator's warning. */
export const ZMemberNotice = z.object({ id: z.number().int(), kind: z.enum(['report_handled', 'warning']), created_at: z.string() });
export type MemberNotice = z.infer<typeof ZMemberNotice>;
export const ZMemberNotices = z.object({ notices: z.array(ZMemberNotice) });
export type MemberNotices = z.infer<typeof ZMemberNotices>;
