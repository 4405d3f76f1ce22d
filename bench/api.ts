/**
 * HTTP benchmark of the real server (`npm run bench -- api`), measured against a bare Fastify
 * hello-world on the same machine and Node.
 *
 * 1. Starts the server as a child process: the compiled build (`node api/dist/server.js`, made by
 *    `npm run build -w @dating/api`) when it exists, else `tsx api/src/server.ts` (it says which).
 *    Fresh temporary DATA_DIR, a free port on 127.0.0.1, LOG_LEVEL=warn, NODE_ENV=production,
 *    SEED_MEMBERS (default 320: the first start seeds the demo data). With DATABASE_URL=postgres://...
 *    a fresh, uniquely named database on that server (dropped at the end); else embedded PGlite
 *    under the temporary DATA_DIR.
 * 2. Starts bench/hello-world.cjs (GET / -> {hello: 'world'}) in a second child process: the anchor.
 * 3. Logs in as the demo member (POST /api/user.php, JSON) for the `sid` cookie.
 * 4. Interleaved rounds with autocannon (round r: hello-world, then each call; default 5 rounds of
 *    10 s, 50 connections): settings.php without and with the cookie, user.php, likes.php,
 *    members.php (women in NL aged 25-40), chats.php when it answers 200. One table: req/s and
 *    p99 as the median of the rounds, p50, share of hello-world (median of the per-round ratios),
 *    non-2xx and errors/timeouts, the issue's targets marked met / not met (informational only),
 *    the server's RSS, database, Node, settings and machine load.
 * 5. Overload check (`--overload` alone, and at the end of the default run): 4x the connections
 *    (200) for a few seconds against user.php and members.php: status counts (2xx, 503, other),
 *    errors, then whether the server answers at once afterwards and is still alive.
 *
 * Options: --rounds N, --duration S, --connections N, --seed N, --warmup S, --overload (only the
 * overload check), --no-overload, --overload-duration S, --source (tsx api/src/server.ts even when
 * the build exists), --smoke (CI: 1 round, 1 s, 10 connections,
 * 20 members, no warm-up, 1 s overload: proves the harness works). The exit code is non-zero only
 * when the harness fails (server does not start, login fails, a child crashes, time limit), never
 * because of a figure. Children and temporary data are removed at the end, also on error or Ctrl-C.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { benchEnv, serverEnv } from './env';

// ---- options ------------------------------------------------------------------------------------

const ROOT = path.resolve(__dirname, '..');
const API_DIR = path.join(ROOT, 'api');
const args = process.argv.slice(2);
const KNOWN = new Set(['rounds', 'duration', 'connections', 'seed', 'warmup', 'overload-duration']);
const FLAGS = new Set(['smoke', 'overload', 'no-overload', 'source', 'help']);

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'usage: npm run bench -- api [--rounds N] [--duration S] [--connections N] [--seed N] [--warmup S]\n' +
      '                            [--overload | --no-overload] [--overload-duration S] [--source] [--smoke]',
  );
  process.exit(message ? 2 : 0);
}

const given = new Map<string, string>();
for (let i = 0; i < args.length; i++) {
  const a = args[i] ?? '';
  const name = a.replace(/^--/, '');
  if (!a.startsWith('--')) usage(`unexpected argument "${a}"`);
  if (FLAGS.has(name)) given.set(name, 'true');
  else if (KNOWN.has(name)) {
    const value = args[++i];
    if (value === undefined) usage(`${a} needs a value`);
    given.set(name, value);
  } else usage(`unknown option ${a}`);
}
if (given.has('help')) usage();

function num(name: string, fallback: number, min: number): number {
  const raw = given.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) usage(`--${name} needs a number >= ${min}`);
  return name === 'duration' || name === 'warmup' || name === 'overload-duration' ? n : Math.round(n);
}

const smoke = given.has('smoke');
const onlyOverload = given.has('overload');
const opts = {
  smoke,
  rounds: num('rounds', smoke ? 1 : 5, 1),
  duration: num('duration', smoke ? 1 : 10, 1),
  connections: num('connections', smoke ? 10 : 50, 1),
  seed: num('seed', smoke ? 20 : 320, 1),
  warmup: num('warmup', smoke ? 0 : 2, 0),
  overload: !given.has('no-overload'),
  overloadDuration: num('overload-duration', smoke ? 1 : 5, 1),
};
const overloadConnections = opts.connections * 4;

const { DATABASE_URL } = benchEnv();
const pgUrl = DATABASE_URL && /^postgres(ql)?:\/\//.test(DATABASE_URL) ? DATABASE_URL : undefined;

// ---- autocannon (untyped package: the part we use) ----------------------------------------------

interface LoadResult {
  requests: { average: number; total: number; sent: number };
  /** added here: what the errors were (autocannon's reqError events), by code or message */
  errorKinds: Map<string, number>;
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number } | undefined>;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  timeout?: number;
}
type Tracker = { stop(): void; on(event: 'reqError', listener: (err: NodeJS.ErrnoException) => void): void };
type Autocannon = (o: LoadOptions, cb: (err: Error | null, result: Omit<LoadResult, 'errorKinds'>) => void) => Tracker;
const autocannon = createRequire(path.join(ROOT, 'package.json'))('autocannon') as Autocannon;

