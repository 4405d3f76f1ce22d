/**
 * `@dating/shared-kit/i18n`: the one i18next instance, the language rules and the shared `common`
 * namespace.
 *
 *   // a remote, in src/i18n.ts (imported once at the top of its exposed modules):
 *   registerNamespace('members', { nl, en, de, es, fr, it, pl });
 *   // a component:
 *   const { t } = useTranslation('members');
 *   // the shell, at boot (after settings are known):
 *   initLanguage(settings.domain_language);
 */
import { api } from '../api/client';
import { ZUserResponse } from '../contracts/identity';
import type { Language } from '../contracts/core';
import { sessionAtom, setSession, store } from '../state/atoms';
import { i18n } from './instance';
import { detectLanguage, readCookie, writeLanguageCookie, LANGUAGE_COOKIE } from './language';
import type { LocaleTree } from './locales-check';

export { i18n, currentLanguage } from './instance';
export {
  COUNTRY_LANGUAGES, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS,
  LANGUAGE_NAMES, detectLanguage, isLanguage, languagesForCountry, readCookie, toLanguage, writeLanguageCookie,
} from './language';
export type { Country, Language, LanguageInputs } from './language';
export { assertCompleteLocales } from './locales-check';
export type { LocaleTree } from './locales-check';
export { default as commonLocales } from './common';
export type { CommonStrings } from './common';
export { Trans, useTranslation } from 'react-i18next';

/** Add a namespace's translations (all 7 languages) to the one instance. Idempotent. */
export function registerNamespace(ns: string, resources: Record<Language, LocaleTree | object>): string {
  for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, ns, bundle, true, true);
  return ns;
}

/**
 * Pick and apply the language by the rules (cookie -> domain_language -> browser -> en).
 * Call once at boot with the site's domain_language. Returns the language chosen.
 */
export function initLanguage(domainLanguage?: string | null): Language {
  const lng = detectLanguage({
    cookie: readCookie(LANGUAGE_COOKIE),
    domainLanguage,
    browser: globalThis.navigator?.languages ?? [],
  });
  void i18n.changeLanguage(lng);
  return lng;
}

/**
 * The member chose a language: remember it (cookie, 365 days), switch the UI, and when logged in
 * store it on the account (PUT /api/user.php), so mails come in that language too.
 */
export async function setLanguage(lng: Language, options: { saveToAccount?: boolean } = {}): Promise<void> {
  writeLanguageCookie(lng);
  await i18n.changeLanguage(lng);
  const user = store.get(sessionAtom);
  if ((options.saveToAccount ?? true) && user && user.language !== lng) {
    const { user: updated } = await api.put('/api/user.php', { language: lng }, ZUserResponse);
    setSession(updated);
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
