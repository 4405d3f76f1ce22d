/**
 * Verified photos (issue 26 part 2). A member asks: the site picks one of VERIFICATION_POSES at
 * random (kept in verification_poses until a selfie uses it), the member sends a selfie in that
 * pose, a moderator compares it with the profile photos and approves (profiles.verified_at) or
 * rejects with a reason. Rules:
 * - one pending request per member: the request row claims the slot (partial unique index
 *   member_verifications_one_pending) BEFORE the costly decode, so of ten parallel posts one
 *   goes through and nine get 409 `verification_pending`, on PGlite and PostgreSQL alike;
 * - the pose sent must be the one issued (400 on `pose`); a member needs a profile photo to
 *   compare with (400 `verification_needs_photo`); fictional profiles and staff are never
 *   verified (403 `verification_not_allowed` at the request, 409 at an approval);
 * - the selfie goes through the photo pipeline (platform/images.ts: decoded, re-encoded, metadata
 *   gone) and is stored in a PRIVATE store (<DATA_DIR>/verification/), which /uploads/ does not
 *   serve: only staff read it, through GET /api/backoffice/verifications/:id/selfie;
 * - the selfie file is deleted VERIFICATION_SELFIE_DAYS after the decision, and at once when the
 *   account is deleted (job `members.verification-selfies`, hourly);
 * - a new main photo ends the verification (trigger of migration 0037 clears verified_at on any
 *   change of profiles.main_photo_id): the state is `none` again and a new pose is offered;
 * - two moderators deciding at once: the row is locked, one wins, the other gets 409
 *   `verification_already_decided`.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  VERIFICATION_PAGE_SIZE,
  VERIFICATION_POSES,
  VERIFICATION_SELFIE_DAYS,
  ZVerificationPose,
  ZVerificationRejectReason,
} from '@dating/shared-kit/contracts';
import type {
  VerificationDecision,
  VerificationPose,
  VerificationQueue,
  VerificationRejectReason,
  VerificationState,
} from '@dating/shared-kit/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { memberVerifications, photos, profiles, users, verificationPoses } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import { processImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import type { UserRow } from '../../platform/session';
import { extensionMatches } from './photos';
import { toImage } from './serialize-profile';

export const SELFIE_JOB = 'members.verification-selfies';

const asPose = (stored: string): VerificationPose => {
  const parsed = ZVerificationPose.safeParse(stored);
  return parsed.success ? parsed.data : 'thumb_up';
};
const asReason = (stored: string | null): VerificationRejectReason => {
  const parsed = ZVerificationRejectReason.safeParse(stored);
  return parsed.success ? parsed.data : 'other';
};

/** A pose at random (crypto), different from `not` when given. */
export function randomPose(not?: string): VerificationPose {
  const choices = VERIFICATION_POSES.filter((p) => p !== not);
  return choices[crypto.randomInt(choices.length)] as VerificationPose;
}

const mayBeVerified = (user: Pick<UserRow, 'fictional' | 'isStaff'>) => !user.fictional && !user.isStaff;

/** The member's pose to take now: the one issued and not yet used, else a new one (kept). */
async function currentPose(db: DbOrTx, userId: number, previous?: string): Promise<VerificationPose> {
  await db
    .insert(verificationPoses)
    .values({ userId, pose: randomPose(previous) })
    .onConflictDoNothing();
  const [row] = await db.select({ pose: verificationPoses.pose }).from(verificationPoses).where(eq(verificationPoses.userId, userId));
  return asPose(row?.pose ?? 'thumb_up');
}

/** GET /api/verification.php (see the top of this file). */
export async function verificationState(db: DbOrTx, user: UserRow): Promise<VerificationState> {
  const [[profile], [latest]] = await Promise.all([
    db.select({ verifiedAt: profiles.verifiedAt }).from(profiles).where(eq(profiles.userId, user.id)),
    db.select().from(memberVerifications).where(eq(memberVerifications.userId, user.id)).orderBy(desc(memberVerifications.id)).limit(1),
  ]);
  const may = mayBeVerified(user) && profile != null;
  if (!may) return { status: 'none', may_request: false };
  if (latest?.status === 'pending') return { status: 'pending', may_request: true };
  if (profile.verifiedAt) return { status: 'verified', verified_at: profile.verifiedAt.toISOString(), may_request: true };
  const pose = await currentPose(db, user.id, latest?.pose);
  if (latest?.status === 'rejected') return { status: 'rejected', reason: asReason(latest.reason), pose, may_request: true };
  return { status: 'none', pose, may_request: true };
}

