/**
 * The release store on disk (issue 27): `RELEASES_DIR/<remote>/<build-id>/` (default
 * DATA_DIR/releases), one folder per release holding its build output as it was uploaded
 * (mf-manifest.json, remoteEntry.js, the hashed chunks and their .br/.gz copies). A folder is
 * written under a temporary name and renamed into place, so a folder that exists is complete.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { BUILD_ID_PATTERN } from '@dating/shared-kit/contracts';
import type { ReleaseRemote } from '@dating/shared-kit/contracts';
import type { ReleaseShared } from '../../db/schema';
import { REPO_ROOT } from '../../env';
import type { Env } from '../../env';
import { AppError } from '../../errors';

/** The largest release bundle accepted (all files together, uncompressed). */
export const BUNDLE_MAX_BYTES = 100 * 1024 * 1024;
export const BUNDLE_MAX_FILES = 5000;

export function releasesDir(config: Pick<Env, 'RELEASES_DIR' | 'DATA_DIR_ABS'>): string {
  return config.RELEASES_DIR ? path.resolve(REPO_ROOT, config.RELEASES_DIR) : path.join(config.DATA_DIR_ABS, 'releases');
}

/** The folder of one release (the build id is checked against its pattern: no path tricks). */
export function releaseFolder(root: string, remote: string, buildId: string): string {
  if (!BUILD_ID_PATTERN.test(buildId) || !/^[a-z][a-z0-9-]*$/.test(remote)) throw new AppError('release_not_found', { status: 404 });
  return path.join(root, remote, buildId);
}

export function exists(file: string): boolean {
  return fs.existsSync(file);
}

function invalid(reason: string): AppError {
  return new AppError('release_bundle_invalid', { status: 400, params: { reason } });
}

/** What the server keeps of a build's mf-manifest.json. */
export interface BuildFacts {
  name: string;
  shared: ReleaseShared[];
  firstLoadBytes: number;
}

interface ManifestShared {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
  singleton?: unknown;
}

/** Its federation name, shared packages, and first-load size (remoteEntry.js + the sync JS of its exposes). */
export async function readBuild(dir: string): Promise<BuildFacts> {
  let manifest: { name?: unknown; shared?: ManifestShared[]; exposes?: { assets?: { js?: { sync?: unknown[] } } }[] };
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, 'mf-manifest.json'), 'utf8'));
  } catch {
    throw invalid('mf-manifest.json');
  }
  if (!exists(path.join(dir, 'remoteEntry.js'))) throw invalid('remoteEntry.js');
  const shared: ReleaseShared[] = (Array.isArray(manifest.shared) ? manifest.shared : [])
    .filter((s) => typeof s.name === 'string' && typeof s.version === 'string')
    .map((s) => ({
      package: s.name as string,
      version: s.version as string,
      required: typeof s.requiredVersion === 'string' ? s.requiredVersion : null,
      singleton: s.singleton === true,
    }));
  const files = new Set<string>(['remoteEntry.js']);
  for (const expose of manifest.exposes ?? []) for (const f of expose.assets?.js?.sync ?? []) if (typeof f === 'string') files.add(f);
  let firstLoadBytes = 0;
  for (const f of files) {
    const full = path.resolve(dir, f);
    if (!full.startsWith(dir + path.sep)) continue;
    firstLoadBytes += await fsp.stat(full).then(
      (s) => s.size,
      () => 0,
    );
  }
  return { name: typeof manifest.name === 'string' ? manifest.name : '', shared, firstLoadBytes };
}

/**
 * The build id a build was made with: the one its remoteEntry.js marks the page with
 * (shared-kit build-mark-plugin: `"<name>",x="<build id>",y=`mf-build:`), else a content hash.
 */
