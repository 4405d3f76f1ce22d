/**
 * How a chat message is shown (issue 11): the row as one member sees it, the costs of the next
 * message, and the history window (history older than the site's chat_history_days is
 * hidden everywhere: list, pages, unread). Shared by conversations.ts, history.ts, send.ts and
 * the live delivery (live.ts).
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Message, MessageCosts, MessageType, Settings } from '@dating/shared-kit/contracts';
import { messages, users } from '../../db/schema';
import { uploadUrl } from '../members';
import { isGiftId } from './gifts';

export type MessageRow = typeof messages.$inferSelect;
export type ChatSettings = Pick<
  Settings,
  'message_credits' | 'photo_credits' | 'gift_credits' | 'message_length' | 'minimum_message_costs' | 'chat_history_days' | 'cdn_prefix'
>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The oldest moment whose messages are still shown (older history is hidden). */
export function historySince(settings: Pick<Settings, 'chat_history_days'>, now = Date.now()): Date {
  return new Date(now - settings.chat_history_days * 24 * 60 * 60 * 1000);
}

export function messageCosts(settings: ChatSettings, country: string | null | undefined): MessageCosts {
  const minimum = country ? (settings.minimum_message_costs[country] ?? null) : null;
  return {
    text: settings.message_credits,
    image: settings.photo_credits,
    gift: settings.gift_credits,
    minimum,
    message_length: settings.message_length,
  };
}

/** What a message says (body, gift, picture), as members and the operator console show it: nothing once deleted. */
export function messageContent(row: MessageRow, cdnPrefix: string) {
  const gone = row.deletedAt != null;
  return {
    body: gone ? null : row.body,
    gift: gone || !isGiftId(row.gift) ? null : row.gift,
    image:
      gone || !row.imageFile || !row.imageThumb
        ? null
        : {
            filename: uploadUrl(cdnPrefix, row.imageFile),
            thumb_filename: uploadUrl(cdnPrefix, row.imageThumb),
            width: row.imageWidth ?? 0,
            height: row.imageHeight ?? 0,
          },
  };
}

/** A message row as `viewerId` sees it. `readUpTo`: the recipient's read marker. */
export function toMessage(row: MessageRow, viewerId: number, readUpTo: number, cdnPrefix: string): Message {
  const gone = row.deletedAt != null;
  return {
    id: row.id,
    conversation: row.conversationId,
    sender: row.senderId,
    recipient: row.recipientId,
    type: row.type as MessageType,
    ...messageContent(row, cdnPrefix),
    credits: row.credits,
    created_at: row.createdAt.toISOString(),
    deleted: gone,
    read: row.id <= readUpTo,
    ...(row.senderId === viewerId ? { client_id: row.clientId } : {}),
    // held by the scam guard (issue 26): only its sender ever gets the row
    ...(row.senderId === viewerId && row.held ? { held: true, ...(row.held === 'rejected' ? { held_rejected: true } : {}) } : {}),
  };
}

/** SQL: the message `m` may be seen by `viewerId` (own, or from a sender who confirmed and not held by the scam guard), within the window. */
export function visibleTo(viewerId: number, since: Date): SQL {
  return sql`(${messages.senderId} = ${viewerId} or (${messages.held} is null and exists (select 1 from ${users} s where s.id = ${messages.senderId} and s.email_confirmed))) and ${messages.createdAt} > ${since.toISOString()}`;
}