/** POST /api/verification.php: the selfie in the issued pose (see the top of this file). */
export async function requestVerification(
  db: Db,
  privateStore: Storage,
  user: UserRow,
  input: { data: Buffer | null; filename?: string; pose: unknown },
  outsideDb: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<VerificationState> {
  if (!mayBeVerified(user)) throw new AppError('verification_not_allowed', { status: 403 });
  const pose = ZVerificationPose.safeParse(input.pose);
  if (!pose.success) throw new AppError('verification_pose_invalid', { status: 400, field: 'pose' });
  if (!input.data || input.data.length === 0) throw new AppError('selfie_missing', { status: 400, field: 'selfie' });
  const [[profile], [issued]] = await Promise.all([
    db.select({ mainPhotoId: profiles.mainPhotoId, verifiedAt: profiles.verifiedAt }).from(profiles).where(eq(profiles.userId, user.id)),
    db.select({ pose: verificationPoses.pose }).from(verificationPoses).where(eq(verificationPoses.userId, user.id)),
  ]);
  if (!profile) throw new AppError('verification_not_allowed', { status: 403 });
  if (profile.verifiedAt) throw new AppError('verification_already_verified', { status: 409 });
  if (profile.mainPhotoId == null) throw new AppError('verification_needs_photo', { status: 400, field: 'selfie' });
  // the pending request's pose was used: a post while one is pending is the conflict, not a bad pose
  const [pending] = await db
    .select({ id: memberVerifications.id })
    .from(memberVerifications)
    .where(and(eq(memberVerifications.userId, user.id), eq(memberVerifications.status, 'pending')));
  if (pending) throw new AppError('verification_pending', { status: 409 });
  if (!issued || issued.pose !== pose.data) throw new AppError('verification_pose_mismatch', { status: 400, field: 'pose' });

  // claim the one pending slot before decoding (the partial unique index decides between racers)
  const [claimed] = await db
    .insert(memberVerifications)
    .values({ userId: user.id, pose: pose.data })
    .onConflictDoNothing()
    .returning({ id: memberVerifications.id });
  if (!claimed) throw new AppError('verification_pending', { status: 409 });
  let file: string | null = null;
  try {
    const image = await outsideDb(() => processImage(input.data as Buffer, { memberId: user.id })).catch((error: unknown) => {
      if (isAppError(error))
        throw new AppError(error.code, { status: error.status, field: 'selfie', params: error.params, extra: error.extra });
      throw error;
    });
    if (!extensionMatches(input.filename, image.format)) throw new AppError('image_wrong_extension', { status: 400, field: 'selfie' });
    // only the re-encoded full size (no metadata); no thumbnails: nobody but staff ever sees it
    file = await privateStore.put(image.full, 'jpg');
    await db.transaction(async (tx) => {
      await tx.update(memberVerifications).set({ selfieFile: file }).where(eq(memberVerifications.id, claimed.id));
      await tx.delete(verificationPoses).where(eq(verificationPoses.userId, user.id));
    });
  } catch (error) {
    await db.delete(memberVerifications).where(eq(memberVerifications.id, claimed.id));
    if (file) await privateStore.remove(file);
    throw error;
  }
  return { status: 'pending', may_request: true };
}

/** The moderators' queue: pending requests with a selfie, oldest first, each with the member's photos. */
export async function verificationQueue(db: DbOrTx, page: number, cdnPrefix: string): Promise<VerificationQueue> {
  const where = and(eq(memberVerifications.status, 'pending'), isNotNull(memberVerifications.selfieFile));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        v: memberVerifications,
        email: users.email,
        fictional: users.fictional,
        name: profiles.name,
        mainPhotoId: profiles.mainPhotoId,
      })
      .from(memberVerifications)
      .innerJoin(users, eq(users.id, memberVerifications.userId))
      .leftJoin(profiles, eq(profiles.userId, memberVerifications.userId))
      .where(where)
      .orderBy(asc(memberVerifications.createdAt), asc(memberVerifications.id))
      .limit(VERIFICATION_PAGE_SIZE)
      .offset((page - 1) * VERIFICATION_PAGE_SIZE),
    db.select({ n: count() }).from(memberVerifications).where(where),
  ]);
  const ids = rows.map((r) => r.v.userId);
  const photoRows = ids.length
    ? await db.select().from(photos).where(inArray(photos.userId, ids)).orderBy(asc(photos.createdAt), asc(photos.id))
    : [];
  return {
    requests: rows.map((r) => {
      const own = photoRows.filter((p) => p.userId === r.v.userId && p.status !== 'rejected');
      own.sort((a, b) => Number(b.id === r.mainPhotoId) - Number(a.id === r.mainPhotoId));
      return {
        id: r.v.id,
        pose: asPose(r.v.pose),
        created_at: r.v.createdAt.toISOString(),
        selfie_url: `/api/backoffice/verifications/${r.v.id}/selfie`,
        member: { id: r.v.userId, name: r.name ?? '', email: r.email, fictional: r.fictional },
        photos: own.map((p) => ({ ...toImage(p, cdnPrefix), is_main: p.id === r.mainPhotoId })),
      };
    }),
    total: Number(total?.n ?? 0),
    page,
    per_page: VERIFICATION_PAGE_SIZE,
  };
}

