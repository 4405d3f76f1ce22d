/**
 * The back office's site settings (issue 15, admin): list the domains, read one site's settings
 * with the price list beside them, and change them. A change is checked against the contract
 * (ZSettings) whole: a refused change names every failing field, translated, and changes nothing.
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { COUNTRIES, CURRENCY_BY_COUNTRY, PACKAGE_IDS, sameSetting, ZSettings } from '@dating/shared-kit/contracts';
import type { Country, FieldIssue, Settings, SiteDetail, SiteList, SiteListQuery } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { sites } from '../../db/schema';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import type { Lang } from '../../i18n';
import { priceOf } from '../payments';
import { normalizeHost } from './service';

export const SITES_PAGE_SIZE = 50;

type SiteRow = typeof sites.$inferSelect;

const summary = (row: SiteRow) => {
  const s = row.settings as Partial<Settings>;
  return {
    id: row.id,
    domain: row.domain,
    is_default: row.isDefault,
    name: s.name ?? row.domain,
    domain_language: s.domain_language ?? '',
    countries: s.countries ?? [],
  };
};

/** The domains, default first then by domain; `q` matches the domain and the site's name. */
export async function listSites(db: DbOrTx, query: SiteListQuery): Promise<SiteList> {
  const rows = await db.select().from(sites).orderBy(asc(sites.domain));
  const q = query.q?.toLowerCase();
  const all = rows
    .map(summary)
    .filter((s) => !q || s.domain.includes(q) || s.name.toLowerCase().includes(q))
    .sort((a, b) => Number(b.is_default) - Number(a.is_default));
  const start = (query.page - 1) * SITES_PAGE_SIZE;
  return { sites: all.slice(start, start + SITES_PAGE_SIZE), total: all.length, page: query.page, per_page: SITES_PAGE_SIZE };
}

async function siteRow(db: DbOrTx, domain: string, forUpdate = false): Promise<SiteRow> {
  const select = db
    .select()
    .from(sites)
    .where(eq(sites.domain, normalizeHost(domain)));
  const [row] = forUpdate ? await select.for('update') : await select;
  if (!row) throw new AppError('site_not_found', { status: 404, field: 'domain' });
  return row;
}

/** The price list's amounts for every country (minor units) and each country's currency. */
function listPrices(): Pick<SiteDetail, 'list_prices' | 'currencies'> {
  const list_prices: SiteDetail['list_prices'] = {};
  const currencies: SiteDetail['currencies'] = {};
  for (const country of COUNTRIES) {
    const currency = CURRENCY_BY_COUNTRY[country];
    currencies[country] = currency;
    list_prices[country] = Object.fromEntries(PACKAGE_IDS.map((p) => [p, priceOf(p, currency)]));
  }
  return { list_prices, currencies };
}

export async function siteDetail(db: DbOrTx, domain: string): Promise<SiteDetail> {
  const row = await siteRow(db, domain);
  return { id: row.id, domain: row.domain, is_default: row.isDefault, settings: ZSettings.parse(row.settings), ...listPrices() };
}

/** A zod issue as the staff member reads it, next to the field. */
function issueText(issue: z.core.$ZodIssue, lang: Lang): string {
  const raw = issue as {
    code: string;
    input?: unknown;
    expected?: string;
    minimum?: unknown;
    maximum?: unknown;
    origin?: string;
    inclusive?: boolean;
  };
  // every number of the settings is an integer: "> 0" reads as "at least 1"
  const bound = (value: unknown, step: number) => String(typeof value === 'number' && raw.inclusive === false ? value + step : value);
  // (the issue carries its input: parsed with reportInput) empty is "fill in", "abc" where a number goes is "enter a number"
  if (raw.code === 'invalid_type' && (raw.input === undefined || raw.input === null || raw.input === ''))
    return t('setting_required', lang);
  if (raw.code === 'invalid_type' && (raw.expected === 'number' || raw.expected === 'int')) return t('setting_number', lang);
  if (raw.code === 'too_small')
    return raw.origin === 'string' ? t('setting_required', lang) : t('setting_too_small', lang, { min: bound(raw.minimum, 1) });
  if (raw.code === 'too_big') return t('setting_too_big', lang, { max: bound(raw.maximum, -1) });
  return t('setting_invalid', lang);
}

/** Every failing field of a settings change, by path (`message_credits`, `package_prices.NL.p1`). */
export function settingsIssues(error: z.core.$ZodError, lang: Lang): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'settings';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issueText(issue, lang) });
  }
  return out;
}

/** Only what changed, for the audit row: `{before, after}` of the top-level settings that differ (sameSetting: key order is not a change). */
export function settingsDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (sameSetting(before[key], after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/**
 * Check `input` against ZSettings and store it (inside the staff action's transaction). The
 * domain of a site is its key: it cannot be changed here. 404 for an unknown domain; 400 with
 * `field` (the first) and `fields` (all) for settings that break the contract.
 */
export async function updateSiteSettings(tx: DbOrTx, domain: string, input: unknown, lang: Lang) {
  const row = await siteRow(tx, domain, true);
  const parsed = ZSettings.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    const fields = settingsIssues(parsed.error, lang);
    throw new AppError('validation', {
      status: 400,
      field: `settings.${fields[0]?.field ?? ''}`.replace(/\.$/, ''),
      messageCode: 'settings_invalid',
      params: { count: fields.length },
      extra: { fields },
    });
  }
  const current = ZSettings.parse(row.settings);
  if (parsed.data.domain !== current.domain) {
    throw new AppError('validation', {
      status: 400,
      field: 'settings.domain',
      messageCode: 'site_domain_fixed',
      extra: { fields: [{ field: 'domain', message: t('site_domain_fixed', lang) }] },
    });
  }
  await tx.update(sites).set({ settings: parsed.data }).where(eq(sites.id, row.id));
  const diff = settingsDiff(current as unknown as Record<string, unknown>, parsed.data as unknown as Record<string, unknown>);
  return { settings: parsed.data, ...diff, countries: parsed.data.countries as Country[] };
}