// autocannon's request timer (retimer) asks for a negative delay once a request is past its timeout:
// Node 24 warns about it on every occurrence, the timeout itself is counted in the table
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'TimeoutNegativeWarning') console.error(`${w.name}: ${w.message}`);
});

// ---- cleanup: children, database, temporary folder ------------------------------------------------

class HarnessError extends Error {}

interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  tail: string[];
  exited: { code: number | null; signal: NodeJS.Signals | null } | null;
  exit: Promise<void>;
  onLine?: (line: string) => void;
}

const children: Child[] = [];
const running = new Set<{ stop(): void }>();
let tmpDir: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let cleaning: Promise<void> | null = null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the child's process group (tsx wrapper and server alike), SIGKILL after a grace time. */
async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  if (child.exited && !groupAlive(child.pid)) return;
  killGroup(child.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (!child.exited || groupAlive(child.pid))) await sleep(100);
  if (!child.exited || groupAlive(child.pid)) {
    killGroup(child.pid, 'SIGKILL');
    await Promise.race([child.exit, sleep(2000)]);
  }
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const t of running) t.stop();
    await Promise.all(children.map((c) => stopChild(c)));
    if (dropDatabase) {
      try {
        await dropDatabase();
      } catch (err) {
        console.error(`could not drop the benchmark database: ${(err as Error).message}`);
      }
    }
    removeTmpDir();
  })();
  return cleaning;
}

