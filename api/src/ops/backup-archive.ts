/**
 * The backup file (docs/operations.md "Backup and restore"): one tar holding, in this order,
 *
 *   manifest.json          { format: 1, driver: 'pglite' | 'postgres', createdAt }
 *   db.tar.gz | db.pgdump  the database: PGlite's own dumpDataDir('gzip'), or pg_dump -Fc
 *   files/<folder>/<name>  every file under DATA_DIR outside the database (uploads/, verification/, ...)
 *
 * The consistency rule: the database is dumped first, the files are read after. A file is always
 * written before the row that names it (storage.put, then the insert), so every file the dump
 * refers to is on disk when the files are read; a file uploaded during the backup is an extra one
 * that no row claims (served as 404, like any leftover). Only a file deleted in the seconds between
 * the dump and its read is missing, exactly as if it were deleted just after a restore.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import tar from 'tar-stream';

export interface BackupManifest {
  format: 1;
  driver: 'pglite' | 'postgres';
  createdAt: string;
}

export const DB_ENTRY = { pglite: 'db.tar.gz', postgres: 'db.pgdump' } as const;
const FILES = 'files/';

/** DATA_DIR entries that are not site files: the embedded database, its lock, the backup endpoint */
const NOT_FILES = new Set(['db', 'db.lock', 'backup-endpoint.json']);
/** a half-written file (storage.putAs writes aside, then renames) */
const PARTIAL = /\.tmp$/;

/** The site's files under dataDir, as paths relative to it (sorted). */
export async function siteFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(dataDir, rel), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && NOT_FILES.has(entry.name)) continue;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile() && !PARTIAL.test(entry.name)) found.push(name);
    }
  };
  await walk('');
  return found.sort();
}

/**
 * The backup as a stream: `dump()` is awaited first (the database), then the files are read.
 * A file gone between listing and reading (deleted meanwhile) is left out.
 */
export function backupStream(driver: BackupManifest['driver'], dump: () => Promise<Buffer>, dataDir: string): Readable {
  const pack = tar.pack();
  const add = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) => pack.entry({ name, size: data.length }, data, (err) => (err ? reject(err) : resolve())));
  void (async () => {
    const manifest: BackupManifest = { format: 1, driver, createdAt: new Date().toISOString() };
    await add('manifest.json', Buffer.from(JSON.stringify(manifest)));
    await add(DB_ENTRY[driver], await dump());
    for (const rel of await siteFiles(dataDir)) {
      const data = await fs.readFile(path.join(dataDir, rel)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (data) await add(FILES + rel, data);
    }
    pack.finalize();
  })().catch((err: unknown) => pack.destroy(err as Error));
  // tar-stream's streams are streamx ones: a Node Readable for pipeline() and Fastify's reply
  return Readable.from(pack, { objectMode: false });
}

/** Where a `files/...` entry goes under dataDir, or null for a name that would leave it. */
function fileTarget(dataDir: string, entry: string): string | null {
  const rel = path.posix.normalize(entry.slice(FILES.length));
  if (rel.startsWith('..') || path.posix.isAbsolute(rel) || NOT_FILES.has(rel.split('/')[0] ?? '')) return null;
  return path.join(dataDir, rel);
}

/**
 * Reads a backup: checks the manifest, hands the database entry to `restoreDb` (once all of it is
 * read), writes the files under dataDir. Returns the manifest and the number of files written.
 */
export async function readBackup(
  input: Readable,
  dataDir: string,
  restoreDb: (manifest: BackupManifest, data: Buffer) => Promise<void>,
): Promise<{ manifest: BackupManifest; files: number }> {
  const extract = tar.extract();
  input.pipe(extract);
  let manifest: BackupManifest | null = null;
  let restored = false;
  let files = 0;
  for await (const entry of extract) {
    const name = entry.header.name;
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    if (name === 'manifest.json') {
      manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
      if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
    } else if (manifest && name === DB_ENTRY[manifest.driver]) {
      await restoreDb(manifest, data);
      restored = true;
    } else if (name.startsWith(FILES)) {
      const target = fileTarget(dataDir, name);
      if (!target) throw new Error(`refusing a file outside DATA_DIR in the backup: ${name}`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data, { flag: 'wx' });
      files++;
    }
  }
  if (!manifest || !restored) throw new Error('not a complete backup file (no manifest or no database in it)');
  return { manifest, files };
}

/** The PostgreSQL major version in a PGlite data directory dump (`db.tar.gz`): its top `PG_VERSION` file, or null. */
export async function pgVersionOfDump(data: Buffer): Promise<string | null> {
  const extract = tar.extract();
  Readable.from([gunzipSync(data)]).pipe(extract);
  let version: string | null = null;
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.name.replace(/^\.?\/+/, '') === 'PG_VERSION') version = Buffer.concat(chunks).toString('utf8').trim();
  }
  return version;
}
