/**
 * An in-process cache of members' own answers (user.php, likes.php) and of the search's shared
 * parts (members/search-cache.ts), kept for at most ANSWER_CACHE_MS (default 10 s; 0 turns it
 * off): the raw rows an answer is made of, or an answer's checked JSON text (user.php's UserJson,
 * the search's ProfileJson). What depends on the clock (age, time bonus, the chat history window's
 * start) and on the site (cdn prefix, icons) is either computed from the rows on every request or
 * named by the key of the text (the UTC day of the age, the site's look), and the time bonus is
 * always computed per request, so a cached answer is never older than the database.
 *
 *   const rows = await app.answers.read(`likes:${me}`, (rows) => [me, ...idsIn(rows)], () => query());
 *
 * Invalidation (the mechanism is invalidated-cache.ts, shared with the session cache):
 * - Database triggers (migration 0022) send `NOTIFY member_cache` with the ids of the members a
 *   changed row concerns (users, profiles, photos, interests, preferences, likes, blocks, messages,
 *   conversation members; credits and premium live on the users row), '*' when who may see whom
 *   changed (status, e-mail confirmation, invisibility, searchable, a deleted account). Every
 *   instance LISTENs and forgets every answer read from those members.
 * - After a request of the member that may have written (unsafe method or a GET declared
 *   `writes`), this instance forgets the member's answers at once (app.ts), before the
 *   notification arrives: a member always reads their own writes.
 * - While the LISTEN connection is down nothing is served and everything is forgotten.
 */
import { ListeningCache } from './invalidated-cache';

export class AnswerCache extends ListeningCache<unknown> {
  /** the member search's shared lists (members/search-cache.ts): kept / read again (metrics.ts) */
  readonly searchStats = { hits: 0, misses: 0 };

  constructor(ttlMs: number, maxEntries = 20_000) {
    super(ttlMs, maxEntries);
  }

  /**
   * The value under `key`, or `load()` kept under it as read from `members(value)` (the members
   * whose change must forget it). A null/undefined result is not kept.
   */
  async read<T>(key: string, members: (value: T) => readonly number[], load: () => Promise<T>, ttlMs?: number): Promise<T> {
    const cached = this.cache.get(key) as T | undefined;
    if (cached !== undefined) return cached;
    const generation = this.cache.begin();
    const value = await load();
    if (value != null) this.cache.store(key, value, members(value), generation, ttlMs);
    return value;
  }

  /**
   * One value per member id (e.g. a profile's rows), each kept as read from that member: the ones
   * not in memory come from one `load(missing)`. Ids `load` does not return are left out.
   */
  async readEach<T>(prefix: string, ids: readonly number[], load: (missing: number[]) => Promise<Map<number, T>>): Promise<Map<number, T>> {
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = this.cache.get(`${prefix}:${id}`) as T | undefined;
      if (cached !== undefined) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.cache.begin();
    for (const [id, value] of await load(missing)) {
      found.set(id, value);
      this.cache.store(`${prefix}:${id}`, value, [id], generation);
    }
    return found;
  }

  /** A notification of the `member_cache` channel: '<id>[,<id>...]' or '*'. */
  notify(payload: string): void {
    if (payload === '*') {
      this.cache.clear();
      return;
    }
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (Number.isInteger(id)) this.cache.forgetMember(id);
      else this.cache.clear();
    }
  }

  forgetMember(id: number): void {
    this.cache.forgetMember(id);
  }
}
