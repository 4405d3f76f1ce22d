/**
 * The one mechanism behind the in-process caches that the database invalidates (session-cache.ts,
 * answer-cache.ts): entries by key, each tied to the member ids it was read from, kept for at most
 * `ttlMs` (0 turns the cache off).
 *
 *   const generation = cache.begin();          // before the database read
 *   const value = await read();
 *   cache.store(key, value, [memberIds], generation);
 *   cache.get(key)                             // the value, or undefined
 *   cache.forgetMember(id) / forgetKey(key) / clear()
 *
 * It never serves what the database no longer says:
 * - The caller feeds it the notifications of a LISTEN (db/listen.ts) sent by database triggers;
 *   `forgetMember(id)` drops every entry that was read from member `id`.
 * - While the listener is not connected (`setLive(false)`) nothing is served and everything is
 *   forgotten: notifications may have been missed.
 * - A read that raced an invalidation is not stored: every invalidation bumps a generation, and
 *   `store` refuses an entry read under an older one.
 */
interface Entry<V> {
  value: V;
  expiresAt: number;
  members: readonly number[];
}

export class InvalidatedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byMember = new Map<number, Set<string>>();
  private generation = 0;
  private live = false;
  /** lookups of an enabled cache that found a usable entry / did not (metrics.ts) */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Called with the listener's state: not live -> nothing is served, everything is forgotten. */
  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  /** The value stored under `key` if it may be used now, else undefined. */
  get(key: string, now = Date.now()): V | undefined {
    if (!this.enabled) return undefined;
    const entry = this.live ? this.entries.get(key) : undefined;
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    if (now > entry.expiresAt) {
      this.stats.misses++;
      this.drop(key);
      return undefined;
    }
    this.stats.hits++;
    return entry.value;
  }

  /** The generation to pass to `store` for a read that starts now. */
  begin(): number {
    return this.generation;
  }

  /**
   * Keep `value` read from members `members`, unless something was invalidated since `generation`;
   * for `ttlMs` when given and shorter than the cache's time.
   */
  store(key: string, value: V, members: readonly number[], generation: number, ttlMs = this.ttlMs): void {
    if (!this.live || !this.enabled || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.drop(key);
    this.entries.set(key, { value, expiresAt: Date.now() + Math.min(ttlMs, this.ttlMs), members });
    for (const id of members) {
      let keys = this.byMember.get(id);
      if (!keys) {
        keys = new Set();
        this.byMember.set(id, keys);
      }
      keys.add(key);
    }
  }

  /** Forget every entry read from member `id`. */
  forgetMember(id: number): void {
    this.generation += 1;
    const keys = this.byMember.get(id);
    if (keys) for (const key of [...keys]) this.drop(key);
  }

  forgetKey(key: string): void {
    this.generation += 1;
    this.drop(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byMember.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drop one entry without an invalidation (it ran out of time). */
  drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const id of entry.members) {
      const keys = this.byMember.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byMember.delete(id);
    }
  }
}

/**
 * A cache of this process fed by a LISTEN (session-cache.ts, answer-cache.ts): one InvalidatedCache
 * and what every such cache says of itself (on or off, its size, the listener's state, closing).
 */
export abstract class ListeningCache<V> {
  protected readonly cache: InvalidatedCache<V>;

  constructor(ttlMs: number, maxEntries: number) {
    this.cache = new InvalidatedCache(ttlMs, maxEntries);
  }

  get enabled(): boolean {
    return this.cache.enabled;
  }

  get size(): number {
    return this.cache.size;
  }

  /** hits and misses of its lookups (metrics.ts) */
  get stats(): { readonly hits: number; readonly misses: number } {
    return this.cache.stats;
  }

  /** Called with the listener's state: not live -> nothing is served, everything is forgotten. */
  setLive(live: boolean): void {
    this.cache.setLive(live);
  }

  /** Stop serving and forget everything (app close). */
  dispose(): void {
    this.setLive(false);
  }
}
