/**
 * This module's texts (namespace `members`): each language is a chunk of its own, and only the one in
 * use (and the fallback, en) is fetched (shared-kit registerNamespace with loaders).
 */
import { registerNamespace } from '@dating/shared-kit/i18n';

export const NAMESPACE = 'members';
export const localeLoaders = {
  nl: () => import(/* webpackChunkName: "locale-members-nl" */ './locales/nl.json'),
  en: () => import(/* webpackChunkName: "locale-members-en" */ './locales/en.json'),
  de: () => import(/* webpackChunkName: "locale-members-de" */ './locales/de.json'),
  es: () => import(/* webpackChunkName: "locale-members-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "locale-members-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "locale-members-it" */ './locales/it.json'),
  pl: () => import(/* webpackChunkName: "locale-members-pl" */ './locales/pl.json'),
};
registerNamespace(NAMESPACE, localeLoaders);
