/**
 * The operator console's rules (issue 15): staff with the `operator` role answer for chatpals
 * (fictional profiles). Reads (inbox, one conversation) are in operator-inbox.ts; this file holds
 * what changes something, always inside the staffAction transaction of operator-routes.ts (so the
 * audit row lands with it):
 *
 * - **claim**: one conditional UPDATE of the conversation row takes it when it is free, lapsed
 *   (claimed_at older than OPERATOR_CLAIM_MS) or already the caller's. PostgreSQL re-checks the
 *   condition on the row it waited for, so of two operators claiming at once exactly one gets it;
 *   the other gets 409 conversation_claimed. A reply claims (or refreshes the claim) the same way
 *   and keeps the row locked until it commits.
 * - **reply / disclosure**: the chatpal is the sender, the member the recipient; the message is
 *   written through the members' own path (send.ts storeMessage: list markers, the 'm'
 *   notification, so the member gets it live like any message), costs nothing (credits 0, no
 *   ledger row: the member's balance is untouched), and records the operator (messages.operator_id,
 *   which no member-facing serializer reads: toMessage leaves it out).
 * - **honesty guard**: when the newest member question whether the chatpal is real
 *   (messages.asks_if_real, set by the members' send through honesty.ts; messages.honesty_reason
 *   says why, and the console shows it) has no disclosure after
 *   it, only the disclosure may be sent (409 disclosure_required otherwise). The disclosure is the
 *   site's standard sentence in the member's language (i18n chatpal_disclosure), flagged
 *   messages.disclosure.
 */
import { and, eq, sql } from 'drizzle-orm';
import { OPERATOR_CLAIM_MS } from '@dating/shared-kit/contracts';
import type { OperatorClaim, OperatorMessage, Settings } from '@dating/shared-kit/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { selectRows } from '../../db/client';
import { messages } from '../../db/schema';
import { AppError } from '../../errors';
import { isLang, t } from '../../i18n';
import type { UserRow } from '../../platform/session';
import { notifyRealtime } from '../../platform/realtime/notify';
import { myConversation } from './conversations';
import { markRead } from './history';
import { parseHonestyCode } from './honesty';
import { UUID, messageContent } from './message-view';
import type { MessageRow } from './message-view';
import { cleanText, storeMessage } from './send';

const CLAIM_SECONDS = OPERATOR_CLAIM_MS / 1000;
/** SQL: the moment before which a claim has lapsed. */
export const claimCutoff = sql`(now() - make_interval(secs => ${CLAIM_SECONDS}))`;

export interface ChatpalConversation {
  id: number;
  chatpalId: number;
  memberId: number;
  memberLanguage: string;
  operatorId: number | null;
  operatorEmail: string | null;
  claimedAt: Date | null;
  /** the claim still holds (not lapsed, not released) */
  claimed: boolean;
}

interface ConversationRow {
  id: number;
  user_a: number;
  user_b: number;
  a_fictional: boolean;
  b_fictional: boolean;
  a_language: string;
  b_language: string;
  member_active: boolean;
  operator_id: number | null;
  operator_email: string | null;
  claimed_at: string | Date | null;
  claimed: boolean;
}

