/**
 * Cluster benchmark (`npm run bench -- cluster`, issue 28 item 4): chat across 3 instances behind
 * nginx while one of them is killed with SIGKILL, beside one instance alone (the anchor), in the
 * same run.
 *
 * 1. A fresh database on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 *    dropped at the end) and `npm run cluster`'s own code (scripts/cluster.mjs): 3 compiled
 *    instances, nginx from deploy/nginx.conf, /readyz polled every second. `--members` members
 *    (default 200) with a session and 1,000,000 credits through the ledger; a warm-up message from
 *    each member through each instance (their sessions and plans in every process).
 * 2. Each round (`--rounds`, default 3) runs both, interleaved:
 *    - anchor: every member's socket and every send on instance api-1 directly (one instance, no
 *      proxy), paced at `--rate` paid messages a second (default 100) for 3 x `--phase` seconds;
 *    - cluster: every socket and send through nginx (least_conn spreads them over the three), the
 *      same pace; after `--phase` seconds (default 5) one instance (api-2 or api-3, in turn) gets
 *      SIGKILL. Its members' sockets drop (1006); they reconnect as the browser does
 *      (shared-kit realtime/socket.ts: 1 s back-off with jitter, at once on 1012) through nginx
 *      with `?last_id=` and catch up; a send that failed (502, reset) is sent again with its
 *      client_id, as the conversation's Retry does. Messages are put in `before` / `during` (the
 *      `--phase` seconds from the kill) / `after` by when they were sent. Then the instance is
 *      started again and the watcher puts it back in nginx's upstream.
 *    Latency = first send of the request -> the message:new frame on the recipient's socket (the
 *    first, when the catch-up sends it again; the browser drops a repeat by id).
 * 3. Lost = a send answered 200 whose recipient never got the frame (10 s after the round);
 *    doubled = a message stored twice (two rows for one body) or charged twice (ledger rows);
 *    and every balance equals its ledger.
 *
 * The table shows the median over the rounds of each phase's p50 / p99, and the p99 as a multiple
 * of the anchor's. `--smoke`: 1 round, 20 members, 20 msg/s, 2 s phases (proves the harness; the
 * figures mean nothing). The exit code never depends on a latency; it is non-zero when the harness
 * fails or a message is lost or doubled.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { createDb } from '../api/src/db/client';
import { DEFAULT_DATABASE_URL, missing, startCluster } from '../scripts/cluster.mjs';
import { benchEnv } from './env';
import { HarnessError, keepTmpDir, runBenchmark, sleep, wasInterrupted } from './lib/children';
import { fmtInt, fmtMs, median } from './lib/load';
import { isHeld, letters, messageBody } from './lib/messages';
import { parseOptions } from './lib/options';
import { freshPgDatabase } from './lib/server';

const { given, num } = parseOptions(
  ['members', 'rate', 'phase', 'rounds'],
  ['smoke', 'help'],
  'usage: npm run bench -- cluster [--members N] [--rate N] [--phase S] [--rounds N] [--smoke]   (PostgreSQL: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; nginx at /usr/sbin/nginx)',
);
const smoke = given.has('smoke');
const opts = {
  members: Math.round(num('members', smoke ? 20 : 200, 4)),
  rate: num('rate', smoke ? 20 : 100, 1),
  phase: num('phase', smoke ? 2 : 5, 1),
  rounds: Math.round(num('rounds', smoke ? 1 : 3, 1)),
};
const CREDITS = 1_000_000;
const INSTANCES = 3;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

// ---- a member's tab: one socket that reconnects like the browser's --------------------------------

interface Sent {
  body: string;
  to: number;
  at: number;
  phase: string;
  ok: boolean;
}

class Tab {
  ws: WebSocket | null = null;
  lastId: number | null = null;
  seen = new Set<number>();
  repeats = 0;
  drops = new Map<number, number>(); // close code -> count
  reconnects = 0;
  downSince: number | null = null;
  downtimes: number[] = [];
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  constructor(
    readonly index: number,
    readonly id: number,
    readonly token: string,
    private readonly base: string,
    private readonly onMessage: (tab: Tab, id: number, body: string) => void,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const url = new URL(`${this.base.replace(/^http/, 'ws')}/api/ws`);
      if (this.lastId !== null) url.searchParams.set('last_id', String(this.lastId));
      const ws = new WebSocket(url, { headers: { cookie: `sid=${this.token}`, origin: this.base } });
      this.ws = ws;
      let ready = false;
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as {
          type: string;
          last_id?: number;
          message?: { id: number; body: string | null; sender: number };
        };
        if (frame.type === 'ready') {
          if (frame.last_id && frame.last_id > 0) this.lastId = Math.max(this.lastId ?? 0, frame.last_id);
          ready = true;
          this.attempt = 0;
          if (this.downSince !== null) {
            this.downtimes.push(performance.now() - this.downSince);
            this.downSince = null;
          }
          resolve();
        } else if (frame.type === 'message:new' && frame.message) {
          this.lastId = Math.max(this.lastId ?? 0, frame.message.id);
          if (this.seen.has(frame.message.id)) {
            this.repeats++;
            return;
          }
          this.seen.add(frame.message.id);
          if (frame.message.body && frame.message.sender !== this.id) this.onMessage(this, frame.message.id, frame.message.body);
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', (code) => {
        if (this.ws !== ws) return;
        this.ws = null;
        if (!ready) reject(new Error(`socket closed before ready (${code})`));
        if (this.stopped) return;
        this.drops.set(code, (this.drops.get(code) ?? 0) + 1);
        this.downSince ??= performance.now();
        this.schedule(code === 1012);
      });
    });
  }

  /** socket.ts: at once on 1012, else 1 s doubling to 30 s with "equal jitter" */
  private schedule(now: boolean): void {
    if (this.stopped || this.timer) return;
    const ceiling = Math.min(30_000, 1000 * 2 ** this.attempt);
    this.attempt++;
    const wait = now ? 0 : Math.round(ceiling / 2 + (ceiling / 2) * Math.random());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.stopped) return;
      this.reconnects++;
      this.open().catch(() => this.schedule(false));
    }, wait);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.terminate();
    this.ws = null;
  }
}

