/**
 * Reading a conversation (issue 11): the history pages (GET /api/messages.php, keyset paging on
 * the message id, newest page marks read), the read markers ('r' frames to the other side) and
 * the unread counts (the list's, the navigation badge's: identity/serialize-user.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import { MESSAGES_PAGE_SIZE } from '@dating/shared-kit/contracts';
import type { MessagesQuery, MessagesResponse, Settings } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { selectRows } from '../../db/client';
import { conversationMembers, messages, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { UserRow } from '../../platform/session';
import { loadProfiles, type MemberId } from '../members';
import {
  assertReachable,
  conversationOfPair,
  conversationsLeft,
  isConversationSeen,
  myConversation,
  seenConversation,
} from './conversations';
import type { MyConversation } from './conversations';
import { historySince, messageCosts, toMessage, visibleTo } from './message-view';
import type { ChatSettings, MessageRow } from './message-view';
import { notifyRealtime } from '../../platform/realtime/notify';

/** Unread messages of a member over all conversations (ZUser.unread_messages): an embeddable SQL expression. */
export function unreadMessagesSql(userId: MemberId, since: Placeholder | string): SQL {
  return sql`(select count(*)::int from ${conversationMembers} cm
      join ${messages} m on m.conversation_id = cm.conversation_id and m.id > greatest(cm.last_read_id, cm.cleared_id)
      join ${users} s on s.id = m.sender_id
      where cm.user_id = ${userId} and m.recipient_id = ${userId} and m.deleted_at is null and s.email_confirmed and m.held is null
        and m.created_at > ${since})`;
}

export async function unreadMessages(db: DbOrTx, userId: number, settings: Pick<Settings, 'chat_history_days'>): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select ${unreadMessagesSql(userId, historySince(settings).toISOString())} as n`);
  return Number(row?.n ?? 0);
}

/* ---------------- GET /api/messages.php ---------------- */

export async function history(db: Db, viewer: UserRow, query: MessagesQuery, settings: ChatSettings): Promise<MessagesResponse> {
  if ((query.conversation == null) === (query.profile == null))
    throw new AppError('conversation_or_profile', { status: 400, field: 'conversation' });
  let conv: MyConversation | null = null;
  let otherId: number;
  if (query.conversation != null) {
    // a conversation held back whole (only an unconfirmed sender wrote in it) is not there for me
    conv = await seenConversation(db, viewer.id, query.conversation);
    otherId = conv.otherId;
  } else {
    otherId = query.profile as number;
    const existing = await conversationOfPair(db, viewer.id, otherId);
    if (existing != null && otherId !== viewer.id && (await isConversationSeen(db, viewer.id, existing)))
      conv = await myConversation(db, viewer.id, existing);
    else await assertReachable(db, viewer.id, otherId, 'profile');
  }
  const [profile] = await loadProfiles(db, [otherId], { viewerId: viewer.id, cdnPrefix: settings.cdn_prefix });
  if (!profile) throw new AppError('member_not_found', { status: 404, field: 'profile' });
  const [me] = await db
    .select({ paidUser: users.paidUser, country: sql<string | null>`(select country from profiles where user_id = ${viewer.id})` })
    .from(users)
    .where(eq(users.id, viewer.id));
  const costs = messageCosts(settings, me?.country);
  const history_days = settings.chat_history_days;
  if (!conv) {
    const left = await conversationsLeft(db, viewer.id, me?.paidUser ?? false);
    return {
      conversation: null,
      profile,
      messages: [],
      has_more: false,
      read_up_to: 0,
      history_days,
      costs,
      can_start: left == null || left > 0,
    };
  }
  const since = historySince(settings);
  const limit = query.limit ?? MESSAGES_PAGE_SIZE;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conv.id),
        sql`${messages.id} > ${conv.mine.clearedId}`,
        query.before != null ? sql`${messages.id} < ${query.before}` : undefined,
        visibleTo(viewer.id, since),
      ),
    )
    .orderBy(sql`${messages.id} desc`)
    .limit(limit + 1);
  const has_more = rows.length > limit;
  const page = rows.slice(0, limit).reverse();

  let myReadUpTo = conv.mine.lastReadId;
  if (query.before == null) myReadUpTo = await markRead(db, viewer.id, conv, undefined, page);
  const [other] = await db
    .select({ lastReadId: conversationMembers.lastReadId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, otherId)));
  const otherReadUpTo = other?.lastReadId ?? 0;
  return {
    conversation: conv.id,
    profile,
    messages: page.map((m) => toMessage(m, viewer.id, m.senderId === viewer.id ? otherReadUpTo : myReadUpTo, settings.cdn_prefix)),
    has_more,
    read_up_to: otherReadUpTo,
    history_days,
    costs,
    can_start: true,
  };
}

/**
 * Move my read marker up to `upTo` (default: the newest message I can see) and tell the other
 * side ('r' frame) when it moved. Returns the marker.
 */
export async function markRead(
  db: DbOrTx,
  viewerId: number,
  conv: MyConversation,
  upTo?: number,
  knownPage?: MessageRow[],
): Promise<number> {
  let newest = knownPage?.filter((m) => m.senderId !== viewerId).at(-1)?.id;
  if (newest == null || upTo != null) {
    const [row] = await db
      .select({ id: sql<number | null>`max(${messages.id})` })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conv.id),
          eq(messages.recipientId, viewerId),
          // not past messages still held from me (their sender has not confirmed yet)
          sql`exists (select 1 from ${users} s where s.id = ${messages.senderId} and s.email_confirmed) and ${messages.held} is null`,
          upTo != null ? sql`${messages.id} <= ${upTo}` : undefined,
        ),
      );
    newest = row?.id ?? 0;
  }
  if (newest <= conv.mine.lastReadId) return conv.mine.lastReadId;
  const [updated] = await db
    .update(conversationMembers)
    .set({ lastReadId: sql`greatest(${conversationMembers.lastReadId}, ${newest})` })
    .where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, viewerId)))
    .returning({ lastReadId: conversationMembers.lastReadId });
  const marker = updated?.lastReadId ?? newest;
  await notifyRealtime(db, `r:${conv.id}:${viewerId}:${conv.otherId}:${marker}`);
  return marker;
}
