/**
 * `createDb(url)` returns one typed Drizzle database for either driver:
 *   - no url or `file://<dir>` -> embedded PGlite persisted under `<dataDir>/db` (or `<dir>`),
 *   - `memory://`              -> in-memory PGlite (tests),
 *   - `postgres://...`         -> node-postgres `pg.Pool`.
 * Migrations are applied only by an explicit `migrate()` call (never on import).
 */
import fs from 'node:fs';
import path from 'node:path';
import type * as PgliteLib from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type * as DrizzlePglite from 'drizzle-orm/pglite';
import type * as DrizzlePgliteMigrator from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { Pool } from 'pg';
import { REPO_ROOT } from '../env';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every module uses, whatever the driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: what services take as their first argument. */
export type DbOrTx = Db | Tx;

/** api/drizzle, found from the repository root so that it holds from src/ and from the bundle in dist/ */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'api', 'drizzle');

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** where the data lives (directory, "memory" or the url without password) */
  location: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** run raw SQL text with positional parameters ($1...) and return the rows */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** the driver's own connection, for a library that brings its own SQL (pg-boss, platform/jobs.ts) */
  connection: { pglite: PGlite } | { url: string };
  /** PostgreSQL: the pool's connections now (metrics.ts); PGlite has one connection, no pool */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
}

/** PGlite and Drizzle's driver and migrator for it: only the embedded database needs them. */
export interface PgliteLibs {
  pglite: typeof PgliteLib;
  drizzle: typeof DrizzlePglite;
  migrator: typeof DrizzlePgliteMigrator;
}

let pgliteLoading: Promise<PgliteLibs> | null = null;
let pgliteLoaded: PgliteLibs | null = null;

/**
 * Loaded by the first embedded database a process opens, so that a server on PostgreSQL never
 * holds PGlite's code (docs/performance.md "Idle memory on PostgreSQL"). Every PGlite of the
 * process is made here, through `createDb`.
 */
function loadPglite(): Promise<PgliteLibs> {
  pgliteLoading ??= Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]).then(
    ([pglite, drizzle, migrator]) => (pgliteLoaded = { pglite, drizzle, migrator }),
  );
  return pgliteLoading;
}

/** The PGlite libraries once an embedded database was opened in this process (else null: there is no PGlite). */
export function loadedPglite(): PgliteLibs | null {
  return pgliteLoaded;
}

export interface CreateDbOptions {
  /** DATA_DIR; the embedded database lives in `<dataDir>/db` */
  dataDir?: string;
  /** PGlite only: start from this data directory dump (`dumpDataDir()`; tests' migrated template) */
  loadDataDir?: Blob;
}

/** The folder of the embedded database a DATABASE_URL names (none: `<dataDir>/db`; `file://<dir>`), else null. */
export function embeddedDirOf(url: string | undefined, dataDir = './data'): string | null {
  if (!url) return path.join(dataDir, 'db');
  return url.startsWith('file://') ? url.slice('file://'.length) : null;
}

export async function createDb(url: string | undefined, options: CreateDbOptions = {}): Promise<DbHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new Pool({ connectionString: url, max: 10 });
    // an idle client losing its connection (server restart) must not crash the process
    pool.on('error', (err) => console.error('postgres pool error:', err.message));
    const db = drizzlePg(pool, { schema });
    let closed: Promise<void> | null = null;
    // pool.end() resolves before its clients' connections are closed; close() waits for those too,
    // so a caller dropping the database right after does not cut live connections
    const open = new Set<Promise<void>>();
    pool.on('connect', (client) => {
      const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
      open.add(ended);
      void ended.then(() => open.delete(ended));
    });
    const end = async () => {
      await pool.end();
      await Promise.all([...open]);
    };
    return {
      db,
      driver: 'postgres',
      location: url.replace(/:\/\/([^:@/]+):[^@]*@/, '://$1:***@'),
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => (closed ??= end()),
      query: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
      connection: { url },
      pool,
    };
  }

  const dir = embeddedDirOf(url, options.dataDir);
  if (dir) fs.mkdirSync(dir, { recursive: true });
  else if (!url?.startsWith('memory://')) {
    throw new Error(`DATABASE_URL must start with postgres://, file:// or memory:// (got "${url?.split(':')[0]}:")`);
  }
  if (dir) refuseOlderDataDir(dir);
  const {
    pglite: { PGlite },
    drizzle: { drizzle: drizzlePglite },
    migrator: { migrate: migratePglite },
  } = await loadPglite();
  // one process at a time on a data directory (PGlite has no lock of its own)
  const release = dir ? lockDataDir(dir) : () => undefined;
  let client: PGlite;
  try {
    client = new PGlite({
      dataDir: dir ?? undefined,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      // PGlite 0.5 grows its WebAssembly memory as needed; 16 MB of shared buffers (PostgreSQL's
      // default is 128 MB) keep an idle server small (docs/performance.md "Memory")
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    location: dir ?? 'memory',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
    query: async <T>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows,
    connection: { pglite: client },
  };
}

/** The PostgreSQL major version of the embedded PGlite (0.5: PostgreSQL 18). */
export const PGLITE_PG_MAJOR = 18;

/** An error whose message is the whole story for the operator: printed as one line, no stack. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

/**
 * A data directory written by an older PGlite (0.3: PostgreSQL 17, its `PG_VERSION` file says 17)
 * cannot be opened by this one: say so in one line instead of PGlite's abort.
 */
export function refuseOlderDataDir(dir: string): void {
  let version: string;
  try {
    version = fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return; // a new, empty directory
  }
  if (version === String(PGLITE_PG_MAJOR)) return;
  throw new DataDirError(
    `the embedded database in ${dir} was written by PostgreSQL ${version} (an older PGlite); this version runs PostgreSQL ${PGLITE_PG_MAJOR} and cannot open it. ` +
      `It is the development database: delete ${dir} to start over with the demo data, ` +
      `or dump it with the older version (pg_dump-compatible tools) and restore the dump into the new one.`,
  );
}

/** The embedded PGlite behind a database handle's `db`, or null on PostgreSQL. */
export function pgliteOf(db: DbOrTx): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  const PGliteClass = pgliteLoaded?.pglite.PGlite;
  return PGliteClass && client instanceof PGliteClass ? client : null;
}

/** Rows of a raw drizzle `sql` query, for either driver. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { sql };

/** A PostgreSQL array literal of integers, one text parameter of any length: `id = any(${intArray(ids)}::int[])` (one statement text, one plan, for any number of ids). */
export const intArray = (ids: Iterable<number>): string => `{${[...ids].map((id) => Math.trunc(Number(id))).join(',')}}`;

/** An ILIKE pattern that finds `text` anywhere, with `%`, `_` and `\` in it taken literally (back office searches). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
