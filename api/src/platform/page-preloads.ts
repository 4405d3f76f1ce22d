/**
 * A member page names, in its <head>, the files its start fetches right after main.js: the shell's
 * texts in the page's language and the page's remote (its manifest, entry, `./routes` expose and
 * texts), which boot.tsx asks for as soon as main.js runs (`prefetchRemote(route.remote, 'intent')`).
 * Named in the page, the browser fetches them beside main.js instead of one after another behind
 * it: on Lighthouse's phone each hop of that chain was a round trip of its own (docs/benchmarks.md).
 * Only what that start fetches for certain is named (a preload nobody uses is a console warning):
 * the page of a logged-in member whose route a remote owns, the language the shell will choose.
 */
import { existsSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { acceptedLanguages, detectLanguage } from '@dating/shared-kit/i18n/language';
import type { Language } from '@dating/shared-kit/contracts';

export interface PreloadFile {
  href: string;
  /** `fetch` for the remote's manifest (the federation runtime reads it with fetch()) */
  as: 'script' | 'fetch';
}

/** The language the shell's start picks (shared-kit initLanguage: cookie, site language, browser). */
export function pageLanguage(
  cookie: string | undefined,
  domainLanguage: string | null | undefined,
  acceptLanguage: string | undefined,
): Language {
  return detectLanguage({ cookie, domainLanguage, browser: acceptedLanguages(acceptLanguage) });
}

/** Files of a folder, read again only when the folder changed (a rebuild writes new hashed names). */
const listings = new Map<string, { mtimeMs: number; files: Promise<string[]> }>();
function filesOf(dir: string): Promise<string[]> {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(dir).mtimeMs;
  } catch {
    return Promise.resolve([]);
  }
  const known = listings.get(dir);
  if (known && known.mtimeMs === mtimeMs) return known.files;
  const files = fs.readdir(dir).catch(() => []);
  listings.set(dir, { mtimeMs, files });
  return files;
}

interface ManifestExpose {
  name?: string;
  assets?: { js?: { sync?: string[]; async?: string[] } };
}
const manifests = new Map<string, { mtimeMs: number; exposes: Promise<ManifestExpose[] | null> }>();
function exposesOf(file: string): Promise<ManifestExpose[] | null> {
  if (!existsSync(file)) return Promise.resolve(null);
  const mtimeMs = statSync(file).mtimeMs;
  const known = manifests.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.exposes;
  const exposes = fs
    .readFile(file, 'utf8')
    .then((text) => {
      const parsed = JSON.parse(text) as { exposes?: unknown };
      return Array.isArray(parsed.exposes) ? (parsed.exposes as ManifestExpose[]) : null;
    })
    .catch(() => null);
  manifests.set(file, { mtimeMs, exposes });
  return exposes;
}

const HASHED_JS = /^[\w-]+\.[0-9a-f]{8,}\.js$/;
const ownTexts = (file: string, language: Language) =>
  file.startsWith('locale-') && !file.startsWith('locale-common-') && file.includes(`-${language}.`);

/**
 * @param shellDist the shell's build folder (its texts: locale-<namespace>-<language>.<hash>.js)
 * @param remote the page's remote: the URL of its manifest (as the browser's remotes list names it)
 *   and the folder those files are served from; null for a page no remote owns
 */
export async function pagePreloads(
  shellDist: string,
  language: Language,
  remote: { manifestUrl: string; folder: string } | null,
): Promise<PreloadFile[]> {
  const preloads: PreloadFile[] = (await filesOf(shellDist))
    .filter((file) => HASHED_JS.test(file) && file.startsWith('locale-') && file.includes(`-${language}.`))
    .sort()
    .map((file) => ({ href: `/${file}`, as: 'script' }));
  if (!remote || !remote.manifestUrl.endsWith('/mf-manifest.json')) return preloads;
  const routes = (await exposesOf(path.join(remote.folder, 'mf-manifest.json')))?.find((expose) => expose.name === 'routes');
  if (!routes) return preloads;
  const base = remote.manifestUrl.slice(0, -'mf-manifest.json'.length);
  const files = [
    'remoteEntry.js',
    ...(routes.assets?.js?.sync ?? []),
    ...(routes.assets?.js?.async ?? []).filter((file) => ownTexts(file, language)),
  ].filter((file) => /^[\w.-]+\.js$/.test(file));
  return [
    { href: `${base}mf-manifest.json`, as: 'fetch' },
    ...preloads,
    ...files.map((file) => ({ href: `${base}${file}`, as: 'script' as const })),
  ];
}

/** The <link> tags (hrefs are our own paths: hashed file names under / and /mf/). */
export function preloadTags(files: PreloadFile[]): string {
  return files
    .map((file) =>
      file.as === 'fetch'
        ? `<link rel="preload" as="fetch" crossorigin href="${file.href}">`
        : `<link rel="preload" as="script" href="${file.href}">`,
    )
    .join('');
}
