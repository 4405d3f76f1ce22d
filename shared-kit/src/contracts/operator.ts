/**
 * The operator console (issue 15, role `operator`): staff answer for chatpals (fictional
 * profiles). Calls under `/api/backoffice/operator/*` (docs/backoffice-operator.md):
 *
 *   GET  /api/backoffice/operator/inbox?filter&q&page           -> ZOperatorInbox
 *   GET  /api/backoffice/operator/conversations/:id?before      -> ZOperatorConversation
 *   POST /api/backoffice/operator/claim      {conversation}     -> ZOperatorClaimResponse
 *   POST /api/backoffice/operator/release    {conversation}     -> ZOperatorClaimResponse
 *   POST /api/backoffice/operator/reply      {conversation, body, client_id}  -> ZOperatorSendResponse
 *   POST /api/backoffice/operator/disclose   {conversation, client_id}        -> ZOperatorSendResponse
 *
 * Errors (translated): 400 message_empty, chat_message_too_long, client_id_invalid; 403
 * staff_role_required; 404 conversation_not_found; 409 conversation_claimed (another operator
 * holds it), disclosure_required (the member asked whether the chatpal is real: only the
 * disclosure may follow). The operator's id is staff-only: no member-facing answer or frame
 * carries it.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZProfile, ZRowId } from './core';
import { ZProfileRef } from './calls';
import { ZMessageType, ZGiftId, ZMessageImage } from './chat';

/** A claim lapses this long after the operator's last claim or reply. */
export const OPERATOR_CLAIM_MS = 5 * 60 * 1000;
export const OPERATOR_INBOX_PAGE_SIZE = 20;
export const OPERATOR_HISTORY_PAGE_SIZE = 50;

export const OPERATOR_ERROR_CODES = [
  'conversation_claimed',
  'disclosure_required',
  'conversation_not_found',
  'message_empty',
  'chat_message_too_long',
] as const;

export const ZOperatorClaim = lazySchema(() =>
  z.object({
    operator_id: z.number().check(z.int()),
    operator_email: z.string(),
    /** held by the caller */
    mine: z.boolean(),
    /** when it lapses unless the holder replies (ISO time) */
    expires_at: z.string(),
  }),
);
export type OperatorClaim = z.infer<typeof ZOperatorClaim>;

export const ZOperatorInboxQuery = lazySchema(() =>
  z.object({
    /** unanswered (default): the member wrote last, oldest waiting first; all: every chatpal conversation, newest activity first */
    filter: z._default(z.enum(['unanswered', 'all']), 'unanswered'),
    /** member or chatpal name, or the conversation id */
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
  }),
);
export type OperatorInboxQuery = z.input<typeof ZOperatorInboxQuery>;

export const ZOperatorInboxItem = lazySchema(() =>
  z.object({
    conversation: z.number().check(z.int()),
    member: ZProfileRef,
    chatpal: ZProfileRef,
    /** newest message, cut to 100 characters (null for an image or gift) */
    last_body: z.nullable(z.string()),
    last_type: ZMessageType,
    last_at: z.string(),
    /** the member wrote last */
    unanswered: z.boolean(),
    /** the member's oldest message since the chatpal's last one (null when answered) */
    waiting_since: z.nullable(z.string()),
    /** the member asked whether the chatpal is real and no disclosure followed yet */
    disclosure_due: z.boolean(),
    claim: z.nullable(ZOperatorClaim),
  }),
);
export type OperatorInboxItem = z.infer<typeof ZOperatorInboxItem>;

export const ZOperatorInbox = lazySchema(() =>
  z.object({
    items: z.array(ZOperatorInboxItem),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type OperatorInbox = z.infer<typeof ZOperatorInbox>;

/**
 * Why the honesty guard flagged a member's message (api modules/chat/honesty.ts): it asks whether
 * the chatpal is real or fake, a bot or AI, the site's employee (or someone else writing), or it
 * is a short "real?" right after a message of the chatpal.
 */
export const ZHonestyReason = lazySchema(() => z.enum(['real_question', 'bot_question', 'staff_question', 'short_form']));
export type HonestyReason = z.infer<typeof ZHonestyReason>;

/** The guard's finding on a flagged message; `disguised`: found only after undoing look-alike letters, digits for letters, spacing ... */
export const ZHonestyFinding = lazySchema(() => z.object({ reason: ZHonestyReason, disguised: z.boolean() }));
export type HonestyFinding = z.infer<typeof ZHonestyFinding>;

/** A message as the console shows it: who wrote it (member or chatpal), the guard's marks. */
export const ZOperatorMessage = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    from: z.enum(['member', 'chatpal']),
    type: ZMessageType,
    body: z.nullable(z.string()),
    gift: z.nullable(ZGiftId),
    image: z.nullable(ZMessageImage),
    created_at: z.string(),
    deleted: z.boolean(),
    /** a member's question whether the chatpal is real */
    asks_if_real: z.boolean(),
    /** why the guard flagged it (null when not flagged) */
    honesty: z.nullable(ZHonestyFinding),
    /** the site's disclosure, sent by an operator */
    disclosure: z.boolean(),
    /** the operator who wrote a chatpal's message (null: seed data or before the console) */
    operator_id: z.nullable(z.number().check(z.int())),
  }),
);
export type OperatorMessage = z.infer<typeof ZOperatorMessage>;

export const ZOperatorConversationQuery = lazySchema(() => z.object({ before: z.optional(ZRowId) }));

export const ZOperatorConversation = lazySchema(() =>
  z.object({
    conversation: z.number().check(z.int()),
    member: ZProfile,
    chatpal: ZProfile,
    /** the member's language: the disclosure is sent in it */
    member_language: z.string(),
    /** the member's messages to chatpals in the last 24 hours (the vulnerable-user warning's count) */
    member_messages_24h: z.number().check(z.int(), z.nonnegative()),
    messages: z.array(ZOperatorMessage),
    has_more: z.boolean(),
    claim: z.nullable(ZOperatorClaim),
    disclosure_due: z.boolean(),
    /** the disclosure as the member will read it */
    disclosure_text: z.string(),
    message_length: z.number().check(z.int()),
  }),
);
export type OperatorConversation = z.infer<typeof ZOperatorConversation>;

export const ZOperatorConversationRef = lazySchema(() => z.object({ conversation: ZRowId }));
export type OperatorConversationRef = z.infer<typeof ZOperatorConversationRef>;

export const ZOperatorClaimResponse = lazySchema(() => z.object({ claim: z.nullable(ZOperatorClaim) }));

export const ZOperatorReplyRequest = lazySchema(() =>
  z.object({
    conversation: ZRowId,
    body: z.string().check(z.maxLength(20_000)),
    client_id: z.string().check(z.maxLength(64)),
  }),
);
export type OperatorReplyRequest = z.infer<typeof ZOperatorReplyRequest>;
export const ZOperatorDiscloseRequest = lazySchema(() => z.object({ conversation: ZRowId, client_id: z.string().check(z.maxLength(64)) }));
export type OperatorDiscloseRequest = z.infer<typeof ZOperatorDiscloseRequest>;

export const ZOperatorSendResponse = lazySchema(() => z.object({ message: ZOperatorMessage, claim: ZOperatorClaim }));
export type OperatorSendResponse = z.infer<typeof ZOperatorSendResponse>;
