/**
 * Server-side translation. `t(code, lang, params)` looks the code up in messages/index.ts and
 * fills `{name}` placeholders. Unknown codes fall back to the generic error text (and are found
 * by i18n.test.ts, which checks every table is complete for all 7 languages).
 */
import { messages } from './messages';
import { FIELD_ALIASES, fieldLabels } from './messages/fields';
import type { Lang } from './messages';

export type { Lang } from './messages';
export const LANGS: readonly Lang[] = ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl'];
export const DEFAULT_LANG: Lang = 'nl';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** First two letters of a language tag ("de-CH" -> "de") if supported. */
export function toLang(value: string | null | undefined): Lang | undefined {
  if (!value) return undefined;
  const short = value.slice(0, 2).toLowerCase();
  return isLang(short) ? short : undefined;
}

export function hasMessage(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(messages, code);
}

export function t(code: string, lang: Lang = DEFAULT_LANG, params: Record<string, string | number> = {}): string {
  const entry = messages[code] ?? messages.internal;
  const text = entry?.[lang] ?? entry?.[DEFAULT_LANG] ?? code;
  return text.replace(/\{(\w+)\}/g, (whole, name: string, at: number) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    // a text that starts with a value ("{field} is verplicht.") starts with a capital
    return at === 0 ? value.charAt(0).toLocaleUpperCase(lang) + value.slice(1) : value;
  });
}

/**
 * A request field's name as a member reads it ("min_age" -> "minimumleeftijd"): by its full path,
 * then without list positions, then by its first segment; an unknown field keeps its own name.
 */
export function fieldLabel(field: string, lang: Lang = DEFAULT_LANG): string {
  const withoutIndexes = field
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
  for (const name of [field, withoutIndexes, field.split('.')[0] ?? field]) {
    const key = Object.prototype.hasOwnProperty.call(FIELD_ALIASES, name) ? FIELD_ALIASES[name] : name;
    const entry = key && Object.prototype.hasOwnProperty.call(fieldLabels, key) ? fieldLabels[key] : undefined;
    if (entry) return entry[lang] ?? entry[DEFAULT_LANG];
  }
  return field;
}