export async function distBuildId(dir: string): Promise<string> {
  const entry = await fsp.readFile(path.join(dir, 'remoteEntry.js'), 'utf8').catch(() => '');
  const marked = /"mf_[a-z_]+",\s*\w+\s*=\s*"([A-Za-z0-9][A-Za-z0-9._-]{0,63})",\s*\w+\s*=\s*`mf-build:/.exec(entry)?.[1];
  return marked ?? contentBuildId(dir);
}

/** A content hash of a build (its manifest and entry) as its build id, for a build without one. */
export async function contentBuildId(dir: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const f of ['mf-manifest.json', 'remoteEntry.js']) hash.update(await fsp.readFile(path.join(dir, f)));
  return `b-${hash.digest('hex').slice(0, 12)}`;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** Copy a build folder (a remote's dist) into the store as `target`, unless it is there. */
export async function storeFolder(source: string, target: string): Promise<void> {
  if (exists(target)) return;
  const tmp = `${target}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  await fsp.mkdir(tmp, { recursive: true });
  try {
    for (const rel of await listFiles(source)) {
      await fsp.mkdir(path.dirname(path.join(tmp, rel)), { recursive: true });
      await fsp.copyFile(path.join(source, rel), path.join(tmp, rel), fs.constants.COPYFILE_FICLONE);
    }
    await fsp.rename(tmp, target).catch(async (error: NodeJS.ErrnoException) => {
      // another instance stored the same build first: theirs is as good as ours
      if (exists(target)) return fsp.rm(tmp, { recursive: true, force: true });
      throw error;
    });
  } catch (error) {
    await fsp.rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

/** A bundle's path as stored: relative, no `..`, no leading `./` or `dist/`; null for one to skip. */
function entryPath(name: string): string | null {
  const clean = path.posix.normalize(name.replace(/\\/g, '/')).replace(/^(\.\/)+/, '');
  if (clean === '.' || clean === '' || clean.startsWith('../') || clean === '..' || path.posix.isAbsolute(clean) || clean.includes('\0'))
    return null;
  return clean.replace(/^dist\//, '');
}

/**
 * Unpack an uploaded bundle (a tar, gzipped or not, of the build output) into a new folder of the
 * store; refuses anything but plain files, paths outside the folder, and more than the limits.
 * Returns the temporary folder; the caller renames it into place (or removes it).
 */
export async function unpackBundle(bundle: Buffer, root: string, remote: string): Promise<string> {
  const tmp = path.join(root, remote, `.upload-${process.pid}-${crypto.randomBytes(6).toString('hex')}`);
  await fsp.mkdir(tmp, { recursive: true });
  const gz = bundle[0] === 0x1f && bundle[1] === 0x8b;
  const extract = tar.extract();
  let total = 0;
  let count = 0;
  try {
    const source = Readable.from([bundle]);
    const done = (async () => {
      for await (const entry of extract) {
        const { name, type, size } = entry.header;
        const rel = entryPath(name);
        if (type === 'directory' || rel === null) {
          entry.resume();
          continue;
        }
        if (type !== 'file') throw invalid(`${name}: not a file`);
        count += 1;
        total += size ?? 0;
        if (count > BUNDLE_MAX_FILES || total > BUNDLE_MAX_BYTES) throw invalid('too large');
        const target = path.join(tmp, rel);
        if (!target.startsWith(tmp + path.sep)) throw invalid(name);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, fs.createWriteStream(target));
      }
    })().catch((error: unknown) => {
      extract.destroy(error as Error);
      throw error;
    });
    await Promise.all([
      (gz ? pipeline(source, zlib.createGunzip(), extract) : pipeline(source, extract)).catch((error: unknown) => {
        throw error instanceof AppError ? error : invalid('not a tar file');
      }),
      done,
    ]);
    if (count === 0) throw invalid('empty');
    return tmp;
  } catch (error) {
    await fsp.rm(tmp, { recursive: true, force: true });
    throw error instanceof AppError ? error : invalid('not a tar file');
  }
}

/** Put an unpacked bundle in place as `<remote>/<build-id>`; false when that release's folder exists. */
export async function placeBundle(tmp: string, target: string): Promise<boolean> {
  if (exists(target)) {
    await fsp.rm(tmp, { recursive: true, force: true });
    return false;
  }
  await fsp.rename(tmp, target);
  return true;
}

export type { ReleaseRemote };
