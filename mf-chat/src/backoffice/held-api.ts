/** The held messages page's calls (issue 26; server: api/src/modules/chat/held-routes.ts). Staff-only chunk. */
import { api } from '@dating/shared-kit/api';
import { ZHeldDecided, ZHeldPage } from '@dating/shared-kit/contracts';

const BASE = '/api/backoffice/held-messages';

export const heldApi = {
  list: (query: { status: 'pending' | 'decided'; page: number }) => api.get(BASE, ZHeldPage, { query }),
  decide: (id: number, release: boolean) => api.post(`${BASE}/${id}/decide`, { release }, ZHeldDecided),
};
