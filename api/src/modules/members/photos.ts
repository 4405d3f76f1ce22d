/**
 * Own photos (/api/photos.php); their moderation is in moderation.ts.
 * An upload is checked by content (sharp decodes it; the file name and declared type are
 * ignored), re-encoded (EXIF and GPS gone), stored with a thumbnail and a square match crop, and
 * is `pending` until a staff member approves it (AUTO_APPROVE_PHOTOS=true: active at once).
 * Free members may have 3 photos, premium (paid_user) members 25; rejected photos don't count.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT, ZPhotoRejectReason } from '@dating/shared-kit/contracts';
import type { OwnPhoto, PhotoRejectReason, PhotosResponse } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { photos, profiles } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import { processImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import type { UserRow } from '../../platform/session';
import { toImage } from './serialize-profile';
import type { PhotoRow } from './serialize-profile';

/** A stored rejection reason as the wire's enum ('other' for a row rejected before reasons existed). */
export function toRejectReason(stored: string | null): PhotoRejectReason {
  const parsed = ZPhotoRejectReason.safeParse(stored);
  return parsed.success ? parsed.data : 'other';
}

export const maxPhotos = (user: Pick<UserRow, 'paidUser'>) => (user.paidUser ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT);

function toOwnPhoto(p: PhotoRow, mainId: number | null, cdnPrefix: string): OwnPhoto {
  return {
    ...toImage(p, cdnPrefix),
    is_main: p.id === mainId,
    created_at: p.createdAt.toISOString(),
    rejection_reason: p.status === 'rejected' ? toRejectReason(p.rejectionReason) : null,
  };
}

export async function listPhotos(db: DbOrTx, user: UserRow, cdnPrefix: string): Promise<PhotosResponse> {
  const [profile] = await db.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.userId, user.id));
  const rows = await db.select().from(photos).where(eq(photos.userId, user.id)).orderBy(asc(photos.createdAt), asc(photos.id));
  const mainId = profile?.mainPhotoId ?? null;
  return { photos: rows.map((p) => toOwnPhoto(p, mainId, cdnPrefix)), max_photos: maxPhotos(user) };
}

async function countedPhotos(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .where(and(eq(photos.userId, userId), ne(photos.status, 'rejected')));
  return Number(row?.n ?? 0);
}

/** Throws photo_limit (403) when the member has no room for another photo. */
export async function assertPhotoRoom(db: DbOrTx, user: UserRow): Promise<void> {
  const max = maxPhotos(user);
  if ((await countedPhotos(db, user.id)) >= max) {
    throw new AppError('photo_limit', {
      status: 403,
      field: 'photo',
      params: { max },
      extra: { max_photos: max, premium_only: !user.paidUser },
    });
  }
}

/** File-name extensions per image format that sharp detects from the content. */
const EXTENSIONS: Record<string, readonly string[]> = {
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  heif: ['heic', 'heif', 'avif'],
  avif: ['avif'],
  tiff: ['tif', 'tiff'],
};

/**
 * The type is always taken from the content; a file name that claims another type (a PNG called
 * photo.gif, a JPEG called cv.pdf) is refused (issue 4's bad input) rather than silently renamed.
 * A name without an extension is fine.
 */
export function extensionMatches(filename: string | undefined, format: string): boolean {
  const match = /\.([a-z0-9]{1,5})$/i.exec(filename ?? '');
  if (!match?.[1]) return true;
  return (EXTENSIONS[format] ?? []).includes(match[1].toLowerCase());
}

