/**
 * Wire schemas of the chat capability: /api/chats.php, /api/chat.php, /api/messages.php,
 * /api/message.php, /api/typing.php, /api/gifts.php and the WebSocket /api/ws. zod only.
 *
 * Error codes are translated by the server (api/src/i18n/messages/chat.ts) and by mf-chat's
 * locales; CHAT_ERROR_CODES lists the ones this capability answers with.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZProfile, ZRowId } from './core';
import { ZPhotoRejectReason } from './moderation';
import { ZProfileRef } from './calls';

/** Free members (not paid_user) may start at most this many conversations. */
export const FREE_CONVERSATION_LIMIT = 2;
/** One page of GET /api/messages.php. */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_MAX = 100;

/**
 * 400 message_empty, chat_message_too_long (params.max), message_type_invalid, gift_unknown,
 *     image_invalid, image_missing, client_id_invalid, message_self, conversation_or_profile;
 * 402 insufficient_credits (nothing stored, nothing charged);
 * 403 conversation_limit (free member, third new conversation; whatever the balance),
 *     member_blocked (a block either way), authentication_required (visitor);
 * 404 conversation_not_found (unknown or someone else's), member_not_found (unknown, invisible,
 *     deleted, disabled), message_not_found (unknown, someone else's);
 * 413 image_too_large.
 */
export const CHAT_ERROR_CODES = [
  'message_empty',
  'chat_message_too_long',
  'message_type_invalid',
  'gift_unknown',
  'image_invalid',
  'image_missing',
  'image_too_large',
  'client_id_invalid',
  'message_self',
  'conversation_or_profile',
  'insufficient_credits',
  'conversation_limit',
  'member_blocked',
  'conversation_not_found',
  'member_not_found',
  'message_not_found',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

export const ZMessageType = lazySchema(() => z.enum(['text', 'image', 'gift']));
export type MessageType = z.infer<typeof ZMessageType>;

/* ---------- gifts: GET /api/gifts.php ---------- */

/** The gift catalogue. Pictures are the project's own SVGs at `/static/gifts/<id>.svg`. */
export const GIFT_IDS = ['rose', 'heart', 'teddy', 'champagne', 'chocolates', 'ring', 'cocktail', 'star'] as const;
export const ZGiftId = lazySchema(() => z.enum(GIFT_IDS));
export type GiftId = z.infer<typeof ZGiftId>;
export const giftImage = (id: GiftId): string => `/static/gifts/${id}.svg`;

/** `label`: in the request's language. `credits`: the site's gift_credits. */
export const ZGift = lazySchema(() =>
  z.object({ id: ZGiftId, label: z.string(), image: z.string(), credits: z.number().check(z.int(), z.nonnegative()) }),
);
export type Gift = z.infer<typeof ZGift>;
export const ZGiftsResponse = lazySchema(() => z.object({ gifts: z.array(ZGift) }));
export type GiftsResponse = z.infer<typeof ZGiftsResponse>;

/* ---------- a message ---------- */

export const ZMessageImage = lazySchema(() =>
  z.object({
    /** full URL path (cdn_prefix + file) of the re-encoded picture, and of its thumbnail */
    filename: z.string(),
    thumb_filename: z.string(),
    width: z.number().check(z.int()),
    height: z.number().check(z.int()),
  }),
);
export type MessageImage = z.infer<typeof ZMessageImage>;

/**
 * One message as both sides see it. A deleted message keeps its place as a marker: `deleted`
 * true, `body`, `gift` and `image` null. `read`: the recipient has opened the conversation since
 * (read marker, see `read_up_to`). `client_id` only in answers/frames to its sender.
 */
export const ZMessage = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    conversation: z.number().check(z.int()),
    /** profile id of the writer (a chatpal's id for an operator's reply) */
    sender: z.number().check(z.int()),
    recipient: z.number().check(z.int()),
    type: ZMessageType,
    body: z.nullable(z.string()),
    gift: z.nullable(ZGiftId),
    image: z.nullable(ZMessageImage),
    /** credits the sender paid for it */
    credits: z.number().check(z.int(), z.nonnegative()),
    created_at: z.string(),
    deleted: z.boolean(),
    read: z.boolean(),
    client_id: z.optional(z.nullable(z.string())),
    /** only to its sender: the scam guard holds it until a moderator decides (issue 26; not delivered, not charged yet) */
    held: z.optional(z.boolean()),
    /** only to its sender: a moderator decided not to deliver it */
    held_rejected: z.optional(z.boolean()),
  }),
);
export type Message = z.infer<typeof ZMessage>;

/* ---------- GET /api/chats.php, DELETE /api/chat.php ---------- */

/** Preview of the newest message of a conversation. */
export const ZLastMessage = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    type: ZMessageType,
    /** the text (cut to 100 characters); null for an image, a gift or a deleted message */
    body: z.nullable(z.string()),
    gift: z.optional(z.nullable(ZGiftId)),
    from_me: z.boolean(),
    deleted: z.optional(z.boolean()),
    created_at: z.string(),
  }),
);
export type LastMessage = z.infer<typeof ZLastMessage>;

