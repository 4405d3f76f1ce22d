/** The operator console's calls (issue 15; server: api/src/modules/chat/operator-routes.ts). Staff-only chunk. */
import { api } from '@dating/shared-kit/api';
import { ZOperatorClaimResponse, ZOperatorConversation, ZOperatorInbox, ZOperatorSendResponse } from '@dating/shared-kit/contracts';
import { newClientId } from '../api';

export type InboxFilter = 'unanswered' | 'all';
const BASE = '/api/backoffice/operator';

export const operatorApi = {
  inbox: (query: { filter: InboxFilter; q: string; page: number }) =>
    api.get(`${BASE}/inbox`, ZOperatorInbox, { query: { filter: query.filter, page: query.page, q: query.q.trim() || undefined } }),
  conversation: (id: number, before?: number) => api.get(`${BASE}/conversations/${id}`, ZOperatorConversation, { query: { before } }),
  claim: (conversation: number) => api.post(`${BASE}/claim`, { conversation }, ZOperatorClaimResponse),
  release: (conversation: number) => api.post(`${BASE}/release`, { conversation }, ZOperatorClaimResponse),
  /** `clientId`: one per message, so a retry after a lost answer is stored once */
  reply: (conversation: number, body: string, clientId: string = newClientId()) =>
    api.post(`${BASE}/reply`, { conversation, body, client_id: clientId }, ZOperatorSendResponse),
  disclose: (conversation: number, clientId: string = newClientId()) =>
    api.post(`${BASE}/disclose`, { conversation, client_id: clientId }, ZOperatorSendResponse),
};
