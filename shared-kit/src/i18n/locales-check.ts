/**
 * Completeness check for a namespace's locales (used by every module's locale test):
 *
 *   expect(assertCompleteLocales({ nl, en, de, es, fr, it, pl })).toEqual({});
 *
 * Returns, per language, the keys (dotted paths) that are missing or empty compared with the union
 * of all languages, and keys whose {{placeholders}} differ from nl (the reference wording).
 * Languages with nothing wrong are left out, so a complete set gives `{}`.
 */
import { LANGUAGES } from '../contracts/core';
import type { Language } from '../contracts/core';

export type LocaleTree = { readonly [key: string]: string | LocaleTree };

function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
      else out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

export function assertCompleteLocales(resources: Partial<Record<Language, unknown>>): Partial<Record<Language, string[]>> {
  const flat = new Map<Language, Map<string, unknown>>();
  for (const lng of LANGUAGES) flat.set(lng, flatten(resources[lng]));
  const allKeys = new Set<string>();
  for (const map of flat.values()) for (const key of map.keys()) allKeys.add(key);
  const reference = flat.get('nl') ?? new Map<string, unknown>();

  const problems: Partial<Record<Language, string[]>> = {};
  for (const lng of LANGUAGES) {
    const map = flat.get(lng) ?? new Map<string, unknown>();
    const missing: string[] = [];
    for (const key of [...allKeys].sort()) {
      const value = map.get(key);
      if (typeof value !== 'string' || value.trim() === '') {
        missing.push(key);
        continue;
      }
      const ref = reference.get(key);
      if (lng !== 'nl' && typeof ref === 'string' && placeholders(ref) !== placeholders(value)) {
        missing.push(`${key} (placeholders {{${placeholders(ref)}}})`);
      }
    }
    if (missing.length) problems[lng] = missing;
  }
  return problems;
}
