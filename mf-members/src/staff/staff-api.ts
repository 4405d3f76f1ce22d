/** The moderators' calls (issue 15, /api/backoffice/photos|members|bans), typed by the shared contracts. */
import { api } from '@dating/shared-kit/api';
import {
  ZBanList,
  ZBanResult,
  ZPendingPhotos,
  ZPhotoModerationResult,
  ZStaffMemberDetail,
  ZStaffMemberList,
} from '@dating/shared-kit/contracts';
import type { BanRequest, PhotoRejectReason } from '@dating/shared-kit/contracts';

// staff actions are never retried on their own: a moderator sees the answer and decides
const once = { retries: 0 };

export const staffApi = {
  photoQueue: (page: number) => api.get('/api/backoffice/photos', ZPendingPhotos, { query: { page } }),
  approvePhoto: (id: number) => api.post(`/api/backoffice/photos/${id}/approve`, {}, ZPhotoModerationResult),
  rejectPhoto: (id: number, reason: PhotoRejectReason) =>
    api.post(`/api/backoffice/photos/${id}/reject`, { reason }, ZPhotoModerationResult),
  members: (q: string, page: number) => api.get('/api/backoffice/members', ZStaffMemberList, { query: { q: q || undefined, page } }),
  member: (id: number) => api.get(`/api/backoffice/members/${id}`, ZStaffMemberDetail, once),
  ban: (id: number, body: BanRequest) => api.post(`/api/backoffice/members/${id}/ban`, body, ZBanResult),
  unban: (id: number) => api.post(`/api/backoffice/members/${id}/unban`, {}, ZBanResult),
  bans: (page: number) => api.get('/api/backoffice/bans', ZBanList, { query: { page } }),
};
