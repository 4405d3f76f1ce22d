/**
 * The realtime channel's payloads: ids only (PostgreSQL NOTIFY, delivered at commit, limit 8000
 * bytes), read by every server instance that holds a socket of someone concerned (hub.ts;
 * protocol.ts parses them). Sent in the transaction that made the change, so nothing is announced that
 * was rolled back; a member's send on PostgreSQL hands its notifications back and the server
 * sends them right after the commit (db/after-commit.ts, migration 0026). A new message ('m') and
 * a balance ('c') also make every instance forget the members' cached answers.
 *
 *   m:<message id>:<sender>:<recipient>   message:new (re-read when one of them is connected here)
 *   md:<id>:<conversation>:<a>:<b>        message:deleted to both sides
 *   cd:<conversation>:<user ids, comma>   chat:deleted to these members
 *   t:<conversation>:<from>:<to>          typing
 *   r:<conversation>:<reader>:<other>:<up to id>   read
 *   l:<liker>:<liked>                     like:new / match:new (trigger on likes, migration 0012)
 *   c:<user id>:<credits>                 credits:changed (trigger on users.credits, migration 0011)
 *   confirmed:<user id>                   held messages arrive (trigger, migration 0011)
 *   ph:<photo>:<owner>:<status>:<reason>  photo:moderated to the owner (members/moderation.ts)
 *   ban:<user id>                         account:banned, then the member's sockets close (members/bans.ts)
 *   oi:<conversation>                     operator:inbox to staff with the operator role (a chatpal
 *                                         conversation got a message, a claim or a reply; issue 15)
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export const REALTIME_CHANNEL = 'realtime';

export async function notifyRealtime(db: DbOrTx, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}
