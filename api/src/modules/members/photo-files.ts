/**
 * Who may see a photo's files (/uploads/<file>, platform/uploads.ts). The same rule as the member
 * page (likes.ts viewMember): of a member's approved photos the first FREE_VISIBLE_PHOTOS (main
 * photo first) are for everyone, the others are locked for free members (premium members see
 * them); a pending or rejected photo is for its owner and staff only; so is every photo of an
 * account that is not active (deleted, banned). Full size, thumbnail and match crop alike.
 */
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import type { UploadResolver } from '../../platform/uploads';

/** Approved photos of a member that free members see (the rest show a lock). */
export const FREE_VISIBLE_PHOTOS = 1;

export const photoFileAccess: UploadResolver = async (db, file) => {
  const [row] = await selectRows<{ user_id: number; status: string; profile_status: string; open: boolean }>(
    db,
    sql`select p.user_id, p.status, pr.status as profile_status,
          p.id in (select q.id from photos q where q.user_id = p.user_id and q.status = 'active'
                   order by q.id = coalesce(pr.main_photo_id, 0) desc, q.created_at, q.id limit ${FREE_VISIBLE_PHOTOS}) as open
        from photos p join profiles pr on pr.user_id = p.user_id
        where p.filename = ${file} or p.thumb_filename = ${file} or p.match_filename = ${file}
        limit 1`,
  );
  if (!row) return null;
  const shown = row.status === 'active' && row.profile_status === 'active';
  return {
    ownerId: Number(row.user_id),
    public: shown && row.open === true,
    allow: (viewer) => shown && viewer.paidUser,
  };
};
