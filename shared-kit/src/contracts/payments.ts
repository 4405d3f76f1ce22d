/**
 * Wire schemas of credits, payments and premium (credits.php, payment.php,
 * payment-webhook.php, repeat-order.php, directdebit.php, transactions.php; discountcode.php is in
 * calls.ts, the method list and the time bonus in core.ts). Only zod is imported here.
 *
 * Money: every amount is an integer in the minor unit of its currency (cents, pence, grosze...),
 * always computed by the server from the package, the member's payment country and the discount.
 * The browser never sends a price: request schemas are strict, so an `amount` in a body is a 400.
 *
 * Error codes: PAYMENT_ERROR_CODES are the `error` values of this capability's 4xx answers (the
 * server's message table api/src/i18n/messages/payments.ts and the frontend's `payments`
 * namespace translate them; nl is the product's wording).
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { PACKAGE_IDS, PAYMENT_METHODS, ZCountry, ZPaymentMethod, ZRowId } from './core';
import type { PaymentMethod } from './core';

// ---- vocabulary ----------------------------------------------------------------------------------

export const CURRENCIES = ['EUR', 'GBP', 'CHF', 'PLN', 'USD', 'CAD', 'AUD', 'NZD'] as const;
export const ZCurrency = lazySchema(() => z.enum(CURRENCIES));
export type Currency = z.infer<typeof ZCurrency>;

/** The currency a member pays in, by payment country (spec section 9's countries). */
export const CURRENCY_BY_COUNTRY: Record<z.infer<typeof ZCountry>, Currency> = {
  NL: 'EUR',
  BE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  GB: 'GBP',
  CH: 'CHF',
  PL: 'PLN',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
};

/** Packages: the try-out package (a fixed amount for a few credits, only before the first purchase) and p0-p3. */
export const ZPackageId = lazySchema(() => z.enum(PACKAGE_IDS, { error: 'package_unknown' }));
export type PackageId = z.infer<typeof ZPackageId>;

export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
/** A method as a client sends it: an unknown one is the 400 `method_unknown`. */
export const ZPaymentMethodInput = lazySchema(() => z.enum(PAYMENT_METHODS, { error: 'method_unknown' }));

export const ZPaymentStatus = lazySchema(() => z.enum(PAYMENT_STATUSES));
export type PaymentStatus = z.infer<typeof ZPaymentStatus>;
/** Statuses after which nothing changes any more. */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

/** How a payment was started: hosted checkout, repeat order on the saved card, SEPA direct debit. */
export const ZPaymentKind = lazySchema(() => z.enum(['checkout', 'repeat', 'directdebit']));
export type PaymentKind = z.infer<typeof ZPaymentKind>;

/** The card brands of the product's method list: all paid through the PSP's `creditcard` method. */
export const CARD_METHODS: readonly PaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi'];

/** Discount kinds: a typed code, the welcome discount (first purchase) or the time bonus (TIMEBONUS25). */
export const ZDiscountKind = lazySchema(() => z.enum(['code', 'welcome', 'time_bonus']));
export type DiscountKind = z.infer<typeof ZDiscountKind>;

export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_SECONDS = 14_400;
export const WELCOME_CODE = 'WELCOME25';
/** The welcome discount is offered for this long after sign-up (time-limited, first purchase only). */
export const WELCOME_DAYS = 7;
/** SMS code of the direct-debit form: 6 digits, valid this long, at most this many tries. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_CODE_MAX_TRIES = 5;

export const PAYMENT_ERROR_CODES = [
  'package_unknown',
  'method_unknown',
  'method_not_offered',
  'issuer_unknown',
  'tryout_not_available',
  'discount_code_not_found',
  'discount_code_used',
  'discount_code_wrong_country',
  'discount_code_minimum',
  'discount_in_use',
  'tryout_in_use',
  'time_bonus_expired',
  'payment_not_found',
  'payment_failed',
  'card_payment_failed',
  'no_saved_card',
  'account_holder_invalid',
  'iban_invalid',
  'phone_invalid',
  'consent_required',
  'direct_debit_blocked',
  'direct_debit_limit',
  'sms_code_invalid',
  'sms_code_expired',
  'sms_unavailable',
  'sms_too_many',
  'direct_debit_not_pending',
  'psp_unavailable',
  'refund_already_done',
  'refund_not_paid',
  'refund_credits_spent',
  'refund_psp_refused',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

// ---- helpers (pure, shared by server and screens) -------------------------------------------------

/** `amount` minor units after `percentage` off, rounded half up to a whole minor unit. */
export function discountedAmount(amount: number, percentage: number): number {
  return Math.floor((amount * (100 - percentage) + 50) / 100);
}

