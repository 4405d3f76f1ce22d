/**
 * This module's texts (namespace `chat`): each language is a chunk of its own, and only the one in
 * use (and the fallback, en) is fetched (shared-kit registerNamespace with loaders).
 */
import { registerNamespace } from '@dating/shared-kit/i18n';

export const NAMESPACE = 'chat';
export const localeLoaders = {
  nl: () => import(/* webpackChunkName: "locale-chat-nl" */ './locales/nl.json'),
  en: () => import(/* webpackChunkName: "locale-chat-en" */ './locales/en.json'),
  de: () => import(/* webpackChunkName: "locale-chat-de" */ './locales/de.json'),
  es: () => import(/* webpackChunkName: "locale-chat-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "locale-chat-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "locale-chat-it" */ './locales/it.json'),
  pl: () => import(/* webpackChunkName: "locale-chat-pl" */ './locales/pl.json'),
};
registerNamespace(NAMESPACE, localeLoaders);