export async function addPhoto(
  db: Db,
  storage: Storage,
  user: UserRow,
  data: Buffer,
  opts: { autoApprove: boolean; cdnPrefix: string; filename?: string; outsideDb?: <T>(work: () => Promise<T>) => Promise<T> },
): Promise<OwnPhoto> {
  if (data.length === 0) throw new AppError('image_invalid', { status: 400, field: 'photo' });
  await assertPhotoRoom(db, user);
  // the room is checked above, before the costly decode; one decode per member at a time
  // the decode holds no database slot (outsideDb: platform/admission.ts outsideAdmission)
  const decode = () => processImage(data, { memberId: user.id });
  const image = await (opts.outsideDb ? opts.outsideDb(decode) : decode()).catch((error: unknown) => {
    // name the form field in the answer (the image errors of platform/images carry none)
    if (isAppError(error))
      throw new AppError(error.code, { status: error.status, field: 'photo', params: error.params, extra: error.extra });
    throw error;
  });
  if (!extensionMatches(opts.filename, image.format)) throw new AppError('image_wrong_extension', { status: 400, field: 'photo' });
  const [filename, thumbFilename, matchFilename] = await Promise.all([
    storage.put(image.full, 'jpg'),
    storage.put(image.thumb, 'jpg'),
    storage.put(image.match, 'jpg'),
  ]);
  try {
    return await db.transaction(async (tx) => {
      // serialise uploads of one member so the limit holds under concurrency
      await tx.execute(sql`select user_id from ${profiles} where user_id = ${user.id} for update`);
      await assertPhotoRoom(tx, user);
      const [row] = await tx
        .insert(photos)
        .values({
          userId: user.id,
          filename,
          thumbFilename,
          matchFilename,
          status: opts.autoApprove ? 'active' : 'pending',
          width: image.width,
          height: image.height,
        })
        .returning();
      if (!row) throw new AppError('internal', { status: 500 });
      const [profile] = await tx.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.userId, user.id));
      let mainId = profile?.mainPhotoId ?? null;
      if (mainId == null) {
        mainId = row.id;
        await tx.update(profiles).set({ mainPhotoId: row.id, updatedAt: new Date() }).where(eq(profiles.userId, user.id));
      }
      return toOwnPhoto(row, mainId, opts.cdnPrefix);
    });
  } catch (error) {
    await Promise.all([storage.remove(filename), storage.remove(thumbFilename), storage.remove(matchFilename)]);
    throw error;
  }
}

async function ownPhoto(db: DbOrTx, userId: number, photoId: number): Promise<PhotoRow> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
  // someone else's photo id looks exactly like one that does not exist
  if (!row) throw new AppError('photo_not_found', { status: 404, field: 'id' });
  return row;
}

/** The member's best remaining main photo: the oldest active one, else the oldest pending one. */
export async function pickMain(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), ne(photos.status, 'rejected')))
    .orderBy(sql`${photos.status} = 'active' desc`, asc(photos.createdAt), asc(photos.id))
    .limit(1);
  return row?.id ?? null;
}

export async function deletePhoto(db: Db, storage: Storage, user: UserRow, photoId: number): Promise<void> {
  const row = await ownPhoto(db, user.id, photoId);
  await db.transaction(async (tx) => {
    await tx.delete(photos).where(eq(photos.id, row.id));
    const [profile] = await tx.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.userId, user.id));
    if (profile?.mainPhotoId === row.id) {
      await tx
        .update(profiles)
        .set({ mainPhotoId: await pickMain(tx, user.id), updatedAt: new Date() })
        .where(eq(profiles.userId, user.id));
    }
  });
  await Promise.all([storage.remove(row.filename), storage.remove(row.thumbFilename), storage.remove(row.matchFilename)]);
}

export async function setMainPhoto(db: Db, user: UserRow, photoId: number): Promise<void> {
  const row = await ownPhoto(db, user.id, photoId);
  if (row.status === 'rejected') throw new AppError('photo_not_found', { status: 404, field: 'id' });
  // a photo under inspection may not be chosen (only a first upload is main while pending, by default)
  if (row.status !== 'active') throw new AppError('photo_not_active', { status: 400, field: 'id' });
  await db.update(profiles).set({ mainPhotoId: row.id, updatedAt: new Date() }).where(eq(profiles.userId, user.id));
}
