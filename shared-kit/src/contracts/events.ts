/**
 * The bus EventMap: every event name with the zod schema of its payload. Remotes are built and
 * deployed at different times, so the bus checks each payload against this schema on receipt.
 * Only zod may be imported here.
 */
import { z } from 'zod';
import { ZCountdown, ZTimeBonus, ZUser } from './core';
import { ZProfileRef } from './calls';
import { ZMessage } from './chat';
import { ZPhotoRejectReason } from './moderation';

const count = z.number().int().nonnegative();

export const EVENT_SCHEMAS = {
  /** a login or signup succeeded */
  'auth:logged-in': z.object({ user: ZUser }),
  /** logout, or the server said authentication_required */
  'auth:logged-out': z.object({}),
  /** the current user changed (profile edit, language, refresh) */
  'user:updated': z.object({ user: ZUser }),
  /** open the signup modal/page, optionally at a step (0-4) */
  /** `reason`: what the visitor tried (the product's login-required messages), shown above the sign-up */
  'signup:open': z.object({
    step: z.number().int().min(0).max(5).optional(),
    reason: z.enum(['chat', 'gift', 'photo', 'like']).optional(),
  }),
  'login:open': z.object({}),
  'credits:changed': z.object({ credits: count }),
  'chat:unread-changed': z.object({ unread: count }),
  'likes:changed': z.object({ newLikes: count }),
  /** a like became mutual: the match modal opens */
  'match:new': z.object({ profile: ZProfileRef }),
  /** show the like popup for this profile */
  'like:open': z.object({ profile: ZProfileRef }),
  /** a like arrived live (WebSocket like:new); new_likes is the badge count now */
  'like:new': z.object({ profile: ZProfileRef, new_likes: count }),
  /* chat, live from the WebSocket /api/ws (contracts/chat.ts ZWsServerFrame) */
  /** a message of mine (another tab) or to me arrived; `profile`: the other member, when the server sent it */
  'chat:message': z.object({ message: ZMessage, profile: ZProfileRef.optional() }),
  'chat:message-deleted': z.object({ conversation: z.number().int(), id: z.number().int() }),
  /** a conversation went away (deleted by me elsewhere, or by a block) */
  'chat:deleted': z.object({ conversation: z.number().int() }),
  'chat:typing': z.object({ conversation: z.number().int(), profile: z.number().int() }),
  'chat:read': z.object({ conversation: z.number().int(), reader: z.number().int(), up_to: z.number().int() }),
  /** the live connection went up or down (down: the periodic refresh is the fallback) */
  'realtime:state': z.object({ connected: z.boolean() }),
  /** operators only (WebSocket operator:inbox): a chatpal conversation changed */
  'operator:inbox': z.object({ conversation: z.number().int() }),
  'payment:completed': z.object({ credits: count }),
  /** staff approved or rejected one of my photos (WebSocket photo:moderated) */
  'photo:moderated': z.object({
    photo: z.number().int(),
    status: z.enum(['active', 'rejected']),
    rejection_reason: ZPhotoRejectReason.nullable(),
  }),
  /** the time bonus appeared, ticked, or went away (bonus null) */
  'timebonus:changed': z.object({
    bonus: ZTimeBonus.nullable(),
    visible: z.boolean(),
    countdown: ZCountdown.nullable(),
  }),
  /** a federated remote failed to load or render (shell reports it) */
  'remote:error': z.object({ remote: z.string(), message: z.string() }),
} as const;

export type EventName = keyof typeof EVENT_SCHEMAS;
export type EventMap = { [K in EventName]: z.infer<(typeof EVENT_SCHEMAS)[K]> };
export const EVENT_NAMES = Object.keys(EVENT_SCHEMAS) as EventName[];
