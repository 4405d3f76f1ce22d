/**
 * The site's own translations, read from the locale files in the checkout, so tests assert the
 * exact text a member sees (nl = the product's wording) without copying it:
 *   commonText('moduleUnavailable')        // nl
 *   commonText('retry', 'en')
 *   localeText('mf-members/src/locales', 'search.title', 'de')
 *   serverText('search_login_required', {}, 'de')   // the server's own texts (api/src/i18n)
 * Nested keys use dots. Placeholders ({{x}}) are left as they are, except by fillText,
 * moduleTexts and serverText.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hasMessage, t as translateOnServer } from '../../api/src/i18n';
import { REPO_ROOT } from './env';
import type { Language } from './fixtures';

const cache = new Map<string, Record<string, unknown>>();

function readJson(file: string): Record<string, unknown> | null {
  if (cache.has(file)) return cache.get(file) ?? null;
  if (!fs.existsSync(file)) return null;
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  cache.set(file, json);
  return json;
}

function lookup(json: Record<string, unknown>, key: string): string | undefined {
  if (typeof json[key] === 'string') return json[key];
  let node: unknown = json;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` in `<dir>/<lng>.json` (or `<dir>/<lng>/<ns>.json`), dir relative to the repo. */
export function localeText(dir: string, key: string, lng: Language = 'nl', ns?: string): string {
  const candidates = [path.join(REPO_ROOT, dir, `${lng}.json`)];
  if (ns) candidates.push(path.join(REPO_ROOT, dir, lng, `${ns}.json`));
  for (const file of candidates) {
    const json = readJson(file);
    const value = json ? lookup(json, key) : undefined;
    if (value !== undefined) return value;
  }
  throw new Error(`no translation for "${key}" (${lng}) in ${candidates.join(', ')}`);
}

/** Where the shared "common" namespace lives (shared-kit i18n), with the shell's as fallback. */
const COMMON_DIRS = ['shared-kit/src/i18n/locales', 'shared-kit/src/i18n/locales/common', 'shell/src/locales'];

/** A string of the common namespace (shell + shared-kit), e.g. moduleUnavailable, retry, notFound. */
export function commonText(key: string, lng: Language = 'nl'): string {
  for (const dir of COMMON_DIRS) {
    try {
      return localeText(dir, key, lng, 'common');
    } catch {
      // next place
    }
  }
  throw new Error(`no common translation for "${key}" (${lng}) in ${COMMON_DIRS.join(', ')}`);
}

/** `text` with its {{placeholders}} filled from `params` (missing ones left empty). */
export function fillText(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The texts of one module: `const t = moduleTexts('mf-payments/src/locales'); t('staff.codes.made', { code })`. */
export function moduleTexts(dir: string): (key: string, params?: Record<string, string | number>, lng?: Language) => string {
  return (key, params = {}, lng = 'nl') => fillText(localeText(dir, key, lng), params);
}

/** A text the server makes (an error answer, a message it sends), `{x}` filled from `params`, as the server fills it. */
export function serverText(code: string, params: Record<string, string | number> = {}, lng: Language = 'nl'): string {
  if (!hasMessage(code)) throw new Error(`no server text "${code}" in api/src/i18n/messages`);
  return translateOnServer(code, lng, params);
}