/** A conversation entry, newest activity first. `profile.fictional` marks a chatpal. */
export const ZChatEntry = lazySchema(() =>
  z.object({
    conversation: z.number().check(z.int()),
    profile: ZProfile,
    num_unread_messages: z.number().check(z.int(), z.nonnegative()),
    last_message: z.optional(z.nullable(ZLastMessage)),
    updated_at: z.optional(z.string()),
  }),
);
export type ChatEntry = z.infer<typeof ZChatEntry>;

export const ZChatsResponse = lazySchema(() =>
  z.object({
    chats: z.array(ZChatEntry),
    /** new conversations a free member may still start; null for a paid (premium) member */
    conversations_left: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
  }),
);
export type ChatsResponse = z.infer<typeof ZChatsResponse>;

/** DELETE /api/chat.php -> ZOk. Removes the conversation and its history from the caller's side
 * (the other member keeps theirs); a later message opens it again with only what follows. */
export const ZDeleteChatRequest = lazySchema(() => z.object({ conversation: ZRowId }));
export type DeleteChatRequest = z.infer<typeof ZDeleteChatRequest>;

/* ---------- GET /api/messages.php?conversation|profile&before&limit ---------- */

/**
 * `conversation`, or `profile` (the member of /members/:id/chat: the conversation with them, or
 * none yet). `before`: a message id; the page holds the messages older than it (keyset paging).
 * Reading the newest page (no `before`) marks the conversation read (a `read` frame to the other).
 */
export const ZMessagesQuery = lazySchema(() =>
  z.object({
    conversation: z.optional(ZRowId),
    profile: z.optional(ZRowId),
    before: z.optional(ZRowId),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES_PAGE_MAX))),
  }),
);
export type MessagesQuery = z.infer<typeof ZMessagesQuery>;

/** What the next message costs this member, shown before sending. */
export const ZMessageCosts = lazySchema(() =>
  z.object({
    /** credits per type: the site's message_credits, photo_credits, gift_credits */
    text: z.number().check(z.int(), z.nonnegative()),
    image: z.number().check(z.int(), z.nonnegative()),
    gift: z.number().check(z.int(), z.nonnegative()),
    /** the price per message in the member's country (minimum_message_costs), in minor units; null where none applies */
    minimum: z.nullable(z.object({ costs: z.number().check(z.int()), currency: z.string() })),
    /** the site's message_length */
    message_length: z.number().check(z.int()),
  }),
);
export type MessageCosts = z.infer<typeof ZMessageCosts>;

export const ZMessagesResponse = lazySchema(() =>
  z.object({
    /** null: no conversation with this profile yet (the first message starts one) */
    conversation: z.nullable(z.number().check(z.int())),
    profile: ZProfile,
    /** oldest first; the newest page when `before` is absent */
    messages: z.array(ZMessage),
    /** older messages exist (ask again with before = messages[0].id) */
    has_more: z.boolean(),
    /** the other member has read my messages up to this id (0: none) */
    read_up_to: z.number().check(z.int(), z.nonnegative()),
    /** the messages older than this many days are hidden (site setting chat_history_days) */
    history_days: z.number().check(z.int(), z.positive()),
    costs: ZMessageCosts,
    /** false: I am a free member at the conversation limit and this would be a new conversation */
    can_start: z.boolean(),
  }),
);
export type MessagesResponse = z.infer<typeof ZMessagesResponse>;

/* ---------- POST /api/messages.php ---------- */

/**
 * JSON, or multipart/form-data with the same fields as text parts and the picture as the file
 * part `image` (type image). One of `profile` (starts the conversation or continues it) or
 * `conversation`. `client_id`: a UUID the browser makes per message; a retry with the same one
 * answers the first answer again and charges nothing.
 */
export const ZSendMessageRequest = lazySchema(() =>
  z.object({
    profile: z.optional(ZRowId),
    conversation: z.optional(ZRowId),
    type: z._default(ZMessageType, 'text'),
    body: z.optional(z.string()),
    gift: z.optional(z.string()),
    client_id: z.string(),
  }),
);
export type SendMessageRequest = z.input<typeof ZSendMessageRequest>;

/**
 * The vulnerable-user warning (issue 15): a member who sent more than the site's
 * `chatpal_warning_messages` messages to chatpals within 24 hours gets, once a day, this notice
 * in their language in the send's answer; the conversation shows it.
 */
export const ZChatNotice = lazySchema(() => z.object({ code: z.literal('chatpals_fictional'), message: z.string() }));
export type ChatNotice = z.infer<typeof ZChatNotice>;

export const ZSendMessageResponse = lazySchema(() =>
  z.object({
    message: ZMessage,
    /** my balance after the charge */
    credits: z.number().check(z.int(), z.nonnegative()),
    notice: z.optional(ZChatNotice),
  }),
);
export type SendMessageResponse = z.infer<typeof ZSendMessageResponse>;

