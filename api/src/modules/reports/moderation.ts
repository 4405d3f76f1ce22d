/**
 * The moderators' side of reports (issue 26 part 1; mf-members' staff page /backoffice/reports):
 *
 *   listReports     the queue: open first, underage and scam first, then oldest; q matches the
 *                   reported member's name or e-mail, or (all digits) is their member id
 *   reportDetail    the evidence as filed, the member as they are now, their earlier reports and
 *                   bans, the number of distinct members who reported them
 *   resolveReport   dismiss (note) | warn (a notice the member sees once) | remove_photo |
 *                   remove_text | ban (members/bans.ts banMember), in the staff action's
 *                   transaction; the update is guarded by status = 'open', so of two moderators
 *                   one wins and the other gets 409. The member's review hold ends; the reporter
 *                   gets a notice and a mail in their language: handled, never how.
 */
import { and, asc, count, countDistinct, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  BanReason,
  ReportAction,
  ReportDetail,
  ReportPage,
  ReportQuery,
  ReportReason,
  ReportSummary,
} from '@dating/shared-kit/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { memberBans, memberNotices, photos, profiles, reportHolds, reports, staffAudit, users, type EvidenceRow } from '../../db/schema';
import { AppError } from '../../errors';
import { isLang, type Lang } from '../../i18n';
import { queueMail } from '../../platform/mail';
import type { UserRow } from '../../platform/session';
import { linkBase } from '../../platform/mail-links';
import { writeAudit } from '../backoffice';
import { ageFromDateOfBirth, banMember, pickMain, toImage } from '../members';
import { getSiteById } from '../sites';
import { endReview } from './service';

export const REPORTS_PAGE_SIZE = 25;

/** the ban reason of a report's reason (members/bans.ts BAN_REASONS) */
const BAN_REASON: Record<ReportReason, BanReason> = {
  fake_profile: 'fake_profile',
  scam: 'spam_or_scam',
  harassment: 'harassment',
  underage: 'underage',
  offensive: 'offensive_content',
  other: 'other',
};

const reportedUser = sql.raw('"reported_user"');
const reportedProfile = sql.raw('"reported_profile"');
const reporterUser = sql.raw('"reporter_user"');
const reporterProfile = sql.raw('"reporter_profile"');

