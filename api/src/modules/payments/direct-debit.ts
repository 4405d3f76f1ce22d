/**
 * SEPA direct debit (/directdebit): step 1 checks the form (IBAN checksum, consent), the blocked
 * IBANs and phone numbers and the member's direct-debit limit, and sends a random 6-digit code by
 * SMS; step 2 `{otp}` checks the code (expires after SMS_CODE_TTL_SECONDS, single use, at most
 * SMS_CODE_MAX_TRIES tries), then creates the SEPA mandate at the PSP and a recurring payment on
 * it, for the amount the member confirmed (priced in step 1). Credits follow when the PSP reports
 * the payment paid (webhook), like every purchase.
 *
 * Races: a form and the payment insert run under the member's payment lock (holds.ts), so one
 * request waits for a code at a time and the limit is checked against every other direct debit;
 * a code confirms only a request still pending (one conditional update). Phone numbers are read
 * and compared as E.164 (phone.ts). No address is asked for: the mandate needs none.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  ZDirectDebitConfirm,
  ZDirectDebitStart,
} from '@dating/shared-kit/contracts';
import type { Currency, DirectDebitResponse, DirectDebitStart } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { blockedPaymentAccounts, directDebitRequests, payments, pspMandates, smsCodes } from '../../db/schema';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { requireUser } from '../../platform/session';
import { activeDiscount } from './discounts';
import { discountHeld, lockMemberPayments } from './holds';
import { DIRECT_DEBIT_LIMIT_CENTS, DIRECT_DEBIT_STARTS_PER_HOUR, DIRECT_DEBIT_WINDOW_DAYS } from './pricing';
import { maskPhone, readPhone } from './phone';
import { createAtPsp, customerOf, memberOf, priceFor, pspFailure, toPayment } from './service';
import type { Ctx } from './service';

const hashCode = (id: number, code: string) => crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');

async function assertNotBlocked(db: DbOrTx, iban: string, phone: string): Promise<void> {
  const [hit] = await db
    .select({ id: blockedPaymentAccounts.id })
    .from(blockedPaymentAccounts)
    .where(
      or(
        and(eq(blockedPaymentAccounts.kind, 'iban'), eq(blockedPaymentAccounts.value, iban)),
        and(eq(blockedPaymentAccounts.kind, 'phone'), eq(blockedPaymentAccounts.value, phone)),
      ),
    )
    .limit(1);
  if (hit) throw new AppError('direct_debit_blocked');
}

/** Open, pending and paid direct debits of the last DIRECT_DEBIT_WINDOW_DAYS plus this one stay within the limit. */
async function assertWithinLimit(db: DbOrTx, userId: number, amount: number): Promise<void> {
  const since = new Date(Date.now() - DIRECT_DEBIT_WINDOW_DAYS * 24 * 3600 * 1000);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.kind, 'directdebit'),
        gte(payments.createdAt, since),
        inArray(payments.status, ['open', 'pending', 'authorized', 'paid']),
      ),
    );
  if (Number(row?.total ?? 0) + amount > DIRECT_DEBIT_LIMIT_CENTS) throw new AppError('direct_debit_limit');
}

/** Direct debit needs an SMS code to reach the member: without a provider in production it is not offered. */
function assertOffered(ctx: Ctx): void {
  if (!ctx.sms.delivers) throw new AppError('method_not_offered', { field: 'method' });
}

async function start(ctx: Ctx, form: DirectDebitStart): Promise<DirectDebitResponse> {
  assertOffered(ctx);
  const user = requireUser(ctx.req);
  const member = await memberOf(ctx.app, user);
  if (form.package === 'tryout') throw new AppError('tryout_not_available', { field: 'package' });
  const priced = priceFor(ctx.req.site.settings, member, form.package, await activeDiscount(ctx.app.db, member));
  if (priced.currency !== 'EUR') throw new AppError('method_not_offered', { field: 'method' });
  const phone = readPhone(form.phone, member.country);
  if (!phone) throw new AppError('phone_invalid', { field: 'phone' });
  // blocked first, in E.164: a blocked number stays blocked however it is written
  await assertNotBlocked(ctx.app.db, form.iban, phone.e164);
  if (!phone.valid) throw new AppError('phone_invalid', { field: 'phone' });
  if (priced.discount && (await discountHeld(ctx.app.db, user.id, priced.discount.id))) throw new AppError('discount_in_use');

  const code = String(crypto.randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const expires = new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000);
  // under the member's payment lock: one pending request at a time, and the limit and the hourly
  // count seen by one form at a time
  const sms = await ctx.app.withTx(async (tx) => {
    await lockMemberPayments(tx, user.id);
    await assertWithinLimit(tx, user.id, priced.amount);
    const [recent] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(smsCodes)
      .where(
        and(eq(smsCodes.userId, user.id), eq(smsCodes.purpose, 'directdebit'), gte(smsCodes.createdAt, new Date(Date.now() - 3600_000))),
      );
    if (Number(recent?.n ?? 0) >= DIRECT_DEBIT_STARTS_PER_HOUR) throw new AppError('sms_too_many');
    // a new form replaces any request still waiting for its code
    await tx
      .update(directDebitRequests)
      .set({ status: 'replaced' })
      .where(and(eq(directDebitRequests.userId, user.id), eq(directDebitRequests.status, 'pending')));
    const [made] = await tx
      .insert(smsCodes)
      .values({ userId: user.id, purpose: 'directdebit', codeHash: 'pending', expiresAt: expires })
      .returning({ id: smsCodes.id });
    if (!made) throw new AppError('internal', { status: 500 });
    await tx
      .update(smsCodes)
      .set({ codeHash: hashCode(made.id, code) })
      .where(eq(smsCodes.id, made.id));
    await tx.insert(directDebitRequests).values({
      userId: user.id,
      smsCodeId: made.id,
      package: form.package,
      amount: priced.amount,
      originalAmount: priced.originalAmount,
      currency: priced.currency,
      discountCodeId: priced.discount?.id ?? null,
      discountCode: priced.discount?.code ?? null,
      discountPercentage: priced.discount?.percentage ?? null,
      accountHolder: form.account_holder,
      iban: form.iban,
      phone: phone.e164,
    });
    return ctx.sms.queue(tx, {
      to: phone.e164,
      text: t('sms_direct_debit_code', ctx.req.lang, { code }),
      secret: code,
      kind: 'directdebit_code',
      userId: user.id,
    });
  });
  try {
    await ctx.sms.deliver(sms);
  } catch (err) {
    ctx.req.log.error({ err, sms: sms.id }, 'SMS not delivered');
    throw new AppError('sms_unavailable', { status: 502 });
  }
  return { step: 'otp', phone: maskPhone(phone.e164), expires: expires.toISOString(), amount: priced.amount, currency: priced.currency };
}

