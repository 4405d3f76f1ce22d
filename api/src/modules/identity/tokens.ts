/**
 * One-time tokens mailed as links (activation, password reset, mail change, reactivation).
 * 32 random bytes (base64url) in the link; only the sha256 hash is stored. A token is consumed
 * with a conditional update (`used_at IS NULL AND expires_at > now`), so two clicks cannot both win.
 */
import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens } from '../../db/schema';
import { hashToken, newToken } from '../../platform/session';

export type TokenKind = 'activation' | 'reset' | 'mail_change' | 'reactivation' | 'not_me';

/** Validity of each kind of link. */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  activation: 48 * 3600_000,
  reset: 2 * 3600_000,
  mail_change: 24 * 3600_000,
  reactivation: 14 * 86_400_000,
  /** the "Dit was ik niet" link of a new-login mail (new-login.ts) */
  not_me: 7 * 86_400_000,
};

export async function issueToken(
  db: DbOrTx,
  userId: number,
  kind: TokenKind,
  opts: { newEmail?: string; now?: Date; ttlMs?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const now = opts.now ?? new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (opts.ttlMs ?? TOKEN_TTL_MS[kind]));
  await db
    .insert(accountTokens)
    .values({ userId, kind, tokenHash: hashToken(token), newEmail: opts.newEmail ?? null, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** Consume a token of `kind`: returns its row once, or null (unknown, used, expired, other kind). */
export async function consumeToken(db: DbOrTx, token: string, kind: TokenKind, now: Date = new Date()) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** A token of `kind` whatever its state (used, expired): to tell a reused link from a random one. */
export async function findToken(db: DbOrTx, token: string, kind: TokenKind) {
  const [row] = await db
    .select({ userId: accountTokens.userId, usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** Invalidate every open token of a kind for a user (e.g. older reset links after a reset). */
export async function revokeTokens(db: DbOrTx, userId: number, kind: TokenKind, now: Date = new Date()): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

/** How many tokens of a kind were issued for a user since `since`, and when the last one was. */
export async function tokensSince(db: DbOrTx, userId: number, kind: TokenKind, since: Date): Promise<{ n: number; last: Date | null }> {
  const rows = await db
    .select({ n: count(), createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), gte(accountTokens.createdAt, since)))
    .groupBy(accountTokens.createdAt);
  let last: Date | null = null;
  let n = 0;
  for (const r of rows) {
    n += Number(r.n);
    if (!last || r.createdAt > last) last = r.createdAt;
  }
  return { n, last };
}
