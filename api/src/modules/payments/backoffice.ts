/**
 * The back office of payments (staff only, ARCHITECTURE: mf-payments' staff pages): the blocked
 * IBANs and phone numbers of direct debit, the discount codes and their uses, the payments (refunds:
 * refunds.ts).
 */
import { and, count, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../db/client';
import type { DbOrTx } from '../../db/client';
import { isValidIban } from '@dating/shared-kit/contracts';
import type {
  AdminDiscountCode,
  AdminPayment,
  AdminPayments,
  AdminPaymentsQuery,
  BlockedAccount,
  DiscountCodeCreate,
  DiscountCodeUse,
  DiscountKind,
} from '@dating/shared-kit/contracts';
import { blockedPaymentAccounts, discountCodes, discountCodeUses, payments, users } from '../../db/schema';
import { AppError } from '../../errors';
import { readPhone } from './phone';
import { toPayment } from './service';

const toBlocked = (r: typeof blockedPaymentAccounts.$inferSelect): BlockedAccount => ({
  id: r.id,
  kind: r.kind as BlockedAccount['kind'],
  value: r.value,
  note: r.note,
  created_at: r.createdAt.toISOString(),
});

export async function listBlocked(db: DbOrTx): Promise<BlockedAccount[]> {
  const rows = await db.select().from(blockedPaymentAccounts).orderBy(desc(blockedPaymentAccounts.id)).limit(1000);
  return rows.map(toBlocked);
}

/** Block an IBAN (checksum required) or a phone number (E.164), stored the way direct debit compares them. */
export async function addBlocked(db: DbOrTx, kind: 'iban' | 'phone', raw: string, note: string | undefined): Promise<BlockedAccount> {
  const value = kind === 'iban' ? raw.replace(/\s+/g, '').toUpperCase() : (readPhone(raw)?.e164 ?? '');
  if (kind === 'iban' && !isValidIban(value)) throw new AppError('iban_invalid', { field: 'value' });
  if (kind === 'phone' && !value) throw new AppError('phone_invalid', { field: 'value' });
  const [row] = await db
    .insert(blockedPaymentAccounts)
    .values({ kind, value, note: note ?? null })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', { field: 'value' });
  return toBlocked(row);
}

export async function removeBlocked(db: DbOrTx, id: number): Promise<BlockedAccount> {
  const [gone] = await db.delete(blockedPaymentAccounts).where(eq(blockedPaymentAccounts.id, id)).returning();
  if (!gone) throw new AppError('not_found', { field: 'id' });
  return toBlocked(gone);
}

export async function listCodes(db: DbOrTx): Promise<AdminDiscountCode[]> {
  const rows = await db
    .select({
      code: discountCodes,
      uses: sql<string>`(select count(*) from ${discountCodeUses} where ${discountCodeUses.codeId} = ${discountCodes.id})`,
    })
    .from(discountCodes)
    .orderBy(desc(discountCodes.id));
  return rows.map(({ code: c, uses }) => ({
    id: c.id,
    code: c.code,
    kind: c.kind as DiscountKind,
    percentage: c.percentage,
    minimum_order_value: c.minimumOrderValue,
    country: c.country,
    active: c.active,
    valid_until: c.validUntil ? c.validUntil.toISOString() : null,
    uses: Number(uses),
  }));
}

export async function addCode(db: DbOrTx, input: DiscountCodeCreate): Promise<AdminDiscountCode> {
  const [row] = await db
    .insert(discountCodes)
    .values({
      code: input.code.toUpperCase(),
      kind: 'code',
      percentage: input.percentage,
      minimumOrderValue: input.minimum_order_value,
      country: input.country ?? null,
      validUntil: input.valid_until ? new Date(input.valid_until) : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', { field: 'code' });
  const made = (await listCodes(db)).find((c) => c.id === row.id);
  if (!made) throw new AppError('internal', { status: 500 });
  return made;
}

export async function setCodeActive(db: DbOrTx, id: number, active: boolean): Promise<AdminDiscountCode> {
  const [row] = await db.update(discountCodes).set({ active }).where(eq(discountCodes.id, id)).returning({ id: discountCodes.id });
  if (!row) throw new AppError('not_found', { field: 'id' });
  const code = (await listCodes(db)).find((c) => c.id === id);
  if (!code) throw new AppError('not_found', { field: 'id' });
  return code;
}

type PaymentRow = typeof payments.$inferSelect;

export function toAdminPayment(r: PaymentRow, userEmail: string): AdminPayment {
  return {
    ...toPayment(r),
    user_id: r.userId,
    user_email: userEmail,
    psp_id: r.pspId,
    country: r.country,
    refunded_at: r.refundedAt ? r.refundedAt.toISOString() : null,
    refund_psp_id: r.refundPspId,
  };
}

export const PAYMENTS_PAGE_SIZE = 50;

/** The payments, newest first, 50 a page: `q` is a member's e-mail (part), a member or order id, or the PSP's id. */
export async function listPayments(db: DbOrTx, query: AdminPaymentsQuery): Promise<AdminPayments> {
  const q = query.q?.trim();
  const id = q && /^\d{1,9}$/.test(q) ? Number(q) : null;
  const like = q ? containsPattern(q) : null;
  const where = and(
    query.status === 'refunded' ? isNotNull(payments.refundedAt) : query.status ? eq(payments.status, query.status) : undefined,
    q
      ? or(
          id !== null ? or(eq(payments.id, id), eq(payments.userId, id)) : undefined,
          eq(payments.pspId, q),
          like ? ilike(users.email, like) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ p: payments, email: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((query.page - 1) * PAYMENTS_PAGE_SIZE),
    db.select({ n: count() }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(where),
  ]);
  return { payments: rows.map((r) => toAdminPayment(r.p, r.email)), total: total?.n ?? 0, page: query.page, per_page: PAYMENTS_PAGE_SIZE };
}

/** One payment as the back office shows it (after a refund). */
export async function adminPayment(db: DbOrTx, id: number): Promise<AdminPayment> {
  const [row] = await db
    .select({ p: payments, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, id));
  if (!row) throw new AppError('payment_not_found', { status: 404, field: 'id' });
  return toAdminPayment(row.p, row.email);
}

/** Who used a discount code, newest first. */
export async function codeUses(db: DbOrTx, codeId: number): Promise<DiscountCodeUse[]> {
  const [code] = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, codeId));
  if (!code) throw new AppError('not_found', { status: 404, field: 'id' });
  const rows = await db
    .select({ use: discountCodeUses, email: users.email })
    .from(discountCodeUses)
    .innerJoin(users, eq(users.id, discountCodeUses.userId))
    .where(eq(discountCodeUses.codeId, codeId))
    .orderBy(desc(discountCodeUses.createdAt))
    .limit(500);
  return rows.map((r) => ({
    user_id: r.use.userId,
    user_email: r.email,
    payment_id: r.use.paymentId,
    used_at: r.use.createdAt.toISOString(),
  }));
}
