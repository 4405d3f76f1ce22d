/**
 * What things cost: the packages (credits and price per currency, integer minor units), the
 * currency of a payment country, and the direct-debit limit. Prices are set per currency (no
 * exchange rates at request time): a price list, as a shop has one.
 */
import { COUNTRIES, CURRENCY_BY_COUNTRY } from '@dating/shared-kit/contracts';
import type { Country, Currency, PackageId, Settings } from '@dating/shared-kit/contracts';

export interface PackageDef {
  id: PackageId;
  credits: number;
  popular: boolean;
  tryout: boolean;
}

/** p0-p3 and the try-out package (a fixed amount for a few credits, only before the first purchase). */
export const PACKAGES: readonly PackageDef[] = [
  { id: 'tryout', credits: 10, popular: false, tryout: true },
  { id: 'p0', credits: 25, popular: false, tryout: false },
  { id: 'p1', credits: 60, popular: true, tryout: false },
  { id: 'p2', credits: 150, popular: false, tryout: false },
  { id: 'p3', credits: 400, popular: false, tryout: false },
];

/** Price list: minor units per currency, in PACKAGES order (tryout, p0, p1, p2, p3). */
const PRICES: Record<Currency, readonly [number, number, number, number, number]> = {
  EUR: [199, 995, 1995, 4495, 9995],
  GBP: [179, 895, 1695, 3895, 8495],
  CHF: [199, 995, 1995, 4495, 9995],
  PLN: [899, 4299, 8599, 19399, 42999],
  USD: [219, 1095, 2195, 4895, 10995],
  CAD: [299, 1495, 2995, 6695, 14995],
  AUD: [329, 1695, 3295, 7495, 16495],
  NZD: [349, 1795, 3595, 7995, 17995],
};

export function packageDef(id: PackageId): PackageDef {
  const def = PACKAGES.find((p) => p.id === id);
  if (!def) throw new Error(`no package ${id}`);
  return def;
}

export function priceOf(id: PackageId, currency: Currency): number {
  const index = PACKAGES.findIndex((p) => p.id === id);
  const price = PRICES[currency][index];
  if (price === undefined) throw new Error(`no price for ${id} in ${currency}`);
  return price;
}

/**
 * What a package costs in a payment country on a site: the site's own price (settings
 * package_prices, set in the back office) or else the price list's, in the country's currency.
 */
export function sitePriceOf(settings: Pick<Settings, 'package_prices'>, country: Country, id: PackageId): number {
  return settings.package_prices[country]?.[id] ?? priceOf(id, currencyOf(country));
}

export function isCountry(value: string | null | undefined): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

export function currencyOf(country: Country): Currency {
  return CURRENCY_BY_COUNTRY[country];
}

/** The least an order may cost, in minor units (a PSP takes no payment of 0). */
export const MIN_ORDER_AMOUNT = 1;

/** SEPA direct debit: EUR countries only. At most this much per member within DIRECT_DEBIT_WINDOW_DAYS. */
export const DIRECT_DEBIT_LIMIT_CENTS = 15_000;
export const DIRECT_DEBIT_WINDOW_DAYS = 30;
/** Step 1 of /directdebit (an SMS each) at most this often per member per hour. */
export const DIRECT_DEBIT_STARTS_PER_HOUR = 5;