/** A conversation between a chatpal and a member (not deleted or disabled); else 404 conversation_not_found. */
export async function chatpalConversation(db: DbOrTx, id: number): Promise<ChatpalConversation> {
  const [row] = await selectRows<ConversationRow>(
    db,
    sql`select c.id, c.user_a, c.user_b, ua.fictional as a_fictional, ub.fictional as b_fictional,
          ua.language as a_language, ub.language as b_language,
          (case when ua.fictional then ub.status else ua.status end) in ('active', 'not_confirmed')
            and (case when ua.fictional then ub.deleted_at else ua.deleted_at end) is null as member_active,
          c.operator_id, op.email as operator_email, c.claimed_at,
          (c.operator_id is not null and c.claimed_at is not null and c.claimed_at > ${claimCutoff}) as claimed
        from conversations c
        join users ua on ua.id = c.user_a
        join users ub on ub.id = c.user_b
        left join users op on op.id = c.operator_id
        where c.id = ${id}`,
  );
  if (!row || row.a_fictional === row.b_fictional || !row.member_active)
    throw new AppError('conversation_not_found', { status: 404, field: 'conversation' });
  const chatpalIsA = row.a_fictional;
  return {
    id: row.id,
    chatpalId: chatpalIsA ? row.user_a : row.user_b,
    memberId: chatpalIsA ? row.user_b : row.user_a,
    memberLanguage: chatpalIsA ? row.b_language : row.a_language,
    operatorId: row.operator_id,
    operatorEmail: row.operator_email,
    claimedAt: row.claimed_at == null ? null : new Date(row.claimed_at),
    claimed: row.claimed === true,
  };
}

/** The claim as the caller sees it (null: nobody holds it). */
export function claimOf(
  conv: Pick<ChatpalConversation, 'operatorId' | 'operatorEmail' | 'claimedAt' | 'claimed'>,
  viewerId: number,
): OperatorClaim | null {
  if (!conv.claimed || conv.operatorId == null || !conv.claimedAt) return null;
  return {
    operator_id: conv.operatorId,
    operator_email: conv.operatorEmail ?? '',
    mine: conv.operatorId === viewerId,
    expires_at: new Date(conv.claimedAt.getTime() + OPERATOR_CLAIM_MS).toISOString(),
  };
}

/**
 * Take (or refresh) the claim of `conversation` for `staff`; 409 conversation_claimed when another
 * operator holds it. Race-safe: one conditional UPDATE (see the file's comment).
 */
export async function claimConversation(
  tx: Tx,
  staff: UserRow,
  conversationId: number,
): Promise<{ before: OperatorClaim | null; claim: OperatorClaim; conv: ChatpalConversation }> {
  const conv = await chatpalConversation(tx, conversationId);
  const before = claimOf(conv, staff.id);
  const [row] = await selectRows<{ claimed_at: string | Date }>(
    tx,
    sql`update conversations set operator_id = ${staff.id}, claimed_at = now()
         where id = ${conversationId}
           and (operator_id is null or operator_id = ${staff.id} or claimed_at is null or claimed_at <= ${claimCutoff})
         returning claimed_at`,
  );
  if (!row) {
    // someone else holds it (perhaps since a moment ago): say who
    const now = await chatpalConversation(tx, conversationId);
    throw new AppError('conversation_claimed', {
      status: 409,
      field: 'conversation',
      params: { email: now.operatorEmail ?? '' },
      extra: { claim: claimOf(now, staff.id) },
    });
  }
  const claimedAt = new Date(row.claimed_at);
  const held = { ...conv, operatorId: staff.id, operatorEmail: staff.email, claimedAt, claimed: true };
  await notifyRealtime(tx, `oi:${conversationId}`);
  return { before, claim: claimOf(held, staff.id) as OperatorClaim, conv: held };
}

/** Give the claim back (only one's own; someone else's or none: nothing changes). */
export async function releaseConversation(tx: Tx, staff: UserRow, conversationId: number): Promise<{ before: OperatorClaim | null }> {
  const conv = await chatpalConversation(tx, conversationId);
  const before = claimOf(conv, staff.id);
  if (before?.mine) {
    await tx.execute(sql`update conversations set claimed_at = null where id = ${conversationId} and operator_id = ${staff.id}`);
    await notifyRealtime(tx, `oi:${conversationId}`);
  }
  return { before };
}

/** Whether the member's newest question "are you real?" still waits for a disclosure. */
export async function disclosureDue(db: DbOrTx, conversationId: number): Promise<boolean> {
  const [row] = await selectRows<{ q: number | null; d: number | null }>(
    db,
    sql`select (select max(id) from messages where conversation_id = ${conversationId} and asks_if_real) as q,
               (select max(id) from messages where conversation_id = ${conversationId} and disclosure) as d`,
  );
  return row?.q != null && (row.d == null || Number(row.d) < Number(row.q));
}

