/**
 * Discounts: typed codes (percentage, minimum order value, optional country, once per member), the
 * welcome discount (WELCOME25: 25 % on the first purchase, WELCOME_DAYS after sign-up) and the time
 * bonus (TIMEBONUS25, time-bonus.ts). The active discount is the time bonus if present, else the
 * welcome discount. From its start a payment holds its discount (holds.ts: ten starts at once give
 * one discounted payment, the others a 409); a failed, canceled or expired payment gives it back. A
 * code's use is written with the paid payment's credits (sync.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { discountedAmount, formatAmount, WELCOME_DAYS } from '@dating/shared-kit/contracts';
import type { AppliedDiscount, Country, Currency, DiscountKind, PackageId } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { discountCodes, discountCodeUses } from '../../db/schema';
import { AppError } from '../../errors';
import type { Lang } from '../../i18n';
import { timeBonusExpires, timeBonusOf } from './time-bonus';

export interface Member {
  id: number;
  paidUser: boolean;
  signupAt: Date;
  country: Country;
}

export interface Discount {
  id: number;
  code: string;
  kind: DiscountKind;
  percentage: number;
  minimumOrderValue: number;
  country: string | null;
  expires: Date | null;
}

type CodeRow = typeof discountCodes.$inferSelect;

export function welcomeExpires(signupAt: Date): Date {
  return new Date(signupAt.getTime() + WELCOME_DAYS * 24 * 3600 * 1000);
}

async function findCode(db: DbOrTx, code: string): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${code.trim().toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

async function findKind(db: DbOrTx, kind: DiscountKind): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.kind, kind), eq(discountCodes.active, true)))
    .limit(1);
  return row ?? null;
}

async function usedBy(db: DbOrTx, codeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ codeId: discountCodeUses.codeId })
    .from(discountCodeUses)
    .where(and(eq(discountCodeUses.codeId, codeId), eq(discountCodeUses.userId, userId)))
    .limit(1);
  return Boolean(row);
}

function toDiscount(row: CodeRow, expires: Date | null): Discount {
  return {
    id: row.id,
    code: row.code.toUpperCase(),
    kind: row.kind as DiscountKind,
    percentage: row.percentage,
    minimumOrderValue: row.minimumOrderValue,
    country: row.country,
    expires,
  };
}

/**
 * A code a member typed (or sent with a payment), checked against every rule. Throws the product's
 * errors: 404 'Code niet gevonden', 409 'Code reeds gebruikt', 400 wrong country / time bonus expired.
 * `member` null (logged out): only existence and validity are checked.
 */
export async function checkCode(db: DbOrTx, code: string, member: Member | null, country: Country, now = new Date()): Promise<Discount> {
  const row = await findCode(db, code);
  if (!row || !row.active || (row.validUntil && row.validUntil <= now))
    throw new AppError('discount_code_not_found', { field: 'discount_code' });
  let expires: Date | null = row.validUntil;
  if (row.kind === 'time_bonus') {
    if (!member) throw new AppError('discount_code_not_found', { field: 'discount_code' });
    if (!timeBonusOf(member, now)) throw new AppError('time_bonus_expired', { field: 'discount_code' });
    expires = timeBonusExpires(member.signupAt);
  } else if (row.kind === 'welcome') {
    if (!member || member.paidUser || welcomeExpires(member.signupAt) <= now) {
      if (member && (await usedBy(db, row.id, member.id))) throw new AppError('discount_code_used', { field: 'discount_code' });
      throw new AppError('discount_code_not_found', { field: 'discount_code' });
    }
    expires = welcomeExpires(member.signupAt);
  }
  if (row.country && row.country !== country) throw new AppError('discount_code_wrong_country', { field: 'discount_code' });
  if (member && (await usedBy(db, row.id, member.id))) throw new AppError('discount_code_used', { field: 'discount_code' });
  return toDiscount(row, expires);
}

/** The welcome discount of a member, or null (paid, too long ago, used). */
export async function welcomeDiscount(db: DbOrTx, member: Member, now = new Date()): Promise<Discount | null> {
  if (member.paidUser || welcomeExpires(member.signupAt) <= now) return null;
  const row = await findKind(db, 'welcome');
  if (!row || (await usedBy(db, row.id, member.id))) return null;
  return toDiscount(row, welcomeExpires(member.signupAt));
}

/** The active discount: the time bonus if present, else the welcome discount. */
export async function activeDiscount(db: DbOrTx, member: Member, now = new Date()): Promise<Discount | null> {
  if (timeBonusOf(member, now)) {
    const row = await findKind(db, 'time_bonus');
    if (row && !(await usedBy(db, row.id, member.id))) return toDiscount(row, timeBonusExpires(member.signupAt));
  }
  return welcomeDiscount(db, member, now);
}

/** Does this discount apply to this package price? (not to the try-out package, not below the minimum) */
export function appliesTo(discount: Discount | null, pkg: PackageId, originalAmount: number): discount is Discount {
  return discount !== null && pkg !== 'tryout' && originalAmount >= discount.minimumOrderValue;
}

export interface Priced {
  amount: number;
  originalAmount: number;
  discount: Discount | null;
}

/** The price of a package with a discount (when it applies). */
export function price(original: number, pkg: PackageId, discount: Discount | null): Priced {
  if (!appliesTo(discount, pkg, original)) return { amount: original, originalAmount: original, discount: null };
  return { amount: discountedAmount(original, discount.percentage), originalAmount: original, discount };
}

/** A code sent with a payment must apply to its package: else the 400 with the minimum in the text. */
export function assertApplies(discount: Discount, pkg: PackageId, originalAmount: number, currency: Currency, lang: Lang): void {
  if (pkg === 'tryout' || originalAmount < discount.minimumOrderValue) {
    throw new AppError('discount_code_minimum', {
      field: 'discount_code',
      params: { amount: formatAmount(discount.minimumOrderValue, currency, lang) },
    });
  }
}

export function wireDiscount(d: Discount | null): AppliedDiscount | null {
  return d ? { code: d.code, percentage: d.percentage, kind: d.kind, expires: d.expires ? d.expires.toISOString() : null } : null;
}
