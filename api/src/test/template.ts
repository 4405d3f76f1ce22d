/**
 * Test databases are clones of one template that already has every migration, the demo sites and
 * pg-boss's schema (with the queues and schedules an app registers), so a test app skips all of
 * that set-up and still gets a fresh, isolated database of its own:
 *   - PostgreSQL (DATABASE_URL set): jest's globalSetup (global-setup.ts) builds a template database
 *     once per jest run, named uniquely (`dating_tpl_<pid>_<random>`) so parallel runs do not
 *     collide; each test app is `CREATE DATABASE ... TEMPLATE` it; globalTeardown drops it.
 *   - PGlite: the first test app of a jest run builds an in-memory database the same way, dumps it
 *     with `dumpDataDir()` into the run's temporary directory, and every test app starts its own
 *     in-memory PGlite from that dump (`loadDataDir`). Without jest's globalSetup (another runner)
 *     the dump is kept for the test file's process only.
 * The template is made by building the real app on it (buildApp: migrations, sites) and installing
 * pg-boss (`app.jobs.prepare()`), so it holds exactly what a test app would set up itself.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../app';

export interface RunTemplate {
  /** the run's temporary directory (holds the PGlite dump) */
  dir?: string;
  /** when DATABASE_URL is a PostgreSQL server: the template database's name */
  pgTemplate?: string;
}

/*
 * jest's globalSetup runs before the test processes exist, so it hands them the run's template
 * through their environment. Test infrastructure only: the server's own configuration is read in
 * env.ts and never sees these.
 */
/* eslint-disable no-restricted-properties */
export function setRunTemplate(run: RunTemplate): void {
  if (run.dir) process.env.DATING_TEST_TEMPLATE_DIR = run.dir;
  if (run.pgTemplate) process.env.DATING_TEST_PG_TEMPLATE = run.pgTemplate;
}

export function runTemplate(): RunTemplate {
  return { dir: process.env.DATING_TEST_TEMPLATE_DIR, pgTemplate: process.env.DATING_TEST_PG_TEMPLATE };
}
/* eslint-enable no-restricted-properties */

export const isPostgresUrl = (url: string | undefined): url is string => Boolean(url && /^postgres(ql)?:\/\//.test(url));

/** The same server URL with another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Build the app once on a database (migrations, sites, pg-boss) and close it again. */
async function fillTemplate<T>(databaseUrl: string, onBuilt: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-api-template-data-'));
  const app = await buildApp({ logger: false, env: { NODE_ENV: 'test' }, dataDir, databaseUrl });
  try {
    await app.jobs.prepare();
    return await onBuilt(app);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Create and fill the PostgreSQL template database; returns its name. */
export async function createPgTemplate(adminUrl: string): Promise<string> {
  const name = `dating_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  try {
    await fillTemplate(withDatabase(adminUrl, name), async () => undefined);
    // a clone needs the template without sessions; a closed pool's backends can take a moment to go
    await withAdmin(adminUrl, async (c) => {
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (!rows[0]?.n) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    });
  } catch (err) {
    await dropPgDatabase(adminUrl, name);
    throw err;
  }
  return name;
}

export async function dropPgDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A fresh database for one test app: a clone of the run's template, or empty without one. */
export async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${process.pid}_${crypto.randomBytes(5).toString('hex')}`;
  const template = runTemplate().pgTemplate;
  await withAdmin(adminUrl, (c) => c.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  return { url: withDatabase(adminUrl, name), drop: () => dropPgDatabase(adminUrl, name) };
}

function makePgliteDump(): Promise<Blob> {
  return fillTemplate('memory://', async (app) => {
    const { connection } = app.dbHandle;
    if (!('pglite' in connection)) throw new Error('the PGlite template needs an embedded database');
    return connection.pglite.dumpDataDir('none');
  });
}

/** this process's dump, made once (without a run directory) or being written to it (with one) */
let making: Promise<Blob> | null = null;

function once(make: () => Promise<Blob>): Promise<Blob> {
  making ??= make().catch((err: unknown) => {
    making = null;
    throw err;
  });
  return making;
}

/**
 * The PGlite template dump: made by the run's first test app and written to the run's temporary
 * directory, then handed to every app as a file-backed Blob (read when PGlite loads it, nothing
 * kept in memory: jest keeps every finished test file's modules, so a cached copy would stay
 * around once per file). Without a run directory (no globalSetup): made once per process.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const { dir } = runTemplate();
  if (!dir) return once(makePgliteDump);
  const file = path.join(dir, 'pglite-template.tar');
  if (!fs.existsSync(file)) {
    await once(async () => {
      const dump = await makePgliteDump();
      // written under another name first, so a parallel worker never reads half a file
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
      return dump;
    });
    making = null; // the file has it now
  }
  return fs.openAsBlob(file);
}
