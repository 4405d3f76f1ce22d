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
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { api, nextTick, onAccountLanguage } from '../api/client';
import { ZUserResponse } from '../contracts/identity';
import type { Language } from '../contracts/core';
import { sessionAtom, setSession, store } from '../state/atoms';
import { i18n, lazyBundles } from './instance';
import { detectLanguage, readCookie, toLanguage, writeLanguageCookie, LANGUAGE_COOKIE } from './language';
import type { LocaleTree } from './locales-check';

export { i18n, currentLanguage } from './instance';
export {
  COUNTRY_LANGUAGES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGE_NAMES,
  countryName,
  detectLanguage,
  formatDate,
  isLanguage,
  languagesForCountry,
  readCookie,
  toLanguage,
  writeLanguageCookie,
} from './language';
export type { Country, Language, LanguageInputs } from './language';
export { assertCompleteLocales } from './locales-check';
export type { LocaleTree } from './locales-check';
// all seven `common` bundles at once: `@dating/shared-kit/i18n/common` (a server render, tests)
export type { CommonStrings } from './common';
export { useTranslation } from 'react-i18next';

/** A namespace's bundle per language, each loaded on demand: `{ nl: () => import('./locales/nl.json'), ... }`. */
export type LocaleLoaders<T = object> = Record<Language, () => Promise<T>>;

/**
 * Add a namespace's translations to the one instance. Idempotent.
 * - bundles (`{ nl, en, ... }`, all 7 imported): added at once;
 * - loaders (`{ nl: () => import('./locales/nl.json'), ... }`): only the language in use (and the
 *   fallback language) is fetched, now, and another language when the site switches to it
 *   (`changeLanguage` waits for it). `translationsSettled()` resolves once what was asked for is
 *   there: the shell waits for it after loading a remote's module, so a page never shows keys.
 */
export function registerNamespace(ns: string, resources: Record<Language, LocaleTree | object> | LocaleLoaders): string {
  const values = Object.values(resources);
  if (values.length > 0 && values.every((value) => typeof value === 'function')) {
    if (!lazyBundles.namespaces.has(ns)) {
      lazyBundles.namespaces.set(ns, resources as LocaleLoaders);
      const loading = i18n.loadNamespaces(ns).finally(() => lazyBundles.pending.delete(loading));
      lazyBundles.pending.add(loading);
    }
    return ns;
  }
  for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, ns, bundle, true, true);
  return ns;
}

/** Resolves once every namespace bundle asked for so far has loaded (or failed: its keys show). */
export async function translationsSettled(): Promise<void> {
  while (lazyBundles.pending.size > 0) await Promise.allSettled([...lazyBundles.pending]);
}

/** The bundles behind a namespace's loaders (what `loadAllLocales` gives). */
export type LoadedLocales<L> = { [K in keyof L]: L[K] extends () => Promise<infer M> ? (M extends { default: infer D } ? D : M) : never };

/** All 7 bundles of a namespace registered with loaders (its locale tests check them all). */
export async function loadAllLocales<L extends Record<Language, () => Promise<unknown>>>(loaders: L): Promise<LoadedLocales<L>> {
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([lng, load]) => {
      const module = (await (load as () => Promise<unknown>)()) as { default?: unknown };
      return [lng, module && typeof module === 'object' && 'default' in module ? module.default : module] as const;
    }),
  );
  return Object.fromEntries(entries) as LoadedLocales<L>;
}

/**
 * Pick and apply the language by the rules (cookie -> domain_language -> browser -> en).
 * Call once at boot with the site's domain_language. Returns the language chosen; its texts may
 * still be on their way (`translationsSettled()`).
 */
export function initLanguage(domainLanguage?: string | null): Language {
  const lng = detectLanguage({
    cookie: readCookie(LANGUAGE_COOKIE),
    domainLanguage,
    browser: globalThis.navigator?.languages ?? [],
  });
  // translationsSettled() waits for this language's bundles (the shell renders after them)
  const switching = i18n.changeLanguage(lng).finally(() => lazyBundles.pending.delete(switching));
  lazyBundles.pending.add(switching);
  return lng;
}

/** Set with the language cookie when a visitor picks a language: at log-in the server stores it on the account. */
export const LANGUAGE_CHOSEN_COOKIE = 'lang_chosen';
/** when this tab last changed the language itself (api/client nextTick): older answers do not undo it */
let localChangeAt = 0;

/**
 * The member chose a language: remember it (cookie, 365 days), switch the UI, and when logged in
 * store it on the account (PUT /api/user.php), so mails, server texts and the member's other tabs
 * follow. A visitor's choice is marked (LANGUAGE_CHOSEN_COOKIE): logging in keeps it and stores it
 * on the account instead of switching to the account's stored one.
 */
export async function setLanguage(lng: Language, options: { saveToAccount?: boolean } = {}): Promise<void> {
  localChangeAt = nextTick();
  writeLanguageCookie(lng);
  const user = store.get(sessionAtom);
  if (!user && globalThis.document)
    document.cookie = `${LANGUAGE_CHOSEN_COOKIE}=1; Max-Age=${LANGUAGE_COOKIE_DAYS_SECONDS}; Path=/; SameSite=Lax`;
  await i18n.changeLanguage(lng);
  if ((options.saveToAccount ?? true) && user && user.language !== lng) {
    const { user: updated } = await api.put('/api/user.php', { language: lng }, ZUserResponse);
    setSession(updated);
  }
}

const LANGUAGE_COOKIE_DAYS_SECONDS = 365 * 24 * 60 * 60;

/**
 * One language once logged in: the account's. Every answer to a member names it
 * (x-account-language); when it differs from this tab's (changed on another device or tab), this
 * tab takes it at that answer. An answer to a request that started before this tab's own change
 * is not news.
 */
onAccountLanguage((value, startedAt) => {
  if (startedAt <= localChangeAt || !store.get(sessionAtom)) return;
  const lng = toLanguage(value);
  if (!lng || lng === i18n.language) return;
  writeLanguageCookie(lng);
  const user = store.get(sessionAtom);
  if (user && user.language !== lng) setSession({ ...user, language: lng });
  void i18n.changeLanguage(lng);
});

/**
 * A page in a chunk of its own (`React.lazy`) that shows once the texts its chunk registered have
 * arrived too (like the shell does for a remote's `./routes`), so it never shows keys:
 *
 *   const SearchPage = lazyWithTexts(() => import('./pages/search-page'), 'SearchPage');
 *
 * It suspends to the nearest Suspense: the shell's page area, whose fallback keeps the page's place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page props
export function lazyWithTexts<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(async () => {
    const module = await load();
    await translationsSettled();
    return { default: module[name] };
  });
}
