/**
 * "Export my data" (GET /api/account-export.php): everything stored about the member, as JSON.
 * The account row, then every row of every table that references users(id) through a foreign key
 * (found in the database catalogue, so tables added by other capabilities are included), plus the
 * mails sent to them and their login history (the address only of their own, successful logins). Secrets are left out: password hashes and token
 * hashes are never exported.
 *
 * Only the member's own side of two-sided rows: rows where they are the passive side of another
 * member's private act (who blocked them, who swiped them away or liked them in the swipe game, a
 * sign-up message sent to them) are the other member's data, hidden from them in the app too, and
 * are not exported. Likes they received are exported exactly as the likes page shows them (the
 * same rule: not from a member they cannot see, not held for an unconfirmed address).
 *
 * Nothing about the staff (issue 25 item 4): who answered as a chatpal and their claim
 * (`operator_id`, `claimed_at`) and the honesty guard's marks (`asks_if_real`, `disclosure`) are
 * the site's work records, left out of every row; the staff columns themselves are not walked (a
 * staff account's file does not list the conversations it answered). And nothing the member has not
 * seen: the messages of a sender who has not confirmed their address yet are held back from them
 * in the app, and so are they here, with the conversation they are in while it holds nothing else.
 */
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows } from '../../db/client';
import { conversationMembers, conversations, likes, profiles, users } from '../../db/schema';
import { conversationSeenBy } from '../chat';
import { receivedLikeVisible, VERIFICATION_PRIVATE_TABLES } from '../members';
import { attemptsOfAccount } from './login-guard';
import { columnsReferencingUsers, rowsOfUser } from './user-references';

const SECRET_COLUMN = /hash|secret|^token/i;
/**
 * `table.column` not walked: where the member is the other side of someone else's act (see the
 * header; `conversation_members.other_id`: the other member's read marker and cleared history,
 * `notification_events.actor_id`: what another member was told), and the staff's work records
 */
export const OTHER_SIDE_COLUMNS = new Set([
  'blocks.blocked_id',
  'member_swipes.target_id',
  'signup_messages.to_user_id',
  'likes.liked_id',
  'conversation_members.other_id',
  'notification_events.actor_id',
  'conversations.operator_id',
  'messages.operator_id',
  // who reported the member and what they wrote is the reporter's; a report's hold is the moderators'
  'reports.reported_id',
  'report_holds.user_id',
  // a held message (issue 26) is not the recipient's: it never reached them; who decided it is the staff's
  'held_messages.recipient_id',
  'held_messages.decided_by',
]);
/** columns naming the staff member who acted (an answer, a claim, a ban, a refund, a decision), in any table */
const STAFF_ACTOR = /^(staff_(id|email)|operator_id|claimed_at|(handled|decided|refunded)_by(_email)?)$/;
/** columns about the staff (their marks and their own notes), left out of every row of their table */
const STAFF_COLUMNS: Record<string, ReadonlySet<string>> = {
  conversations: new Set(['operator_id', 'claimed_at']),
  messages: new Set(['operator_id', 'asks_if_real', 'honesty_reason', 'disclosure']),
  member_bans: new Set(['note']),
  complaints: new Set(['note']),
  reports: new Set(['resolution_note']),
  held_messages: new Set(['decided_by']),
};

/** Only the rows the member has seen: no held message, no conversation that holds only held messages. */
function seenRows(table: string, id: number): SQL | undefined {
  if (table === 'messages')
    return sql`(sender_id = ${id} or (held is null and exists (select 1 from ${users} s where s.id = sender_id and s.email_confirmed)))`;
  if (table === 'conversations') return conversationSeenBy(id, sql`${conversations.id}`);
  if (table === 'conversation_members') return conversationSeenBy(id, sql`${conversationMembers.conversationId}`);
  return undefined;
}

function clean(row: Record<string, unknown>, table?: string): Record<string, unknown> {
  const staff = table ? STAFF_COLUMNS[table] : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!SECRET_COLUMN.test(k) && !STAFF_ACTOR.test(k) && !staff?.has(k)) out[k] = v;
  return out;
}

export async function exportAccount(app: FastifyInstance, userId: number): Promise<Record<string, unknown>> {
  const id = Number(userId);
  const refs = await columnsReferencingUsers(app.db);
  const [account] = await selectRows<Record<string, unknown>>(app.db, sql`select * from users where id = ${id}`);
  const data: Record<string, unknown> = {
    exported_at: new Date().toISOString(),
    account: account ? clean(account) : null,
  };
  for (const ref of refs) {
    if (OTHER_SIDE_COLUMNS.has(`${ref.table_name}.${ref.column_name}`)) continue;
    // verified photos (issue 26): only the fact and date of verification (below), never the selfie's requests
    if (VERIFICATION_PRIVATE_TABLES.has(ref.table_name)) continue;
    const seen = seenRows(ref.table_name, id);
    const rows = await selectRows<Record<string, unknown>>(app.db, sql`select * ${rowsOfUser(ref, id)}${seen ? sql` and ${seen}` : sql``}`);
    if (rows.length === 0) continue;
    const key = ref.column_name === 'user_id' ? ref.table_name : `${ref.table_name}.${ref.column_name}`;
    data[key] = rows.map((row) => clean(row, ref.table_name));
  }
  const [verified] = await app.db.select({ at: profiles.verifiedAt }).from(profiles).where(eq(profiles.userId, id));
  data.verification = { verified: verified?.at != null, verified_at: verified?.at ? verified.at.toISOString() : null };
  const received = await app.db
    .select({ liker_id: likes.likerId, liked_id: likes.likedId, is_new: likes.isNew, created_at: likes.createdAt })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, likes.likerId))
    .innerJoin(users, eq(users.id, likes.likerId))
    .where(receivedLikeVisible(id));
  if (received.length > 0) data['likes.liked_id'] = received;
  if (account && typeof account.email === 'string') {
    // raw rows like every other table here (same column names and value formats in the file). A
    // failed attempt may be anyone's (a stranger typing this address): its time is the member's
    // business, the address it came from is not, so only successful logins carry their ip
    data.login_attempts = (
      await selectRows<Record<string, unknown>>(
        app.db,
        sql`select case when success = 1 then ip end as ip, success, created_at from login_attempts where ${attemptsOfAccount(Number(account.site_id), account.email)} order by created_at`,
      )
    ).map((row) => clean(row));
  }
  return data;
}
