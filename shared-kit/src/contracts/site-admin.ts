/**
 * The back office's site settings (issue 15, admin): the domains and the settings of spec section
 * 3 per domain. A change is checked against ZSettings on the server (a refused change names every
 * field that failed) and is live on the next page load of that domain.
 */
import { z } from 'zod';
import { PACKAGE_IDS, ZCountry, ZSettings } from './core';

export const ZSiteSummary = z.object({
  id: z.number().int(),
  domain: z.string(),
  is_default: z.boolean(),
  name: z.string(),
  domain_language: z.string(),
  countries: z.array(z.string()),
});
export type SiteSummary = z.infer<typeof ZSiteSummary>;

export const ZSiteListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** free text: matched against the domain and the site's name */
  q: z.string().trim().max(100).optional(),
});
export type SiteListQuery = z.infer<typeof ZSiteListQuery>;

export const ZSiteList = z.object({
  sites: z.array(ZSiteSummary),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
export type SiteList = z.infer<typeof ZSiteList>;

export const ZSiteDomainParams = z.object({ domain: z.string().trim().min(1).max(253) });

/** The price list's amount per country and package (minor units), shown where a site sets none. */
export const ZListPrices = z.partialRecord(ZCountry, z.partialRecord(z.enum(PACKAGE_IDS), z.number().int()));

export const ZSiteDetail = z.object({
  id: z.number().int(),
  domain: z.string(),
  is_default: z.boolean(),
  settings: ZSettings,
  list_prices: ZListPrices,
  /** the currency per country of list_prices */
  currencies: z.partialRecord(ZCountry, z.string()),
});
export type SiteDetail = z.infer<typeof ZSiteDetail>;

/**
 * PUT /api/backoffice/sites/:domain. `settings` is every field of ZSettings; the server checks it
 * (inside the audited action, so a refused change is in the audit log under `sites.update`).
 */
export const ZSiteUpdate = z.object({ settings: z.record(z.string(), z.unknown()) });
export type SiteUpdate = z.infer<typeof ZSiteUpdate>;

/** One field of a refused settings change: its path (`message_credits`, `package_prices.NL.p1`) and the translated reason. */
export const ZFieldIssue = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof ZFieldIssue>;
