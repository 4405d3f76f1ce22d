/**
 * Credits, payments, repeat orders and the transactions list. Amounts are computed here
 * only, from the package, the member's payment country (their profile's country) and the discount.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FINAL_PAYMENT_STATUSES, formatAmount, paymentResultPath } from '@dating/shared-kit/contracts';
import type {
  Country,
  CreditPackage,
  Currency,
  CreditsQuery,
  CreditsResponse,
  Payment,
  PaymentCreated,
  PaymentKind,
  PaymentMethod,
  PaymentRequest,
  PackageId,
  Settings,
  TransactionsResponse,
} from '@dating/shared-kit/contracts';
import { creditLedger, payments, profiles, pspCustomers, pspMandates } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUser } from '../../platform/session';
import type { UserRow } from '../../platform/session';
import type { SmsSender } from '../../platform/sms';
import type { Tx } from '../../db/client';
import { linkBase } from '../../platform/mail-links';
import { activeDiscount, assertApplies, checkCode, price, wireDiscount } from './discounts';
import type { Discount, Member } from './discounts';
import { isCard, offeredMethods, PSP_METHOD } from './methods';
import type { OfferCache } from './methods';
import { currencyOf, isCountry, MIN_ORDER_AMOUNT, PACKAGES, packageDef, sitePriceOf } from './pricing';
import type { MollieClient, MolliePayment, Psp } from './psp';
import { isMollieApiError } from './psp';
import { lockMemberPayments, reserveHolds } from './holds';
import { claimPspCheck } from './psp-poll';
import { syncReversals } from './reversals';
import { applyPspPayment, rememberMandate } from './sync';
import type { PaymentRow } from './sync';

export interface Ctx {
  app: FastifyInstance;
  psp: Psp;
  offer: OfferCache;
  /** the SMS codes of direct debit (platform/sms.ts) */
  sms: SmsSender;
  req: FastifyRequest;
}

const LOCALES = { nl: 'nl_NL', en: 'en_US', de: 'de_DE', es: 'es_ES', fr: 'fr_FR', it: 'it_IT', pl: 'pl_PL' } as const;

/** A PSP failure as the member sees it: 502 'try later' (logged), never a 500 with details. */
export function pspFailure(ctx: Ctx, err: unknown): AppError {
  if (err instanceof AppError) return err;
  ctx.req.log.error({ err }, 'PSP call failed');
  return new AppError('psp_unavailable', { status: 502 });
}

export async function memberOf(app: FastifyInstance, user: UserRow): Promise<Member> {
  const [profile] = await app.db.select({ country: profiles.country }).from(profiles).where(eq(profiles.userId, user.id));
  const country = profile && isCountry(profile.country) ? profile.country : 'NL';
  return { id: user.id, paidUser: user.paidUser, signupAt: user.signupAt, country };
}

/** Has the member ever had a paid purchase? (the try-out package is for the first one only) */
async function hasPaid(app: FastifyInstance, userId: number): Promise<boolean> {
  const [row] = await app.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
    .limit(1);
  return Boolean(row);
}

async function savedCard(app: FastifyInstance, userId: number) {
  const [m] = await app.db
    .select()
    .from(pspMandates)
    .where(and(eq(pspMandates.userId, userId), eq(pspMandates.method, 'creditcard'), eq(pspMandates.status, 'valid')))
    .orderBy(desc(pspMandates.createdAt))
    .limit(1);
  return m ?? null;
}

function packagesFor(settings: Settings, country: Country, discount: Discount | null, withTryout: boolean): CreditPackage[] {
  const currency = currencyOf(country);
  return PACKAGES.filter((p) => withTryout || !p.tryout).map((p) => {
    const priced = price(sitePriceOf(settings, country, p.id), p.id, discount);
    return {
      id: p.id,
      credits: p.credits,
      amount: priced.amount,
      original_amount: priced.originalAmount,
      currency,
      popular: p.popular,
      tryout: p.tryout,
      discount: wireDiscount(priced.discount),
    };
  });
}

