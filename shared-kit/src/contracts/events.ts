/**
 * The bus EventMap: every event name with the zod schema of its payload. Remotes are built and
 * deployed at different times, so the bus checks each payload against this schema on receipt.
 * Only zod may be imported here.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZCountdown, ZTimeBonus, ZUser } from './core';
import { ZProfileRef } from './calls';
import { ZMessage } from './chat';
import { ZPhotoRejectReason } from './moderation';

const count = lazySchema(() => z.number().check(z.int(), z.nonnegative()));

export const EVENT_SCHEMAS = {
  /** a login or signup succeeded */
  'auth:logged-in': lazySchema(() => z.object({ user: ZUser })),
  /** logout, or the server said authentication_required */
  'auth:logged-out': lazySchema(() => z.object({})),
  /** the current user changed (profile edit, language, refresh) */
  'user:updated': lazySchema(() => z.object({ user: ZUser })),
  /** open the signup modal/page, optionally at a step (0-4) */
  /** `reason`: what the visitor tried (the product's login-required messages), shown above the sign-up */
  'signup:open': lazySchema(() =>
    z.object({
      step: z.optional(z.number().check(z.int(), z.gte(0), z.lte(5))),
      reason: z.optional(z.enum(['chat', 'gift', 'photo', 'like'])),
    }),
  ),
  'login:open': lazySchema(() => z.object({})),
  'credits:changed': lazySchema(() => z.object({ credits: count })),
  'chat:unread-changed': lazySchema(() => z.object({ unread: count })),
  'likes:changed': lazySchema(() => z.object({ newLikes: count })),
  /** a like became mutual: the match modal opens */
  'match:new': lazySchema(() => z.object({ profile: ZProfileRef })),
  /** show the like popup for this profile */
  'like:open': lazySchema(() => z.object({ profile: ZProfileRef })),
  /** a like arrived live (WebSocket like:new); new_likes is the badge count now */
  'like:new': lazySchema(() => z.object({ profile: ZProfileRef, new_likes: count })),
  /* chat, live from the WebSocket /api/ws (contracts/chat.ts ZWsServerFrame) */
  /** a message of mine (another tab) or to me arrived; `profile`: the other member, when the server sent it */
  'chat:message': lazySchema(() => z.object({ message: ZMessage, profile: z.optional(ZProfileRef) })),
  'chat:message-deleted': lazySchema(() => z.object({ conversation: z.number().check(z.int()), id: z.number().check(z.int()) })),
  /** a conversation went away (deleted by me elsewhere, or by a block) */
  'chat:deleted': lazySchema(() => z.object({ conversation: z.number().check(z.int()) })),
  'chat:typing': lazySchema(() => z.object({ conversation: z.number().check(z.int()), profile: z.number().check(z.int()) })),
  'chat:read': lazySchema(() =>
    z.object({ conversation: z.number().check(z.int()), reader: z.number().check(z.int()), up_to: z.number().check(z.int()) }),
  ),
  /** the live connection went up or down (down: the periodic refresh is the fallback) */
  'realtime:state': lazySchema(() => z.object({ connected: z.boolean() })),
  /** operators only (WebSocket operator:inbox): a chatpal conversation changed */
  'operator:inbox': lazySchema(() => z.object({ conversation: z.number().check(z.int()) })),
  'payment:completed': lazySchema(() => z.object({ credits: count })),
  /** staff approved or rejected one of my photos (WebSocket photo:moderated) */
  'photo:moderated': lazySchema(() =>
    z.object({
      photo: z.number().check(z.int()),
      status: z.enum(['active', 'rejected']),
      rejection_reason: z.nullable(ZPhotoRejectReason),
    }),
  ),
  /** the time bonus appeared, ticked, or went away (bonus null) */
  'timebonus:changed': lazySchema(() =>
    z.object({
      bonus: z.nullable(ZTimeBonus),
      visible: z.boolean(),
      countdown: z.nullable(ZCountdown),
    }),
  ),
  /** a federated remote failed to load or render (shell reports it) */
  'remote:error': lazySchema(() => z.object({ remote: z.string(), message: z.string() })),
} as const;

export type EventName = keyof typeof EVENT_SCHEMAS;
export type EventMap = { [K in EventName]: z.infer<(typeof EVENT_SCHEMAS)[K]> };
export const EVENT_NAMES = Object.keys(EVENT_SCHEMAS) as EventName[];
