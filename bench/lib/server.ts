/**
 * What a benchmark needs to run the real server: the command (the compiled build, or tsx from the
 * source), and a fresh PostgreSQL database for the run (dropped by the cleanup, children.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import os from 'node:os';
import { benchEnv, serverEnv } from '../env';
import { freePort, keepTmpDir, newestSource, onCleanupDropDatabase, startChild, waitFor } from './children';
import type { Child } from './children';

export const ROOT = path.resolve(__dirname, '..', '..');
export const API_DIR = path.join(ROOT, 'api');

/**
 * How `npm start` runs the server (the root package.json: `... exec env NAME=${NAME:-value} ...
 * node <flags> api/dist/server.js`): its node flags (e.g. `--max-semi-space-size=16`) and the
 * environment defaults it sets (e.g. `MALLOC_ARENA_MAX=2`; docs/performance.md "Memory"), so that a
 * benchmark measures the server as it is run.
 */
export function startCommand(): { flags: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  const start = pkg.scripts?.start ?? '';
  const m = /\bnode((?:\s+--?[\w-]+(?:=\S+)?)*)\s+api\/dist\/server\.js/.exec(start);
  const env: Record<string, string> = {};
  for (const [, name, value] of start.matchAll(/\b([A-Z_]+)=\$\{\1:-([^}]*)\}/g)) if (name && value !== undefined) env[name] = value;
  return { flags: (m?.[1] ?? '').split(/\s+/).filter(Boolean), env };
}

/**
 * `node <flags of npm start> api/dist/server.js` when the build exists (and `source` is false), else
 * `tsx api/src/server.ts`; the label says which, and a note when the build is older than the source.
 */
export function serverCommand(source: boolean): { args: string[]; env: Record<string, string>; label: string; note: string | null } {
  const dist = path.join(API_DIR, 'dist', 'server.js');
  const useDist = !source && fs.existsSync(dist);
  const start = startCommand();
  const flags = useDist ? start.flags : [];
  const args = useDist ? [...flags, dist] : [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/server.ts'];
  const label = useDist
    ? `${Object.entries(start.env)
        .map(([k, v]) => `${k}=${v} `)
        .join(
          '',
        )}node ${flags.map((f) => `${f} `).join('')}api/dist/server.js (compiled build of ${fs.statSync(dist).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC)`
    : source
      ? 'tsx api/src/server.ts (--source: from the TypeScript source, not the build)'
      : 'tsx api/src/server.ts (api/dist/server.js missing: `npm run build -w @dating/api` to measure the build)';
  let note: string | null = null;
  if (useDist) {
    const newest = newestSource([path.join(API_DIR, 'src'), path.join(ROOT, 'shared-kit', 'src')]);
    if (newest && newest.mtimeMs > fs.statSync(dist).mtimeMs)
      note = `note: api/dist/server.js is older than ${path.relative(ROOT, newest.file)}: rebuild (npm run build -w @dating/api) to measure the current code`;
  }
  // defaults: spread before serverEnv(...), so the environment's own value wins as in the script
  return { args, env: start.env, label, note };
}

/** A fresh, uniquely named database on the server of `pgUrl`, dropped by the cleanup. */
export async function freshPgDatabase(pgUrl: string, prefix: string): Promise<{ url: string; label: string }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  let version = '';
  try {
    version = ((await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '').split(' ')[0] ?? '';
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  onCleanupDropDatabase(async () => {
    const c = new Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), label: `PostgreSQL ${version} at ${u.host}, fresh database ${name} (dropped at the end)` };
}

/** The server's own warnings and errors (LOG_LEVEL=warn), counted by message (pino JSON lines or plain output). */
export function countServerLog(server: Child): Map<string, number> {
  const counts = new Map<string, number>();
  server.onLine = (line) => {
    let message = line.slice(0, 160);
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      message =
        `${entry.level === 40 ? 'warn' : entry.level === 50 ? 'error' : entry.level === 60 ? 'fatal' : `level ${entry.level}`}: ${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message})` : ''}`.slice(
          0,
          160,
        );
    } catch {
      // plain output (a stack trace, a console.error): kept as it is
    }
    counts.set(message, (counts.get(message) ?? 0) + 1);
  };
  return counts;
}

export interface MeasuredServer {
  server: Child;
  base: string;
  serverLabel: string;
  databaseLabel: string;
  serverLog: Map<string, number>;
}

/**
 * The server of a benchmark that brings its own data: a fresh temporary DATA_DIR (and a fresh
 * database with DATABASE_URL=postgres://...), 127.0.0.1 on a free port, NODE_ENV=production,
 * LOG_LEVEL=warn, no demo members, plus `env`; waits until it answers.
 */
export async function startMeasuredServer(o: {
  name: string;
  source: boolean;
  env: Record<string, string>;
  startLimitS: number;
}): Promise<MeasuredServer> {
  const dataDir = path.join(keepTmpDir(fs.mkdtempSync(path.join(os.tmpdir(), `bench-${o.name}-`))), 'data');
  fs.mkdirSync(dataDir);
  const { DATABASE_URL } = benchEnv();
  const pg = DATABASE_URL && /^postgres(ql)?:\/\//.test(DATABASE_URL) ? await freshPgDatabase(DATABASE_URL, `bench_${o.name}`) : null;
  const databaseLabel = pg?.label ?? `embedded PGlite (${dataDir})`;
  const command = serverCommand(o.source);
  if (command.note) console.log(command.note);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const own: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    MOLLIE_SIMULATOR: 'true',
    SEED_MEMBERS: '0',
    ...o.env,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  console.log(`server:   ${command.label}\ndatabase: ${databaseLabel}\nstarting the server on ${base}...`);
  const server = startChild('server', command.args, serverEnv(own), API_DIR);
  const serverLog = countServerLog(server);
  await waitFor(server, `${base}/api/settings.php`, o.startLimitS * 1000);
  return { server, base, serverLabel: command.label, databaseLabel, serverLog };
}