function removeTmpDir(): void {
  if (!tmpDir) return;
  try {
    fs.rmSync(tmpDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    tmpDir = null;
  } catch (err) {
    console.error(`could not remove ${tmpDir}: ${(err as Error).message}`);
  }
}

// last resort (an exit we did not plan): no orphans, no temporary data
process.on('exit', () => {
  for (const c of children) if (!c.exited || groupAlive(c.pid)) killGroup(c.pid, 'SIGKILL');
  removeTmpDir();
});
// `on`, not `once`: a second Ctrl-C (tsx relays the signal once more when it misses our first one)
// must not find the signal without a listener, which would exit at once and skip the cleanup
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the children and removing the temporary data...`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---- children -------------------------------------------------------------------------------------

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Child {
  // own process group (detached), so the whole tree (a tsx wrapper and its node) is stopped together
  const proc = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (proc.pid === undefined) throw new HarnessError(`could not start ${name}`);
  const child: Child = {
    name,
    proc,
    pid: proc.pid,
    tail: [],
    exited: null,
    exit: new Promise((resolve) => proc.once('exit', () => resolve())),
  };
  proc.once('exit', (code, signal) => {
    child.exited = { code, signal };
  });
  // whole lines only: a chunk may end in the middle of a line
  const lines = () => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        if (!line.trim()) continue;
        child.tail.push(line);
        if (child.tail.length > 40) child.tail.shift();
        child.onLine?.(line);
      }
    };
  };
  proc.stdout?.on('data', lines());
  proc.stderr?.on('data', lines());
  children.push(child);
  return child;
}

/** Why a child ended that this benchmark did not stop: a crash, or a stop from outside. */
function exitCause(child: Child): string {
  const e = child.exited;
  if (!e) return 'is still running';
  if (e.signal === 'SIGKILL') return 'was killed by SIGKILL from outside this benchmark (the OOM killer, or another process)';
  if (e.signal) return `was killed by ${e.signal} from outside this benchmark`;
  // server.ts and hello-world.cjs exit 0 only after SIGINT / SIGTERM
  if (e.code === 0) return 'exited with code 0, which it does only after SIGINT/SIGTERM: stopped from outside this benchmark (another process?), not a crash';
  return `CRASHED (exit code ${e.code})`;
}

function describeExit(child: Child): string {
  const e = child.exited;
  const how = e ? (e.signal ? `killed by ${e.signal}` : `exit code ${e.code}`) : 'running';
  return `${child.name} (pid ${child.pid}) ${how}; its last output:\n${child.tail.map((l) => `  | ${l}`).join('\n') || '  | (none)'}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited) throw new HarnessError(`${child.name} exited before it answered:\n${describeExit(child)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new HarnessError(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${describeExit(child)}`);
}

/** The most recently changed source file (tests excluded) under the given folders. */
function newestSource(dirs: string[]): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(file);
      }
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const mtimeMs = fs.statSync(file).mtimeMs;
        if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
      }
    }
  };
  for (const dir of dirs) if (fs.existsSync(dir)) walk(dir);
  return newest;
}

// ---- memory of the serving process (Linux /proc) ----------------------------------------------------

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/** The process that serves: the child itself, or the node that a tsx wrapper started. */
function servingPid(pid: number): number {
  let current = pid;
  for (let depth = 0; depth < 4; depth++) {
    const next = childrenOf(current)[0];
    if (next === undefined) break;
    current = next;
  }
  return current;
}

function rssMb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the RSS every 250 ms while a load runs: the peak. */
class RssPeak {
  peak: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  constructor(private readonly pid: () => number) {}
  sample(): number | null {
    const v = rssMb(this.pid());
    if (v !== null && (this.peak === null || v > this.peak)) this.peak = v;
    return v;
  }
  start(): void {
    this.timer ??= setInterval(() => this.sample(), 250);
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
  }
}

// ---- load -------------------------------------------------------------------------------------------

function load(url: string, connections: number, duration: number, headers: Record<string, string>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const errorKinds = new Map<string, number>();
    const tracker = autocannon({ url, connections, duration, headers, timeout: 10 }, (err, result) => {
      running.delete(tracker);
      if (err) reject(err);
      else resolve({ ...result, errorKinds });
    });
    tracker.on('reqError', (e) => {
      const kind = e.code ?? e.message;
      errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
    });
    running.add(tracker);
  });
}

function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

function statusCounts(results: LoadResult[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of results)
    for (const [code, stat] of Object.entries(r.statusCodeStats)) counts.set(code, (counts.get(code) ?? 0) + (stat?.count ?? 0));
  return counts;
}

function errorKinds(results: LoadResult[]): string {
  const kinds = new Map<string, number>();
  for (const r of results) for (const [k, n] of r.errorKinds) kinds.set(k, (kinds.get(k) ?? 0) + n);
  return [...kinds].map(([k, n]) => `${k} x${n}`).join(', ');
}

