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
import common from './common';

declare global {
  var __datingI18n__: I18n | undefined;
}

function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources: {},
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });
  for (const lng of LANGUAGES) instance.addResourceBundle(lng, 'common', common[lng], true, true);
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
