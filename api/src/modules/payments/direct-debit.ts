/**
 * SEPA direct debit (/directdebit): step 1 checks the form (IBAN checksum, consent), the blocked
 * IBANs and phone numbers and the member's direct-debit limit, and sends a random 6-digit code by
 * SMS; step 2 `{otp}` checks the code (expires after SMS_CODE_TTL_SECONDS, single use, at most
 * SMS_CODE_MAX_TRIES tries), then creates the SEPA mandate at the PSP and a recurring payment on
 * it. Credits follow when the PSP reports the payment paid (webhook), like every purchase.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  SMS_CODE_LENGTH, SMS_CODE_MAX_TRIES, SMS_CODE_TTL_SECONDS, ZDirectDebitConfirm, ZDirectDebitStart,
} from '@dating/shared-kit/contracts';
import type { Country, DirectDebitResponse, DirectDebitStart } from '@dating/shared-kit/contracts';
import { blockedPaymentAccounts, directDebitRequests, payments, pspMandates, smsCodes } from '../../db/schema';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { requireUser } from '../../platform/session';
import { queueSms } from '../../platform/sms';
import { activeDiscount } from './discounts';
import type { Discount } from './discounts';
import { DIRECT_DEBIT_LIMIT_CENTS, DIRECT_DEBIT_STARTS_PER_HOUR, DIRECT_DEBIT_WINDOW_DAYS } from './pricing';
import { parseInput } from './parse';
import { createAtPsp, customerOf, memberOf, priceFor, pspFailure, toPayment } from './service';
import type { Ctx } from './service';

const CALLING_CODES: Record<Country, string> = {
  NL: '31', BE: '32', FR: '33', IT: '39', ES: '34', DE: '49', AT: '43', IE: '353', GB: '44', CH: '41', PL: '48', US: '1', CA: '1', AU: '61', NZ: '64',
};

/** A phone number as E.164 (+31612345678), read in the member's country; null when it is none. */
export function normalizePhone(raw: string, country: Country): string | null {
  let n = raw.replace(/[\s().-]/g, '');
  if (n.startsWith('00')) n = `+${n.slice(2)}`;
  else if (n.startsWith('0')) n = `+${CALLING_CODES[country]}${n.slice(1)}`;
  else if (!n.startsWith('+')) n = `+${CALLING_CODES[country]}${n}`;
  return /^\+[1-9]\d{7,14}$/.test(n) ? n : null;
}

/** '+31 6** *** *78': enough for the member to recognise, not enough to read off a screen. */
export function maskPhone(e164: string): string {
  return `${e164.slice(0, 3)} ${e164.slice(3, 4)}${'*'.repeat(Math.max(0, e164.length - 6))}${e164.slice(-2)}`;
}

const hashCode = (id: number, code: string) => crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');

async function assertNotBlocked(ctx: Ctx, iban: string, phone: string): Promise<void> {
  const [hit] = await ctx.app.db
    .select({ id: blockedPaymentAccounts.id })
    .from(blockedPaymentAccounts)
    .where(or(and(eq(blockedPaymentAccounts.kind, 'iban'), eq(blockedPaymentAccounts.value, iban)), and(eq(blockedPaymentAccounts.kind, 'phone'), eq(blockedPaymentAccounts.value, phone))))
    .limit(1);
  if (hit) throw new AppError('direct_debit_blocked');
}

/** Open, pending and paid direct debits of the last DIRECT_DEBIT_WINDOW_DAYS plus this one stay within the limit. */
async function assertWithinLimit(ctx: Ctx, userId: number, amount: number): Promise<void> {
  const since = new Date(Date.now() - DIRECT_DEBIT_WINDOW_DAYS * 24 * 3600 * 1000);
  const [row] = await ctx.app.db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'directdebit'), gte(payments.createdAt, since), inArray(payments.status, ['open', 'pending', 'authorized', 'paid'])));
  if (Number(row?.total ?? 0) + amount > DIRECT_DEBIT_LIMIT_CENTS) throw new AppError('direct_debit_limit');
}

