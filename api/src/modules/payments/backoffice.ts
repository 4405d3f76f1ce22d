/**
 * The back office of payments (staff only, ARCHITECTURE: mf-payments' staff pages): the blocked
 * IBANs and phone numbers of direct debit, the discount codes, the latest payments.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isValidIban } from '@dating/shared-kit/contracts';
import type { AdminDiscountCode, BlockedAccount, DiscountCodeCreate, DiscountKind } from '@dating/shared-kit/contracts';
import { blockedPaymentAccounts, discountCodes, discountCodeUses, payments } from '../../db/schema';
import { AppError } from '../../errors';
import { toPayment } from './service';

const toBlocked = (r: typeof blockedPaymentAccounts.$inferSelect): BlockedAccount => ({
  id: r.id, kind: r.kind as BlockedAccount['kind'], value: r.value, note: r.note, created_at: r.createdAt.toISOString(),
});

export async function listBlocked(db: DbOrTx): Promise<BlockedAccount[]> {
  const rows = await db.select().from(blockedPaymentAccounts).orderBy(desc(blockedPaymentAccounts.id)).limit(1000);
  return rows.map(toBlocked);
}

/** Block an IBAN (checksum required) or a phone number (E.164), stored the way direct debit compares them. */
export async function addBlocked(db: DbOrTx, kind: 'iban' | 'phone', raw: string, note: string | undefined): Promise<BlockedAccount> {
  const value = kind === 'iban' ? raw.replace(/\s+/g, '').toUpperCase() : raw.replace(/[\s().-]/g, '');
  if (kind === 'iban' && !isValidIban(value)) throw new AppError('iban_invalid', { field: 'value' });
  if (kind === 'phone' && !/^\+[1-9]\d{7,14}$/.test(value)) throw new AppError('phone_invalid', { field: 'value' });
  const [row] = await db.insert(blockedPaymentAccounts).values({ kind, value, note: note ?? null }).onConflictDoNothing().returning();
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
    .select({ code: discountCodes, uses: sql<string>`(select count(*) from ${discountCodeUses} where ${discountCodeUses.codeId} = ${discountCodes.id})` })
    .from(discountCodes)
    .orderBy(desc(discountCodes.id));
  return rows.map(({ code: c, uses }) => ({
    id: c.id, code: c.code, kind: c.kind as DiscountKind, percentage: c.percentage, minimum_order_value: c.minimumOrderValue,
    country: c.country, active: c.active, valid_until: c.validUntil ? c.validUntil.toISOString() : null, uses: Number(uses),
  }));
}

export async function addCode(db: DbOrTx, input: DiscountCodeCreate): Promise<AdminDiscountCode> {
  const [row] = await db
    .insert(discountCodes)
    .values({
      code: input.code.toUpperCase(), kind: 'code', percentage: input.percentage, minimumOrderValue: input.minimum_order_value,
      country: input.country ?? null, validUntil: input.valid_until ? new Date(input.valid_until) : null,
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

export async function latestPayments(db: DbOrTx) {
  const rows = await db.select().from(payments).orderBy(desc(payments.createdAt), desc(payments.id)).limit(200);
  return rows.map((r) => ({ ...toPayment(r), user_id: r.userId, psp_id: r.pspId, country: r.country }));
}
