/**
 * The shell's own strings (namespace `shell`); shared strings come from shared-kit's `common`.
 * Each language is a chunk of its own: only the one in use (and the fallback) is fetched.
 */
import { registerNamespace } from '@dating/shared-kit/i18n';

export const shellLocaleLoaders = {
  nl: () => import(/* webpackChunkName: "locale-shell-nl" */ './locales/nl.json'),
  en: () => import(/* webpackChunkName: "locale-shell-en" */ './locales/en.json'),
  de: () => import(/* webpackChunkName: "locale-shell-de" */ './locales/de.json'),
  es: () => import(/* webpackChunkName: "locale-shell-es" */ './locales/es.json'),
  fr: () => import(/* webpackChunkName: "locale-shell-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "locale-shell-it" */ './locales/it.json'),
  pl: () => import(/* webpackChunkName: "locale-shell-pl" */ './locales/pl.json'),
};
registerNamespace('shell', shellLocaleLoaders);
