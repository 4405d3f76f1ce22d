/** The light lander page's own i18next instance: only the texts the server inlined (the page's language). */
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import type { LightPageData } from './data';

export function createLightI18n(data: Pick<LightPageData, 'language' | 'texts'>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: data.language,
    fallbackLng: false,
    resources: data.texts,
    ns: ['landers', 'common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
