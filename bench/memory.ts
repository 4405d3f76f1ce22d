/**
 * Memory of the real server (`npm run bench -- memory`), beside a bare Node process and the bare
 * Fastify hello-world measured in the same run (issue 28 item 6: idle <= 150 MB on PostgreSQL and
 * <= 300 MB on PGlite, after the demo seed <= 200 / 350 MB, <= 400 MB at the peak of a load).
 *
 * Per database (embedded PGlite always; PostgreSQL too when DATABASE_URL=postgres://... is set, a
 * fresh database on that server, dropped at the end):
 *   1. "after seed": the compiled server (`node api/dist/server.js`, NODE_ENV=production, the
 *      node flags of `npm start`, bench/lib/server.ts) starts on a fresh DATA_DIR and seeds the demo
 *      (SEED_MEMBERS, default 320); measured once it answers and has been quiet for --settle s;
 *   2. it is stopped (SIGTERM) and started again on the same data: "idle after start", measured
 *      the same way (what a restarted site holds before anyone calls it);
 *   3. "peak under load": autocannon on the logged-in user.php, members.php and chats.php
 *      (--duration s each, --connections): the highest RSS sampled every 250 ms; then the memory
 *      once more after the load ("after load").
 * Each figure is the median of --samples readings 1 s apart: RSS from /proc, and the server's own
 * view through a preloaded probe (bench/lib/memory-probe.cjs, SIGUSR2): V8 heap used / total (and
 * its new space), external memory, arrayBuffers and the WebAssembly memory (PGlite's Postgres;
 * counted by V8 in `external`). "native" = RSS - heap total - external: code, libvips/sharp,
 * thread stacks, malloc arenas.
 *
 * Options: --seed N, --settle S, --samples N, --duration S, --connections N, --postgres-only (skip
 * PGlite), --smoke (CI: 20
 * members, 1 s settle, 1 sample, 1 s load: proves the harness). BENCH_SERVER_NODE_OPTIONS adds
 * node flags to the server (e.g. `--max-semi-space-size=64` to compare).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchEnv, serverEnv } from './env';
import {
  freePort,
  HarnessError,
  keepTmpDir,
  removeTmpDir,
  RssPeak,
  rssMb,
  runBenchmark,
  sleep,
  startChild,
  stopChild,
  waitFor,
} from './lib/children';
import type { Child } from './lib/children';
import { fmtMb, load, median, printTable } from './lib/load';
import { parseOptions } from './lib/options';
import { API_DIR, freshPgDatabase, ROOT, serverCommand } from './lib/server';

const cli = parseOptions(
  ['seed', 'settle', 'samples', 'duration', 'connections'],
  ['smoke', 'postgres-only', 'help'],
  'usage: npm run bench -- memory [--seed N] [--settle S] [--samples N] [--duration S] [--connections N] [--postgres-only] [--smoke]',
);
const smoke = cli.given.has('smoke');
const opts = {
  seed: cli.whole('seed', smoke ? 20 : 320),
  settle: cli.num('settle', smoke ? 1 : 5, 0),
  samples: cli.whole('samples', smoke ? 1 : 5),
  duration: cli.num('duration', smoke ? 1 : 5, 1),
  connections: cli.whole('connections', smoke ? 10 : 50),
};
const PROBE = path.join(ROOT, 'bench', 'lib', 'memory-probe.cjs');
const MB = 1024 * 1024;

interface Reading {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  newSpace: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
  /** CommonJS files loaded (a count, not MB) and their size on disk in MB */
  jsFiles: number;
  jsBytes: number;
}

/** One reading of the probe (SIGUSR2 -> a MEMPROBE line on stderr), in MB. */
function probe(child: Child): Promise<Reading | null> {
  return new Promise((resolve) => {
    const previous = child.onLine;
    const timer = setTimeout(() => done(null), 5000);
    const done = (r: Reading | null) => {
      clearTimeout(timer);
      child.onLine = previous;
      resolve(r);
    };
    child.onLine = (line) => {
      if (!line.startsWith('MEMPROBE ')) return previous?.(line);
      const raw = JSON.parse(line.slice('MEMPROBE '.length)) as Record<keyof Reading, number>;
      done(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, k === 'jsFiles' ? v : v / MB])) as unknown as Reading);
    };
    try {
      process.kill(child.pid, 'SIGUSR2');
    } catch {
      done(null);
    }
  });
}