/** Distinct members who reported each of `ids` (all time). */
async function reporterCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: reports.reportedId, n: countDistinct(reports.reporterId) })
    .from(reports)
    .where(inArray(reports.reportedId, ids))
    .groupBy(reports.reportedId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function heldAmong(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: reportHolds.userId }).from(reportHolds).where(inArray(reportHolds.userId, ids));
  return new Set(rows.map((r) => r.id));
}

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of the queue with both members' names and e-mails. */
function selectSummaries(db: DbOrTx) {
  return db
    .select({
      r: reports,
      reportedEmail: sql<string>`${reportedUser}.email`,
      reportedStatus: sql<string>`${reportedUser}.status`,
      reportedName: sql<string | null>`${reportedProfile}.name`,
      reporterEmail: sql<string | null>`${reporterUser}.email`,
      reporterName: sql<string | null>`${reporterProfile}.name`,
    })
    .from(reports)
    .innerJoin(sql`${users} as ${reportedUser}`, sql`${reportedUser}.id = ${reports.reportedId}`)
    .leftJoin(sql`${profiles} as ${reportedProfile}`, sql`${reportedProfile}.user_id = ${reports.reportedId}`)
    .leftJoin(sql`${users} as ${reporterUser}`, sql`${reporterUser}.id = ${reports.reporterId}`)
    .leftJoin(sql`${profiles} as ${reporterProfile}`, sql`${reporterProfile}.user_id = ${reports.reporterId}`);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['where']>>[number];

function toSummary(row: SummaryRow, reporters: Map<number, number>, held: Set<number>): ReportSummary {
  const r = row.r;
  return {
    id: r.id,
    reason: r.reason as ReportReason,
    source: r.source as ReportSummary['source'],
    status: r.status as ReportSummary['status'],
    action: (r.action ?? null) as ReportAction | null,
    reported: {
      id: r.reportedId,
      name: row.reportedName ?? r.evidence.profile?.name ?? null,
      email: row.reportedEmail,
      fictional: r.fictional,
      status: row.reportedStatus,
    },
    reporter: r.reporterId !== null ? { id: r.reporterId, name: row.reporterName, email: row.reporterEmail ?? '' } : null,
    note: r.note,
    reporters: reporters.get(r.reportedId) ?? 0,
    under_review: held.has(r.reportedId),
    handled_by_email: r.handledByEmail,
    handled_at: r.handledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** The queue (see the top of the file). */
export async function listReports(db: DbOrTx, query: ReportQuery): Promise<ReportPage> {
  const q = query.q?.trim();
  const byId = q && /^\d{1,9}$/.test(q) ? Number(q) : null;
  const like = q ? escapeLike(q) : null;
  const where: SQL | undefined = and(
    query.status === 'all' ? undefined : eq(reports.status, query.status),
    byId !== null
      ? eq(reports.reportedId, byId)
      : like
        ? or(sql`${reportedUser}.email ilike ${like}`, sql`${reportedProfile}.name ilike ${like}`)
        : undefined,
  );
  const [rows, [total], [open]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(
        desc(sql`${reports.status} = 'open'`),
        desc(sql`${reports.reason} in ('underage', 'scam')`),
        asc(reports.createdAt),
        asc(reports.id),
      )
      .limit(REPORTS_PAGE_SIZE)
      .offset((query.page - 1) * REPORTS_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(reports)
      .innerJoin(sql`${users} as ${reportedUser}`, sql`${reportedUser}.id = ${reports.reportedId}`)
      .leftJoin(sql`${profiles} as ${reportedProfile}`, sql`${reportedProfile}.user_id = ${reports.reportedId}`)
      .where(where),
    db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
  ]);
  const ids = [...new Set(rows.map((r) => r.r.reportedId))];
  const [reporters, held] = await Promise.all([reporterCounts(db, ids), heldAmong(db, ids)]);
  return {
    reports: rows.map((r) => toSummary(r, reporters, held)),
    total: Number(total?.n ?? 0),
    open: Number(open?.n ?? 0),
    page: query.page,
    per_page: REPORTS_PAGE_SIZE,
  };
}

/** A staff-only URL of an evidence photo copy (served by routes.ts from the report's own files). */
export const evidenceUrl = (reportId: number, file: string) => `/api/backoffice/reports/${reportId}/files/${file}`;

function toEvidence(reportId: number, reportedId: number, e: EvidenceRow, current: Set<number>): ReportDetail['evidence'] {
  return {
    profile: e.profile
      ? {
          name: e.profile.name,
          about: e.profile.about,
          reason: e.profile.reason,
          city: e.profile.city,
          gender: e.profile.gender,
          age: ageFromDateOfBirth(e.profile.date_of_birth),
          status: e.profile.status,
        }
      : null,
    messages: e.messages.map((m) => ({
      id: m.id,
      from_reported: m.sender_id === reportedId,
      type: m.type,
      body: m.body,
      gift: m.gift,
      image: m.image,
      created_at: m.created_at,
      deleted: m.deleted,
      reported: m.reported,
    })),
    photos: e.photos.map((p, index) => ({
      index,
      url: p.file ? evidenceUrl(reportId, p.file) : null,
      thumb_url: p.thumb ? evidenceUrl(reportId, p.thumb) : null,
      status: p.status,
      main: p.main,
      current_photo_id: current.has(p.photo_id) ? p.photo_id : null,
    })),
  };
}

/** One report with its evidence (see the top of the file); 404 for an unknown id. */
export async function reportDetail(db: DbOrTx, id: number, cdnPrefix: string): Promise<ReportDetail> {
  const [row] = await selectSummaries(db).where(eq(reports.id, id));
  if (!row) throw new AppError('report_not_found', { status: 404, field: 'id' });
  const reportedId = row.r.reportedId;
  const [[profile], photoRows, earlier, bans, [ban], reporters, held] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, reportedId)),
    db.select().from(photos).where(eq(photos.userId, reportedId)).orderBy(photos.createdAt, photos.id),
    db
      .select({ id: reports.id, reason: reports.reason, status: reports.status, action: reports.action, created_at: reports.createdAt })
      .from(reports)
      .where(and(eq(reports.reportedId, reportedId), ne(reports.id, id)))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(50),
    db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'members.ban'), eq(staffAudit.target, `user:${reportedId}`), eq(staffAudit.outcome, 'done')))
      .orderBy(desc(staffAudit.createdAt))
      .limit(20),
    db.select().from(memberBans).where(eq(memberBans.userId, reportedId)),
    reporterCounts(db, [reportedId]),
    heldAmong(db, [reportedId]),
  ]);
  const current = new Set(photoRows.map((p) => p.id));
  const banNote = (after: unknown, key: 'reason' | 'note') => {
    const v = after && typeof after === 'object' ? (after as Record<string, unknown>)[key] : null;
    return typeof v === 'string' ? v : null;
  };
  return {
    report: { ...toSummary(row, reporters, held), resolution_note: row.r.resolutionNote, message_ids: row.r.messageIds },
    evidence: toEvidence(id, reportedId, row.r.evidence, current),
    current: {
      about: profile?.about ?? null,
      reason: profile?.reason ?? null,
      photos: photoRows.map((p) => ({
        ...toImage(p, cdnPrefix),
        is_main: p.id === profile?.mainPhotoId,
        created_at: p.createdAt.toISOString(),
        rejection_reason: null,
      })),
    },
    earlier_reports: earlier.map((e) => ({
      id: e.id,
      reason: e.reason as ReportReason,
      status: e.status as 'open' | 'handled',
      action: (e.action ?? null) as ReportAction | null,
      created_at: e.created_at.toISOString(),
    })),
    bans: bans.map((b) => ({
      reason: banNote(b.after, 'reason') ?? 'other',
      note: banNote(b.after, 'note'),
      by: b.staffEmail,
      at: b.createdAt.toISOString(),
      current: !!ban && Math.abs(ban.createdAt.getTime() - b.createdAt.getTime()) < 60_000,
    })),
  };
}

