/**
 * This module's texts (namespace `landers`): each language is a chunk of its own, and only the one in
 * use (and the fallback, en) is fetched (shared-kit registerNamespace with loaders).
 */
import { registerNamespace } from '@dating/shared-kit/i18n';
import { NAMESPACE } from './namespace';

export { NAMESPACE };
export const localeLoaders = {
  nl: () => import(/* webpackChunkName: "locale-landers-nl" */ './locales/nl.json'),
  en: () => import(/* webpackChunkName: "locale-landers-en" */ './locales/en.json'),
  de: () => import(/* webpackChunkName: "locale-landers-de" */ './locales/de.json'),
  es: () => import(/* webpackChunkName: "locale-landers-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "locale-landers-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "locale-landers-it" */ './locales/it.json'),
  pl: () => import(/* webpackChunkName: "locale-landers-pl" */ './locales/pl.json'),
};
registerNamespace(NAMESPACE, localeLoaders);
