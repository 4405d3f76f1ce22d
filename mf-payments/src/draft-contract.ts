/**
 * DRAFT: a copy of the shapes payments-server committed in shared-kit/src/contracts/payments.ts
 * (not on main yet). After the rebase, imports go to '@dating/shared-kit/contracts' and this file goes.
 */
import { z } from 'zod';
import { ZCountdown, ZPaymentMethod, ZTimeBonus } from '@dating/shared-kit/contracts';
import type { PaymentMethod } from '@dating/shared-kit/contracts';

export const CURRENCIES = ['EUR', 'GBP', 'CHF', 'PLN', 'USD', 'CAD', 'AUD', 'NZD'] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof ZCurrency>;
export const PACKAGE_IDS = ['tryout', 'p0', 'p1', 'p2', 'p3'] as const;
export const ZPackageId = z.enum(PACKAGE_IDS);
export type PackageId = z.infer<typeof ZPackageId>;
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof ZPaymentStatus>;
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];
export const ZPaymentKind = z.enum(['checkout', 'repeat', 'directdebit']);
export const CARD_METHODS: readonly PaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi'];
export const ZDiscountKind = z.enum(['code', 'welcome', 'time_bonus']);

export function pricePerCredit(amount: number, credits: number): number {
  return credits > 0 ? Math.round((amount / credits) * 100) / 100 : 0;
}
export function formatAmount(amount: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
}
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const digits = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export const ZAppliedDiscount = z.object({
  code: z.string(),
  percentage: z.number().int().min(1).max(100),
  kind: ZDiscountKind,
  expires: z.string().nullable(),
});
export type AppliedDiscount = z.infer<typeof ZAppliedDiscount>;
export const ZCreditPackage = z.object({
  id: ZPackageId,
  credits: z.number().int().positive(),
  amount: z.number().int().positive(),
  original_amount: z.number().int().positive(),
  currency: ZCurrency,
  popular: z.boolean(),
  tryout: z.boolean(),
  discount: ZAppliedDiscount.nullable(),
});
export type CreditPackage = z.infer<typeof ZCreditPackage>;
export const ZIssuer = z.object({ id: z.string(), name: z.string() });
export const ZOfferedMethod = z.object({ id: ZPaymentMethod, name: z.string(), issuers: z.array(ZIssuer).optional() });
export type OfferedMethod = z.infer<typeof ZOfferedMethod>;
export const ZSavedCard = z.object({ label: z.string(), last4: z.string(), expires: z.string().nullable() });
export const ZCreditsResponse = z.object({
  country: z.string(),
  currency: ZCurrency,
  packages: z.array(ZCreditPackage),
  methods: z.array(ZOfferedMethod),
  discount: ZAppliedDiscount.nullable(),
  saved_card: ZSavedCard.nullable(),
  direct_debit: z.boolean(),
  refund_days: z.number().int().nonnegative(),
});
export type CreditsResponse = z.infer<typeof ZCreditsResponse>;

export const ZPaymentRequest = z.object({
  package: ZPackageId,
  method: ZPaymentMethod,
  issuer: z.string().optional(),
  discount_code: z.string().optional(),
});
export type PaymentRequest = z.infer<typeof ZPaymentRequest>;
export const ZPaymentCreated = z.object({
  payment_id: z.number().int().positive(),
  checkout_url: z.string(),
  amount: z.number().int().positive(),
  currency: ZCurrency,
  discount: ZAppliedDiscount.nullable(),
});
export const ZPayment = z.object({
  id: z.number().int().positive(),
  status: ZPaymentStatus,
  amount: z.number().int().positive(),
  currency: ZCurrency,
  package: ZPackageId,
  method: ZPaymentMethod,
  kind: ZPaymentKind,
  credits: z.number().int().positive().optional(),
  discount: z.object({ code: z.string(), percentage: z.number().int() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Payment = z.infer<typeof ZPayment>;
export const ZRepeatOrderResponse = z.object({ payment: ZPayment });

export const ZDirectDebitStart = z.object({
  account_holder: z.string(),
  iban: z.string(),
  street: z.string(),
  house_number: z.string(),
  zip: z.string(),
  city: z.string(),
  phone: z.string(),
  package: ZPackageId,
  consent: z.literal(true),
});
export type DirectDebitStart = z.infer<typeof ZDirectDebitStart>;
export const ZDirectDebitStarted = z.object({ step: z.literal('otp'), phone: z.string(), expires: z.string(), amount: z.number().int().positive(), currency: ZCurrency });
export const ZDirectDebitConfirmed = z.object({ step: z.literal('done'), payment: ZPayment });
export const ZDirectDebitResponse = z.union([ZDirectDebitStarted, ZDirectDebitConfirmed]);

export const ZCreditUsage = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int().nonnegative(),
  reason: z.string(),
  payment_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type CreditUsage = z.infer<typeof ZCreditUsage>;
export const ZTransactionsResponse = z.object({ payments: z.array(ZPayment), usage: z.array(ZCreditUsage) });
export type TransactionsResponse = z.infer<typeof ZTransactionsResponse>;

export const ZUserTimeBonus = ZTimeBonus.extend({ visible: z.boolean(), countdown: ZCountdown });
export type UserTimeBonus = z.infer<typeof ZUserTimeBonus>;