/** Is `file` one of the evidence copies of report `id`? (the staff-only file route serves only those) */
export async function isEvidenceFile(db: DbOrTx, id: number, file: string): Promise<boolean> {
  const [row] = await db.select({ evidence: reports.evidence }).from(reports).where(eq(reports.id, id));
  return !!row?.evidence.photos.some((p) => p.file === file || p.thumb === file);
}

export interface ResolveInput {
  action: ReportAction;
  note?: string | undefined;
  photo_id?: number | undefined;
}

export interface Resolved {
  id: number;
  action: ReportAction;
  /** the reporter's mail (sent after commit), if any */
  mailId: number | null;
  siteName: string | null;
  /** files of a removed photo, removed after commit */
  removedFiles: string[];
  before: unknown;
  after: unknown;
}

/** Resolve an open report (see the top of the file). */
export async function resolveReport(
  tx: Tx,
  id: number,
  input: ResolveInput,
  staff: UserRow,
  config: { PUBLIC_URL?: string | undefined; PORT: number },
): Promise<Resolved> {
  const note = input.note?.trim() ? input.note.trim() : null;
  if (input.action === 'dismiss' && !note)
    throw new AppError('validation', { status: 400, field: 'note', messageCode: 'validation_required' });
  if (input.action === 'remove_photo' && !input.photo_id) throw new AppError('report_photo_required', { status: 400, field: 'photo_id' });

  const [row] = await tx
    .update(reports)
    .set({
      status: 'handled',
      action: input.action,
      resolutionNote: note,
      handledBy: staff.id,
      handledByEmail: staff.email,
      handledAt: new Date(),
    })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning();
  if (!row) {
    const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
    throw exists ? new AppError('report_already_handled', { status: 409 }) : new AppError('report_not_found', { status: 404, field: 'id' });
  }
  const memberId = row.reportedId;
  const removedFiles: string[] = [];
  const after: Record<string, unknown> = { status: 'handled', action: input.action, note, member: memberId };

  switch (input.action) {
    case 'dismiss':
      break;
    case 'warn':
      await tx.insert(memberNotices).values({ userId: memberId, kind: 'warning', reportId: row.id });
      break;
    case 'remove_photo': {
      const [photo] = await tx
        .delete(photos)
        .where(and(eq(photos.id, input.photo_id as number), eq(photos.userId, memberId)))
        .returning();
      if (!photo) throw new AppError('photo_not_found', { status: 404, field: 'photo_id' });
      const [profile] = await tx.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.userId, memberId));
      if (profile?.mainPhotoId === photo.id) {
        await tx
          .update(profiles)
          .set({ mainPhotoId: await pickMain(tx, memberId), updatedAt: new Date() })
          .where(eq(profiles.userId, memberId));
      }
      removedFiles.push(photo.filename, photo.thumbFilename, photo.matchFilename);
      after.photo_id = photo.id;
      break;
    }
    case 'remove_text': {
      const [profile] = await tx
        .select({ about: profiles.about, reason: profiles.reason })
        .from(profiles)
        .where(eq(profiles.userId, memberId));
      if (!profile || (!profile.about && !profile.reason)) throw new AppError('report_nothing_to_remove', { status: 409 });
      await tx.update(profiles).set({ about: null, reason: null, updatedAt: new Date() }).where(eq(profiles.userId, memberId));
      after.removed_text = { about: profile.about, reason: profile.reason };
      break;
    }
    case 'ban': {
      // the existing ban, audited as one too (the member's ban history reads members.ban)
      const ban = await banMember(tx, staff, memberId, BAN_REASON[row.reason as ReportReason], note);
      await writeAudit(tx, staff, {
        action: 'members.ban',
        target: `user:${memberId}`,
        before: ban.before,
        after: { ...(ban.after as object), report: row.id },
      });
      break;
    }
  }
  await endReview(tx, memberId);

  // the reporter: a notice at their next visit and a mail in their language (handled, not how)
  let mailId: number | null = null;
  let siteName: string | null = null;
  if (row.reporterId !== null) {
    const [reporter] = await tx
      .select({
        id: users.id,
        email: users.email,
        siteId: users.siteId,
        language: users.language,
        status: users.status,
        name: profiles.name,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, row.reporterId));
    if (reporter && reporter.status !== 'deleted') {
      await tx.insert(memberNotices).values({ userId: reporter.id, kind: 'report_handled', reportId: row.id });
      const site = await getSiteById(tx, reporter.siteId);
      if (site) {
        const lang: Lang = isLang(reporter.language) ? reporter.language : 'nl';
        siteName = site.settings.name;
        mailId = await queueMail(tx, {
          kind: 'report_handled',
          lang,
          to: reporter.email,
          siteId: site.id,
          userId: reporter.id,
          vars: {
            name: reporter.name ?? '',
            siteName: site.settings.name,
            domain: site.settings.domain || site.domain,
            siteUrl: linkBase(site, config),
            topic: row.evidence.profile?.name ?? '',
          },
        });
      }
    }
  }
  return { id: row.id, action: input.action, mailId, siteName, removedFiles, before: { status: 'open', reason: row.reason }, after };
}

/** The member's notices not shown yet, oldest first. */
export async function unseenNotices(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: memberNotices.id, kind: memberNotices.kind, createdAt: memberNotices.createdAt })
    .from(memberNotices)
    .where(and(eq(memberNotices.userId, userId), sql`${memberNotices.seenAt} is null`))
    .orderBy(asc(memberNotices.id))
    .limit(20);
  return { notices: rows.map((r) => ({ id: r.id, kind: r.kind as 'report_handled' | 'warning', created_at: r.createdAt.toISOString() })) };
}

/** Mark the member's own notices as shown (once: a second call changes nothing). */
export async function markNoticesSeen(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(memberNotices)
    .set({ seenAt: new Date() })
    .where(and(eq(memberNotices.userId, userId), inArray(memberNotices.id, ids), sql`${memberNotices.seenAt} is null`))
    .returning({ id: memberNotices.id });
  return rows.length;
}
