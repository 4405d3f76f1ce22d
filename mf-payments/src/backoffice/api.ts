/** The payments staff calls (issue 15): `/api/backoffice/payments/*`, typed by the contracts. */
import { api } from '@dating/shared-kit/api';
import {
  ZAdminDiscountCode,
  ZAdminDiscountCodes,
  ZAdminPayments,
  ZBlockedAccount,
  ZBlockedList,
  ZDiscountCodeUses,
  ZOk,
  ZRefundResult,
} from '@dating/shared-kit/contracts';
import type { AdminPaymentsQuery, DiscountCodeCreate } from '@dating/shared-kit/contracts';

const BASE = '/api/backoffice/payments';

export const staffApi = {
  payments: (query: Partial<AdminPaymentsQuery>) => api.get(BASE, ZAdminPayments, { query: { ...query } }),
  refund: (id: number) => api.post(`${BASE}/refund`, { id }, ZRefundResult),
  codes: () => api.get(`${BASE}/codes`, ZAdminDiscountCodes),
  createCode: (code: DiscountCodeCreate) => api.post(`${BASE}/codes`, code, ZAdminDiscountCode),
  setCodeActive: (id: number, active: boolean) => api.put(`${BASE}/codes`, { id, active }, ZAdminDiscountCode),
  codeUses: (id: number) => api.get(`${BASE}/codes/${id}/uses`, ZDiscountCodeUses),
  blocked: () => api.get(`${BASE}/blocked`, ZBlockedList),
  block: (kind: 'iban' | 'phone', value: string, note?: string) =>
    api.post(`${BASE}/blocked`, { kind, value, ...(note ? { note } : {}) }, ZBlockedAccount),
  unblock: (id: number) => api.del(`${BASE}/blocked`, { id }, ZOk),
};
