/**
 * Photo moderation (issue 15, role moderator): the queue of pending photos, oldest first, and
 * approve / reject with a reason from PHOTO_REJECT_REASONS. Called inside a staff action
 * (backoffice/access.ts staffAction), so the change and its audit row share one transaction.
 *
 * Transitions: approve pending -> active; reject pending|active -> rejected (a photo found bad
 * after approval can still go). Anything else - approving twice, approving a rejected photo,
 * rejecting twice - is a 409 `photo_already_moderated` and changes nothing: two moderators
 * working the same queue see that the other one was first. The owner hears about it live
 * (NOTIFY 'ph:...' -> WebSocket frame photo:moderated, platform/realtime/hub.ts).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { PendingPhotos, PhotoModerationResult, PhotoRejectReason, QueuedPhoto } from '@dating/shared-kit/contracts';
import { MODERATION_PAGE_SIZE } from '@dating/shared-kit/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { photos, profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { notifyRealtime } from '../../platform/realtime/notify';
import { pickMain } from './photos';
import { toImage } from './serialize-profile';

/** The pending photos, oldest first, MODERATION_PAGE_SIZE a page, with whose they are. */
export async function pendingPhotos(db: DbOrTx, cdnPrefix: string, page: number): Promise<PendingPhotos> {
  const pending = eq(photos.status, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({ photo: photos, name: profiles.name, email: users.email })
      .from(photos)
      .innerJoin(users, eq(users.id, photos.userId))
      .leftJoin(profiles, eq(profiles.userId, photos.userId))
      .where(pending)
      .orderBy(asc(photos.createdAt), asc(photos.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((page - 1) * MODERATION_PAGE_SIZE),
    db.select({ n: count() }).from(photos).where(pending),
  ]);
  const queued: QueuedPhoto[] = rows.map((r) => ({
    ...toImage(r.photo, cdnPrefix),
    created_at: r.photo.createdAt.toISOString(),
    member: { id: r.photo.userId, name: r.name ?? '', email: r.email },
  }));
  return { photos: queued, total: Number(total?.n ?? 0), page, per_page: MODERATION_PAGE_SIZE };
}

export interface Moderated {
  result: PhotoModerationResult;
  before: { status: string; rejection_reason: string | null; user_id: number };
  after: { status: string; rejection_reason: string | null };
}

/**
 * Approve (`reason` null) or reject (`reason` given) one photo. A rejected main photo gives way
 * to the member's next best one; an approved photo becomes the main one when there was none.
 */
export async function moderatePhoto(tx: Tx, photoId: number, reason: PhotoRejectReason | null): Promise<Moderated> {
  const [row] = await tx.select().from(photos).where(eq(photos.id, photoId)).for('update');
  if (!row) throw new AppError('photo_not_found', { status: 404, field: 'id' });
  const status = reason ? 'rejected' : 'active';
  const allowed = reason ? row.status === 'pending' || row.status === 'active' : row.status === 'pending';
  if (!allowed) throw new AppError('photo_already_moderated', { status: 409, field: 'id', extra: { status: row.status } });
  await tx
    .update(photos)
    .set({ status, rejectionReason: reason, moderatedAt: new Date() })
    .where(and(eq(photos.id, row.id), eq(photos.status, row.status)));
  const [profile] = await tx.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.userId, row.userId));
  if (status === 'rejected' && profile?.mainPhotoId === row.id) {
    await tx
      .update(profiles)
      .set({ mainPhotoId: await pickMain(tx, row.userId), updatedAt: new Date() })
      .where(eq(profiles.userId, row.userId));
  }
  if (status === 'active' && profile && profile.mainPhotoId == null) {
    await tx.update(profiles).set({ mainPhotoId: row.id, updatedAt: new Date() }).where(eq(profiles.userId, row.userId));
  }
  // the owner's photos page follows live (delivered at commit; nothing if this rolls back)
  await notifyRealtime(tx, `ph:${row.id}:${row.userId}:${status}:${reason ?? '-'}`);
  return {
    result: { ok: true, id: row.id, status, rejection_reason: reason },
    before: { status: row.status, rejection_reason: row.rejectionReason, user_id: row.userId },
    after: { status, rejection_reason: reason },
  };
}
