/**
 * The operator console's reads (issue 15): the inbox of conversations with chatpals and one
 * conversation with both profiles and its history. Writes are in operator.ts.
 *
 * Inbox: the chatpal's side of every conversation (conversation_members of a fictional user whose
 * other side is an active member), what that side sees (a member's messages held until they
 * confirm their e-mail address are not in it yet). "Unanswered": the newest message is the
 * member's; those come oldest waiting first (the member's first message since the chatpal's last
 * one), so nobody waits longest.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { OPERATOR_HISTORY_PAGE_SIZE, OPERATOR_INBOX_PAGE_SIZE } from '@dating/shared-kit/contracts';
import type { OperatorConversation, OperatorInbox, OperatorInboxItem, ProfileRef, Settings } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { selectRows } from '../../db/client';
import { messages } from '../../db/schema';
import { AppError } from '../../errors';
import { loadProfiles } from '../members';
import { chatpalMessages24h } from './wellbeing';
import { chatpalConversation, claimCutoff, claimOf, disclosureDue, disclosureText, toOperatorMessage } from './operator';

const PREVIEW_CHARS = 100;

interface InboxRow {
  conversation_id: number;
  chatpal_id: number;
  member_id: number;
  last_sender: number;
  last_type: string;
  last_body: string | null;
  last_deleted: boolean;
  last_at: string | Date;
  waiting_since: string | Date | null;
  disclosure_due: boolean;
  operator_id: number | null;
  operator_email: string | null;
  claimed_at: string | Date | null;
  claimed: boolean;
  total: number;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** The inbox query: one page of chatpal conversations and the total. */
function inboxSql(unanswered: boolean, like: string | null, idQuery: number | null, page: number): SQL {
  // the member's first message after the chatpal's last one (messages are in id order): two
  // lookups on messages_conversation_idx per conversation, so ordering thousands stays cheap
  // (the ORDER BYs spell out that index's order, so no planner walks the primary key instead)
  const firstWaiting = (alias: SQL) => sql`(select m.id from messages m where m.conversation_id = ${alias}.conversation_id
      and m.id > coalesce((select x.id from messages x where x.conversation_id = ${alias}.conversation_id and x.sender_id = ${alias}.chatpal_id
                            order by x.conversation_id, x.id desc limit 1), 0)
      order by m.conversation_id desc, m.id limit 1)`;
  const order = unanswered ? sql`first_waiting asc nulls last, conversation_id` : sql`last_message_id desc`;
  // `pal` is materialised: the chatpals' sides first, then each one's newest message by its key
  // (without fresh statistics - PGlite has no autovacuum - a planner otherwise starts from the messages
  // and probes conversation_members by last_message_id, which no index leads with)
  return sql`with pal as materialized (
          select cm.conversation_id, cm.user_id as chatpal_id, cm.other_id as member_id, cm.last_message_id
            from conversation_members cm
            join users p on p.id = cm.user_id and p.fictional
            join users mu on mu.id = cm.other_id and not mu.fictional and mu.status in ('active', 'not_confirmed') and mu.deleted_at is null
           where cm.last_message_id > 0
        ),
        page as (
          select pal.conversation_id, pal.chatpal_id, pal.member_id, pal.last_message_id, lm.sender_id as last_sender,
                 ${unanswered ? firstWaiting(sql.raw('pal')) : sql`null::int`} as first_waiting,
                 count(*) over ()::int as total
            from pal
            join messages lm on lm.id = pal.last_message_id
            join profiles mp on mp.user_id = pal.member_id
            join profiles pp on pp.user_id = pal.chatpal_id
           where ${unanswered ? sql`lm.sender_id = pal.member_id` : sql`true`}
             and ${like ? sql`(mp.name ilike ${like} or pp.name ilike ${like}${idQuery != null ? sql` or pal.conversation_id = ${idQuery}` : sql``})` : sql`true`}
           order by ${order}
           limit ${OPERATOR_INBOX_PAGE_SIZE} offset ${(page - 1) * OPERATOR_INBOX_PAGE_SIZE}
        )
        select page.conversation_id, page.chatpal_id, page.member_id, page.last_sender, page.total,
               lm.type as last_type, left(lm.body, ${PREVIEW_CHARS}) as last_body, (lm.deleted_at is not null) as last_deleted, lm.created_at as last_at,
               (select w.created_at from messages w where w.id = ${unanswered ? sql`page.first_waiting` : sql`case when page.last_sender = page.member_id then ${firstWaiting(sql.raw('page'))} end`}) as waiting_since,
               coalesce((select max(id) from messages where conversation_id = page.conversation_id and asks_if_real), 0)
                 > coalesce((select max(id) from messages where conversation_id = page.conversation_id and disclosure), 0) as disclosure_due,
               c.operator_id, op.email as operator_email, c.claimed_at,
               (c.operator_id is not null and c.claimed_at is not null and c.claimed_at > ${claimCutoff}) as claimed
          from page
          join messages lm on lm.id = page.last_message_id
          join conversations c on c.id = page.conversation_id
          left join users op on op.id = c.operator_id
         order by ${order}`;
}

