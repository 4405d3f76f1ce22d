/**
 * Language rules:
 *   cookie `lang` (kept 365 days) -> the site's domain_language (its first two letters, when
 *   supported) -> the browser's languages -> 'en'; missing keys fall back to 'nl'.
 */
import { COUNTRY_LANGUAGES, LANGUAGES } from '../contracts/core';
import type { Country, Language } from '../contracts/core';
import { COUNTRY_NAMES } from './country-names';

export { COUNTRY_LANGUAGES, LANGUAGES };
export { LANGUAGE_NAMES } from '../contracts/constants';
export type { Country, Language };

export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 365;
/** Last resort when nothing else decides (default locale en ...). */
export const DEFAULT_LANGUAGE: Language = 'en';
/** ... with fallback nl: the reference wording, used for any key missing in a language. */
export const FALLBACK_LANGUAGE: Language = 'nl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'nl-BE', 'NL', 'de_AT' -> 'nl' / 'de' when supported, else undefined. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const two = tag.trim().slice(0, 2).toLowerCase();
  return isLanguage(two) ? two : undefined;
}

export interface LanguageInputs {
  /** the `lang` cookie value */
  cookie?: string | null;
  /** settings.domain_language of the site */
  domainLanguage?: string | null;
  /** navigator.languages */
  browser?: readonly string[];
}

export function detectLanguage({ cookie, domainLanguage, browser = [] }: LanguageInputs): Language {
  // the cookie must name a supported language exactly (it is what we wrote)
  if (isLanguage(cookie)) return cookie;
  const fromDomain = toLanguage(domainLanguage);
  if (fromDomain) return fromDomain;
  for (const tag of browser) {
    const lng = toLanguage(tag);
    if (lng) return lng;
  }
  return DEFAULT_LANGUAGE;
}

/** Languages offered for a country (switcher); all seven when the country is not one of ours. */
export function languagesForCountry(country: string | null | undefined): readonly Language[] {
  const key = (country ?? '').toUpperCase();
  return key in COUNTRY_LANGUAGES ? COUNTRY_LANGUAGES[key as Country] : LANGUAGES;
}

/**
 * A request's Accept-Language header as the browser's list (best first, q=0 left out): what a
 * server that renders or prepares a page gives `detectLanguage` as `browser`.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

// ---- cookie helpers (no dependency: document.cookie is all we need) -----------------------

/** the page, when there is one (this module also runs on the server: no DOM types needed) */
const page = globalThis as { document?: { cookie: string }; location?: { protocol: string } };

export function readCookie(name: string, cookieString = page.document?.cookie ?? ''): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function writeLanguageCookie(lng: Language): void {
  if (!page.document) return;
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 60 * 60;
  const secure = page.location?.protocol === 'https:' ? '; Secure' : '';
  page.document.cookie = `${LANGUAGE_COOKIE}=${lng}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** One Intl.DisplayNames per UI language, for codes outside COUNTRY_NAMES (null: unknown to Intl). */
const regionNamers = new Map<string, Intl.DisplayNames | null>();

function regionNamer(lng: string): Intl.DisplayNames | null {
  let namer = regionNamers.get(lng);
  if (namer === undefined) {
    try {
      namer = new Intl.DisplayNames([lng], { type: 'region' });
    } catch {
      namer = null;
    }
    regionNamers.set(lng, namer);
  }
  return namer;
}

/**
 * A country's name in the UI language ('NL' -> 'Nederland'), else the code: the site countries
 * from COUNTRY_NAMES, any other code from one Intl.DisplayNames per language.
 */
export function countryName(code: string, lng: string): string {
  const known = (COUNTRY_NAMES as Partial<Record<string, Partial<Record<string, string>>>>)[lng]?.[code];
  if (known !== undefined) return known;
  try {
    return regionNamer(lng)?.of(code) ?? code;
  } catch {
    return code; // not a region code
  }
}

/**
 * A calendar date ("1988-04-12" or a full ISO time) as people of `lng` write it ("12 april 1988"),
 * read in UTC so a date of birth never shifts a day with the visitor's time zone. Text that is no
 * date is returned as it is.
 */
export function formatDate(value: string, lng: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
