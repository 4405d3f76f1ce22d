/**
 * The chat calls, typed by the shared contracts. Every send carries a `client_id`
 * made once per message (crypto.randomUUID): a retry of the same message is answered with the
 * first answer and charged once.
 */
import { api } from '@dating/shared-kit/api';
import {
  ZActivationResendResponse,
  ZChatsResponse,
  ZDeleteMessageResponse,
  ZGiftsResponse,
  ZMessagesResponse,
  ZOk,
  ZReadResponse,
  ZSafetyTip,
  ZSendMessageResponse,
} from '@dating/shared-kit/contracts';
import type { Gift, GiftId } from '@dating/shared-kit/contracts';

/** Who the conversation is with: an existing conversation, or a member (starts or reopens one). */
export type ChatTarget = { conversation: number } | { profile: number };

export type OutgoingMessage = { type: 'text'; body: string } | { type: 'gift'; gift: GiftId } | { type: 'image'; file: File };

/**
 * A v4 UUID for one message. crypto.randomUUID exists only in secure contexts (HTTPS, localhost);
 * a site opened over plain HTTP on another address builds the same from getRandomValues.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let giftsCache: Promise<Gift[]> | null = null;

export const chatApi = {
  chats: () => api.get('/api/chats.php', ZChatsResponse),
  deleteChat: (conversation: number) => api.del('/api/chat.php', { conversation }, ZOk),
  history: (target: ChatTarget, before?: number) => api.get('/api/messages.php', ZMessagesResponse, { query: { ...target, before } }),
  /** mark read while the conversation is open and messages arrive live */
  markRead: (conversation: number, upTo: number) => api.put('/api/messages.php', { conversation, up_to: upTo }, ZReadResponse),
  send: (target: ChatTarget, message: OutgoingMessage, clientId: string) => {
    if (message.type === 'image') {
      const form = new FormData();
      if ('conversation' in target) form.append('conversation', String(target.conversation));
      else form.append('profile', String(target.profile));
      form.append('type', 'image');
      form.append('client_id', clientId);
      form.append('image', message.file);
      return api.upload('/api/messages.php', form, ZSendMessageResponse);
    }
    return api.post('/api/messages.php', { ...target, ...message, client_id: clientId }, ZSendMessageResponse);
  },
  deleteMessage: (id: number) => api.del('/api/message.php', { id }, ZDeleteMessageResponse),
  /** a conversation's id, or before the first message the member written to */
  typing: (to: { conversation: number } | { profile: number }) => api.post('/api/typing.php', to, ZOk),
  resendActivation: () => api.post('/api/activate.php', {}, ZActivationResendResponse),
  /** the safety tip (issue 26): shown until dismissed, remembered by the server */
  safetyTip: () => api.get('/api/safety-tip.php', ZSafetyTip),
  dismissSafetyTip: () => api.post('/api/safety-tip.php', {}, ZSafetyTip),
  /** the gift catalogue, loaded once */
  gifts: (): Promise<Gift[]> => {
    giftsCache ??= api.get('/api/gifts.php', ZGiftsResponse).then(
      (r) => r.gifts,
      (error: unknown) => {
        giftsCache = null;
        throw error;
      },
    );
    return giftsCache;
  },
};