export async function readInbox(
  db: DbOrTx,
  viewerId: number,
  query: { filter: 'unanswered' | 'all'; page: number; q?: string },
  cdnPrefix: string,
): Promise<OperatorInbox> {
  const unanswered = query.filter === 'unanswered';
  const q = query.q?.trim() ?? '';
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const idQuery = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const rows = await selectRows<InboxRow>(db, inboxSql(unanswered, like, idQuery, query.page));
  const profiles = await loadProfiles(
    db,
    rows.flatMap((r) => [r.member_id, r.chatpal_id]),
    { viewerId: null, cdnPrefix },
  );
  const refs = new Map<number, ProfileRef>(
    profiles.map((p) => [p.id, { id: p.id, name: p.name, main_image: p.main_image, fictional: p.fictional }]),
  );
  const items: OperatorInboxItem[] = [];
  for (const r of rows) {
    const member = refs.get(r.member_id);
    const chatpal = refs.get(r.chatpal_id);
    if (!member || !chatpal) continue;
    items.push({
      conversation: r.conversation_id,
      member,
      chatpal,
      last_body: r.last_deleted || r.last_type !== 'text' ? null : r.last_body,
      last_type: r.last_type as OperatorInboxItem['last_type'],
      last_at: iso(r.last_at),
      unanswered: r.last_sender === r.member_id,
      waiting_since: r.last_sender === r.member_id && r.waiting_since ? iso(r.waiting_since) : null,
      disclosure_due: r.disclosure_due === true,
      claim: claimOf(
        {
          operatorId: r.operator_id,
          operatorEmail: r.operator_email,
          claimedAt: r.claimed_at ? new Date(r.claimed_at) : null,
          claimed: r.claimed === true,
        },
        viewerId,
      ),
    });
  }
  return { items, total: Number(rows[0]?.total ?? 0), page: query.page, per_page: OPERATOR_INBOX_PAGE_SIZE };
}

/** One chatpal conversation for the console: both profiles side by side, the history (newest page, or older than `before`). */
export async function readConversation(
  db: DbOrTx,
  viewerId: number,
  conversationId: number,
  before: number | undefined,
  settings: Pick<Settings, 'message_length' | 'cdn_prefix'>,
): Promise<OperatorConversation> {
  const conv = await chatpalConversation(db, conversationId);
  const [member, chatpal] = await loadProfiles(db, [conv.memberId, conv.chatpalId], { viewerId: null, cdnPrefix: settings.cdn_prefix });
  if (!member || !chatpal || member.id !== conv.memberId)
    throw new AppError('conversation_not_found', { status: 404, field: 'conversation' });
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conv.id),
        before != null ? lt(messages.id, before) : undefined,
        // what the chatpal's side sees: not the member's messages held until they confirm
        sql`(${messages.senderId} = ${conv.chatpalId} or exists (select 1 from users s where s.id = ${messages.senderId} and s.email_confirmed))`,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(OPERATOR_HISTORY_PAGE_SIZE + 1);
  return {
    conversation: conv.id,
    member,
    chatpal,
    member_language: conv.memberLanguage,
    member_messages_24h: await chatpalMessages24h(db, conv.memberId),
    messages: rows
      .slice(0, OPERATOR_HISTORY_PAGE_SIZE)
      .reverse()
      .map((m) => toOperatorMessage(m, conv.chatpalId, settings.cdn_prefix)),
    has_more: rows.length > OPERATOR_HISTORY_PAGE_SIZE,
    claim: claimOf(conv, viewerId),
    disclosure_due: await disclosureDue(db, conv.id),
    disclosure_text: disclosureText(conv.memberLanguage),
    message_length: settings.message_length,
  };
}
