/**
 * Reports (issue 26 part 1). A member reports another (POST /api/report.php, routes.ts); the site
 * files one itself when a moderator rejects a held message (source 'held_message', no reporter).
 *
 *   fileReport(tx, input)           one report with its evidence frozen now; 409 report_exists
 *                                   for a second OPEN report of the same reporter and member;
 *                                   puts the member under review when the site's threshold of
 *                                   distinct reporters within the window is reached
 *   isUnderReview(db, userId, s)    that member is under review: reported by
 *                                   s.report_hold_threshold distinct members within
 *                                   s.report_hold_window_hours and no moderator decision since
 *
 * Evidence: the last 20 messages between the two plus the reported ones, the profile texts, and
 * the photos as copies of their files (copyEvidencePhotos, made before the transaction: they
 * survive a later deletion by the member). The reported member never learns who reported: no
 * member-facing call returns anything of a report but to its reporter.
 */
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ReportReason, Settings } from '@dating/shared-kit/contracts';
import { REPORT_MESSAGE_IDS_MAX } from '@dating/shared-kit/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import {
  conversations,
  messages,
  photos,
  profiles,
  reportHolds,
  reports,
  users,
  type EvidenceMessageRow,
  type EvidencePhotoRow,
  type EvidenceRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../platform/storage';
import { getSiteById } from '../sites';

/** the last messages between the two kept with a report */
export const EVIDENCE_MESSAGES = 20;

export interface FileReportInput {
  /** null: the site files it (a rejected held message) */
  reporterId: number | null;
  reportedId: number;
  reason: ReportReason;
  messageIds?: number[];
  note?: string | null;
  source: 'member' | 'held_message';
}

export interface FileReportOptions {
  /** copies of the reported member's photo files (copyEvidencePhotos); without them the evidence names the current files */
  photos?: EvidencePhotoRow[];
}

export type HoldSettings = Pick<Settings, 'report_hold_threshold' | 'report_hold_window_hours'>;
const DEFAULT_HOLD: HoldSettings = { report_hold_threshold: 3, report_hold_window_hours: 24 };

/** The two members' conversation id, or null. */
async function conversationBetween(db: DbOrTx, a: number, b: number): Promise<number | null> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userA, low), eq(conversations.userB, high)));
  return row?.id ?? null;
}

/**
 * The ids of `messageIds` that are messages of the conversation between `a` and `b` (a 400 on
 * message_ids names the field when one is not).
 */
export async function checkReportedMessages(db: DbOrTx, a: number, b: number, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  if (messageIds.length > REPORT_MESSAGE_IDS_MAX)
    throw new AppError('validation', { status: 400, field: 'message_ids', messageCode: 'report_messages_invalid' });
  const convo = await conversationBetween(db, a, b);
  const unique = [...new Set(messageIds)];
  const found = convo
    ? await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, convo), inArray(messages.id, unique)))
    : [];
  if (found.length !== unique.length)
    throw new AppError('validation', { status: 400, field: 'message_ids', messageCode: 'report_messages_invalid' });
}

/** Copy the member's photo files (full size and thumbnail) under new names for a report's evidence. */
export async function copyEvidencePhotos(db: DbOrTx, storage: Storage, userId: number): Promise<EvidencePhotoRow[]> {
  const [profile] = await db.select({ main: profiles.mainPhotoId }).from(profiles).where(eq(profiles.userId, userId));
  const rows = await db.select().from(photos).where(eq(photos.userId, userId)).orderBy(photos.createdAt, photos.id);
  const copy = async (name: string) => {
    const bytes = await storage.get(name);
    return bytes ? storage.put(bytes, name.split('.').pop() ?? 'jpg') : null;
  };
  return Promise.all(
    rows.map(async (p) => ({
      photo_id: p.id,
      file: await copy(p.filename),
      thumb: await copy(p.thumbFilename),
      status: p.status,
      main: p.id === profile?.main,
    })),
  );
}

/** Remove copies made for a report that was not filed (409, 400). */
export async function dropEvidencePhotos(storage: Storage, copies: EvidencePhotoRow[]): Promise<void> {
  for (const c of copies) {
    for (const name of [c.file, c.thumb]) if (name) await storage.remove(name).catch(() => undefined);
  }
}

async function collectEvidence(
  tx: DbOrTx,
  reporterId: number | null,
  reportedId: number,
  messageIds: number[],
  photoCopies?: EvidencePhotoRow[],
): Promise<EvidenceRow> {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, reportedId));
  const convo = reporterId ? await conversationBetween(tx, reporterId, reportedId) : null;
  const recent = convo
    ? await tx.select().from(messages).where(eq(messages.conversationId, convo)).orderBy(desc(messages.id)).limit(EVIDENCE_MESSAGES)
    : [];
  const missing = messageIds.filter((id) => !recent.some((m) => m.id === id));
  const reportedRows = missing.length ? await tx.select().from(messages).where(inArray(messages.id, missing)) : [];
  const reported = new Set(messageIds);
  const all = [...recent, ...reportedRows].sort((x, y) => x.id - y.id);
  const msgs: EvidenceMessageRow[] = all.map((m) => ({
    id: m.id,
    sender_id: m.senderId,
    type: m.type,
    body: m.body,
    gift: m.gift,
    image: m.imageFile,
    created_at: m.createdAt.toISOString(),
    deleted: m.deletedAt !== null,
    reported: reported.has(m.id),
  }));
  let photoRows = photoCopies;
  if (!photoRows) {
    const rows = await tx.select().from(photos).where(eq(photos.userId, reportedId)).orderBy(photos.createdAt, photos.id);
    photoRows = rows.map((p) => ({
      photo_id: p.id,
      file: p.filename,
      thumb: p.thumbFilename,
      status: p.status,
      main: p.id === profile?.mainPhotoId,
    }));
  }
  return {
    profile: profile
      ? {
          name: profile.name,
          about: profile.about,
          reason: profile.reason,
          city: profile.city,
          gender: profile.gender,
          date_of_birth: profile.dateOfBirth,
          status: profile.status,
        }
      : null,
    messages: msgs,
    photos: photoRows,
  };
}