/** Price of one credit in minor units (display only; may have decimals). */
export function pricePerCredit(amount: number, credits: number): number {
  return credits > 0 ? Math.round((amount / credits) * 100) / 100 : 0;
}

/** Minor units -> a localized price, e.g. formatAmount(1995, 'EUR', 'nl') = '€ 19,95'. */
export function formatAmount(amount: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
}

/** IBAN checksum (ISO 13616 mod 97) on a normalised IBAN (upper case, no spaces). */
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

/** The page the PSP sends the member back to after the hosted checkout (the result states). */
export function paymentResultPath(paymentId: number, pkg: PackageId, method: PaymentMethod): string {
  return `/credits/${pkg}/${method}?payment_id=${paymentId}`;
}

// ---- GET /api/credits.php ------------------------------------------------------------------------

/**
 * `?country=` only counts when logged out (/pricing): a member's payment country is their
 * profile's. `?discount_code=` previews the packages with that code (its errors as discountcode.php).
 */
export const ZCreditsQuery = lazySchema(() =>
  z.looseObject({
    country: z.optional(z.string().check(z.minLength(2), z.maxLength(2))),
    discount_code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  }),
);
export type CreditsQuery = z.infer<typeof ZCreditsQuery>;

/** The discount that applies (a typed code, else the time bonus, else the welcome discount). */
export const ZAppliedDiscount = lazySchema(() =>
  z.object({
    code: z.string(),
    percentage: z.number().check(z.int(), z.gte(1), z.lte(100)),
    kind: ZDiscountKind,
    /** ISO timestamp when the discount ends (time bonus, welcome discount), null for codes without end */
    expires: z.nullable(z.string()),
  }),
);
export type AppliedDiscount = z.infer<typeof ZAppliedDiscount>;

export const ZCreditPackage = lazySchema(() =>
  z.object({
    id: ZPackageId,
    credits: z.number().check(z.int(), z.positive()),
    /** what the member pays, minor units, discount applied */
    amount: z.number().check(z.int(), z.positive()),
    /** the price before the discount (== amount without one): the old price of the discount ribbon */
    original_amount: z.number().check(z.int(), z.positive()),
    currency: ZCurrency,
    /** 'popular' ribbon */
    popular: z.boolean(),
    tryout: z.boolean(),
    /** the discount applied to this package, null when none applies (e.g. below its minimum order value) */
    discount: z.nullable(ZAppliedDiscount),
  }),
);
export type CreditPackage = z.infer<typeof ZCreditPackage>;

export const ZIssuer = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
export type Issuer = z.infer<typeof ZIssuer>;

export const ZOfferedMethod = lazySchema(() =>
  z.object({
    id: ZPaymentMethod,
    /** brand name as the PSP shows it (not translated: 'iDEAL', 'Visa', ...) */
    name: z.string(),
    /** banks/issuers to choose from (iDEAL, EPS ...); absent when the method has no choice */
    issuers: z.optional(z.array(ZIssuer)),
  }),
);
export type OfferedMethod = z.infer<typeof ZOfferedMethod>;

export const ZSavedCard = lazySchema(() => z.object({ label: z.string(), last4: z.string(), expires: z.nullable(z.string()) }));
export type SavedCard = z.infer<typeof ZSavedCard>;

