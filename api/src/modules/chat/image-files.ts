/**
 * Who may see a chat image's files (/uploads/<file>, platform/uploads.ts): the two members of the
 * message (sender and recipient; staff too), nobody else; a deleted message's image nobody.
 */
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import type { UploadResolver } from '../../platform/uploads';

export const chatImageAccess: UploadResolver = async (db, file) => {
  const [row] = await selectRows<{ sender_id: number; recipient_id: number; deleted: boolean }>(
    db,
    sql`select sender_id, recipient_id, deleted_at is not null as deleted from messages
        where image_file = ${file} or image_thumb = ${file} limit 1`,
  );
  if (!row) return null;
  const recipient = Number(row.recipient_id);
  return { ownerId: Number(row.sender_id), public: false, allow: (viewer) => !row.deleted && viewer.id === recipient };
};