/** Distinct members who reported `userId` within the window and after the last moderator decision on them. */
async function reportersInWindow(db: DbOrTx, userId: number, windowHours: number): Promise<number> {
  const lastDecision = db
    .select({ at: sql`max(${reports.handledAt})` })
    .from(reports)
    .where(and(eq(reports.reportedId, userId), isNotNull(reports.handledAt)));
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reports.reporterId})::int` })
    .from(reports)
    .where(
      and(
        eq(reports.reportedId, userId),
        isNotNull(reports.reporterId),
        gt(reports.createdAt, sql`now() - make_interval(hours => ${windowHours}::int)`),
        sql`${reports.createdAt} > coalesce((${lastDecision}), '-infinity'::timestamptz)`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * File a report in `tx` (see the top of the file). Takes a transaction-scoped lock on the reported
 * member, so concurrent reports of one member count each other (the hold is decided on committed
 * rows). Returns the report's id and whether the member is (now) under review.
 */
export async function fileReport(
  tx: Tx,
  input: FileReportInput,
  options: FileReportOptions = {},
): Promise<{ id: number; underReview: boolean }> {
  const { reporterId, reportedId, reason, source } = input;
  if (reporterId !== null && reporterId === reportedId)
    throw new AppError('validation', { status: 400, field: 'profile', messageCode: 'report_self' });
  const [target] = await tx
    .select({ id: users.id, siteId: users.siteId, fictional: users.fictional, isStaff: users.isStaff })
    .from(users)
    .where(eq(users.id, reportedId));
  if (!target || target.isStaff) throw new AppError('member_not_found', { status: 404, field: 'profile' });
  // one bigint advisory lock per reported member (the two-int4 space is the member pairs' of pair-lock.ts)
  await tx.execute(sql`select pg_advisory_xact_lock(${0x7265_7000_0000 + reportedId}::bigint)`);
  const messageIds = [...new Set(input.messageIds ?? [])];
  const evidence = await collectEvidence(tx, reporterId, reportedId, messageIds, options.photos);
  const note = input.note?.trim() ? input.note.trim() : null;
  const [row] = await tx
    .insert(reports)
    .values({ reporterId, reportedId, reason, note, source, messageIds, evidence, fictional: target.fictional })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!row) throw new AppError('report_exists', { status: 409, field: 'profile' });

  const site = await getSiteById(tx, target.siteId);
  const settings: HoldSettings = { ...DEFAULT_HOLD, ...(site?.settings ?? {}) } as HoldSettings;
  const count = await reportersInWindow(tx, reportedId, settings.report_hold_window_hours);
  if (count >= settings.report_hold_threshold) {
    await tx
      .insert(reportHolds)
      .values({ userId: reportedId, reporters: count })
      .onConflictDoUpdate({ target: reportHolds.userId, set: { reporters: count } });
    return { id: row.id, underReview: true };
  }
  const [held] = await tx.select({ id: reportHolds.userId }).from(reportHolds).where(eq(reportHolds.userId, reportedId));
  return { id: row.id, underReview: !!held };
}

/**
 * Is `userId` under review (out of search, new conversations held)? Yes while a hold row exists
 * (made by fileReport when the threshold was reached, deleted by a moderator's decision), or when
 * the threshold of `settings` is reached now (a site that lowered it).
 */
export async function isUnderReview(db: DbOrTx, userId: number, settings: Partial<HoldSettings> = {}): Promise<boolean> {
  const s = { ...DEFAULT_HOLD, ...settings };
  const [held] = await db.select({ id: reportHolds.userId }).from(reportHolds).where(eq(reportHolds.userId, userId));
  if (held) return true;
  return (await reportersInWindow(db, userId, s.report_hold_window_hours)) >= s.report_hold_threshold;
}

/** The ids among `userIds` under review (hold rows): what member search leaves out. */
export async function underReviewAmong(db: DbOrTx, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select({ id: reportHolds.userId }).from(reportHolds).where(inArray(reportHolds.userId, userIds));
  return new Set(rows.map((r) => r.id));
}

/** A moderator decided on `userId`: no longer under review. */
export async function endReview(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(reportHolds).where(eq(reportHolds.userId, userId));
}

/** The reporter's open report of `reportedId`, if any (the member's own view: never another's). */
export async function openReportOf(db: DbOrTx, reporterId: number, reportedId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.reportedId, reportedId), eq(reports.status, 'open')));
  return row?.id ?? null;
}