/** The median of `samples` readings 1 s apart, field by field. */
async function measure(child: Child): Promise<Reading> {
  const readings: Reading[] = [];
  for (let i = 0; i < opts.samples; i++) {
    if (i > 0) await sleep(1000);
    const r = await probe(child);
    if (!r) throw new HarnessError(`the memory probe of ${child.name} did not answer`);
    r.rss = rssMb(child.pid) ?? r.rss; // /proc, as the other benchmarks
    readings.push(r);
  }
  const keys = Object.keys(readings[0] as Reading) as (keyof Reading)[];
  return Object.fromEntries(keys.map((k) => [k, median(readings.map((r) => r[k]))])) as unknown as Reading;
}

async function anchorRss(name: string, args: string[], url: string | null): Promise<number> {
  const port = await freePort();
  const child = startChild(
    name,
    args.map((a) => a.replace('PORT', String(port))),
    serverEnv({ NODE_ENV: 'production' }),
    ROOT,
  );
  if (url) await waitFor(child, url.replace('PORT', String(port)), 30_000);
  else await sleep(1000);
  await sleep(opts.settle * 1000);
  const values: number[] = [];
  for (let i = 0; i < opts.samples; i++) {
    if (i > 0) await sleep(1000);
    values.push(rssMb(child.pid) ?? NaN);
  }
  await stopChild(child);
  return median(values);
}

interface DbRun {
  label: string;
  onPg: boolean;
  startS: number[];
  afterSeed: Reading;
  idle: Reading;
  peak: number | null;
  afterLoad: Reading;
}