/** PUT /api/messages.php: mark read up to `up_to` (default: the newest). -> ZReadResponse */
export const ZReadRequest = lazySchema(() => z.object({ conversation: ZRowId, up_to: z.optional(ZRowId) }));
export type ReadRequest = z.infer<typeof ZReadRequest>;
export const ZReadResponse = lazySchema(() =>
  z.object({
    ok: z.literal(true),
    read_up_to: z.number().check(z.int(), z.nonnegative()),
    /** my unread messages over all conversations now (the badge) */
    unread_messages: z.number().check(z.int(), z.nonnegative()),
  }),
);

/** DELETE /api/message.php {id}: own messages only; leaves a marker on both sides. */
export const ZDeleteMessageRequest = lazySchema(() => z.object({ id: ZRowId }));
export type DeleteMessageRequest = z.infer<typeof ZDeleteMessageRequest>;
export const ZDeleteMessageResponse = lazySchema(() => z.object({ ok: z.literal(true), message: ZMessage }));

/** POST /api/typing.php {conversation} -> ZOk: the other member gets a `typing` frame. */
/**
 * `conversation`, or before the first message (no conversation yet) the member written to,
 * `profile`: the frame then carries conversation 0 (issue 29 item 11).
 */
export const ZTypingRequest = lazySchema(() => z.union([z.strictObject({ conversation: ZRowId }), z.strictObject({ profile: ZRowId })]));
export type TypingRequest = z.infer<typeof ZTypingRequest>;

/* ---------- WebSocket /api/ws?last_id=<message id> ---------- */

/**
 * Frames the server sends (JSON text). After the connection: the `message:new` frames of every
 * message after `last_id` (when given; also the messages of a short margin before it, which may
 * have committed after `last_id` was seen: the client drops those it has), the `message:deleted`
 * frames of the messages deleted meanwhile, then `ready`. Any frame the client sends other than
 * `{type: 'ping'}` gets an `error` frame; a frame that is not JSON closes the socket (1003).
 * A socket without a session or from a foreign Origin is refused (HTTP 403, no upgrade).
 */
export const ZWsServerFrame = lazySchema(() =>
  z.discriminatedUnion('type', [
    /** `profile`: the other member of the conversation as the socket's member sees it (a new
     * conversation can join the list without a call) */
    z.object({ type: z.literal('message:new'), message: ZMessage, profile: z.optional(ZProfileRef) }),
    z.object({ type: z.literal('message:deleted'), conversation: z.number().check(z.int()), id: z.number().check(z.int()) }),
    z.object({ type: z.literal('chat:deleted'), conversation: z.number().check(z.int()) }),
    /** `profile` is typing in `conversation` (repeat within 3 s; the indicator hides after ~5 s) */
    z.object({ type: z.literal('typing'), conversation: z.number().check(z.int()), profile: z.number().check(z.int()) }),
    /** `reader` has read the messages of `conversation` up to id `up_to` */
    z.object({
      type: z.literal('read'),
      conversation: z.number().check(z.int()),
      reader: z.number().check(z.int()),
      up_to: z.number().check(z.int()),
    }),
    z.object({ type: z.literal('like:new'), profile: ZProfileRef, new_likes: z.number().check(z.int(), z.nonnegative()) }),
    z.object({ type: z.literal('match:new'), profile: ZProfileRef }),
    z.object({ type: z.literal('credits:changed'), credits: z.number().check(z.int(), z.nonnegative()) }),
    /** staff approved or rejected one of my photos (issue 15); `rejection_reason` when rejected */
    z.object({
      type: z.literal('photo:moderated'),
      photo: z.number().check(z.int()),
      status: z.enum(['active', 'rejected']),
      rejection_reason: z.nullable(ZPhotoRejectReason),
    }),
    /** staff banned this account: the session has ended; the socket closes after this frame */
    z.object({ type: z.literal('account:banned') }),
    /** to staff with the operator role only: a chatpal conversation changed (new message, claim,
     * reply); the operator console reloads its inbox and, when open, that conversation */
    z.object({ type: z.literal('operator:inbox'), conversation: z.number().check(z.int()) }),
    /** the replay after `last_id` is done; `last_id`: newest message id known now */
    z.object({ type: z.literal('ready'), last_id: z.number().check(z.int(), z.nonnegative()) }),
    z.object({ type: z.literal('pong') }),
    z.object({ type: z.literal('error'), error: z.string(), message: z.string() }),
  ]),
);
export type WsServerFrame = z.infer<typeof ZWsServerFrame>;
export type WsFrameType = WsServerFrame['type'];

export const ZWsClientFrame = lazySchema(() => z.object({ type: z.literal('ping') }));
export type WsClientFrame = z.infer<typeof ZWsClientFrame>;

export const ZWsQuery = lazySchema(() =>
  z.object({ last_id: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(2_147_483_647))) }),
);
