/**
 * Login lock ('Te veel foute pogingen, account voor {minutes} min geblokkeerd.').
 *
 * Design (a stranger cannot lock the owner out, and cannot prolong a lock for the owner):
 * - Failures are counted per account (site, e-mail) and source address (addressKey: an IPv4
 *   address, an IPv6 /64). After FAILS_PER_SOURCE failures within WINDOW_MS (since that source's
 *   last success), that source is locked for that account for LOCK_MINUTES, counted from its last
 *   failure. Other sources are not affected: the owner's own device, which never failed, gets in.
 * - The account's global ceiling: once the account collects FAILS_PER_ACCOUNT failures within
 *   WINDOW_MS (a guess from many addresses), it slows down rather than locks: every source that has
 *   not logged in to this account successfully in KNOWN_SOURCE_DAYS may try once per SLOW_SECONDS
 *   (counted from its own last failure). A source that has not failed yet — the owner on a new
 *   device — tries at once, and the owner who mistypes tries again within a minute, however long
 *   the attack goes on; the attacker gets one guess per address per SLOW_SECONDS.
 * - A successful login resets that source's counter; a password reset (which proves control of
 *   the mailbox) clears the account's failures, every lock included.
 * - While locked, the password is not checked at all (no guessing during the lock).
 */
import { and, count, desc, eq, gt, gte, max } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { addressKey } from '../../platform/rate-limit';

export const FAILS_PER_SOURCE = 5;
export const FAILS_PER_ACCOUNT = 50;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MINUTES = 5;
export const SLOW_SECONDS = 30;
export const KNOWN_SOURCE_DAYS = 30;

export interface GuardKey {
  siteId: number;
  email: string;
  /** the client's IP; counted by its addressKey */
  ip: string;
}

const norm = (key: GuardKey): GuardKey => ({ ...key, email: key.email.toLowerCase(), ip: addressKey(key.ip).slice(0, 100) });

/** The login attempts on one account (site + e-mail, any case), narrowed by `more`. */
export function attemptsOfAccount(siteId: number, email: string, ...more: SQL[]): SQL | undefined {
  return and(eq(loginAttempts.siteId, siteId), eq(loginAttempts.email, email.toLowerCase()), ...more);
}

/** ... from this key's source (address) only. */
const attemptsOfSource = (key: GuardKey, ...more: SQL[]) => attemptsOfAccount(key.siteId, key.email, eq(loginAttempts.ip, key.ip), ...more);

/** Milliseconds a lock of `lengthMs` counted from `from` still runs (0 once it ended). */
const left = (from: Date, lengthMs: number, now: Date) => Math.max(0, from.getTime() + lengthMs - now.getTime());

/** Has this source logged in to this account successfully within KNOWN_SOURCE_DAYS? */
export async function isKnownSource(db: DbOrTx, rawKey: GuardKey, now: Date = new Date()): Promise<boolean> {
  const key = norm(rawKey);
  const [known] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      attemptsOfSource(
        key,
        eq(loginAttempts.success, 1),
        gte(loginAttempts.createdAt, new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000)),
      ),
    );
  return Number(known?.n ?? 0) > 0;
}

/** Milliseconds this source must wait before it may try this account again, or 0. */
export async function lockRemainingMs(db: DbOrTx, rawKey: GuardKey, now: Date = new Date()): Promise<number> {
  const key = norm(rawKey);
  const since = new Date(now.getTime() - WINDOW_MS);
  // this source: failures since its last success (within the window), newest first
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
  const last = fails[0]?.at;
  if (!last) return 0;
  if (fails.length >= FAILS_PER_SOURCE) {
    const ms = left(last, LOCK_MINUTES * 60_000, now);
    if (ms > 0) return ms;
  }
  // the account under a guess from many addresses: unknown sources slow down to one try per SLOW_SECONDS
  const slowMs = left(last, SLOW_SECONDS * 1000, now);
  if (slowMs === 0) return 0;
  const [acc] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(attemptsOfAccount(key.siteId, key.email, eq(loginAttempts.success, 0), gte(loginAttempts.createdAt, since)));
  if (Number(acc?.n ?? 0) < FAILS_PER_ACCOUNT) return 0;
  return (await isKnownSource(db, key, now)) ? 0 : slowMs;
}

export async function recordAttempt(db: DbOrTx, rawKey: GuardKey, success: boolean, now: Date = new Date()): Promise<void> {
  const key = norm(rawKey);
  await db.insert(loginAttempts).values({ siteId: key.siteId, email: key.email, ip: key.ip, success: success ? 1 : 0, createdAt: now });
}

/** After a password reset: the owner proved control of the mailbox, so old failures (and every lock) no longer count. */
export async function clearFailures(db: DbOrTx, siteId: number, email: string): Promise<void> {
  await db.delete(loginAttempts).where(attemptsOfAccount(siteId, email, eq(loginAttempts.success, 0)));
}
