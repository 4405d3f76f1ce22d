/**
 * The one i18next instance (globalThis singleton: every remote and every copy of shared-kit
 * translates with the same instance and language), bound to react-i18next.
 */
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '../contracts/core';
import type { Language } from '../contracts/core';
import { setGenericMessageProvider } from '../api/client';
import { languageAtom, store } from '../state/atoms';
import { FALLBACK_LANGUAGE, DEFAULT_LANGUAGE, isLanguage } from './language';

/** A namespace's bundle for one language, loaded when that language is needed (a chunk of its own). */
export type BundleLoader = () => Promise<object>;
/** Per namespace, its bundle loader per language (see registerNamespace). */
type LazyNamespaces = Map<string, Partial<Record<string, BundleLoader>>>;

declare global {
  var __datingI18n__: I18n | undefined;
  var __datingI18nLazy__: { namespaces: LazyNamespaces; pending: Set<Promise<unknown>> } | undefined;
}

/** Shared by every copy of shared-kit, like the instance. */
export const lazyBundles = (globalThis.__datingI18nLazy__ ??= { namespaces: new Map(), pending: new Set() });

/**
 * i18next backend: a namespace registered with loaders gets only the bundles of the language in
 * use (and of the fallback language), each when first needed. i18next asks before a language
 * change completes, so `changeLanguage(lng)` resolves once every such namespace has its `lng`
 * bundle. A namespace nobody registered answers empty (its keys show, as before).
 */
const lazyBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data: object | false) => void) {
    const load = lazyBundles.namespaces.get(namespace)?.[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module: object) =>
        callback(null, 'default' in module && module.default && typeof module.default === 'object' ? module.default : module),
      (error: unknown) => callback(error, false),
    );
  },
};

/**
 * The `common` texts, one chunk per language like a remote's namespace: the page fetches the
 * language in use and the fallback (nl), not all seven. `common.ts` has them all (the light pages'
 * server render and the locale tests).
 */
const commonLoaders: Record<Language, BundleLoader> = {
  nl: () => import(/* webpackChunkName: "locale-common-nl" */ './locales/nl.json'),
  en: () => import(/* webpackChunkName: "locale-common-en" */ './locales/en.json'),
  de: () => import(/* webpackChunkName: "locale-common-de" */ './locales/de.json'),
  es: () => import(/* webpackChunkName: "locale-common-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "locale-common-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "locale-common-it" */ './locales/it.json'),
  pl: () => import(/* webpackChunkName: "locale-common-pl" */ './locales/pl.json'),
};

function createI18n(): I18n {
  lazyBundles.namespaces.set('common', commonLoaders);
  const instance = i18next.createInstance();
  const ready = instance
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      // the fallback until the shell picks the language (initLanguage): nothing else loads before
      lng: FALLBACK_LANGUAGE,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      react: { useSuspense: false },
    })
    .finally(() => lazyBundles.pending.delete(ready));
  lazyBundles.pending.add(ready);
  const sync = (lng: string) => {
    if (isLanguage(lng)) store.set(languageAtom, lng);
    if (globalThis.document?.documentElement) document.documentElement.lang = lng;
  };
  instance.on('languageChanged', sync);
  sync(instance.language);
  return instance;
}

globalThis.__datingI18n__ ??= createI18n();
export const i18n: I18n = globalThis.__datingI18n__;

setGenericMessageProvider(() => i18n.t('common:errors.generic'));

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}