export const ZCreditsResponse = lazySchema(() =>
  z.object({
    country: ZCountry,
    currency: ZCurrency,
    packages: z.array(ZCreditPackage),
    /** methods for the payment country that the PSP offers now; empty when logged out */
    methods: z.array(ZOfferedMethod),
    /** the discount that applies to the packages (also null when logged out) */
    discount: z.nullable(ZAppliedDiscount),
    /** card of an earlier card payment, for /credits/repeat-order; null when there is none */
    saved_card: z.nullable(ZSavedCard),
    /** SEPA direct debit (/directdebit) possible for this member (EUR countries) */
    direct_debit: z.boolean(),
    /** days within which a purchase can be refunded (site setting refund_days) */
    refund_days: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type CreditsResponse = z.infer<typeof ZCreditsResponse>;

// ---- POST /api/payment.php, GET /api/payment.php?id --------------------------------------------

/** `discount_code` given: that code (or its error); omitted: the active discount, if any. */
export const ZPaymentRequest = lazySchema(() =>
  z.strictObject({
    package: ZPackageId,
    method: ZPaymentMethodInput,
    issuer: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
    discount_code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  }),
);
export type PaymentRequest = z.infer<typeof ZPaymentRequest>;

export const ZPaymentCreated = lazySchema(() =>
  z.object({
    payment_id: z.number().check(z.int(), z.positive()),
    /** the PSP's hosted checkout: send the browser there */
    checkout_url: z.string(),
    amount: z.number().check(z.int(), z.positive()),
    currency: ZCurrency,
    discount: z.nullable(ZAppliedDiscount),
  }),
);
export type PaymentCreated = z.infer<typeof ZPaymentCreated>;

export const ZPaymentQuery = lazySchema(() => z.object({ id: ZRowId }));

export const ZPayment = lazySchema(() =>
  z.object({
    id: z.number().check(z.int(), z.positive()),
    status: ZPaymentStatus,
    amount: z.number().check(z.int(), z.positive()),
    currency: ZCurrency,
    package: ZPackageId,
    /** the package's credits (what the buy page calls it: "25 credits"), also before it is paid */
    package_credits: z.number().check(z.int(), z.positive()),
    method: ZPaymentMethod,
    kind: ZPaymentKind,
    /** credits added to the balance: present once the payment is paid and credited */
    credits: z.optional(z.number().check(z.int(), z.positive())),
    discount: z.nullable(z.object({ code: z.string(), percentage: z.number().check(z.int()) })),
    created_at: z.string(),
    paid_at: z.nullable(z.string()),
  }),
);
export type Payment = z.infer<typeof ZPayment>;

// ---- POST /api/repeat-order.php ------------------------------------------------------------------

/** Buy `package` again on the saved card (a recurring payment on the card mandate). */
export const ZRepeatOrderRequest = lazySchema(() => z.strictObject({ package: ZPackageId }));
export type RepeatOrderRequest = z.infer<typeof ZRepeatOrderRequest>;
/** The payment starts `pending`; poll GET /api/payment.php?id for paid / failed. */
export const ZRepeatOrderResponse = lazySchema(() => z.object({ payment: ZPayment }));

// ---- POST /api/directdebit.php -------------------------------------------------------------------

const text = (max: number, code: PaymentErrorCode) =>
  z.string({ error: code }).check(z.trim(), z.minLength(1, { error: code }), z.maxLength(max, { error: code }));

/** Step 1: the form. Answer: the SMS code went to `phone` (masked in the answer). */
export const ZDirectDebitStart = lazySchema(() =>
  z.strictObject({
    account_holder: text(70, 'account_holder_invalid'),
    iban: z
      .pipe(
        z.string({ error: 'iban_invalid' }),
        z.transform((v) => v.replace(/\s+/g, '').toUpperCase()),
      )
      .check(z.refine(isValidIban, { error: 'iban_invalid' })),
    phone: z
      .string({ error: 'phone_invalid' })
      .check(
        z.trim(),
        z.minLength(6, { error: 'phone_invalid' }),
        z.maxLength(20, { error: 'phone_invalid' }),
        z.regex(/^[+\d][\d\s().-]*$/, { error: 'phone_invalid' }),
      ),
    package: ZPackageId,
    consent: z.literal(true, { error: 'consent_required' }),
  }),
);
export type DirectDebitStart = z.infer<typeof ZDirectDebitStart>;

/** Step 2: the SMS code; continues the member's pending request. */
export const ZDirectDebitConfirm = lazySchema(() =>
  z.strictObject({
    otp: z.string({ error: 'sms_code_invalid' }).check(z.trim(), z.regex(/^\d{6}$/, { error: 'sms_code_invalid' })),
  }),
);
export type DirectDebitConfirm = z.infer<typeof ZDirectDebitConfirm>;

export const ZDirectDebitRequest = lazySchema(() => z.union([ZDirectDebitConfirm, ZDirectDebitStart]));

export const ZDirectDebitStarted = lazySchema(() =>
  z.object({
    step: z.literal('otp'),
    /** '+31 6** *** *78' */
    phone: z.string(),
    /** ISO timestamp when the SMS code stops working */
    expires: z.string(),
    amount: z.number().check(z.int(), z.positive()),
    currency: ZCurrency,
  }),
);
export const ZDirectDebitConfirmed = lazySchema(() => z.object({ step: z.literal('done'), payment: ZPayment }));
export const ZDirectDebitResponse = lazySchema(() => z.union([ZDirectDebitStarted, ZDirectDebitConfirmed]));
export type DirectDebitResponse = z.infer<typeof ZDirectDebitResponse>;

// ---- GET /api/transactions.php -------------------------------------------------------------------

export const ZCreditUsage = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    /** + added, - spent */
    delta: z.number().check(z.int()),
    balance_after: z.number().check(z.int(), z.nonnegative()),
    /** purchase, message, gift, photo, signup_bonus, refund, admin ... */
    reason: z.string(),
    /** the payment of a purchase */
    payment_id: z.nullable(z.number().check(z.int())),
    created_at: z.string(),
  }),
);
export type CreditUsage = z.infer<typeof ZCreditUsage>;

