/**
 * Regions of the 15 countries of spec section 9 from the maintained `country-region-data`
 * package, with the name of a region in each country (province, state, canton, ...) translated.
 */
import { COUNTRIES } from '@dating/shared-kit/contracts';
import { AppError } from '../../errors';
import type { Lang } from '../../i18n';

interface CountryData {
  countryName: string;
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const DATA = require('country-region-data/data.json') as CountryData[];

export type RegionKind = 'state' | 'province' | 'region' | 'county' | 'voivodeship' | 'canton';

export const REGION_KIND: Record<string, RegionKind> = {
  US: 'state',
  NL: 'province',
  BE: 'region',
  FR: 'region',
  IT: 'region',
  ES: 'province',
  DE: 'state',
  AT: 'state',
  IE: 'county',
  GB: 'county',
  CA: 'province',
  PL: 'voivodeship',
  AU: 'state',
  NZ: 'region',
  CH: 'canton',
};

export const REGION_LABELS: Record<RegionKind, Record<Lang, string>> = {
  state: { nl: 'Staat', en: 'State', de: 'Bundesland', es: 'Estado', fr: 'État', it: 'Stato', pl: 'Stan' },
  province: { nl: 'Provincie', en: 'Province', de: 'Provinz', es: 'Provincia', fr: 'Province', it: 'Provincia', pl: 'Prowincja' },
  region: { nl: 'Regio', en: 'Region', de: 'Region', es: 'Región', fr: 'Région', it: 'Regione', pl: 'Region' },
  county: { nl: 'Graafschap', en: 'County', de: 'Grafschaft', es: 'Condado', fr: 'Comté', it: 'Contea', pl: 'Hrabstwo' },
  voivodeship: {
    nl: 'Woiwodschap',
    en: 'Voivodeship',
    de: 'Woiwodschaft',
    es: 'Voivodato',
    fr: 'Voïvodie',
    it: 'Voivodato',
    pl: 'Województwo',
  },
  canton: { nl: 'Kanton', en: 'Canton', de: 'Kanton', es: 'Cantón', fr: 'Canton', it: 'Cantone', pl: 'Kanton' },
};

export interface Region {
  code: string;
  name: string;
}

/**
 * Region names in each language where the package's name is not what a reader of that language
 * calls it. The package names regions in the country's own language (Noord-Holland, Bayern,
 * Lombardia), which every language uses too; Belgium's three regions it names in English, so they
 * are translated here, in all 7 languages.
 */
export const REGION_NAMES: Record<string, Record<string, Record<Lang, string>>> = {
  BE: {
    BRU: { nl: 'Brussel', en: 'Brussels', de: 'Brüssel', es: 'Bruselas', fr: 'Bruxelles', it: 'Bruxelles', pl: 'Bruksela' },
    VLG: { nl: 'Vlaanderen', en: 'Flanders', de: 'Flandern', es: 'Flandes', fr: 'Flandre', it: 'Fiandre', pl: 'Flandria' },
    WAL: { nl: 'Wallonië', en: 'Wallonia', de: 'Wallonien', es: 'Valonia', fr: 'Wallonie', it: 'Vallonia', pl: 'Walonia' },
  },
};

const BY_COUNTRY = new Map<string, Region[]>();
for (const c of DATA) {
  if (!(COUNTRIES as readonly string[]).includes(c.countryShortCode)) continue;
  BY_COUNTRY.set(
    c.countryShortCode,
    c.regions.map((r) => ({ code: r.shortCode ?? r.name, name: r.name })),
  );
}

/** The regions of `country` (names in `lang` when given, else the package's names); undefined for a country not ours. */
export function regionsOf(country: string, lang?: Lang): Region[] | undefined {
  const code = country.toUpperCase();
  const regions = BY_COUNTRY.get(code);
  const names = REGION_NAMES[code];
  if (!regions || !lang || !names) return regions;
  return regions.map((r) => ({ code: r.code, name: names[r.code]?.[lang] ?? r.name }));
}

export function regionLabel(country: string, lang: Lang): { kind: RegionKind; label: string } {
  const kind = REGION_KIND[country.toUpperCase()] ?? 'region';
  return { kind, label: REGION_LABELS[kind][lang] };
}

/**
 * The region code for a member's `region` in `country`: the code as /api/regions.php offers it,
 * or its name; empty gives null. A region of another country is a 400 unknown_region.
 */
export function regionOfCountry(country: string, region: string | null | undefined): string | null {
  if (!region) return null;
  const known = (regionsOf(country) ?? []).find((r) => r.code === region || r.name === region);
  if (!known) throw new AppError('unknown_region', { status: 400, field: 'region' });
  return known.code;
}
