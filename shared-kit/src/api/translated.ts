/**
 * Lists the server translates (interest labels, region names and labels): loaded once per
 * language and kept ("loaded once and cached"), asked with `?lang=`. The language in the
 * URL is what makes them safe to cache: the server caches that form publicly, so after a language
 * switch the page asks another URL and never gets the old language back from a cache
 * (api/src/platform/http-cache.ts). Callers pass the UI language and load again when it changes.
 */
import type { z } from 'zod/mini';
import type { Language } from '../contracts/core';
import { api } from './client';
import type { Query } from './client';

const cache = new Map<string, Promise<unknown>>();

export function loadTranslated<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  language: Language,
  query: Query = {},
): Promise<z.output<S>> {
  const full: Query = { ...query, lang: language };
  // a plain comparison: the first localeCompare of a page builds the language's collator (tens of ms on a phone)
  const key = `${path}?${JSON.stringify(Object.entries(full).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;
  let cached = cache.get(key) as Promise<z.output<S>> | undefined;
  if (!cached) {
    cached = api.get(path, schema, { query: full });
    // a failure is not kept: the next caller asks again
    cached.catch(() => cache.delete(key));
    cache.set(key, cached);
  }
  return cached;
}

/** Forget every loaded list (tests that answer with a new fake server each time). */
export function clearTranslatedCache(): void {
  cache.clear();
}