function nonOk(counts: Map<string, number>): string {
  return [...counts]
    .filter(([code]) => !code.startsWith('2'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code}x${n}`)
    .join(' ');
}

// ---- output -----------------------------------------------------------------------------------------

const fmtInt = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en') : '-');
// autocannon's latency histogram counts whole milliseconds
const fmtMs = (v: number) => (Number.isFinite(v) ? (v < 1 ? '<1' : Number.isInteger(v) ? String(v) : v.toFixed(1)) : '-');
const fmtPct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : '-');
const fmtMb = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(0)} MB`);

function printTable(head: string[], rows: string[][], leftColumns: number[] = [0]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (leftColumns.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

const findings: string[] = [];
function loud(message: string): void {
  findings.push(message);
  console.log(`!!! ${message}`);
}

// ---- the calls --------------------------------------------------------------------------------------

interface Call {
  label: string;
  path: string;
  cookie: boolean;
  /** the issue's target share of hello-world (on PostgreSQL) */
  share?: number;
  /** may not exist yet: measured only when it answers 200 */
  optional?: boolean;
  headers?: Record<string, string>;
}

const CALLS: Call[] = [
  { label: 'settings.php (no cookie)', path: '/api/settings.php', cookie: false },
  { label: 'settings.php (cookie)', path: '/api/settings.php', cookie: true, share: 0.5 },
  // the site's api client sends X-Request-Type on user.php
  { label: 'user.php', path: '/api/user.php', cookie: true, share: 0.3, headers: { 'x-request-type': 'web' } },
  { label: 'likes.php', path: '/api/likes.php', cookie: true, share: 0.15 },
  { label: 'members.php (F, NL, 25-40)', path: '/api/members.php?gender=female&country=NL&min_age=25&max_age=40', cookie: true, share: 0.15 },
  { label: 'chats.php', path: '/api/chats.php', cookie: true, share: 0.15, optional: true },
];
const OVERLOAD_CALLS = ['user.php', 'members.php (F, NL, 25-40)'];

interface Measured {
  call: Call;
  results: LoadResult[];
  /** why it was not measured (optional call that does not answer 200) */
  skipped?: string;
}

// ---- main -------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const startedAt = performance.now();
  const loadAtStart = os.loadavg();
  const callCount = CALLS.length + 1;
  const startLimitS = opts.smoke ? 120 : 300;
  const budgetS =
    startLimitS + // start and seed
    (onlyOverload ? 0 : opts.warmup * callCount + opts.rounds * callCount * (opts.duration + 6)) * 1.5 +
    (opts.overload ? 2 * (opts.overloadDuration + 15) : 0) +
    60;
  const watchdog = setTimeout(() => {
    console.error(`\nthe benchmark ran longer than its ${Math.round(budgetS)} s limit: stopping`);
    void cleanup().finally(() => process.exit(1));
  }, budgetS * 1000);
  watchdog.unref();

  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const dataDir = path.join(tmpDir, 'data');
  fs.mkdirSync(dataDir);

  // database
  let databaseLabel = `embedded PGlite (${dataDir})`;
  let serverDatabaseUrl: string | undefined;
  if (DATABASE_URL && !pgUrl) console.log(`DATABASE_URL is not postgres://: ignored, using the embedded default`);
  if (pgUrl) {
    const name = `bench_api_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    let version = '';
    try {
      version = ((await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '').split(' ')[0] ?? '';
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    dropDatabase = async () => {
      const c = new Client({ connectionString: pgUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    };
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    serverDatabaseUrl = u.toString();
    databaseLabel = `PostgreSQL ${version} at ${u.host}, fresh database ${name} (dropped at the end)`;
  }

  // the server
  const dist = path.join(API_DIR, 'dist', 'server.js');
  const useDist = !given.has('source') && fs.existsSync(dist);
  const serverArgs = useDist ? [dist] : [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/server.ts'];
  const serverLabel = useDist
    ? `node api/dist/server.js (compiled build of ${fs.statSync(dist).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC)`
    : given.has('source')
      ? 'tsx api/src/server.ts (--source: from the TypeScript source, not the build)'
      : 'tsx api/src/server.ts (api/dist/server.js missing: `npm run build -w @dating/api` to measure the build)';
  if (useDist) {
    const newest = newestSource([path.join(API_DIR, 'src'), path.join(ROOT, 'shared-kit', 'src')]);
    if (newest && newest.mtimeMs > fs.statSync(dist).mtimeMs)
      console.log(`note: api/dist/server.js is older than ${path.relative(ROOT, newest.file)}: rebuild (npm run build -w @dating/api) to measure the current code`);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const own: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_MEMBERS: String(opts.seed),
    NODE_ENV: 'production',
  };
  if (serverDatabaseUrl) own.DATABASE_URL = serverDatabaseUrl;

  console.log(`server:   ${serverLabel}`);
  console.log(`database: ${databaseLabel}`);
  console.log(`node:     ${process.version} (${process.execPath})`);
  console.log(`starting the server on ${base}, seeding ${opts.seed} demo members...`);
  const server = startChild('server', serverArgs, serverEnv(own), API_DIR);
  // the server's own warnings and errors (LOG_LEVEL=warn): counted by message
  const serverLog = new Map<string, number>();
  server.onLine = (line) => {
    let message = line.slice(0, 160);
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      message = `${entry.level === 40 ? 'warn' : entry.level === 50 ? 'error' : entry.level === 60 ? 'fatal' : `level ${entry.level}`}: ${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message})` : ''}`.slice(0, 160);
    } catch {
      // plain output (a stack trace, a console.error): kept as it is
    }
    serverLog.set(message, (serverLog.get(message) ?? 0) + 1);
  };
  const t0 = performance.now();
  await waitFor(server, `${base}/api/settings.php`, startLimitS * 1000);
  console.log(`server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const servePid = servingPid(server.pid);
  const rss = new RssPeak(() => servePid);
  const rssIdle = rss.sample();
  rss.peak = null;

  // the anchor
  const helloPort = await freePort();
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const hello = startChild('hello-world', [path.join(ROOT, 'bench', 'hello-world.cjs'), String(helloPort)], serverEnv({ NODE_ENV: 'production' }), ROOT);
  await waitFor(hello, helloUrl, 30_000);

  // log in
  const login = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-type': 'web' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-demo-123' }),
    signal: AbortSignal.timeout(15_000),
  });
  const loginBody = await login.text();
  const sid = login.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('sid='));
  if (login.status !== 200 || !sid) throw new HarnessError(`login as demo@example.com failed: ${login.status} ${loginBody.slice(0, 300)}`);
  console.log('logged in as demo@example.com');

  const alive = (what: string) => {
    if (interrupted) throw new HarnessError('interrupted');
    for (const c of [server, hello])
      if (c.exited) {
        loud(`${c.name} ${exitCause(c)} during ${what}`);
        throw new HarnessError(describeExit(c));
      }
  };
  const headersOf = (call: Call) => ({ ...(call.cookie ? { cookie: sid } : {}), ...call.headers });
  // autocannon stops with requests in flight, which the server still works off: a request that
  // needs the database (queued behind them) waits for that backlog, so the next run starts clean.
  // Until it answers 2xx (an overloaded server may shed it with 503 first), at most 20 s.
  let drainMax = 0;
  const settle = async (after: string) => {
    const t = performance.now();
    let answer = '';
    while (performance.now() - t < 20_000 && !server.exited) {
      try {
        const res = await fetch(`${base}/api/user.php`, { headers: { cookie: sid, 'x-request-type': 'web' }, signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        answer = String(res.status);
        if (res.ok) break;
      } catch (err) {
        answer = (err as Error).message;
      }
      await sleep(100);
    }
    const ms = performance.now() - t;
    drainMax = Math.max(drainMax, ms);
    if (answer !== '200' && !server.exited) loud(`after the load of ${after} the server did not answer GET /api/user.php with 2xx within 20 s (last: ${answer}): it does not recover`);
  };
  const loadServer = async (call: Call, connections: number, duration: number) => {
    const res = await load(base + call.path, connections, duration, headersOf(call));
    await settle(`${call.label} (${connections} connections)`);
    return res;
  };

  // which calls answer (chats.php may not exist yet)
  const measured: Measured[] = [];
  for (const call of CALLS) {
    const res = await fetch(base + call.path, { headers: headersOf(call), signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    if (call.optional && res.status !== 200) {
      measured.push({ call, results: [], skipped: `skipped: answers ${res.status} (not built yet?)` });
      console.log(`${call.label}: answers ${res.status}, skipped`);
    } else {
      measured.push({ call, results: [] });
      if (res.status !== 200) console.log(`${call.label}: answers ${res.status} before the load (the measurement will not be valid)`);
    }
  }
  const active = measured.filter((m) => !m.skipped);
  const helloResults: LoadResult[] = [];
  let rssAfter: number | null = null;

  if (!onlyOverload) {
    rss.start();
    if (opts.warmup > 0) {
      console.log(`warm-up: ${opts.warmup} s per call, not counted`);
      await load(helloUrl, opts.connections, opts.warmup, {});
      for (const m of active) await loadServer(m.call, opts.connections, opts.warmup);
      alive('the warm-up');
    }
    for (let r = 1; r <= opts.rounds; r++) {
      const h = await load(helloUrl, opts.connections, opts.duration, {});
      helloResults.push(h);
      alive(`round ${r} (hello-world)`);
      const parts = [`hello ${fmtInt(h.requests.average)}`];
      for (const m of active) {
        const res = await loadServer(m.call, opts.connections, opts.duration);
        m.results.push(res);
        alive(`round ${r} (${m.call.label})`);
        parts.push(`${m.call.label} ${fmtInt(res.requests.average)}${res.non2xx || res.errors ? ` (non-2xx ${res.non2xx}, errors ${res.errors}: ${errorKinds([res]) || '-'})` : ''}`);
      }
      console.log(`round ${r}/${opts.rounds} req/s: ${parts.join(', ')}`);
    }
    rss.stop();
    rssAfter = rss.sample();

    // the table
    const onPg = Boolean(pgUrl);
    const p99Limit = onPg ? 50 : 1000;
    let met = 0;
    let judged = 0;
    const rows: string[][] = [];
    const helloRps = median(helloResults.map((r) => r.requests.average));
    rows.push([
      'hello-world (anchor)',
      fmtInt(helloRps),
      fmtMs(median(helloResults.map((r) => r.latency.p50))),
      fmtMs(median(helloResults.map((r) => r.latency.p99))),
      '100%',
      String(helloResults.reduce((s, r) => s + r.non2xx, 0)),
      `${helloResults.reduce((s, r) => s + r.errors, 0)}/${helloResults.reduce((s, r) => s + r.timeouts, 0)}`,
      '-',
      '-',
      '',
    ]);
    for (const m of measured) {
      if (m.skipped) {
        rows.push([m.call.label, '-', '-', '-', '-', '-', '-', '-', '-', m.skipped]);
        continue;
      }
      const rps = median(m.results.map((r) => r.requests.average));
      const p50 = median(m.results.map((r) => r.latency.p50));
      const p99 = median(m.results.map((r) => r.latency.p99));
      const share = median(m.results.map((r, i) => r.requests.average / (helloResults[i]?.requests.average ?? NaN)));
      const non2xx = m.results.reduce((s, r) => s + r.non2xx, 0);
      const errors = m.results.reduce((s, r) => s + r.errors, 0);
      const timeouts = m.results.reduce((s, r) => s + r.timeouts, 0);
      const counts = statusCounts(m.results);
      const has4xx = [...counts].some(([code, n]) => code.startsWith('4') && n > 0);
      const has5xx = [...counts].some(([code, n]) => code.startsWith('5') && n > 0);
      const valid = !has4xx && !has5xx && errors === 0;
      const broken = [has4xx ? '4xx' : '', has5xx ? '5xx' : '', errors ? 'errors/timeouts' : ''].filter(Boolean);
      const detail = [non2xx ? nonOk(counts) : '', errors ? errorKinds(m.results) : ''].filter(Boolean).join('; ');
      const note = valid ? (non2xx ? `non-2xx: ${nonOk(counts)}` : '') : `NOT VALID: ${broken.join(', ')} (${detail})`;
      if (has5xx) loud(`${m.call.label} answered 5xx under ${opts.connections} connections: ${nonOk(counts)}`);
      if (errors) loud(`${m.call.label}: ${errors} errors under ${opts.connections} connections: ${errorKinds(m.results)}`);
      const judge = (ok: boolean) => {
        judged++;
        if (ok) met++;
        return ok ? 'met' : 'NOT MET';
      };
      const shareCell = onPg && m.call.share !== undefined ? `>= ${m.call.share * 100}% ${valid ? judge(share >= m.call.share) : 'n/a'}` : '-';
      const p99Cell = `< ${p99Limit} ms ${valid ? judge(p99 < p99Limit) : 'n/a'}`;
      rows.push([m.call.label, fmtInt(rps), fmtMs(p50), fmtMs(p99), fmtPct(share), String(non2xx), `${errors}/${timeouts}`, shareCell, p99Cell, note]);
    }
    console.log(
      `\n${opts.rounds} round(s) x ${opts.duration} s per call, ${opts.connections} connections; req/s and p99: median of the rounds; ` +
        'share: median of the per-round ratios call / hello-world',
    );
    printTable(['call', 'req/s', 'p50 ms', 'p99 ms', 'share', 'non-2xx', 'err/timeouts', 'target share', 'target p99', 'note'], rows, [0, 9]);
    console.log(
      `targets (issue 10, informational, never the exit code): ${met} of ${judged} met; ` +
        (onPg
          ? `PostgreSQL: settings.php with cookie >= 50% of hello-world, user.php >= 30%, likes/members/chats >= 15%, p99 < 50 ms at 50 connections`
          : 'embedded PGlite: p99 < 1 s (the share targets are for PostgreSQL)') +
        (opts.connections !== 50 ? ` [this run: ${opts.connections} connections]` : ''),
    );
  }

  // overload
  let rssOverload: number | null = null;
  if (opts.overload || onlyOverload) {
    console.log(`\noverload: ${overloadConnections} connections (4x), ${opts.overloadDuration} s per call`);
    const rows: string[][] = [];
    rss.start();
    let previous = '';
    for (const label of OVERLOAD_CALLS) {
      const m = measured.find((x) => x.call.label === label);
      if (!m) continue;
      if (previous) await settle(`${previous} (${overloadConnections} connections)`);
      previous = label;
      const res = await load(base + m.call.path, overloadConnections, opts.overloadDuration, headersOf(m.call));
      const counts = statusCounts([res]);
      const ok = [...counts].filter(([c]) => c.startsWith('2')).reduce((s, [, n]) => s + n, 0);
      const unavailable = counts.get('503') ?? 0;
      const other = [...counts].filter(([c]) => !c.startsWith('2') && c !== '503');
      const bad5xx = other.filter(([c]) => c.startsWith('5'));
      rows.push([
        label,
        fmtInt(res.requests.sent),
        fmtInt(res.requests.total),
        fmtInt(res.requests.average),
        String(ok),
        String(unavailable),
        other.length ? other.map(([c, n]) => `${c}x${n}`).join(' ') : '0',
        `${res.errors}/${res.timeouts}`,
        fmtMs(res.latency.p99),
      ]);
      if (ok === 0) loud(`${label} under ${overloadConnections} connections served no request at all in ${opts.overloadDuration} s (0 x 2xx; ${unavailable} x 503, ${res.requests.sent - res.requests.total} unanswered at the end)`);
      if (bad5xx.length) loud(`${label} under ${overloadConnections} connections answered 5xx other than 503: ${bad5xx.map(([c, n]) => `${c}x${n}`).join(' ')}`);
      if (server.exited) break;
    }
    rss.stop();
    rssOverload = rss.sample();
    printTable(['call', 'sent', 'responses', 'req/s', '2xx', '503', 'other', 'err/timeouts', 'p99 ms'], rows, [0]);
    if (server.exited) {
      loud(`the server ${exitCause(server)} under ${overloadConnections} connections`);
      throw new HarnessError(describeExit(server));
    }
    // right after the load: does it answer at once? A call without the database and one with it,
    // side by side (the requests still in flight from the load are in the server's queue)
    const probe = async (label: string, url: string, headers: Record<string, string>) => {
      const t = performance.now();
      let answer = '';
      while (performance.now() - t < 15_000 && !server.exited) {
        try {
          const res = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
          await res.arrayBuffer();
          answer = String(res.status);
          if (res.ok) {
            const ms = performance.now() - t;
            if (ms < 1000) console.log(`after the load: ${label} -> ${answer} in ${ms.toFixed(0)} ms (recovered at once)`);
            else if (ms < 3000) console.log(`after the load: ${label} -> ${answer} after ${(ms / 1000).toFixed(1)} s (not at once: the requests still in flight came first)`);
            else loud(`after the load the server took ${(ms / 1000).toFixed(1)} s to answer ${label} with 2xx again`);
            return;
          }
        } catch (err) {
          answer = (err as Error).message;
        }
        await sleep(100);
      }
      loud(`after the load the server did not answer ${label} with 2xx within 15 s (last: ${answer})`);
    };
    await Promise.all([
      probe('GET /api/settings.php (no database)', `${base}/api/settings.php`, {}),
      probe('GET /api/user.php (database)', `${base}/api/user.php`, { cookie: sid, 'x-request-type': 'web' }),
    ]);
    await sleep(500);
    if (server.exited) {
      loud(`the server ${exitCause(server)} after the overload`);
      throw new HarnessError(describeExit(server));
    }
    console.log(`server still alive (pid ${servePid})`);
  }

  // the run
  console.log('\nrun:');
  console.log(`  server     ${serverLabel}, pid ${servePid}${servePid !== server.pid ? ` (tsx wrapper ${server.pid} not counted)` : ''}`);
  console.log(`  database   ${databaseLabel}`);
  console.log(`  node       ${process.version}, server and hello-world in their own processes; autocannon ${createRequire(path.join(ROOT, 'package.json'))('autocannon/package.json').version as string} in this one`);
  console.log(
    `  load       ${onlyOverload ? 'overload check only' : `${opts.rounds} round(s) x ${opts.duration} s, ${opts.connections} connections, warm-up ${opts.warmup} s per call`}` +
      `${opts.overload || onlyOverload ? `; overload ${overloadConnections} connections x ${opts.overloadDuration} s` : ''}; ${opts.seed} demo members${opts.smoke ? ' (smoke run: proves the harness, the figures mean nothing)' : ''}`,
  );
  console.log(`  machine    ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model.trim() ?? ''}; load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at the end ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`  drain      longest wait for the server to work off a run's requests in flight (GET /api/user.php -> 2xx) before the next run: ${(drainMax / 1000).toFixed(1)} s`);
  console.log(`  server RSS idle before the load ${fmtMb(rssIdle)}, peak under load ${fmtMb(rss.peak)}, after the rounds ${fmtMb(rssAfter)}, after the overload ${fmtMb(rssOverload)}`);
  const logLines = [...serverLog].sort((a, b) => b[1] - a[1]);
  const total = logLines.reduce((s, [, n]) => s + n, 0);
  console.log(`  server log ${total} warning/error line(s) at LOG_LEVEL=warn${total ? ':' : ''}`);
  for (const [message, n] of logLines.slice(0, 8)) console.log(`    ${String(n).padStart(6)} x ${message}`);
  if (findings.length) {
    console.log('\nFINDINGS:');
    for (const f of findings) console.log(`  !!! ${f}`);
  }
  console.log(`\ndone in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  clearTimeout(watchdog);
}

main()
  .then(
    () => cleanup().then(() => 0),
    async (error: unknown) => {
      if (!interrupted) console.error(error instanceof HarnessError ? `\nbenchmark failed: ${error.message}` : error);
      await cleanup();
      return 1;
    },
  )
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
