/**
 * Sites: one row per regional domain with the settings of spec section 3. The request's host
 * (or `forced_domain`) picks the site; an unknown domain gets the default site. Rows are cached
 * in memory for a few seconds (the table is tiny and read on every request).
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

export class SiteRegistry {
  private cache: { at: number; byDomain: Map<string, SiteContext>; fallback: SiteContext | null } | null = null;
  private pushPublicKey: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {}

  /** The server's VAPID public key, served as every site's `push_public_key` (notifications module). */
  setPushPublicKey(key: string): void {
    this.pushPublicKey = key;
    this.invalidate();
  }

  /** Forget the cache (after the backoffice or the seed changed sites). */
  invalidate(): void {
    this.cache = null;
  }

  private async load() {
    if (this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache;
    const rows = await this.db.select().from(sites).orderBy(asc(sites.id));
    const byDomain = new Map<string, SiteContext>();
    let fallback: SiteContext | null = null;
    for (const row of rows) {
      const ctx = toContext(row, this.pushPublicKey);
      byDomain.set(ctx.domain, ctx);
      if (ctx.isDefault && !fallback) fallback = ctx;
    }
    fallback ??= byDomain.values().next().value ?? null;
    this.cache = { at: Date.now(), byDomain, fallback };
    return this.cache;
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
