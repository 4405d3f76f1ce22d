/**
 * This module's texts (namespace `auth`): each language is a chunk of its own, and only the one in
 * use (and the fallback, en) is fetched (shared-kit registerNamespace with loaders).
 */
import { registerNamespace } from '@dating/shared-kit/i18n';

export const NAMESPACE = 'auth';
export const localeLoaders = {
  nl: () => import(/* webpackChunkName: "locale-auth-nl" */ './locales/nl.json'),
  en: () => import(/* webpackChunkName: "locale-auth-en" */ './locales/en.json'),
  de: () => import(/* webpackChunkName: "locale-auth-de" */ './locales/de.json'),
  es: () => import(/* webpackChunkName: "locale-auth-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "locale-auth-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "locale-auth-it" */ './locales/it.json'),
  pl: () => import(/* webpackChunkName: "locale-auth-pl" */ './locales/pl.json'),
};
registerNamespace(NAMESPACE, localeLoaders);