async function start(ctx: Ctx, form: DirectDebitStart): Promise<DirectDebitResponse> {
  const user = requireUser(ctx.req);
  const member = await memberOf(ctx.app, user);
  if (form.package === 'tryout') throw new AppError('tryout_not_available', { field: 'package' });
  const priced = priceFor(ctx.req.site.settings, member, form.package, await activeDiscount(ctx.app.db, member));
  if (priced.currency !== 'EUR') throw new AppError('method_not_offered', { field: 'method' });
  const phone = normalizePhone(form.phone, member.country);
  if (!phone) throw new AppError('phone_invalid', { field: 'phone' });
  await assertNotBlocked(ctx, form.iban, phone);
  await assertWithinLimit(ctx, user.id, priced.amount);
  const [recent] = await ctx.app.db
    .select({ n: sql<string>`count(*)` })
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, user.id), eq(smsCodes.purpose, 'directdebit'), gte(smsCodes.createdAt, new Date(Date.now() - 3600_000))));
  if (Number(recent?.n ?? 0) >= DIRECT_DEBIT_STARTS_PER_HOUR) throw new AppError('sms_too_many');

  const code = String(crypto.randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const expires = new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000);
  await ctx.app.withTx(async (tx) => {
    // a new form replaces any request still waiting for its code
    await tx.update(directDebitRequests).set({ status: 'replaced' }).where(and(eq(directDebitRequests.userId, user.id), eq(directDebitRequests.status, 'pending')));
    const [sms] = await tx.insert(smsCodes).values({ userId: user.id, purpose: 'directdebit', codeHash: 'pending', expiresAt: expires }).returning({ id: smsCodes.id });
    if (!sms) throw new AppError('internal', { status: 500 });
    await tx.update(smsCodes).set({ codeHash: hashCode(sms.id, code) }).where(eq(smsCodes.id, sms.id));
    await tx.insert(directDebitRequests).values({
      userId: user.id, smsCodeId: sms.id, package: form.package, amount: priced.amount, originalAmount: priced.originalAmount, currency: priced.currency,
      discountCodeId: priced.discount?.id ?? null, accountHolder: form.account_holder, iban: form.iban, street: form.street,
      houseNumber: form.house_number, zip: form.zip, city: form.city, phone,
    });
    await queueSms(tx, { to: phone, text: t('sms_direct_debit_code', ctx.req.lang, { code }), kind: 'directdebit_code', userId: user.id });
  });
  return { step: 'otp', phone: maskPhone(phone), expires: expires.toISOString(), amount: priced.amount, currency: priced.currency };
}

async function confirm(ctx: Ctx, otp: string): Promise<DirectDebitResponse> {
  const user = requireUser(ctx.req);
  const [request] = await ctx.app.db
    .select()
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.userId, user.id), eq(directDebitRequests.status, 'pending')))
    .orderBy(desc(directDebitRequests.createdAt))
    .limit(1);
  if (!request) throw new AppError('direct_debit_not_pending');
  const [code] = await ctx.app.db.select().from(smsCodes).where(eq(smsCodes.id, request.smsCodeId));
  if (!code || code.usedAt) throw new AppError('direct_debit_not_pending');
  if (code.expiresAt <= new Date()) throw new AppError('sms_code_expired', { field: 'otp' });
  if (code.attempts >= SMS_CODE_MAX_TRIES) throw new AppError('sms_code_invalid', { field: 'otp' });
  const given = Buffer.from(hashCode(code.id, otp));
  const right = given.length === Buffer.from(code.codeHash).length && crypto.timingSafeEqual(given, Buffer.from(code.codeHash));
  // one conditional update: a try counts even when two arrive at once; the right code is used once
  const [claimed] = await ctx.app.db
    .update(smsCodes)
    .set(right ? { usedAt: new Date(), attempts: sql`${smsCodes.attempts} + 1` } : { attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, code.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, SMS_CODE_MAX_TRIES)))
    .returning();
  if (!right || !claimed) throw new AppError('sms_code_invalid', { field: 'otp' });
  await ctx.app.db.update(directDebitRequests).set({ status: 'confirmed' }).where(eq(directDebitRequests.id, request.id));

  const member = await memberOf(ctx.app, user);
  // the rules again: the list or the limit may have changed since step 1
  await assertNotBlocked(ctx, request.iban, request.phone);
  await assertWithinLimit(ctx, user.id, request.amount);
  let mandateId: string;
  let customerId: string;
  try {
    const client = await ctx.psp.client();
    customerId = await customerOf(ctx, client, user);
    const mandate = await client.customerMandates.create({
      customerId, method: 'directdebit' as never, consumerName: request.accountHolder, consumerAccount: request.iban,
      signatureDate: new Date().toISOString().slice(0, 10), mandateReference: `DD-${request.id}`, idempotencyKey: `mandate-dd-${request.id}`,
    } as never);
    mandateId = mandate.id;
    await ctx.app.db
      .insert(pspMandates)
      .values({ id: mandate.id, userId: user.id, customerId, method: 'directdebit', status: mandate.status, label: 'SEPA', last4: request.iban.slice(-4), expires: null })
      .onConflictDoNothing();
  } catch (err) {
    throw pspFailure(ctx, err);
  }
  const discount: Discount | null = await activeDiscount(ctx.app.db, member);
  const { row } = await createAtPsp(ctx, { user, member, kind: 'directdebit', pkg: request.package as DirectDebitStart['package'], method: 'sdd', discount, sequenceType: 'recurring', customerId, mandateId });
  await ctx.app.db.update(directDebitRequests).set({ paymentId: row.id }).where(eq(directDebitRequests.id, request.id));
  return { step: 'done', payment: toPayment(row) };
}

/** POST /api/directdebit.php: `{otp}` is step 2, anything else is the form of step 1. */
export async function directDebit(ctx: Ctx, body: unknown): Promise<DirectDebitResponse> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if ('otp' in b) return confirm(ctx, parseInput(ZDirectDebitConfirm, b).otp);
  return start(ctx, parseInput(ZDirectDebitStart, b));
}