/** GET /api/credits.php */
export async function creditsOverview(ctx: Ctx, query: CreditsQuery): Promise<CreditsResponse> {
  const { app, req } = ctx;
  const refundDays = req.site.settings.refund_days;
  if (!req.user) {
    const asked = query.country?.toUpperCase();
    const fallback = req.site.settings.countries.find(isCountry) ?? 'NL';
    const country: Country = isCountry(asked) ? asked : fallback;
    const currency = currencyOf(country);
    const discount = query.discount_code ? await checkCode(app.db, query.discount_code, null, country) : null;
    return {
      country,
      currency,
      packages: packagesFor(req.site.settings, country, discount, true),
      methods: [],
      discount: wireDiscount(discount),
      saved_card: null,
      direct_debit: false,
      refund_days: refundDays,
    };
  }
  const member = await memberOf(app, req.user);
  const currency = currencyOf(member.country);
  const discount = query.discount_code
    ? await checkCode(app.db, query.discount_code, member, member.country)
    : await activeDiscount(app.db, member);
  const [methods, card, paid] = await Promise.all([
    offeredMethods(ctx.offer, member.country, currency).then(
      // direct debit confirms by an SMS code: not offered where no code can reach a phone
      (offered) => (ctx.sms.delivers ? offered : offered.filter((m) => m.id !== 'sdd')),
      (err: unknown) => {
        throw pspFailure(ctx, err);
      },
    ),
    savedCard(app, member.id),
    hasPaid(app, member.id),
  ]);
  return {
    country: member.country,
    currency,
    packages: packagesFor(req.site.settings, member.country, discount, !paid),
    methods,
    discount: wireDiscount(discount),
    saved_card: card ? { label: card.label, last4: card.last4, expires: card.expires } : null,
    direct_debit: currency === 'EUR' && methods.some((m) => m.id === 'sdd'),
    refund_days: refundDays,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The PSP customer of a member, made once, at first need, and stored for reuse. Its create carries
 * the Idempotency-Key `customer-<member>`, so two requests racing make one customer; while the
 * first is still being made the PSP answers the second 409 (Mollie's rule for a key in progress):
 * that one waits, reads the stored customer or asks again with the same key, which then replays
 * the first's answer. Two card payments started at once by a new member both go through.
 */
export async function customerOf(ctx: Pick<Ctx, 'app'>, client: MollieClient, user: UserRow): Promise<string> {
  const stored = async () => (await ctx.app.db.select().from(pspCustomers).where(eq(pspCustomers.userId, user.id)))[0]?.customerId;
  for (let attempt = 0; ; attempt += 1) {
    const known = await stored();
    if (known) return known;
    try {
      const customer = await client.customers.create({
        name: `member ${user.id}`,
        email: user.email,
        metadata: { user_id: user.id },
        idempotencyKey: `customer-${user.id}`,
      } as never);
      await ctx.app.db.insert(pspCustomers).values({ userId: user.id, customerId: customer.id }).onConflictDoNothing();
      return (await stored()) ?? customer.id;
    } catch (err) {
      if (!(isMollieApiError(err) && err.statusCode === 409) || attempt >= 20) throw err;
      await pause(50 + attempt * 50);
    }
  }
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    status: row.status as Payment['status'],
    amount: row.amount,
    currency: row.currency as Payment['currency'],
    package: row.package as PackageId,
    package_credits: row.credits,
    method: row.method as PaymentMethod,
    kind: row.kind as PaymentKind,
    ...(row.creditedAt ? { credits: row.credits } : {}),
    discount: row.discountCode && row.discountPercentage ? { code: row.discountCode, percentage: row.discountPercentage } : null,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** What a payment costs: made by priceFor, or for direct debit the amount the member confirmed by SMS. */
export interface PaymentPrice {
  currency: Currency;
  amount: number;
  originalAmount: number;
  discount: Pick<Discount, 'id' | 'code' | 'percentage'> | null;
}

export interface NewPayment {
  user: UserRow;
  member: Member;
  kind: PaymentKind;
  pkg: PackageId;
  method: PaymentMethod;
  issuer?: string;
  price: PaymentPrice;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  /** checks that must see the member's other payments, run under the member's lock in the insert's transaction (the direct-debit limit) */
  guard?: (tx: Tx) => Promise<void>;
  /** the PSP's customer and mandate, made once our row (and its holds) stand */
  references?: () => Promise<{ customerId?: string; mandateId?: string }>;
}

/** The price of a package for a member, discount applied: the only place an amount is made. */
export function priceFor(settings: Settings, member: Member, pkg: PackageId, discount: Discount | null) {
  const currency = currencyOf(member.country);
  return { currency, ...price(sitePriceOf(settings, member.country, pkg), pkg, discount) };
}

/**
 * Write our payment row with its holds (holds.ts) in one transaction under the member's payment
 * lock, then create it at the PSP (Idempotency-Key `payment-<id>`: a retried create never makes
 * two), then store the PSP's id. A PSP refusal leaves nothing behind: the row goes, and its holds
 * with it.
 */
export async function createAtPsp(ctx: Ctx, p: NewPayment): Promise<{ row: PaymentRow; checkoutUrl: string | null }> {
  const { app, req } = ctx;
  const priced = p.price;
  // the last guard, below the 99 % cap on new codes: whatever a discount makes of a price (a 100 %
  // code in the table, 99 % off a site price of 1 cent), no order is made for less than 1 cent
  if (priced.amount < MIN_ORDER_AMOUNT) {
    throw new AppError('order_amount_too_low', {
      field: 'discount_code',
      params: { amount: formatAmount(MIN_ORDER_AMOUNT, priced.currency, req.lang) },
    });
  }
  const credits = packageDef(p.pkg).credits;
  const row = await app.withTx(async (tx) => {
    await lockMemberPayments(tx, p.user.id);
    await p.guard?.(tx);
    const [inserted] = await tx
      .insert(payments)
      .values({
        userId: p.user.id,
        siteId: req.site.id,
        kind: p.kind,
        package: p.pkg,
        method: p.method,
        issuer: p.issuer ?? null,
        sequenceType: p.sequenceType,
        amount: priced.amount,
        originalAmount: priced.originalAmount,
        currency: priced.currency,
        country: p.member.country,
        credits,
        discountCodeId: priced.discount?.id ?? null,
        discountCode: priced.discount?.code ?? null,
        discountPercentage: priced.discount?.percentage ?? null,
      })
      .returning();
    if (!inserted) throw new AppError('internal', { status: 500 });
    await reserveHolds(tx, p.user.id, inserted.id, p.pkg, priced.discount?.id ?? null);
    return inserted;
  });
  try {
    const { customerId, mandateId } = p.references ? await p.references() : {};
    const client = await ctx.psp.client();
    const base = linkBase(req.site, app.config);
    const created = await client.payments.create({
      amount: { value: (priced.amount / 100).toFixed(2), currency: priced.currency },
      description: `${req.site.settings.name}: ${credits} credits (#${row.id})`,
      ...(p.sequenceType === 'recurring' ? {} : { redirectUrl: `${base}${paymentResultPath(row.id, p.pkg, p.method)}` }),
      webhookUrl: ctx.psp.webhookUrl(base),
      method: PSP_METHOD[p.method] as never,
      ...(p.issuer ? { issuer: p.issuer } : {}),
      locale: LOCALES[req.lang] as never,
      metadata: { payment_id: row.id, user_id: p.user.id },
      sequenceType: p.sequenceType as never,
      ...(customerId ? { customerId } : {}),
      ...(mandateId ? { mandateId } : {}),
      idempotencyKey: `payment-${row.id}`,
    });
    const checkoutUrl = created.getCheckoutUrl();
    const [stored] = await app.db
      .update(payments)
      .set({ pspId: created.id, checkoutUrl, status: created.status, updatedAt: new Date(), ...(mandateId ? { mandateId } : {}) })
      .where(eq(payments.id, row.id))
      .returning();
    return { row: stored ?? row, checkoutUrl };
  } catch (err) {
    await app.db.delete(payments).where(eq(payments.id, row.id));
    if (isMollieApiError(err) && err.field === 'method') throw new AppError('method_not_offered', { field: 'method' });
    if (isMollieApiError(err) && err.field === 'issuer') throw new AppError('issuer_unknown', { field: 'issuer' });
    throw pspFailure(ctx, err);
  }
}

/** POST /api/payment.php */
export async function startPayment(ctx: Ctx, body: PaymentRequest): Promise<PaymentCreated> {
  const user = requireUser(ctx.req);
  const member = await memberOf(ctx.app, user);
  const currency = currencyOf(member.country);
  if (body.package === 'tryout' && (await hasPaid(ctx.app, user.id))) throw new AppError('tryout_not_available', { field: 'package' });
  let offered;
  try {
    offered = await offeredMethods(ctx.offer, member.country, currency);
  } catch (err) {
    throw pspFailure(ctx, err);
  }
  const method = offered.find((m) => m.id === body.method);
  // SEPA direct debit has its own form (/directdebit): not a hosted checkout
  if (!method || body.method === 'sdd') throw new AppError('method_not_offered', { field: 'method' });
  if (body.issuer !== undefined && !method.issuers?.some((i) => i.id === body.issuer))
    throw new AppError('issuer_unknown', { field: 'issuer' });
  let discount: Discount | null;
  if (body.discount_code) {
    discount = await checkCode(ctx.app.db, body.discount_code, member, member.country);
    assertApplies(discount, body.package, sitePriceOf(ctx.req.site.settings, member.country, body.package), currency, ctx.req.lang);
  } else {
    discount = await activeDiscount(ctx.app.db, member);
  }
  const card = isCard(body.method);
  const { row, checkoutUrl } = await createAtPsp(ctx, {
    user,
    member,
    kind: 'checkout',
    pkg: body.package,
    method: body.method,
    issuer: body.issuer,
    price: priceFor(ctx.req.site.settings, member, body.package, discount),
    // a card payment starts a recurring sequence, so "buy again" can charge the card later
    sequenceType: card ? 'first' : 'oneoff',
    references: card ? async () => ({ customerId: await customerOf(ctx, await ctx.psp.client(), user) }) : undefined,
  });
  if (!checkoutUrl) throw new AppError('psp_unavailable', { status: 502 });
  return {
    payment_id: row.id,
    checkout_url: checkoutUrl,
    amount: row.amount,
    currency: row.currency as PaymentCreated['currency'],
    discount:
      row.discountCode && row.discountPercentage
        ? wireDiscount({
            id: 0,
            code: row.discountCode,
            percentage: row.discountPercentage,
            kind: discount?.kind ?? 'code',
            minimumOrderValue: 0,
            country: null,
            expires: discount?.expires ?? null,
          })
        : null,
  };
}

/** Fetch a payment from the PSP and apply it; then, for a paid first payment, remember its mandate. */
export async function syncFromPsp(ctx: Pick<Ctx, 'app' | 'psp'>, row: PaymentRow): Promise<PaymentRow> {
  if (!row.pspId) return row;
  const client = await ctx.psp.client();
  const fetched: MolliePayment = await client.payments.get(row.pspId);
  const { row: after, credited } = await applyPspPayment(ctx.app, row, fetched);
  if (credited && after.sequenceType === 'first' && after.mandateId && typeof fetched.customerId === 'string') {
    await rememberMandate(ctx.app, client, after, fetched.customerId).catch((err: unknown) =>
      ctx.app.log.error({ err, payment: after.id }, 'mandate not stored'),
    );
  }
  await syncReversals(ctx.app, client, after, fetched); // chargebacks and dashboard refunds (reversals.ts)
  return after;
}

/** GET /api/payment.php?id (owner only; someone else's id is a 404 like an unknown one). */
export async function paymentOf(ctx: Ctx, id: number): Promise<Payment> {
  const user = requireUser(ctx.req);
  const [row] = await ctx.app.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, user.id)));
  if (!row) throw new AppError('payment_not_found', { field: 'id' });
  // not final yet: ask the PSP (the result page may be faster than the webhook), at most once per few seconds (psp-poll.ts)
  if (!(FINAL_PAYMENT_STATUSES as readonly string[]).includes(row.status) && (await claimPspCheck(ctx.app.db, row.id))) {
    try {
      const synced: PaymentRow = await syncFromPsp(ctx, row);
      return toPayment(synced);
    } catch (err) {
      ctx.req.log.warn({ err, payment: row.id }, 'PSP status not fetched; answering the stored one');
    }
  }
  return toPayment(row);
}

/** POST /api/repeat-order.php: a recurring payment on the saved card's mandate. */
export async function repeatOrder(ctx: Ctx, pkg: PackageId): Promise<Payment> {
  const user = requireUser(ctx.req);
  const member = await memberOf(ctx.app, user);
  if (pkg === 'tryout') throw new AppError('tryout_not_available', { field: 'package' });
  const card = await savedCard(ctx.app, user.id);
  if (!card) throw new AppError('no_saved_card');
  const discount = await activeDiscount(ctx.app.db, member);
  const { row } = await createAtPsp(ctx, {
    user,
    member,
    kind: 'repeat',
    pkg,
    method: 'creditcard',
    price: priceFor(ctx.req.site.settings, member, pkg, discount),
    sequenceType: 'recurring',
    references: async () => ({ customerId: card.customerId, mandateId: card.id }),
  });
  return toPayment(row);
}

/** GET /api/transactions.php: the member's payments and credit usage, newest first. */
export async function transactionsOf(ctx: Ctx): Promise<TransactionsResponse> {
  const user = requireUser(ctx.req);
  const [rows, ledger] = await Promise.all([
    ctx.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), isNotNull(payments.pspId)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(100),
    ctx.app.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(200),
  ]);
  return {
    payments: rows.map(toPayment),
    usage: ledger.map((l) => ({
      id: l.id,
      delta: l.delta,
      balance_after: l.balanceAfter,
      reason: l.reason,
      payment_id: l.reason === 'purchase' && l.ref?.startsWith('payment:') ? Number(l.ref.slice(8)) : null,
      created_at: l.createdAt.toISOString(),
    })),
  };
}

/** POST /api/payment-webhook.php: `id` only; fetch from the PSP, act on that. Unknown ids: nothing. */
export async function handleWebhook(ctx: Pick<Ctx, 'app' | 'psp'>, id: unknown): Promise<void> {
  if (typeof id !== 'string' || !/^tr_[A-Za-z0-9]{1,64}$/.test(id)) return;
  const [row] = await ctx.app.db.select().from(payments).where(eq(payments.pspId, id));
  if (!row) return;
  // ended unpaid (failed, canceled, expired): nothing the PSP reports can change it, so a replayed
  // call costs one lookup; a paid one may have been charged back or refunded (reversals.ts)
  if (row.status !== 'paid' && (FINAL_PAYMENT_STATUSES as readonly string[]).includes(row.status)) return;
  try {
    await syncFromPsp(ctx, row);
  } catch (err) {
    // the PSP does not know it (404): nothing to do; anything else: let the PSP retry later
    if (isMollieApiError(err) && err.statusCode === 404) return;
    throw err;
  }
}
