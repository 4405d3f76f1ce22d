/**
 * Chat benchmark (`npm run bench -- chat`): live delivery of paid messages over real sockets.
 *
 * 1. A fresh database (embedded PGlite under a temporary DATA_DIR, or with DATABASE_URL a new
 *    database on that PostgreSQL server, dropped at the end), migrated, with `--members` members
 *    (default: as many as sockets), each paid (no conversation limit), e-mail confirmed, with a
 *    login session and 1,000,000 credits written through the ledger (so the final check holds).
 * 2. The server as production runs it (node api/dist/server.js, or tsx from the source): ONE
 *    process on PGlite, TWO processes on PostgreSQL (each socket and each send goes to one of
 *    them, alternating, so most messages cross from one process to the other through
 *    LISTEN/NOTIFY). A bare Fastify hello-world beside them is the anchor.
 * 3. `--sockets` WebSockets (default 2,000), one per member, each waits for its `ready` frame.
 * 4. Throughput: `--concurrency` senders (default 32) send paid text messages between random
 *    pairs as fast as the server answers, for `--duration` seconds. The same concurrency of plain
 *    GETs against the hello-world gives the anchor (req/s of a server doing nothing).
 *    Paced: `--rate` messages per second (default 100) for `--duration` seconds, well below the
 *    throughput, for the latency of a server that is not saturated.
 *    Latency = from the moment the request is sent to the moment the recipient's socket has the
 *    message:new frame (p50/p95/p99 per phase); deliveries still missing 5 s after the last send
 *    are counted (they must be 0). Bodies carry no digits (a digit run reads as a phone number
 *    to the scam guard, which holds the message); a held answer is counted apart ('held').
 * 5. The check: every balance equals the sum of its ledger rows, none is negative, and the
 *    messages stored equal the sends answered 200.
 *
 * Options: --sockets N, --members N, --concurrency N, --rate N, --duration S, --source, --smoke
 * (50 sockets, 2 s per phase, concurrency 4, rate 20: proves the harness works; its figures mean
 * nothing). The exit code never depends on a figure; it is non-zero when the harness fails or the
 * balances do not add up.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { createDb } from '../api/src/db/client';
import { ensureSites } from '../api/src/db/seed-sites';
import { benchEnv, serverEnv } from './env';
import {
  cleanup,
  describeExit,
  exitCause,
  freePort,
  HarnessError,
  keepTmpDir,
  runBenchmark,
  sleep,
  startChild,
  waitFor,
  wasInterrupted,
} from './lib/children';
import type { Child } from './lib/children';
import { fmtInt, fmtMs, load, loud, findings } from './lib/load';
import { isHeld, messageBody } from './lib/messages';
import { parseOptions } from './lib/options';
import { API_DIR, freshPgDatabase, ROOT, serverCommand } from './lib/server';

// ---- options ------------------------------------------------------------------------------------

const { given, num } = parseOptions(
  ['sockets', 'members', 'concurrency', 'rate', 'duration'],
  ['smoke', 'source', 'help'],
  'usage: npm run bench -- chat [--sockets N] [--members N] [--concurrency N] [--rate N] [--duration S] [--source] [--smoke]',
);
const smoke = given.has('smoke');
const opts = {
  sockets: Math.round(num('sockets', smoke ? 50 : 2000, 2)),
  concurrency: Math.round(num('concurrency', smoke ? 4 : 32, 1)),
  rate: num('rate', smoke ? 20 : 100, 1),
  duration: num('duration', smoke ? 2 : 10, 1),
};
const members = Math.round(num('members', opts.sockets, 2));
const CREDITS = 1_000_000;
const { DATABASE_URL } = benchEnv();
const pgUrl = DATABASE_URL && /^postgres(ql)?:\/\//.test(DATABASE_URL) ? DATABASE_URL : undefined;

// ---- statistics ---------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

interface Phase {
  label: string;
  sent: number;
  ok: number;
  failed: Map<string, number>;
  latencies: number[];
  /** request sent -> its HTTP answer (200) */
  answers: number[];
  /** answered 200 but held by the scam guard: only the sender sees them (not in `ok`) */
  held: number;
  seconds: number;
}

