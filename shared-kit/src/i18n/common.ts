/** The `common` namespace: strings every module and the shell share, in all 7 languages. */
import type { Language } from '../contracts/core';
import nl from './locales/nl.json';
import en from './locales/en.json';
import de from './locales/de.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pl from './locales/pl.json';

export type CommonStrings = typeof nl;

// `satisfies` makes a key missing in any language a type error as well as a test failure.
const common = {
  nl,
  en: en satisfies CommonStrings,
  de: de satisfies CommonStrings,
  es: es satisfies CommonStrings,
  fr: fr satisfies CommonStrings,
  it: it satisfies CommonStrings,
  pl: pl satisfies CommonStrings,
} satisfies Record<Language, CommonStrings>;

export default common;
