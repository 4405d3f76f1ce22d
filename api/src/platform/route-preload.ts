/**
 * `<link rel="preload">` for the remote of an app page the server knows (issue 28 item 6): the
 * shell finds the page's remote only after main.js, its shared chunks, /mf-remotes.json and the
 * remote's manifest have come, one round trip after another, and only then asks for the remote's
 * `remoteEntry.js` and the chunk of its `./routes`. Named in the page, the browser fetches both
 * beside main.js. The files come from the remote's built `mf-manifest.json` on this server: the
 * release the browser's bucket gets (modules/releases) or the remote's own build; a remote that
 * MF_REMOTES places elsewhere (a CDN) gets no hint. The remote's texts in the fallback language
 * (nl: the shell always loads them) are named too.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { REMOTE_FOLDERS } from './remotes';

const ZManifest = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  exposes: z.array(z.object({ path: z.string(), assets: z.object({ js: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }) }) })),
});

/** Parsed manifests by file, kept while the file's mtime is the same (a rebuild changes it). */
const parsed = new Map<string, { mtimeMs: number; files: string[] }>();

/** A safe file name of a manifest (no path, no quote, no markup): a build's own names only. */
const SAFE_NAME = /^[\w.-]+\.js$/;

async function filesOf(manifestFile: string): Promise<string[]> {
  const stat = await fs.stat(manifestFile).catch(() => null);
  if (!stat) return [];
  const kept = parsed.get(manifestFile);
  if (kept && kept.mtimeMs === stat.mtimeMs) return kept.files;
  let files: string[] = [];
  try {
    const manifest = ZManifest.parse(JSON.parse(await fs.readFile(manifestFile, 'utf8')));
    const routes = manifest.exposes.find((e) => e.path === './routes');
    const entry = `${manifest.metaData.remoteEntry.path ? `${manifest.metaData.remoteEntry.path.replace(/\/$/, '')}/` : ''}${manifest.metaData.remoteEntry.name}`;
    const locale = routes?.assets.js.async.find((f) => /^locale-[\w-]+-nl\.[0-9a-f]+\.js$/.test(f));
    files = [entry, ...(routes?.assets.js.sync ?? []), ...(locale ? [locale] : [])].filter((f) => SAFE_NAME.test(f));
  } catch {
    files = [];
  }
  parsed.set(manifestFile, { mtimeMs: stat.mtimeMs, files });
  return files;
}

/**
 * The preload links for `remote` (a federation name, mf_members) as served at `entry` (the
 * manifest URL the browser gets in /mf-remotes.json); '' when the manifest is not a local one.
 * `releaseFolder` finds a stored release's folder (modules/releases), `staticRoot` holds the builds.
 */
export async function remotePreloadLinks(
  entry: string,
  staticRoot: string,
  releaseFolder: (folder: string, buildId: string) => string | null,
): Promise<string> {
  const match = /^\/mf\/([a-z-]+)\/(?:([\w-]+)\/)?mf-manifest\.json$/.exec(entry);
  const folder = match?.[1];
  if (!match || !folder || !(REMOTE_FOLDERS as readonly string[]).includes(folder)) return '';
  const buildId = match[2];
  const dir = buildId ? releaseFolder(folder, buildId) : path.join(staticRoot, folder, 'dist');
  if (!dir) return '';
  const base = entry.slice(0, entry.length - 'mf-manifest.json'.length);
  const files = await filesOf(path.join(dir, 'mf-manifest.json'));
  return files.map((file) => `<link rel="preload" as="script" href="${base}${file}">`).join('');
}
