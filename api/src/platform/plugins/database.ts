/**
 * The database: app.db (Drizzle), app.dbHandle (driver, migrate, close), app.withTx(fn).
 * Registered first of the plugins that hold resources, so that it closes last: Fastify runs the
 * onClose hooks of plugins in the reverse order of their registration (docs/architecture.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDb } from '../../db/client';
import type { Db, DbHandle, Tx } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
    withTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

export interface DatabaseOptions {
  /** DATABASE_URL: postgres://..., file://<dir>, memory://, or none (PGlite under dataDir) */
  url?: string;
  /** PGlite's data directory */
  dataDir: string;
  /** PGlite only: start from this data directory dump (tests: a migrated template) */
  loadDataDir?: Blob;
  /** apply the migrations now (default true) */
  migrate?: boolean;
}

async function database(app: FastifyInstance, opts: DatabaseOptions) {
  const handle = await createDb(opts.url, { dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  app.addHook('onClose', () => handle.close());
  if (opts.migrate !== false) await handle.migrate();
  app.decorate('dbHandle', handle);
  app.decorate('db', handle.db);
  app.decorate('withTx', <T>(fn: (tx: Tx) => Promise<T>) => handle.db.transaction(fn));
}

export default fp(database, { name: 'database' });