async function confirm(ctx: Ctx, otp: string): Promise<DirectDebitResponse> {
  assertOffered(ctx);
  const user = requireUser(ctx.req);
  const [request] = await ctx.app.db
    .select()
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.userId, user.id), eq(directDebitRequests.status, 'pending')))
    .orderBy(desc(directDebitRequests.createdAt), desc(directDebitRequests.id))
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
  // only a request still pending is confirmed (a newer form replaced it meanwhile: nothing)
  const [confirmed] = await ctx.app.db
    .update(directDebitRequests)
    .set({ status: 'confirmed' })
    .where(and(eq(directDebitRequests.id, request.id), eq(directDebitRequests.status, 'pending')))
    .returning({ id: directDebitRequests.id });
  if (!confirmed) throw new AppError('direct_debit_not_pending');

  const member = await memberOf(ctx.app, user);
  // the list may have changed since step 1; the limit is checked again under the member's lock
  await assertNotBlocked(ctx.app.db, request.iban, request.phone);
  const client = await ctx.psp.client().catch((err: unknown) => {
    throw pspFailure(ctx, err);
  });
  const { row } = await createAtPsp(ctx, {
    user,
    member,
    kind: 'directdebit',
    pkg: request.package as DirectDebitStart['package'],
    method: 'sdd',
    sequenceType: 'recurring',
    // what the member confirmed by SMS, whatever the discounts say now
    price: {
      currency: request.currency as Currency,
      amount: request.amount,
      originalAmount: request.originalAmount,
      discount:
        request.discountCodeId !== null && request.discountCode && request.discountPercentage
          ? { id: request.discountCodeId, code: request.discountCode, percentage: request.discountPercentage }
          : null,
    },
    guard: (tx) => assertWithinLimit(tx, user.id, request.amount),
    references: async () => {
      const customerId = await customerOf(ctx, client, user);
      const mandate = await client.customerMandates.create({
        customerId,
        method: 'directdebit' as never,
        consumerName: request.accountHolder,
        consumerAccount: request.iban,
        signatureDate: new Date().toISOString().slice(0, 10),
        mandateReference: `DD-${request.id}`,
        idempotencyKey: `mandate-dd-${request.id}`,
      } as never);
      await ctx.app.db
        .insert(pspMandates)
        .values({
          id: mandate.id,
          userId: user.id,
          customerId,
          method: 'directdebit',
          status: mandate.status,
          label: 'SEPA',
          last4: request.iban.slice(-4),
          expires: null,
        })
        .onConflictDoNothing();
      return { customerId, mandateId: mandate.id };
    },
  });
  await ctx.app.db.update(directDebitRequests).set({ paymentId: row.id }).where(eq(directDebitRequests.id, request.id));
  return { step: 'done', payment: toPayment(row) };
}

/**
 * The body of POST /api/directdebit.php: `{otp}` is step 2 (ZDirectDebitConfirm), anything else the
 * form of step 1 (ZDirectDebitStart). The `otp` key picks the contract, so a failed rule answers
 * its own code and field (a union would only say that no option matched).
 */
export const ZDirectDebitBody = z.looseObject({}).transform((body, ctx): { otp: string } | DirectDebitStart => {
  const result = 'otp' in body ? ZDirectDebitConfirm.safeParse(body) : ZDirectDebitStart.safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});

/** POST /api/directdebit.php: step 2 with the SMS code, else step 1 (the form). */
export async function directDebit(ctx: Ctx, body: z.output<typeof ZDirectDebitBody>): Promise<DirectDebitResponse> {
  if ('otp' in body) return confirm(ctx, body.otp);
  return start(ctx, body);
}
