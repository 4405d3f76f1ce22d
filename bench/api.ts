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
 *    members.php (women in NL aged 25-40), chats.php (the demo member's conversations). One table: req/s and
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
 *
 * This file holds the options, the calls and the run; bench/lib/children.ts the child processes,
 * their memory and the cleanup; bench/lib/load.ts autocannon, the statistics and the table;
 * bench/lib/overload.ts the overload check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { benchEnv, serverEnv } from './env';
import {
  cleanup,
  describeExit,
  exitCause,
  freePort,
  HarnessError,
  RssPeak,
  runBenchmark,
  servingPid,
  sleep,
  startChild,
  keepTmpDir,
  waitFor,
  wasInterrupted,
} from './lib/children';
import { parseOptions } from './lib/options';
import { API_DIR, countServerLog, freshPgDatabase, ROOT, serverCommand } from './lib/server';
import { errorKinds, findings, fmtInt, fmtMb, fmtMs, fmtPct, load, loud, median, nonOk, printTable, statusCounts } from './lib/load';
import type { LoadResult } from './lib/load';
import { overloadCheck } from './lib/overload';

// ---- options ------------------------------------------------------------------------------------

const cli = parseOptions(
  ['rounds', 'duration', 'connections', 'seed', 'warmup', 'overload-duration'],
  ['smoke', 'overload', 'no-overload', 'source', 'help'],
  'usage: npm run bench -- api [--rounds N] [--duration S] [--connections N] [--seed N] [--warmup S]\n' +
    '                            [--overload | --no-overload] [--overload-duration S] [--source] [--smoke]',
);
const given = cli.given;
/** seconds may be fractions; counts are whole */
const num = (name: string, fallback: number, min: number): number => {
  const n = cli.num(name, fallback, min);
  return name === 'duration' || name === 'warmup' || name === 'overload-duration' ? n : Math.round(n);
};

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
  {
    label: 'members.php (F, NL, 25-40)',
    path: '/api/members.php?gender=female&country=NL&min_age=25&max_age=40',
    cookie: true,
    share: 0.15,
  },
  { label: 'chats.php', path: '/api/chats.php', cookie: true, share: 0.15 },
  // issue 27: the remotes each browser gets (per mf_bucket, from memory: no database query)
  { label: 'mf-remotes.json (bucket)', path: '/mf-remotes.json', cookie: false, share: 0.5, headers: { cookie: 'mf_bucket=42' } },
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

  const tmpDir = keepTmpDir(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-')));
  const dataDir = path.join(tmpDir, 'data');
  fs.mkdirSync(dataDir);

  // database
  let databaseLabel = `embedded PGlite (${dataDir})`;
  let serverDatabaseUrl: string | undefined;
  if (DATABASE_URL && !pgUrl) console.log(`DATABASE_URL is not postgres://: ignored, using the embedded default`);
  if (pgUrl) {
    const fresh = await freshPgDatabase(pgUrl, 'bench_api');
    serverDatabaseUrl = fresh.url;
    databaseLabel = fresh.label;
  }

  // the server
  const command = serverCommand(given.has('source'));
  const serverArgs = command.args;
  const serverLabel = command.label;
  if (command.note) console.log(command.note);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const own: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_MEMBERS: String(opts.seed),
    NODE_ENV: 'production',
    MOLLIE_SIMULATOR: 'true', // a production server without a Mollie key runs the simulator only when asked
  };
  if (serverDatabaseUrl) own.DATABASE_URL = serverDatabaseUrl;

  console.log(`server:   ${serverLabel}`);
  console.log(`database: ${databaseLabel}`);
  console.log(`node:     ${process.version} (${process.execPath})`);
  console.log(`starting the server on ${base}, seeding ${opts.seed} demo members...`);
  const server = startChild('server', serverArgs, { ...command.env, ...serverEnv(own) }, API_DIR);
  // the server's own warnings and errors (LOG_LEVEL=warn): counted by message
  const serverLog = countServerLog(server);
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
  const hello = startChild(
    'hello-world',
    [path.join(ROOT, 'bench', 'hello-world.cjs'), String(helloPort)],
    serverEnv({ NODE_ENV: 'production' }),
    ROOT,
  );
  await waitFor(hello, helloUrl, 30_000);

  // log in
  const login = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-type': 'web' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-demo-123' }),
    signal: AbortSignal.timeout(15_000),
  });
  const loginBody = await login.text();
  const sid = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sid='));
  if (login.status !== 200 || !sid) throw new HarnessError(`login as demo@example.com failed: ${login.status} ${loginBody.slice(0, 300)}`);
  console.log('logged in as demo@example.com');

  const alive = (what: string) => {
    if (wasInterrupted()) throw new HarnessError('interrupted');
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
        const res = await fetch(`${base}/api/user.php`, {
          headers: { cookie: sid, 'x-request-type': 'web' },
          signal: AbortSignal.timeout(20_000),
        });
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
    if (answer !== '200' && !server.exited)
      loud(
        `after the load of ${after} the server did not answer GET /api/user.php with 2xx within 20 s (last: ${answer}): it does not recover`,
      );
  };
  const loadServer = async (call: Call, connections: number, duration: number) => {
    const res = await load(base + call.path, connections, duration, headersOf(call));
    await settle(`${call.label} (${connections} connections)`);
    return res;
  };

  // which calls answer (an optional call that does not exist yet is skipped)
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
        parts.push(
          `${m.call.label} ${fmtInt(res.requests.average)}${res.non2xx || res.errors ? ` (non-2xx ${res.non2xx}, errors ${res.errors}: ${errorKinds([res]) || '-'})` : ''}`,
        );
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
      const shareCell =
        onPg && m.call.share !== undefined ? `>= ${m.call.share * 100}% ${valid ? judge(share >= m.call.share) : 'n/a'}` : '-';
      const p99Cell = `< ${p99Limit} ms ${valid ? judge(p99 < p99Limit) : 'n/a'}`;
      rows.push([
        m.call.label,
        fmtInt(rps),
        fmtMs(p50),
        fmtMs(p99),
        fmtPct(share),
        String(non2xx),
        `${errors}/${timeouts}`,
        shareCell,
        p99Cell,
        note,
      ]);
    }
    console.log(
      `\n${opts.rounds} round(s) x ${opts.duration} s per call, ${opts.connections} connections; req/s and p99: median of the rounds; ` +
        'share: median of the per-round ratios call / hello-world',
    );
    printTable(
      ['call', 'req/s', 'p50 ms', 'p99 ms', 'share', 'non-2xx', 'err/timeouts', 'target share', 'target p99', 'note'],
      rows,
      [0, 9],
    );
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
    const targets = OVERLOAD_CALLS.map((label) => measured.find((x) => x.call.label === label)?.call).filter(
      (c): c is Call => c !== undefined,
    );
    rssOverload = await overloadCheck({
      base,
      sid,
      server,
      servePid,
      rss,
      connections: overloadConnections,
      duration: opts.overloadDuration,
      targets,
      headersOf,
      settle,
    });
  }

  // the run
  console.log('\nrun:');
  console.log(`  server     ${serverLabel}, pid ${servePid}${servePid !== server.pid ? ` (tsx wrapper ${server.pid} not counted)` : ''}`);
  console.log(`  database   ${databaseLabel}`);
  console.log(
    `  node       ${process.version}, server and hello-world in their own processes; autocannon ${createRequire(path.join(ROOT, 'package.json'))('autocannon/package.json').version as string} in this one`,
  );
  console.log(
    `  load       ${onlyOverload ? 'overload check only' : `${opts.rounds} round(s) x ${opts.duration} s, ${opts.connections} connections, warm-up ${opts.warmup} s per call`}` +
      `${opts.overload || onlyOverload ? `; overload ${overloadConnections} connections x ${opts.overloadDuration} s` : ''}; ${opts.seed} demo members${opts.smoke ? ' (smoke run: proves the harness, the figures mean nothing)' : ''}`,
  );
  console.log(
    `  machine    ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model.trim() ?? ''}; load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at the end ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  drain      longest wait for the server to work off a run's requests in flight (GET /api/user.php -> 2xx) before the next run: ${(drainMax / 1000).toFixed(1)} s`,
  );
  console.log(
    `  server RSS idle before the load ${fmtMb(rssIdle)}, peak under load ${fmtMb(rss.peak)}, after the rounds ${fmtMb(rssAfter)}, after the overload ${fmtMb(rssOverload)}`,
  );
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

runBenchmark(main);
