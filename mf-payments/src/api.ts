/**
 * The payments calls, typed by the contracts. Prices and credits always come from the
 * server: the browser sends a package id, a method and maybe a discount code, never an amount.
 */
import { api } from '@dating/shared-kit/api';
import {
  ZCreditsResponse,
  ZDirectDebitConfirmed,
  ZDirectDebitStarted,
  ZDiscountCode,
  ZPayment,
  ZPaymentCreated,
  ZRepeatOrderResponse,
  ZTransactionsResponse,
} from '@dating/shared-kit/contracts';
import type { DirectDebitStart, PackageId, PaymentRequest } from '@dating/shared-kit/contracts';

export const paymentsApi = {
  credits: (query: { discount_code?: string } = {}) => api.get('/api/credits.php', ZCreditsResponse, { query }),
  discountCode: (code: string) => api.get('/api/discountcode.php', ZDiscountCode, { query: { code } }),
  welcomeCode: () => api.get('/api/discountcode.php', ZDiscountCode, { query: { welcome: 'true' }, retries: 0 }),
  createPayment: (request: PaymentRequest) => api.post('/api/payment.php', request, ZPaymentCreated),
  payment: (id: number | string) => api.get('/api/payment.php', ZPayment, { query: { id } }),
  repeatOrder: (pkg: PackageId) => api.post('/api/repeat-order.php', { package: pkg }, ZRepeatOrderResponse),
  directDebit: (form: DirectDebitStart) => api.post('/api/directdebit.php', form, ZDirectDebitStarted),
  directDebitConfirm: (otp: string) => api.post('/api/directdebit.php', { otp }, ZDirectDebitConfirmed),
  transactions: () => api.get('/api/transactions.php', ZTransactionsResponse),
};
