/**
 * The catch-up of a socket that (re)connects with `?last_id=<id>` (live.ts runs it before the
 * socket's `ready`): the messages after that id the member may see, also those that committed late
 * with a smaller id, and the deletions made meanwhile.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/client';
import { messages, users } from '../../db/schema';
import type { MessageRow } from './message-view';

/** Largest catch-up sent to a reconnecting socket; beyond it the screen reloads its lists. */
export const REPLAY_MAX = 500;
/** How far before the last message a socket saw its catch-up re-reads (sends that committed out of id order). */
export const CATCH_UP_MARGIN_S = 30;

/**
 * The catch-up of a socket that saw messages up to `lastId`: every message of the member's
 * conversations that they may see after it, oldest first, and the messages deleted meanwhile.
 *
 * Message ids are taken when a send inserts, but the sends commit in their own order: a message
 * with a smaller id can become visible after the socket saw `lastId` (a slower transaction) and
 * would never come after it. So the replay re-reads from `lastId` minus a margin: the messages
 * written up to CATCH_UP_MARGIN_S before the one with `lastId` (a send transaction lasts
 * milliseconds, under heavy overload about a second); the browser drops
 * the ones it already has (shared-kit realtime/socket.ts keeps the ids it saw). `lastId` itself
 * is known to the browser and not sent again. Deletions carry no id of their own: the replay
 * sends `message:deleted` for each message of the member deleted since that same moment (the
 * partial index messages_deleted_idx; a repeated deletion changes nothing on the screen).
 */
export async function catchUp(
  db: Db,
  userId: number,
  lastId: number,
  since: Date,
): Promise<{ rows: MessageRow[]; deleted: { id: number; conversation: number }[] }> {
  const [from] = await selectRows<{ low: number; at: string | Date | null }>(
    db,
    sql`with last as (select created_at - make_interval(secs => ${CATCH_UP_MARGIN_S}) as at from ${messages} where id = ${lastId}::int)
        select case when (select at from last) is null then ${lastId}::int
                    else coalesce((select m.id from ${messages} m where m.id < ${lastId}::int and m.created_at <= (select at from last)
                                   order by m.id desc limit 1), 0) end as low,
               coalesce((select at from last), now() - make_interval(secs => ${CATCH_UP_MARGIN_S})) as at`,
  );
  const low = Number(from?.low ?? lastId);
  const at = new Date(from?.at ?? Date.now() - CATCH_UP_MARGIN_S * 1000).toISOString();
  const ids = await selectRows<{ id: number }>(
    db,
    sql`select m.id from conversation_members cm
          join ${messages} m on m.conversation_id = cm.conversation_id and m.id > greatest(cm.cleared_id, ${low}::int)
          join ${users} s on s.id = m.sender_id
         where cm.user_id = ${userId} and m.id <> ${lastId}::int and (m.sender_id = ${userId} or (s.email_confirmed and m.held is null))
           and m.created_at > ${since.toISOString()}
         order by m.id limit ${REPLAY_MAX}`,
  );
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(
            inArray(
              messages.id,
              ids.map((r) => r.id),
            ),
          )
          .orderBy(messages.id);
  const deleted = await selectRows<{ id: number; conversation: number }>(
    db,
    sql`select m.id, m.conversation_id as conversation from ${messages} m
          join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${userId} and m.id > cm.cleared_id
         where m.deleted_at is not null and m.deleted_at > ${at} and (m.sender_id = ${userId} or m.recipient_id = ${userId})
         order by m.id limit ${REPLAY_MAX}`,
  );
  return { rows, deleted: deleted.map((d) => ({ id: Number(d.id), conversation: Number(d.conversation) })) };
}

export async function newestId(db: Db, userId: number): Promise<number> {
  const [row] = await selectRows<{ id: number | null }>(
    db,
    sql`select max(m.id) as id from conversation_members cm join ${messages} m on m.conversation_id = cm.conversation_id where cm.user_id = ${userId}`,
  );
  return Number(row?.id ?? 0);
}
