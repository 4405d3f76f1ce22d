/**
 * A short-lived in-process cache of logged-in sessions, so that a request of a logged-in member
 * costs no session query (loadSession in session.ts): token hash -> session id, expiry and the
 * users row, kept for at most `ttlMs` (SESSION_CACHE_MS, default 30 s; 0 turns it off). The
 * mechanism (generations, nothing served while the listener is down) is invalidated-cache.ts.
 *
 * It never serves what the database no longer says:
 * - Every instance LISTENs on `session_cache` (db/listen.ts). Database triggers (migration 0010)
 *   send 'u:<id>' for any change to a users row (ban, status, e-mail confirmation, credits, ...)
 *   and 's:<token hash>' for a deleted session (logout, password change, deletion), so logout,
 *   password change and ban take effect on every instance.
 * - This process also forgets at once, without waiting for the notification: revokeSession and
 *   revokeAllSessions call `forgetToken` / `forgetUser`.
 */
import type { users } from '../db/schema';
import { ListeningCache } from './invalidated-cache';

// session.ts's UserRow, spelt out here: session.ts imports this file
type UserRow = typeof users.$inferSelect;

export interface CachedSession {
  sessionId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  user: UserRow;
}

/** Every cache of this process, for the revoke functions that have no app at hand. */
const caches = new Set<SessionCache>();

export class SessionCache extends ListeningCache<CachedSession> {
  constructor(ttlMs: number, maxEntries = 10_000) {
    super(ttlMs, maxEntries);
    if (ttlMs > 0) caches.add(this);
  }

  /** A session that may be used now, or undefined. */
  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    const session = this.cache.get(tokenHash, now);
    if (session && session.expiresAt.getTime() <= now) {
      this.cache.drop(tokenHash);
      return undefined;
    }
    return session;
  }

  /** The generation to pass to `store` for a lookup that starts now. */
  begin(): number {
    return this.cache.begin();
  }

  /** Keep a session read from the database, unless something was invalidated since `generation`. */
  store(tokenHash: string, session: CachedSession, generation: number): void {
    this.cache.store(tokenHash, session, [session.user.id], generation);
  }

  /** A notification of the `session_cache` channel: 'u:<user id>' or 's:<token hash>'. */
  notify(payload: string): void {
    if (payload.startsWith('u:')) this.forgetUser(Number(payload.slice(2)));
    else if (payload.startsWith('s:')) this.forgetToken(payload.slice(2));
    else this.clear();
  }

  forgetUser(userId: number): void {
    this.cache.forgetMember(userId);
  }

  forgetToken(tokenHash: string): void {
    this.cache.forgetKey(tokenHash);
  }

  clear(): void {
    this.cache.clear();
  }

  /** Stop serving and forget everything (app close). */
  override dispose(): void {
    super.dispose();
    caches.delete(this);
  }
}

/** This process forgets a user's sessions at once (the database's notification tells the others). */
export function forgetUserEverywhere(userId: number): void {
  for (const cache of caches) cache.forgetUser(userId);
}

/** This process forgets one session at once. */
export function forgetTokenEverywhere(tokenHash: string): void {
  for (const cache of caches) cache.forgetToken(tokenHash);
}
