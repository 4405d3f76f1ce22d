/**
 * The back office's site settings (issue 15, admin): the domains and the settings of spec section
 * 3 per domain. A change is checked against ZSettings on the server (a refused change names every
 * field that failed) and is live on the next page load of that domain.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { PACKAGE_IDS, ZCountry, ZSettings } from './core';

/**
 * Whether two values of a setting are the same: deep, and the order of an object's keys does not
 * count ({NL, BE} as stored in jsonb vs {BE, NL} as the form builds it); an array's order does.
 * The back office's confirm dialog and the server's audit row both ask this.
 */
export function sameSetting(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameSetting(v, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && sameSetting((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

export const ZSiteSummary = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    domain: z.string(),
    is_default: z.boolean(),
    name: z.string(),
    domain_language: z.string(),
    countries: z.array(z.string()),
  }),
);
export type SiteSummary = z.infer<typeof ZSiteSummary>;

export const ZSiteListQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
    /** free text: matched against the domain and the site's name */
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  }),
);
export type SiteListQuery = z.infer<typeof ZSiteListQuery>;

export const ZSiteList = lazySchema(() =>
  z.object({
    sites: z.array(ZSiteSummary),
    total: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type SiteList = z.infer<typeof ZSiteList>;

export const ZSiteDomainParams = lazySchema(() => z.object({ domain: z.string().check(z.trim(), z.minLength(1), z.maxLength(253)) }));

/** The price list's amount per country and package (minor units), shown where a site sets none. */
export const ZListPrices = lazySchema(() => z.partialRecord(ZCountry, z.partialRecord(z.enum(PACKAGE_IDS), z.number().check(z.int()))));

export const ZSiteDetail = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    domain: z.string(),
    is_default: z.boolean(),
    settings: ZSettings,
    list_prices: ZListPrices,
    /** the currency per country of list_prices */
    currencies: z.partialRecord(ZCountry, z.string()),
  }),
);
export type SiteDetail = z.infer<typeof ZSiteDetail>;

/**
 * PUT /api/backoffice/sites/:domain. `settings` is every field of ZSettings; the server checks it
 * (inside the audited action, so a refused change is in the audit log under `sites.update`).
 */
export const ZSiteUpdate = lazySchema(() => z.object({ settings: z.record(z.string(), z.unknown()) }));
export type SiteUpdate = z.infer<typeof ZSiteUpdate>;

/** One field of a refused settings change: its path (`message_credits`, `package_prices.NL.p1`) and the translated reason. */
export const ZFieldIssue = lazySchema(() => z.object({ field: z.string(), message: z.string() }));
export type FieldIssue = z.infer<typeof ZFieldIssue>;