/** The selfie file name of a request (staff route); 404 when there is none (any more). */
export async function selfieOf(db: DbOrTx, id: number): Promise<string> {
  const [row] = await db.select({ file: memberVerifications.selfieFile }).from(memberVerifications).where(eq(memberVerifications.id, id));
  if (!row?.file) throw new AppError('verification_not_found', { status: 404, field: 'id' });
  return row.file;
}

export interface DecideResult {
  result: VerificationDecision;
  before: unknown;
  after: unknown;
}

/** Approve or reject a pending request (in the staff action's transaction; see the top of this file). */
export async function decideVerification(
  tx: Tx,
  staff: UserRow,
  id: number,
  approve: boolean,
  reason: VerificationRejectReason | undefined,
): Promise<DecideResult> {
  const [row] = await tx.select().from(memberVerifications).where(eq(memberVerifications.id, id)).for('update');
  if (!row || (row.status === 'pending' && !row.selfieFile)) throw new AppError('verification_not_found', { status: 404, field: 'id' });
  if (row.status !== 'pending') throw new AppError('verification_already_decided', { status: 409, field: 'id' });
  const [member] = await tx.select({ fictional: users.fictional, isStaff: users.isStaff }).from(users).where(eq(users.id, row.userId));
  if (approve && (!member || !mayBeVerified(member))) throw new AppError('verification_not_allowed', { status: 409, field: 'id' });
  const now = new Date();
  const status = approve ? 'approved' : 'rejected';
  const why = approve ? null : (reason ?? 'other');
  await tx
    .update(memberVerifications)
    .set({ status, reason: why, staffId: staff.id, staffEmail: staff.email, decidedAt: now })
    .where(eq(memberVerifications.id, id));
  if (approve) await tx.update(profiles).set({ verifiedAt: now, updatedAt: now }).where(eq(profiles.userId, row.userId));
  return {
    result: { ok: true, id, status, reason: why },
    before: { status: 'pending', member: row.userId, pose: row.pose },
    after: { status, reason: why, member: row.userId },
  };
}

/**
 * Delete the selfie files due: VERIFICATION_SELFIE_DAYS after the decision, or of an account that
 * is deleted (before the purge takes its rows). The row keeps the fact and dates. Returns how many.
 */
export async function deleteDueSelfies(db: Db, privateStore: Storage, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - VERIFICATION_SELFIE_DAYS * 86_400_000);
  const due = await db
    .select({ id: memberVerifications.id, file: memberVerifications.selfieFile })
    .from(memberVerifications)
    .innerJoin(users, eq(users.id, memberVerifications.userId))
    .where(
      and(
        isNotNull(memberVerifications.selfieFile),
        or(lte(memberVerifications.decidedAt, before), eq(users.status, 'deleted'), isNotNull(users.deletedAt)),
      ),
    )
    .limit(1000);
  for (const row of due) {
    if (row.file) await privateStore.remove(row.file);
    await db
      .update(memberVerifications)
      .set({ selfieFile: null, selfieDeletedAt: now })
      .where(and(eq(memberVerifications.id, row.id), isNotNull(memberVerifications.selfieFile)));
    // a pending request whose account is gone cannot be decided any more
    await db
      .update(memberVerifications)
      .set({ status: 'rejected', reason: 'other', decidedAt: sql`coalesce(${memberVerifications.decidedAt}, ${now})` })
      .where(and(eq(memberVerifications.id, row.id), eq(memberVerifications.status, 'pending')));
  }
  return due.length;
}

/** The hourly deletion of due selfies (called once from the routes plugin). */
export async function scheduleSelfieDeletion(app: FastifyInstance, privateStore: Storage): Promise<void> {
  app.jobs.work(SELFIE_JOB, async () => {
    const n = await deleteDueSelfies(app.db, privateStore);
    if (n) app.log.info({ deleted: n }, 'deleted verification selfies');
  });
  await app.jobs.schedule(SELFIE_JOB, '41 * * * *');
}

/** For the export: only the fact and date of verification. */
export const VERIFICATION_PRIVATE_TABLES: ReadonlySet<string> = new Set(['member_verifications', 'verification_poses']);
