/**
 * Login lock ('Te veel foute pogingen, account voor {minutes} min geblokkeerd.').
 *
 * Design (so that a stranger cannot lock the owner out for long):
 * - Failures are counted per (site, e-mail, source IP). After FAILS_PER_SOURCE failures within
 *   WINDOW_MS, that source is locked for LOCK_MINUTES for that account. Other sources are not
 *   affected: the owner logging in from their own device (which never failed) still gets in.
 * - Against a distributed guess (many IPs), once the account collects FAILS_PER_ACCOUNT failures
 *   within WINDOW_MS, every source that has never logged in to this account successfully (in the
 *   last KNOWN_SOURCE_DAYS) is locked too; sources the owner used before stay open.
 * - A successful login from a source resets that source's counter; a password reset (which proves
 *   control of the mailbox) clears the account's failures.
 * - The lock is short (LOCK_MINUTES) and counted from the last failure, so the worst a stranger can
 *   do is keep their own source locked.
 * - While locked, the password is not checked at all (no guessing during the lock).
 */
import { and, count, desc, eq, gt, gte, max } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const FAILS_PER_SOURCE = 5;
export const FAILS_PER_ACCOUNT = 50;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MINUTES = 5;
export const KNOWN_SOURCE_DAYS = 30;

export interface GuardKey {
  siteId: number;
  email: string;
  ip: string;
}

const norm = (key: GuardKey): GuardKey => ({ ...key, email: key.email.toLowerCase(), ip: key.ip.slice(0, 100) });

/** The login attempts on one account (site + e-mail, any case), narrowed by `more`. */
export function attemptsOfAccount(siteId: number, email: string, ...more: SQL[]): SQL | undefined {
  return and(eq(loginAttempts.siteId, siteId), eq(loginAttempts.email, email.toLowerCase()), ...more);
}

/** ... from this key's source (IP) only. */
const attemptsOfSource = (key: GuardKey, ...more: SQL[]) => attemptsOfAccount(key.siteId, key.email, eq(loginAttempts.ip, key.ip), ...more);

/** Whole minutes (at least 1) a lock counted from the last failure still runs; 0 once it ended. */
function minutesLeft(lastFailure: Date, now: Date): number {
  const left = lastFailure.getTime() + LOCK_MINUTES * 60_000 - now.getTime();
  return left > 0 ? Math.max(1, Math.ceil(left / 60_000)) : 0;
}

/** Minutes left on the lock for this source, or 0 when it may try. */
export async function lockedMinutes(db: DbOrTx, rawKey: GuardKey, now: Date = new Date()): Promise<number> {
  const key = norm(rawKey);
  const since = new Date(now.getTime() - WINDOW_MS);
  // this source: failures since its last success (within the window)
  const [lastOk] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(attemptsOfSource(key, eq(loginAttempts.success, 1)));
  const from = lastOk?.at && lastOk.at > since ? lastOk.at : since;
  const fails = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(attemptsOfSource(key, eq(loginAttempts.success, 0), gt(loginAttempts.createdAt, from)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(FAILS_PER_SOURCE);
  if (fails.length >= FAILS_PER_SOURCE && fails[0]) {
    const left = minutesLeft(fails[0].at, now);
    if (left > 0) return left;
  }

  // the whole account (many sources); known sources stay open
  const [acc] = await db
    .select({ n: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(attemptsOfAccount(key.siteId, key.email, eq(loginAttempts.success, 0), gte(loginAttempts.createdAt, since)));
  if (acc && Number(acc.n) >= FAILS_PER_ACCOUNT && acc.last) {
    const knownSince = new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000);
    const [known] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(attemptsOfSource(key, eq(loginAttempts.success, 1), gte(loginAttempts.createdAt, knownSince)));
    if (Number(known?.n ?? 0) === 0) return minutesLeft(acc.last, now);
  }
  return 0;
}

export async function recordAttempt(db: DbOrTx, rawKey: GuardKey, success: boolean, now: Date = new Date()): Promise<void> {
  const key = norm(rawKey);
  await db.insert(loginAttempts).values({ siteId: key.siteId, email: key.email, ip: key.ip, success: success ? 1 : 0, createdAt: now });
}

/** After a password reset: the owner proved control of the mailbox, so old failures no longer count. */
export async function clearFailures(db: DbOrTx, siteId: number, email: string): Promise<void> {
  await db.delete(loginAttempts).where(attemptsOfAccount(siteId, email, eq(loginAttempts.success, 0)));
}