// ---- main ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const budgetS = 300 + opts.sockets / 20 + 4 * (opts.duration + 10);
  const watchdog = setTimeout(() => {
    console.error(`\nthe benchmark ran longer than its ${Math.round(budgetS)} s limit: stopping`);
    void cleanup().finally(() => process.exit(1));
  }, budgetS * 1000);
  watchdog.unref();
  const loadAtStart = os.loadavg();

  const tmpDir = keepTmpDir(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-')));
  const dataDir = path.join(tmpDir, 'data');
  fs.mkdirSync(dataDir);
  let dbUrl = `file://${path.join(dataDir, 'db')}`;
  let databaseLabel = `embedded PGlite (${dataDir})`;
  if (pgUrl) {
    const fresh = await freshPgDatabase(pgUrl, 'bench_chat');
    dbUrl = fresh.url;
    databaseLabel = fresh.label;
  }

  // 1. members with sessions and credits, written straight into the database before the server starts
  console.log(`database: ${databaseLabel}`);
  console.log(`preparing ${members} members with sessions and ${fmtInt(CREDITS)} credits each...`);
  const tokens: string[] = [];
  const ids: number[] = [];
  {
    const handle = await createDb(dbUrl, { dataDir });
    try {
      await handle.migrate();
      await ensureSites(handle.db);
      await handle.query(`
        insert into users (site_id, email, password_hash, status, email_confirmed, paid_user, credits)
        select (select id from sites where domain = 'localhost'), 'chatbench' || g || '@example.com', 'x', 'active', true, true, ${CREDITS}
        from generate_series(1, ${members}) g`);
      await handle.query(`
        insert into profiles (user_id, site_id, name, gender, sexuality, date_of_birth, country, status)
        select id, site_id, 'Bench ' || id, case when id % 2 = 0 then 'female' else 'male' end, 'bi', date '1990-01-01', 'NL', 'active'
        from users where email like 'chatbench%'`);
      await handle.query(
        `insert into credit_ledger (user_id, delta, balance_after, reason, ref) select id, credits, credits, 'admin', 'bench' from users where email like 'chatbench%'`,
      );
      const rows = await handle.query<{ id: number }>(`select id from users where email like 'chatbench%' order by id`);
      for (const r of rows) {
        ids.push(r.id);
        tokens.push(crypto.randomBytes(32).toString('base64url'));
      }
      const hashes = tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex'));
      await handle.query(
        `insert into sessions (token_hash, user_id, expires_at) select h, u, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, u)`,
        [hashes, ids],
      );
      await handle.query('analyze');
    } finally {
      await handle.close();
    }
  }

  // 2. the server(s) and the anchor
  const command = serverCommand(given.has('source'));
  if (command.note) console.log(command.note);
  const serverCount = pgUrl ? 2 : 1;
  const servers: { child: Child; base: string }[] = [];
  for (let i = 0; i < serverCount; i++) {
    const port = await freePort();
    const own: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_MEMBERS: '0',
      NODE_ENV: 'production',
      MOLLIE_SIMULATOR: 'true',
    };
    if (pgUrl) own.DATABASE_URL = dbUrl;
    const child = startChild(`server ${i + 1}`, command.args, serverEnv(own), API_DIR);
    servers.push({ child, base: `http://127.0.0.1:${port}` });
  }
  for (const s of servers) await waitFor(s.child, `${s.base}/api/settings.php`, 120_000);
  console.log(`server:   ${command.label} x ${serverCount}`);
  const helloPort = await freePort();
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const hello = startChild(
    'hello-world',
    [path.join(ROOT, 'bench', 'hello-world.cjs'), String(helloPort)],
    serverEnv({ NODE_ENV: 'production' }),
    ROOT,
  );
  await waitFor(hello, helloUrl, 30_000);
  const alive = (what: string) => {
    if (wasInterrupted()) throw new HarnessError('interrupted');
    for (const c of [...servers.map((s) => s.child), hello])
      if (c.exited) {
        loud(`${c.name} ${exitCause(c)} during ${what}`);
        throw new HarnessError(describeExit(c));
      }
  };

  // 3. sockets
  const sockets = Math.min(opts.sockets, members);
  const pending = new Map<string, number>(); // body -> send time
  const received = new Map<string, number>(); // body -> latency (ms)
  let frames = 0;
  let socketErrors = 0;
  const openSocket = (i: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const server = servers[i % serverCount] as { base: string };
      const ws = new WebSocket(`${server.base.replace('http', 'ws')}/api/ws`, {
        headers: { cookie: `sid=${tokens[i]}`, origin: server.base },
      });
      const timer = setTimeout(() => reject(new HarnessError(`socket ${i} got no ready frame in 60 s`)), 60_000);
      ws.on('message', (data) => {
        frames++;
        const frame = JSON.parse(String(data)) as { type: string; message?: { body: string | null; sender: number } };
        if (frame.type === 'ready') {
          clearTimeout(timer);
          resolve(ws);
        } else if (frame.type === 'message:new' && frame.message?.body && frame.message.sender !== ids[i]) {
          const started = pending.get(frame.message.body);
          if (started !== undefined && !received.has(frame.message.body)) received.set(frame.message.body, performance.now() - started);
        }
      });
      ws.on('error', () => socketErrors++);
      ws.on('unexpected-response', (_req, res) => reject(new HarnessError(`socket ${i} refused: HTTP ${res.statusCode}`)));
    });
  const t0 = performance.now();
  const opened: WebSocket[] = [];
  for (let i = 0; i < sockets; i += 100) {
    opened.push(...(await Promise.all(Array.from({ length: Math.min(100, sockets - i) }, (_, k) => openSocket(i + k)))));
    alive('opening the sockets');
  }
  console.log(`${sockets} sockets open (ready) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // 4. the load
  // undici's Pool (its request API, not fetch) per server, keep-alive: the load generator shares the
  // 2 cores with the servers and the database, and it costs less CPU per request than node:http's
  // client (the benchmark client's CPU per paid message went from about 0.22 to 0.19 ms); fetch,
  // undici's WHATWG layer (streams, Headers, AbortSignal per request), costs several times more
  const pools = new Map(servers.map((s) => [s.base, new Pool(s.base, { connections: Math.max(opts.concurrency, 64), pipelining: 1 })]));
  const post = async (server: { base: string }, cookie: string, payload: string): Promise<{ status: number; text: string }> => {
    const pool = pools.get(server.base) as Pool;
    const res = await pool.request({
      path: '/api/messages.php',
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.base },
      body: payload,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    return { status: res.statusCode, text: await res.body.text() };
  };
  let seq = 0;
  /** the body of send number n at n - 1 */
  const bodies: string[] = [];
  const sendOne = async (phase: Phase, sender?: number, via?: number) => {
    const from = sender ?? Math.floor(Math.random() * sockets);
    let to = Math.floor(Math.random() * (sockets - 1));
    if (to >= from) to++;
    // no digits in the body: a digit run reads as a phone number to the scam guard (lib/messages.ts)
    const body = messageBody(++seq, from, to);
    bodies.push(body);
    const server = servers[via ?? seq % serverCount] as { base: string };
    phase.sent++;
    const sentAt = performance.now();
    pending.set(body, sentAt);
    try {
      const res = await post(
        server,
        `sid=${tokens[from]}`,
        JSON.stringify({ profile: ids[to], type: 'text', body, client_id: crypto.randomUUID() }),
      );
      const text = res.text;
      if (res.status === 200 && isHeld(text)) {
        phase.held++;
        pending.delete(body);
      } else if (res.status === 200) {
        phase.ok++;
        phase.answers.push(performance.now() - sentAt);
      } else {
        pending.delete(body);
        let code = String(res.status);
        try {
          code += ` ${(JSON.parse(text) as { error?: string }).error ?? ''}`;
        } catch {
          // not JSON
        }
        phase.failed.set(code, (phase.failed.get(code) ?? 0) + 1);
      }
    } catch (err) {
      pending.delete(body);
      const code = (err as Error).name;
      phase.failed.set(code, (phase.failed.get(code) ?? 0) + 1);
    }
  };
  const newPhase = (label: string): Phase => ({
    label,
    sent: 0,
    ok: 0,
    failed: new Map(),
    latencies: [],
    answers: [],
    held: 0,
    seconds: 0,
  });
  const collect = async (phase: Phase, bodies: Set<string>) => {
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline && [...bodies].some((b) => pending.has(b) && !received.has(b))) await sleep(50);
    for (const b of bodies) {
      const ms = received.get(b);
      if (ms !== undefined) phase.latencies.push(ms);
    }
    phase.latencies.sort((x, y) => x - y);
    phase.answers.sort((x, y) => x - y);
  };
  const bodiesSince = (from: number) => new Set(bodies.slice(from).filter((b) => pending.has(b)));

  // warm-up, not counted: every member sends one message through each server process (their
  // sessions and the profiles of the frames in every process's memory, the database's plans on
  // every connection), as on a site that has been running: without it the first seconds of the
  // throughput phase measure the caches filling (2,000 members, each new to each process). Then
  // ANALYZE, as autovacuum does on a running site once a table has grown: the statistics of the
  // tables the prepare step left empty (conversations) said 0 rows, and the plans the database
  // keeps for chat_send's statements would scan them from the first row on every send
  {
    const warm = newPhase('warm-up');
    const started = performance.now();
    const jobs: [number, number][] = [];
    for (let i = 0; i < sockets; i++) for (let k = 0; k < serverCount; k++) jobs.push([i, k]);
    let next = 0;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < jobs.length) {
          const [from, via] = jobs[next++] as [number, number];
          await sendOne(warm, from, via);
        }
      }),
    );
    console.log(
      `warm-up: ${warm.ok} messages (every member through each server process) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    alive('the warm-up');
    if (pgUrl) {
      const stats = await createDb(dbUrl, { dataDir });
      try {
        await stats.query('analyze');
      } finally {
        await stats.close();
      }
    }
  }

  // anchor: the hello-world under the same concurrency
  const anchor = await load(helloUrl, opts.concurrency, Math.min(opts.duration, 5), {});
  alive('the anchor');

  const throughput = newPhase(`throughput, ${opts.concurrency} senders`);
  {
    const before = seq;
    const start = performance.now();
    const end = start + opts.duration * 1000;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (performance.now() < end) await sendOne(throughput);
      }),
    );
    throughput.seconds = (performance.now() - start) / 1000;
    alive('the throughput phase');
    await collect(throughput, bodiesSince(before));
  }

  const paced = newPhase(`paced, ${opts.rate} msg/s`);
  {
    const before = seq;
    const start = performance.now();
    const total = Math.round(opts.rate * opts.duration);
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      inflight.push(sendOne(paced));
    }
    await Promise.all(inflight);
    paced.seconds = (performance.now() - start) / 1000;
    alive('the paced phase');
    await collect(paced, bodiesSince(before));
  }

  for (const ws of opened) ws.terminate();
  await Promise.all([...pools.values()].map((pool) => pool.destroy()));

  // 5. the check (the servers stay up on PostgreSQL; PGlite's file is free once its server stops)
  if (!pgUrl) for (const s of servers) s.child.proc.kill('SIGTERM');
  if (!pgUrl) await Promise.all(servers.map((s) => s.child.exit));
  const check = await createDb(dbUrl, { dataDir });
  let mismatches: { id: number; credits: number; ledger: number }[] = [];
  let negative = 0;
  let stored = 0;
  let charged = 0;
  try {
    mismatches = await check.query(
      `select u.id, u.credits, coalesce(sum(l.delta), 0)::int as ledger from users u left join credit_ledger l on l.user_id = u.id group by u.id having u.credits <> coalesce(sum(l.delta), 0)`,
    );
    negative = Number((await check.query<{ n: number }>('select count(*)::int as n from users where credits < 0'))[0]?.n);
    stored = Number((await check.query<{ n: number }>('select count(*)::int as n from messages'))[0]?.n);
    charged = Number(
      (await check.query<{ n: number }>(`select coalesce(-sum(delta), 0)::int as n from credit_ledger where reason = 'message'`))[0]?.n,
    );
  } finally {
    await check.close();
  }
  const okTotal = throughput.ok + paced.ok;

  // the report
  const row = (p: Phase) => {
    const missing = p.ok - p.latencies.length;
    return [
      p.label.padEnd(28),
      fmtInt(p.ok / p.seconds).padStart(10),
      fmtMs(percentile(p.latencies, 50)).padStart(8),
      fmtMs(percentile(p.latencies, 95)).padStart(8),
      fmtMs(percentile(p.latencies, 99)).padStart(8),
      `${fmtMs(percentile(p.answers, 50))}/${fmtMs(percentile(p.answers, 99))}`.padStart(13),
      String(p.ok).padStart(7),
      String(missing).padStart(8),
      String(p.held).padStart(5),
      ([...p.failed].map(([k, n]) => `${k}: ${n}`).join(', ') || '-').padStart(6),
    ].join(' ');
  };
  console.log(
    `\nchat benchmark${smoke ? ' (--smoke: the figures mean nothing)' : ''}: ${sockets} sockets, ${serverCount} server process(es), ${databaseLabel.split(' (')[0]}`,
  );
  console.log(
    [
      'phase'.padEnd(28),
      'paid msg/s'.padStart(10),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'answer p50/99'.padStart(13),
      'sent ok'.padStart(7),
      'missing'.padStart(8),
      'held'.padStart(5),
      'failed',
    ].join(' '),
  );
  console.log(row(throughput));
  console.log(row(paced));
  console.log(
    `anchor: hello-world GET at ${opts.concurrency} connections: ${fmtInt(anchor.requests.average)} req/s (p99 ${fmtMs(anchor.latency.p99)} ms); paid messages/s as a share of it: ${((100 * throughput.ok) / throughput.seconds / anchor.requests.average).toFixed(1)}%`,
  );
  console.log(
    "latency = request sent -> message:new frame on the recipient's socket" +
      (serverCount > 1 ? ' (sends and sockets alternate between the two processes)' : '') +
      '; answer = request sent -> its HTTP answer',
  );
  console.log(
    `targets (issue 11): p99 < 50 ms at 2,000 sockets: ${percentile(paced.latencies, 99) < 50 && sockets >= 2000 ? 'met' : 'NOT MET'} (paced phase); >= 1,000 paid messages/s on PostgreSQL: ${pgUrl ? (throughput.ok / throughput.seconds >= 1000 ? 'met' : 'NOT MET') : 'n/a (PGlite)'}`,
  );
  console.log(`frames received: ${fmtInt(frames)}, socket errors: ${socketErrors}`);
  console.log(
    `machine: ${os.cpus().length} CPUs, load average ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} at the start, ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (the load generator and ${sockets} sockets share the machine)`,
  );
  const ledgerOk = mismatches.length === 0 && negative === 0;
  console.log(
    `check: ${ledgerOk ? 'every balance equals the sum of its ledger, none negative' : `!!! ${mismatches.length} balances differ from their ledger, ${negative} negative`}; ` +
      `messages stored ${stored} for ${okTotal} sends answered 200 (+ ${throughput.held + paced.held} held by the scam guard, + warm-up), credits charged ${fmtInt(charged)}`,
  );
  for (const f of findings) console.log(`FINDING: ${f}`);
  if (!ledgerOk) throw new HarnessError('the balances do not add up');
}

runBenchmark(main);