/** The site's disclosure in the member's language. */
export function disclosureText(language: string): string {
  return t('chatpal_disclosure', isLang(language) ? language : undefined);
}

/** A message as the console shows it. */
export function toOperatorMessage(row: MessageRow, chatpalId: number, cdnPrefix: string): OperatorMessage {
  const gone = row.deletedAt != null;
  return {
    id: row.id,
    from: row.senderId === chatpalId ? 'chatpal' : 'member',
    type: row.type as OperatorMessage['type'],
    ...messageContent(row, cdnPrefix),
    created_at: row.createdAt.toISOString(),
    deleted: gone,
    asks_if_real: row.asksIfReal,
    honesty: parseHonestyCode(row.honestyReason),
    disclosure: row.disclosure,
    operator_id: row.operatorId,
  };
}

export interface OperatorSend {
  conversation: number;
  client_id: string;
  /** a reply's text; absent for the disclosure */
  body?: string;
  disclosure: boolean;
}

export interface OperatorSendDone {
  message: OperatorMessage;
  claim: OperatorClaim;
  before: { claim: OperatorClaim | null; disclosure_due: boolean };
  after: { message_id: number; disclosure: boolean; characters: number };
}

/**
 * A reply (or the disclosure) as the chatpal: claims, checks the honesty guard, writes the
 * message through the members' path, marks the member's messages read on the chatpal's side.
 */
export async function sendAsChatpal(
  tx: Tx,
  staff: UserRow,
  input: OperatorSend,
  settings: Pick<Settings, 'message_length' | 'cdn_prefix'>,
): Promise<OperatorSendDone> {
  const clientId = input.client_id.trim().toLowerCase();
  if (!UUID.test(clientId)) throw new AppError('client_id_invalid', { status: 400, field: 'client_id' });
  const body = input.disclosure ? null : cleanText(input.body, settings.message_length);
  const { before, claim, conv } = await claimConversation(tx, staff, input.conversation);
  // a retry of the same send: the first message again (the console retries after a network error)
  const [row0] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, conv.chatpalId), eq(messages.clientId, clientId)))
    .limit(1);
  if (row0) {
    const row = row0;
    if (row.conversationId === conv.id) {
      return {
        message: toOperatorMessage(row, conv.chatpalId, settings.cdn_prefix),
        claim,
        before: { claim: before, disclosure_due: false },
        after: { message_id: row.id, disclosure: row.disclosure, characters: [...(row.body ?? '')].length },
      };
    }
    throw new AppError('client_id_invalid', { status: 400, field: 'client_id' });
  }
  const due = await disclosureDue(tx, conv.id);
  if (due && !input.disclosure) throw new AppError('disclosure_required', { status: 409, field: 'body' });
  const text = input.disclosure ? disclosureText(conv.memberLanguage) : (body as string);
  const { row } = await storeMessage(
    tx,
    {
      conversationId: conv.id,
      senderId: conv.chatpalId,
      recipientId: conv.memberId,
      type: 'text',
      body: text,
      clientId,
      credits: 0,
      operatorId: staff.id,
      disclosure: input.disclosure,
    },
    true,
  );
  if (!row) throw new AppError('client_id_invalid', { status: 400, field: 'client_id' });
  // the chatpal has read what it answers (the member sees "read", as with any member)
  const chatpalSide = await myConversation(tx, conv.chatpalId, conv.id);
  await markRead(tx, conv.chatpalId, chatpalSide, row.id);
  await notifyRealtime(tx, `oi:${conv.id}`);
  return {
    message: toOperatorMessage(row, conv.chatpalId, settings.cdn_prefix),
    claim,
    before: { claim: before, disclosure_due: due },
    after: { message_id: row.id, disclosure: input.disclosure, characters: [...text].length },
  };
}
