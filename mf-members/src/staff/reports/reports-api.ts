/** The moderators' report calls (issue 26 part 1), typed by the shared contracts. */
import { api } from '@dating/shared-kit/api';
import { ZReportDetail, ZReportPage, ZReportResolved } from '@dating/shared-kit/contracts';
import type { ReportQuery, ReportResolve } from '@dating/shared-kit/contracts';

// a decision is never retried on its own: the moderator sees the answer (409: someone else was first)
const once = { retries: 0 };

export const reportsApi = {
  list: (q: Partial<ReportQuery>) =>
    api.get('/api/backoffice/reports', ZReportPage, { query: { status: q.status, q: q.q || undefined, page: q.page } }),
  detail: (id: number) => api.get(`/api/backoffice/reports/${id}`, ZReportDetail, once),
  resolve: (id: number, body: ReportResolve) => api.post(`/api/backoffice/reports/${id}/resolve`, body, ZReportResolved, once),
};
