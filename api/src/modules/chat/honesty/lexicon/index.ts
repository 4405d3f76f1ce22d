/**
 * The honesty guard's words: one file per language (nl.ts is the reference) and everywhere.ts for
 * the words every language shares, all in the plain form (language.ts). honesty.ts builds its
 * patterns from these lists; to teach the guard a new wording, add the words to the language's
 * file and a row to honesty.table.ts (docs/honesty.md).
 */
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import type { Language, LanguageCode } from './language';
import { nl } from './nl';
import { pl } from './pl';

export { EVERYWHERE } from './everywhere';
export type { Language, LanguageCode } from './language';

export const LANGUAGES: Record<LanguageCode, Language> = { nl, en, de, es, fr, it, pl };
