/**
 * Sites: one row per regional domain with the settings of spec section 3. The request's host
 * (or `forced_domain`) picks the site; an unknown domain gets the default site. Rows are cached
 * in memory for a few seconds (the table is tiny and read on every request), and a change is
 * live on the next request of that domain on every instance (the back office's settings editor):
 * - Every instance LISTENs on `site_cache` (plugin.ts); a trigger on the sites table (migration
 *   complaints_site_cache) notifies at commit of any change, and the instance drops its copy.
 * - The instance that made the change drops it at once too (`invalidate`), without waiting.
 * - While the listener is not connected nothing is kept: every request reads the table.
 * - A load that raced an invalidation is used for its own request but not kept (generation).
 */
import { asc, eq } from 'drizzle-orm';
import { ZSettings, ZSettingsResponse } from '@dating/shared-kit/contracts';
import type { CompanyInfo, Settings } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { sites } from '../../db/schema';

export interface SiteContext {
  id: number;
  domain: string;
  isDefault: boolean;
  settings: Settings;
  company: CompanyInfo;
  /** the settings.php answer, checked against its contract and serialised once per cache load */
  settingsJson: string;
}

type SiteRow = typeof sites.$inferSelect;

/** `pushPublicKey`: the server's VAPID public key (platform/push.ts), every site's push_public_key */
function toContext(row: SiteRow, pushPublicKey: string | null = null): SiteContext {
  const settings = ZSettings.parse(row.settings);
  if (pushPublicKey) settings.push_public_key = pushPublicKey;
  return {
    id: row.id,
    domain: row.domain,
    isDefault: row.isDefault,
    settings,
    company: row.company as CompanyInfo,
    settingsJson: JSON.stringify(ZSettingsResponse.parse({ settings, domain_language: settings.domain_language })),
  };
}

/** "WWW.Example.de:3000" -> "example.de" */
export function normalizeHost(host: string | undefined | null): string {
  if (!host) return '';
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(0, h.indexOf(']') + 1);
  else h = h.replace(/:\d+$/, '');
  return h.replace(/^www\./, '').replace(/\.$/, '');
}

interface LoadedSites {
  at: number;
  byDomain: Map<string, SiteContext>;
  fallback: SiteContext | null;
}

export class SiteRegistry {
  private cache: LoadedSites | null = null;
  /** the read of the table in flight, and the generation it started under */
  private reading: { generation: number; loaded: Promise<LoadedSites> } | null = null;
  private pushPublicKey: string | null = null;
  private generation = 0;
  /** false until a listener says notifications arrive (and again when its connection is lost) */
  private live = false;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {}

  /** The server's VAPID public key, served as every site's `push_public_key` (notifications module). */
  setPushPublicKey(key: string): void {
    this.pushPublicKey = key;
    this.invalidate();
  }

  /** Forget the cache (after the backoffice or the seed changed sites, or a `site_cache` notification). */
  invalidate(): void {
    this.generation += 1;
    this.cache = null;
  }

  /** Called with the listener's state: not live -> nothing is kept, every request reads the table. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  private load(): Promise<LoadedSites> {
    if (this.live && this.cache && Date.now() - this.cache.at < this.ttlMs) return Promise.resolve(this.cache);
    if (!this.live) return this.read();
    // one read at a time: the requests that arrive while the table is read wait for that read
    // instead of each reading and parsing every site again (at 50 connections an expired copy
    // started a read per request in flight); a read an invalidation overtook is not joined
    if (this.reading?.generation !== this.generation) {
      const reading = { generation: this.generation, loaded: this.read() };
      this.reading = reading;
      const done = () => {
        if (this.reading === reading) this.reading = null;
      };
      reading.loaded.then(done, done);
    }
    return this.reading.loaded;
  }

  private async read(): Promise<LoadedSites> {
    const generation = this.generation;
    const rows = await this.db.select().from(sites).orderBy(asc(sites.id));
    const byDomain = new Map<string, SiteContext>();
    let fallback: SiteContext | null = null;
    for (const row of rows) {
      const ctx = toContext(row, this.pushPublicKey);
      byDomain.set(ctx.domain, ctx);
      if (ctx.isDefault && !fallback) fallback = ctx;
    }
    fallback ??= byDomain.values().next().value ?? null;
    const loaded = { at: Date.now(), byDomain, fallback };
    if (this.live && generation === this.generation) this.cache = loaded;
    return loaded;
  }

  /** The site for a host name (any case, with port or www.); unknown -> the default site. */
  async resolve(host: string | undefined | null): Promise<SiteContext | null> {
    const { byDomain, fallback } = await this.load();
    return byDomain.get(normalizeHost(host)) ?? fallback;
  }

  async all(): Promise<SiteContext[]> {
    return [...(await this.load()).byDomain.values()];
  }
}

export async function getSiteById(db: DbOrTx, id: number): Promise<SiteContext | null> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
  return row ? toContext(row) : null;
}