async function runOn(pgUrl: string | undefined): Promise<DbRun> {
  const dataDir = path.join(keepTmpDir(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'))), 'data');
  fs.mkdirSync(dataDir);
  const pg = pgUrl ? await freshPgDatabase(pgUrl, 'bench_memory') : null;
  const label = pg?.label ?? 'embedded PGlite';
  const command = serverCommand(false);
  if (command.note) console.log(command.note);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const extra = serverEnv({}).NODE_OPTIONS ?? '';
  const own: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    MOLLIE_SIMULATOR: 'true',
    SEED_MEMBERS: String(opts.seed),
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  console.log(`\n${label}: ${command.label}${extra ? ` + NODE_OPTIONS ${extra}` : ''}`);
  const startS: number[] = [];
  const start = async (what: string) => {
    const t = performance.now();
    const child = startChild(`server (${what})`, ['--require', PROBE, ...command.args], { ...command.env, ...serverEnv(own) }, API_DIR);
    await waitFor(child, `${base}/api/settings.php`, 600_000);
    startS.push((performance.now() - t) / 1000);
    await sleep(opts.settle * 1000);
    return child;
  };

  let server = await start('first start, seeding');
  const afterSeed = await measure(server);
  console.log(`  after seed: RSS ${fmtMb(afterSeed.rss)}`);
  await stopChild(server, 30_000);

  server = await start('restart');
  const idle = await measure(server);
  console.log(`  idle after restart: RSS ${fmtMb(idle.rss)}; ${idle.jsFiles} JavaScript files loaded (${idle.jsBytes.toFixed(1)} MB)`);

  const login = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-type': 'web' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-demo-123' }),
  });
  const sid = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sid='));
  if (login.status !== 200 || !sid) throw new HarnessError(`login as demo@example.com failed: ${login.status}`);
  const rss = new RssPeak(() => server.pid);
  rss.peak = null;
  rss.start();
  for (const call of ['/api/user.php', '/api/members.php?gender=female&country=NL&min_age=25&max_age=40', '/api/chats.php']) {
    const res = await load(base + call, opts.connections, opts.duration, { cookie: sid, 'x-request-type': 'web' });
    if (server.exited) throw new HarnessError(`the server ended under the load of ${call}`);
    console.log(`  ${call}: ${Math.round(res.requests.average)} req/s, non-2xx ${res.non2xx}`);
  }
  rss.stop();
  await sleep(opts.settle * 1000);
  const afterLoad = await measure(server);
  await stopChild(server, 30_000);
  removeTmpDir();
  return { label, onPg: Boolean(pg), startS, afterSeed, idle, peak: rss.peak, afterLoad };
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const loadAtStart = os.loadavg();
  const { DATABASE_URL } = benchEnv();
  const pgUrl = DATABASE_URL && /^postgres(ql)?:\/\//.test(DATABASE_URL) ? DATABASE_URL : undefined;

  const bare = await anchorRss('bare node', ['-e', 'setInterval(() => {}, 1 << 30)'], null);
  const hello = await anchorRss('hello-world', [path.join(ROOT, 'bench', 'hello-world.cjs'), 'PORT'], 'http://127.0.0.1:PORT/');
  console.log(`anchors: bare node ${fmtMb(bare)}, Fastify hello-world ${fmtMb(hello)} RSS`);

  if (cli.given.has('postgres-only') && !pgUrl) throw new HarnessError('--postgres-only needs DATABASE_URL=postgres://...');
  const runs = cli.given.has('postgres-only') ? [] : [await runOn(undefined)];
  if (pgUrl) runs.push(await runOn(pgUrl));
  else console.log('\n(PostgreSQL not measured: set DATABASE_URL=postgres://... to measure it too)');

  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-');
  const rows: string[][] = [
    ['bare node (anchor)', '', f(bare), '', '', '', '', '', '', ''],
    ['hello-world (anchor)', '', f(hello), '', '', '', '', '', '', ''],
  ];
  for (const r of runs) {
    const targets = r.onPg ? { idle: 150, seed: 200 } : { idle: 300, seed: 350 };
    const judge = (v: number | null, limit: number) => (v === null ? 'n/a' : `<= ${limit} ${v <= limit ? 'met' : 'NOT MET'}`);
    const row = (phase: string, m: Reading, target: string): string[] => [
      r.onPg ? 'PostgreSQL' : 'PGlite',
      phase,
      f(m.rss),
      f(m.heapUsed),
      f(m.heapTotal),
      f(m.newSpace),
      f(m.external),
      f(m.wasm),
      f(m.rss - m.heapTotal - m.external),
      target,
    ];
    rows.push(row('after seed', r.afterSeed, judge(r.afterSeed.rss, targets.seed)));
    rows.push(row('idle after restart', r.idle, judge(r.idle.rss, targets.idle)));
    rows.push([
      r.onPg ? 'PostgreSQL' : 'PGlite',
      'peak under load',
      r.peak === null ? '-' : f(r.peak),
      '',
      '',
      '',
      '',
      '',
      '',
      judge(r.peak, 400),
    ]);
    rows.push(row('after load', r.afterLoad, ''));
  }
  console.log(
    `\nMB; each figure the median of ${opts.samples} reading(s) 1 s apart, ${opts.settle} s after the server answered; native = RSS - heap total - external`,
  );
  printTable(
    ['database', 'phase', 'RSS', 'heap used', 'heap total', 'new space', 'external', 'wasm', 'native', 'target (issue 28)'],
    rows,
    [0, 1],
  );
  console.log('\nrun:');
  for (const r of runs) console.log(`  ${r.label}: started in ${r.startS.map((s) => `${s.toFixed(1)} s`).join(' (seed) and ')} (restart)`);
  const nodeOptions = serverEnv({}).NODE_OPTIONS;
  console.log(
    `  node       ${process.version}; server flags: ${serverCommand(false).args.slice(0, -1).join(' ') || '(none)'}${nodeOptions ? `, NODE_OPTIONS ${nodeOptions}` : ''}`,
  );
  console.log(
    `  load       ${opts.connections} connections x ${opts.duration} s on user.php, members.php, chats.php; ${opts.seed} demo members${smoke ? ' (smoke run: proves the harness, the figures mean nothing)' : ''}`,
  );
  console.log(
    `  machine    ${os.cpus().length} CPU(s), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB; load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at the end ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\ndone in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
}

runBenchmark(main);
