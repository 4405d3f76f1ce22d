/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (docs/operations.md "Backup and
 * restore"), with the server's own DATA_DIR / DATABASE_URL (env.ts):
 *
 *   backup, PGlite   a server running on DATA_DIR: asked for the backup (ops/backup-route.ts);
 *                    none: the data directory is opened here and dumped (PGlite's dumpDataDir)
 *   backup, Postgres pg_dump -Fc (on the PATH), then the DATA_DIR files
 *   restore          only into an empty target: no database files / no tables, no DATA_DIR files;
 *                    PGlite from its dump, PostgreSQL with pg_restore
 *
 * The file is written aside and renamed when complete, so a failed backup leaves no half file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { createDb, DataDirError, PGLITE_PG_MAJOR, type DbHandle } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { env } from '../env';
import { backupStream, pgVersionOfDump, readBackup, siteFiles, type BackupManifest } from './backup-archive';
import { dumpPglite, ENDPOINT_FILE, type BackupEndpoint } from './backup-route';

const isPostgres = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

class Refused extends Error {}

/** Runs a command; resolves with its stdout, rejects with its stderr. */
function run(cmd: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new Refused(`${cmd} is not installed (PostgreSQL client tools are needed for a PostgreSQL backup)`) : e),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${cmd} failed: ${Buffer.concat(err).toString().trim()}`)),
    );
  });
}

/** The embedded database's folder (DATABASE_URL file://<dir>, else DATA_DIR/db). */
function pgliteDir(url: string | undefined, dataDir: string): string {
  if (url?.startsWith('memory://')) throw new Refused('DATABASE_URL is memory://: there is nothing kept to back up or restore into');
  return url?.startsWith('file://') ? url.slice('file://'.length) : path.join(dataDir, 'db');
}

/** The backup stream of a PGlite site: from its running server, or from the data directory itself. */
async function pgliteBackup(url: string | undefined, dataDir: string): Promise<Readable> {
  const dir = pgliteDir(url, dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Refused(`no database in ${dir} (check DATA_DIR / DATABASE_URL)`);
  let handle: DbHandle;
  try {
    handle = await createDb(url, { dataDir });
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    return fromServer(dataDir, err.pid);
  }
  const stream = backupStream(
    'pglite',
    async () => {
      try {
        return await dumpPglite((handle.connection as { pglite: Parameters<typeof dumpPglite>[0] }).pglite);
      } finally {
        await handle.close();
      }
    },
    dataDir,
  );
  return stream;
}

async function fromServer(dataDir: string, pid: number): Promise<Readable> {
  let endpoint: BackupEndpoint;
  try {
    endpoint = JSON.parse(await fsp.readFile(path.join(dataDir, ENDPOINT_FILE), 'utf8')) as BackupEndpoint;
  } catch {
    throw new Refused(`the database is in use by process ${pid}, which is not (yet) serving: wait until it listens, or stop it`);
  }
  const res = await fetch(endpoint.url, { method: 'POST', headers: { 'x-backup-token': endpoint.token } });
  if (!res.ok || !res.body) throw new Error(`the running server (process ${pid}) refused the backup: HTTP ${res.status}`);
  console.log(`backing up through the running server (process ${pid})`);
  return Readable.fromWeb(res.body as WebReadableStream);
}

async function backup(file: string): Promise<void> {
  const { DATABASE_URL: url, DATA_DIR_ABS: dataDir } = env();
  const stream = isPostgres(url)
    ? backupStream('postgres', () => run('pg_dump', ['-Fc', '--no-owner', '--no-privileges', '-d', url]), dataDir)
    : await pgliteBackup(url, dataDir);
  const aside = `${file}.${process.pid}.partial`;
  try {
    await pipeline(stream, fs.createWriteStream(aside, { flags: 'wx' }));
    await fsp.rename(aside, file);
  } catch (err) {
    await fsp.rm(aside, { force: true });
    throw err;
  }
  console.log(`backup written to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} kB)`);
}

/** Refuses a target that holds anything: a database (files or tables) or DATA_DIR files. */
async function assertEmpty(url: string | undefined, dataDir: string): Promise<void> {
  const files = await siteFiles(dataDir);
  if (files.length)
    throw new Refused(`DATA_DIR ${dataDir} is not empty (${files.length} files, e.g. ${files[0]}): restore only into an empty DATA_DIR`);
  if (isPostgres(url)) {
    const handle = await createDb(url);
    try {
      const [row] = await handle.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      if ((row?.n ?? 0) > 0)
        throw new Refused(`the database ${handle.location} is not empty (${row?.n} tables): restore only into an empty database`);
    } finally {
      await handle.close();
    }
    return;
  }
  const dir = pgliteDir(url, dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length)
    throw new Refused(`the database folder ${dir} is not empty: restore only into an empty DATA_DIR`);
}

async function restoreDb(url: string | undefined, dataDir: string, manifest: BackupManifest, data: Buffer): Promise<void> {
  if (manifest.driver === 'postgres') {
    if (!isPostgres(url)) throw new Refused('this is a PostgreSQL backup: set DATABASE_URL to an empty PostgreSQL database');
    const tmp = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'restore-')), 'db.pgdump');
    try {
      await fsp.writeFile(tmp, data);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '-d', url, tmp]);
    } finally {
      await fsp.rm(path.dirname(tmp), { recursive: true, force: true });
    }
    return;
  }
  if (isPostgres(url)) throw new Refused('this is an embedded (PGlite) backup: unset DATABASE_URL (or file://) to restore it');
  const version = await pgVersionOfDump(data);
  if (version !== String(PGLITE_PG_MAJOR)) {
    throw new Refused(
      `this embedded (PGlite) backup holds a PostgreSQL ${version ?? '(unknown)'} database; this version's PGlite runs PostgreSQL ${PGLITE_PG_MAJOR} and cannot open it: ` +
        'restore it with the version that made it, or move the data with pg_dump-compatible tools',
    );
  }
  const handle = await createDb(url, { dataDir, loadDataDir: new Blob([new Uint8Array(data)]) });
  await handle.close();
}

async function restore(file: string): Promise<void> {
  const { DATABASE_URL: url, DATA_DIR_ABS: dataDir } = env();
  if (!fs.existsSync(file)) throw new Refused(`no such backup file: ${file}`);
  await assertEmpty(url, dataDir);
  const { manifest, files } = await readBackup(fs.createReadStream(file), dataDir, (m, data) => restoreDb(url, dataDir, m, data));
  console.log(`restored the ${manifest.driver} backup of ${manifest.createdAt}: database and ${files} files into ${dataDir}`);
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Refused('usage: npm run backup -- <file> | npm run restore -- <file>');
  }
  // npm runs scripts from the root: a relative <file> is the caller's (npm's INIT_CWD)
  // eslint-disable-next-line no-restricted-properties
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  await (command === 'backup' ? backup(target) : restore(target));
}

main().catch((err: unknown) => {
  console.error(err instanceof Refused || err instanceof DataDirError ? `${process.argv[2] ?? 'backup'}: ${err.message}` : err);
  process.exit(1);
});