export const ZTransactionsResponse = lazySchema(() => z.object({ payments: z.array(ZPayment), usage: z.array(ZCreditUsage) }));
export type TransactionsResponse = z.infer<typeof ZTransactionsResponse>;

// ---- back office (staff only): /api/backoffice/payments/* ---------------------------------------

export const ZBlockedKind = lazySchema(() => z.enum(['iban', 'phone']));
export const ZBlockedAccount = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    kind: ZBlockedKind,
    /** IBAN upper case without spaces, phone E.164 */
    value: z.string(),
    note: z.nullable(z.string()),
    created_at: z.string(),
  }),
);
export type BlockedAccount = z.infer<typeof ZBlockedAccount>;
export const ZBlockedList = lazySchema(() => z.object({ blocked: z.array(ZBlockedAccount) }));
/** POST: an IBAN must pass the checksum, a phone must be E.164 (+31612345678). */
export const ZBlockedCreate = lazySchema(() =>
  z.strictObject({
    kind: ZBlockedKind,
    value: z.string().check(z.trim(), z.minLength(6), z.maxLength(40)),
    note: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  }),
);
export const ZIdBody = lazySchema(() => z.strictObject({ id: ZRowId }));

export const ZAdminDiscountCode = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    code: z.string(),
    kind: ZDiscountKind,
    percentage: z.number().check(z.int()),
    minimum_order_value: z.number().check(z.int()),
    country: z.nullable(z.string()),
    active: z.boolean(),
    valid_until: z.nullable(z.string()),
    uses: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type AdminDiscountCode = z.infer<typeof ZAdminDiscountCode>;
export const ZAdminDiscountCodes = lazySchema(() => z.object({ codes: z.array(ZAdminDiscountCode) }));
export const ZDiscountCodeCreate = lazySchema(() =>
  z.strictObject({
    code: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,32}$/)),
    // at most 99: a free package cannot go through the PSP (a payment is at least one cent)
    percentage: z.number().check(z.int(), z.gte(1), z.lte(99)),
    minimum_order_value: z._default(z.number().check(z.int(), z.gte(0), z.lte(10_000_000)), 0),
    country: z.optional(z.nullable(ZCountry)),
    valid_until: z.optional(z.nullable(z.iso.datetime())),
  }),
);
export type DiscountCodeCreate = z.infer<typeof ZDiscountCodeCreate>;
export const ZDiscountCodeUpdate = lazySchema(() => z.strictObject({ id: ZRowId, active: z.boolean() }));

export const ZAdminPayment = lazySchema(() =>
  z.extend(ZPayment, {
    user_id: z.number().check(z.int()),
    user_email: z.string(),
    psp_id: z.nullable(z.string()),
    country: z.string(),
    refunded_at: z.nullable(z.string()),
    refund_psp_id: z.nullable(z.string()),
  }),
);
export type AdminPayment = z.infer<typeof ZAdminPayment>;
export const ZAdminPaymentsQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
    /** a member's e-mail (part of it), a member id, an order id or the PSP's id */
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    status: z.optional(z.enum([...PAYMENT_STATUSES, 'refunded'])),
  }),
);
export type AdminPaymentsQuery = z.infer<typeof ZAdminPaymentsQuery>;
export const ZAdminPayments = lazySchema(() =>
  z.object({
    payments: z.array(ZAdminPayment),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type AdminPayments = z.infer<typeof ZAdminPayments>;
/** POST /api/backoffice/payments/refund: the payment back to the member, its credits off the balance. */
export const ZRefundRequest = lazySchema(() => z.strictObject({ id: ZRowId }));
export const ZRefundResult = lazySchema(() =>
  z.object({
    payment: ZAdminPayment,
    credits_taken: z.number().check(z.int(), z.positive()),
    balance: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type RefundResult = z.infer<typeof ZRefundResult>;
/** GET /api/backoffice/payments/codes/:id/uses: who used a code, when, on which order. */
export const ZDiscountCodeUse = lazySchema(() =>
  z.object({
    user_id: z.number().check(z.int()),
    user_email: z.string(),
    payment_id: z.nullable(z.number().check(z.int())),
    used_at: z.string(),
  }),
);
export const ZDiscountCodeUses = lazySchema(() => z.object({ uses: z.array(ZDiscountCodeUse) }));
export type DiscountCodeUse = z.infer<typeof ZDiscountCodeUse>;
