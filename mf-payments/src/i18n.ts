/**
 * This module's texts (namespace `payments`): each language is a chunk of its own, and only the one in
 * use (and the fallback, en) is fetched (shared-kit registerNamespace with loaders).
 */
import { registerNamespace } from '@dating/shared-kit/i18n';

export const NAMESPACE = 'payments';
export const localeLoaders = {
  nl: () => import(/* webpackChunkName: "locale-payments-nl" */ './locales/nl.json'),
  en: () => import(/* webpackChunkName: "locale-payments-en" */ './locales/en.json'),
  de: () => import(/* webpackChunkName: "locale-payments-de" */ './locales/de.json'),
  es: () => import(/* webpackChunkName: "locale-payments-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "locale-payments-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "locale-payments-it" */ './locales/it.json'),
  pl: () => import(/* webpackChunkName: "locale-payments-pl" */ './locales/pl.json'),
};
registerNamespace(NAMESPACE, localeLoaders);