/** the first of n consecutive free ports on 127.0.0.1 */
async function freePorts(n: number): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(
      Array.from(
        { length: n },
        (_, k) =>
          new Promise<boolean>((resolve) => {
            const srv = net.createServer();
            srv.once('error', () => resolve(false));
            srv.listen(first + k, '127.0.0.1', () => srv.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return first;
  }
  throw new HarnessError('no free ports');
}

// ---- main ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const adminUrl = benchEnv().DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (!/^postgres(ql)?:\/\//.test(adminUrl))
    throw new HarnessError('the cluster needs PostgreSQL: set DATABASE_URL=postgres://... (instances cannot share the embedded database)');
  const why = await missing({ databaseUrl: adminUrl });
  if (why) throw new HarnessError(`cannot run the cluster: ${why}`);
  const loadAtStart = os.loadavg();
  const tmpDir = keepTmpDir(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-')));
  const fresh = await freshPgDatabase(adminUrl, 'bench_cluster');
  console.log(`database: ${fresh.label}`);

  // ports: nginx, then the instances right after it
  const port = await freePorts(1 + INSTANCES);
  const started = performance.now();
  const cluster = await startCluster({
    instances: INSTANCES,
    port,
    host: '127.0.0.1',
    databaseUrl: fresh.url,
    dataDir: path.join(tmpDir, 'data'),
    seedMembers: 0,
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', MOLLIE_SIMULATOR: 'true' },
    output: (name: string, line: string) => {
      if (name === 'cluster' || /"level":(50|60)/.test(line)) console.log(`  [${name}] ${line.slice(0, 200)}`);
    },
    startLimitMs: 120_000,
  });
  try {
    console.log(
      `cluster: ${INSTANCES} x node api/dist/server.js behind nginx ${cluster.base} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s; config ${cluster.configFile})`,
    );
    await run(cluster, fresh.url, tmpDir, loadAtStart);
  } finally {
    await cluster.stop();
  }
}

type Cluster = Awaited<ReturnType<typeof startCluster>>;

async function run(cluster: Cluster, dbUrl: string, tmpDir: string, loadAtStart: number[]): Promise<void> {
  // 1. members
  const members: { id: number; token: string }[] = [];
  {
    const handle = await createDb(dbUrl, { dataDir: path.join(tmpDir, 'data') });
    try {
      await handle.query(`
        insert into users (site_id, email, password_hash, status, email_confirmed, paid_user, credits)
        select (select id from sites where domain = 'localhost'), 'clusterbench' || g || '@example.com', 'x', 'active', true, true, ${CREDITS}
        from generate_series(1, ${opts.members}) g`);
      await handle.query(`
        insert into profiles (user_id, site_id, name, gender, sexuality, date_of_birth, country, status)
        select id, site_id, 'Bench ' || id, case when id % 2 = 0 then 'female' else 'male' end, 'bi', date '1990-01-01', 'NL', 'active'
        from users where email like 'clusterbench%'`);
      await handle.query(
        `insert into credit_ledger (user_id, delta, balance_after, reason, ref) select id, credits, credits, 'admin', 'bench' from users where email like 'clusterbench%'`,
      );
      for (const r of await handle.query<{ id: number }>(`select id from users where email like 'clusterbench%' order by id`))
        members.push({ id: r.id, token: crypto.randomBytes(32).toString('base64url') });
      await handle.query(
        `insert into sessions (token_hash, user_id, expires_at) select h, u, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, u)`,
        [members.map((m) => crypto.createHash('sha256').update(m.token).digest('hex')), members.map((m) => m.id)],
      );
    } finally {
      await handle.close();
    }
  }

  const pools = new Map<string, Pool>();
  const pool = (base: string) => {
    let p = pools.get(base);
    if (!p) pools.set(base, (p = new Pool(base, { connections: 64, pipelining: 1 })));
    return p;
  };
  let seq = 0;
  let retried = 0;
  /** one paid message; a failed send is sent again with its client_id (the Retry of the conversation) */
  let held = 0;
  const send = async (base: string, from: number, to: number, body: string): Promise<boolean> => {
    const clientId = crypto.randomUUID();
    const payload = JSON.stringify({ profile: members[to]?.id, type: 'text', body, client_id: clientId });
    for (let attempt = 0; attempt < 20; attempt++) {
      if (attempt > 0) {
        retried++;
        await sleep(250);
      }
      try {
        const res = await pool(base).request({
          path: '/api/messages.php',
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `sid=${members[from]?.token}`, origin: base },
          body: payload,
          headersTimeout: 15_000,
          bodyTimeout: 15_000,
        });
        const text = await res.body.text();
        if (res.statusCode === 200) {
          // held by the scam guard: only its sender sees it (not expected with these bodies)
          if (isHeld(text)) {
            held++;
            return false;
          }
          return true;
        }
        if (res.statusCode < 500) return false;
      } catch {
        // reset or refused: again
      }
    }
    return false;
  };

  // warm-up: each member through each instance directly
  {
    const t = performance.now();
    const jobs: [number, string][] = [];
    for (let i = 0; i < members.length; i++) for (const inst of cluster.instances) jobs.push([i, inst.base]);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < jobs.length) {
          const [from, base] = jobs[next++] as [number, string];
          await send(base, from, (from + 1) % members.length, `warm ${letters(++seq)}`);
        }
      }),
    );
    console.log(`warm-up: ${jobs.length} messages (each member through each instance) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }

  interface Phase {
    latencies: number[];
    sent: number;
    ok: number;
    lost: number;
  }
  const results = new Map<string, Phase[]>(); // phase label -> one per round
  const reconnectTimes: number[] = [];
  const spreads: string[] = [];
  let lostTotal = 0;
  /** sent ok, never on the recipient's socket: ms from the kill (negative: before it) */
  const undelivered: number[] = [];
  const undeliveredBodies: string[] = [];
  let repeatsTotal = 0;

  const oneRun = async (label: 'anchor' | 'cluster', round: number) => {
    const base = label === 'anchor' ? (cluster.instances[0] as { base: string }).base : cluster.base;
    const sent = new Map<string, Sent>();
    const got = new Map<string, number>(); // body -> latency
    const tabs = members.map(
      (m, i) =>
        new Tab(i, m.id, m.token, base, (_tab, _id, body) => {
          const s = sent.get(body);
          if (s && !got.has(body)) got.set(body, performance.now() - s.at);
        }),
    );
    for (let i = 0; i < tabs.length; i += 50) await Promise.all(tabs.slice(i, i + 50).map((t) => t.open()));
    if (label === 'cluster') {
      const counts = await Promise.all(
        cluster.instances.map(async (inst) => {
          const text = await (await fetch(`${inst.base}/metrics`)).text();
          return Number(/^websockets_open (\d+)/m.exec(text)?.[1] ?? NaN);
        }),
      );
      spreads.push(counts.join('/'));
    }
    const victim = 1 + (round % (INSTANCES - 1));
    const total = Math.round(opts.rate * opts.phase * 3);
    const start = performance.now();
    let killedAt = Infinity;
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (wasInterrupted()) throw new HarnessError('interrupted');
      if (label === 'cluster' && killedAt === Infinity && performance.now() - start >= opts.phase * 1000) {
        killedAt = performance.now();
        cluster.signal(victim, 'SIGKILL');
      }
      const from = Math.floor(Math.random() * members.length);
      let to = Math.floor(Math.random() * (members.length - 1));
      if (to >= from) to++;
      // no digits: a run of them can read as a phone number, which the scam guard holds
      // (docs/safety.md), and a held message never reaches its recipient
      const body = messageBody(++seq, from, to);
      const at = performance.now();
      const phase =
        label === 'anchor'
          ? 'one instance (anchor)'
          : at < killedAt
            ? 'cluster: before the kill'
            : at < killedAt + opts.phase * 1000
              ? 'cluster: during (kill +' + opts.phase + ' s)'
              : 'cluster: after';
      const s: Sent = { body, to, at, phase, ok: false };
      sent.set(body, s);
      inflight.push(
        send(base, from, to, body).then((ok) => {
          s.ok = ok;
        }),
      );
    }
    await Promise.all(inflight);
    // wait for the deliveries still on their way (a reconnect in back-off, its catch-up)
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && [...sent.values()].some((s) => s.ok && !got.has(s.body))) await sleep(100);
    for (const t of tabs) {
      repeatsTotal += t.repeats;
      reconnectTimes.push(...t.downtimes);
      t.stop();
    }
    const byPhase = new Map<string, Phase>();
    for (const s of sent.values()) {
      let p = byPhase.get(s.phase);
      if (!p) byPhase.set(s.phase, (p = { latencies: [], sent: 0, ok: 0, lost: 0 }));
      p.sent++;
      if (!s.ok) continue;
      p.ok++;
      const ms = got.get(s.body);
      if (ms === undefined) {
        p.lost++;
        undelivered.push(s.at - killedAt);
        undeliveredBodies.push(s.body);
      } else p.latencies.push(ms);
    }
    for (const [name, p] of byPhase) {
      p.latencies.sort((a, b) => a - b);
      lostTotal += p.lost;
      if (!results.has(name)) results.set(name, []);
      results.get(name)?.push(p);
    }
    if (label === 'cluster') {
      const t = performance.now();
      await cluster.restart(victim);
      while (!(cluster.instances[victim] as { ready: boolean }).ready) await sleep(100);
      console.log(
        `round ${round + 1}: api-${victim + 1} killed (SIGKILL) ${((killedAt - start) / 1000).toFixed(1)} s into the run, started again and back in nginx's upstream ${((performance.now() - t) / 1000).toFixed(1)} s after the run`,
      );
    }
  };

  for (let round = 0; round < opts.rounds; round++) {
    // interleaved, the order alternating: anchor-cluster, cluster-anchor, ...
    const order: ('anchor' | 'cluster')[] = round % 2 === 0 ? ['anchor', 'cluster'] : ['cluster', 'anchor'];
    for (const label of order) await oneRun(label, round);
  }
  await Promise.all([...pools.values()].map((p) => p.destroy()));

  // 3. the check
  const check = await createDb(dbUrl, { dataDir: path.join(tmpDir, 'data') });
  let doubledRows = 0;
  let doubledCharges = 0;
  let mismatches = 0;
  let stored = 0;
  let undeliveredStored = 0;
  try {
    doubledRows = Number(
      (
        await check.query<{ n: number }>(`select count(*)::int as n from (select body from messages group by body having count(*) > 1) d`)
      )[0]?.n,
    );
    const charges = await check.query<{ n: number; m: number }>(
      `select (select count(*)::int from credit_ledger where reason = 'message') as n, (select count(*)::int from messages) as m`,
    );
    doubledCharges = Math.max(0, Number(charges[0]?.n) - Number(charges[0]?.m));
    stored = Number(charges[0]?.m);
    mismatches = Number(
      (
        await check.query<{ n: number }>(
          `select count(*)::int as n from (select u.id from users u left join credit_ledger l on l.user_id = u.id group by u.id having u.credits <> coalesce(sum(l.delta), 0) or u.credits < 0) x`,
        )
      )[0]?.n,
    );
    if (undeliveredBodies.length) {
      const found = await check.query<{ n: number }>('select count(*)::int as n from messages where body = any($1::text[])', [
        undeliveredBodies,
      ]);
      undeliveredStored = Number(found[0]?.n);
    }
  } finally {
    await check.close();
  }

  // the report
  const anchorP99 = median((results.get('one instance (anchor)') ?? []).map((p) => percentile(p.latencies, 99)));
  console.log(
    `\ncluster benchmark${smoke ? ' (--smoke: the figures mean nothing)' : ''}: ${opts.members} members, ${opts.rate} paid msg/s, ${opts.rounds} interleaved round(s); delivery = send -> message:new on the recipient's socket; medians over the rounds`,
  );
  const head = [
    'phase'.padEnd(30),
    'sent ok'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'p99 / anchor'.padStart(12),
    'max ms'.padStart(8),
    'not delivered'.padStart(13),
  ];
  console.log(head.join(' '));
  for (const [name, rounds] of results) {
    const p99 = median(rounds.map((p) => percentile(p.latencies, 99)));
    console.log(
      [
        name.padEnd(30),
        fmtInt(rounds.reduce((s, p) => s + p.ok, 0)).padStart(8),
        fmtMs(median(rounds.map((p) => percentile(p.latencies, 50)))).padStart(8),
        fmtMs(p99).padStart(8),
        (name.startsWith('one') ? '1.0x (anchor)' : `${(p99 / anchorP99).toFixed(1)}x`).padStart(12),
        fmtMs(Math.max(...rounds.map((p) => p.latencies.at(-1) ?? NaN))).padStart(8),
        String(rounds.reduce((s, p) => s + p.lost, 0)).padStart(13),
      ].join(' '),
    );
  }
  const rt = reconnectTimes.sort((a, b) => a - b);
  console.log(`sockets per instance through nginx (api-1/api-2/api-3, per round): ${spreads.join(', ')}`);
  console.log(
    `reconnects after the kill: ${rt.length} sockets back (with their catch-up) after p50 ${fmtMs(percentile(rt, 50))} ms, max ${fmtMs(rt.at(-1) ?? NaN)} ms; sends retried with their client_id: ${retried}; repeats the catch-up sent again (dropped by id, as the browser does): ${repeatsTotal}`,
  );
  if (undelivered.length) {
    const when = undelivered.map((ms) => (Number.isFinite(ms) ? `${ms >= 0 ? '+' : ''}${Math.round(ms)}` : 'no kill')).join(', ');
    console.log(
      `!!! ${undelivered.length} message(s) answered 200 never reached the recipient's socket (${undeliveredStored} of them stored); sent at ${when} ms from the kill`,
    );
  }
  console.log(
    `check: held by the scam guard ${held} (not counted as sent), not delivered ${lostTotal}, stored twice ${doubledRows}, charged twice ${doubledCharges}, balances off their ledger ${mismatches}; messages stored ${fmtInt(stored)}`,
  );
  console.log(
    `machine: ${os.cpus().length} CPUs, load average ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} at the start, ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (the load generator, nginx, 3 instances and PostgreSQL share it)`,
  );
  if (lostTotal || doubledRows || doubledCharges || mismatches)
    throw new HarnessError('messages lost or doubled, or balances off their ledger');
}

runBenchmark(main);
