/**
 * A short-lived in-process cache of logged-in sessions, so that a request of a logged-in member
 * costs no session query (loadSession in session.ts): token hash -> session id, expiry and the
 * users row, kept for at most `ttlMs` (SESSION_CACHE_MS, default 5 s; 0 turns it off).
 *
 * It never serves what the database no longer says:
 * - Every instance LISTENs on `session_cache` (db/listen.ts). Database triggers (migration 0010)
 *   send 'u:<id>' for any change to a users row (ban, status, e-mail confirmation, credits, ...)
 *   and 's:<token hash>' for a deleted session (logout, password change, deletion), so logout,
 *   password change and ban take effect on every instance.
 * - This process also forgets at once, without waiting for the notification: revokeSession and
 *   revokeAllSessions call `forgetToken` / `forgetUser`.
 * - While the listener is not connected (PostgreSQL connection lost) nothing is served from memory.
 * - A lookup that raced an invalidation is not stored: every invalidation bumps a generation, and
 *   `store` refuses an entry read under an older one.
 */
import type { UserRow } from './session';

export interface CachedSession {
  sessionId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  user: UserRow;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

/** Every cache of this process, for the revoke functions that have no app at hand. */
const caches = new Set<SessionCache>();

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private live = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    if (ttlMs > 0) caches.add(this);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Called with the listener's state: not live -> nothing is served, everything is forgotten. */
  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  /** A session that may be used now, or undefined. */
  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    if (!this.live || !this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs || entry.expiresAt.getTime() <= now) {
      this.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** The generation to pass to `store` for a lookup that starts now. */
  begin(): number {
    return this.generation;
  }

  /** Keep a session read from the database, unless something was invalidated since `generation`. */
  store(tokenHash: string, session: CachedSession, generation: number): void {
    if (!this.live || !this.enabled || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.delete(tokenHash);
    this.entries.set(tokenHash, { ...session, cachedAt: Date.now() });
    let tokens = this.byUser.get(session.user.id);
    if (!tokens) {
      tokens = new Set();
      this.byUser.set(session.user.id, tokens);
    }
    tokens.add(tokenHash);
  }

  /** A notification of the `session_cache` channel: 'u:<user id>' or 's:<token hash>'. */
  notify(payload: string): void {
    if (payload.startsWith('u:')) this.forgetUser(Number(payload.slice(2)));
    else if (payload.startsWith('s:')) this.forgetToken(payload.slice(2));
    else this.clear();
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byUser.delete(userId);
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.delete(tokenHash);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  /** Stop serving and forget everything (app close). */
  dispose(): void {
    this.setLive(false);
    caches.delete(this);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(entry.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(entry.user.id);
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
