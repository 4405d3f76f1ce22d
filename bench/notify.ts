/**
 * LISTEN/NOTIFY benchmark (`npm run bench -- notify`, issue 28 item 4, docs/capacity.md): at which
 * notify rate does PostgreSQL's commit latency rise on this machine?
 *
 * pgbench-like, on a fresh database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * dropped at the end): `--clients` connections (default 16) run short write transactions (one
 * insert of a message-sized row) at rising target rates (`--rates`, default 250,500,1000,2000,4000
 * per second), `--seconds` each (default 3), with `--listeners` LISTEN connections (default 3, one
 * per server instance) receiving every notification. Three variants, interleaved per rate and
 * round (`--rounds`, default 3; medians):
 *
 *   none          insert; commit                                  (the anchor: no notification)
 *   in-tx         insert; select pg_notify(...); commit           (the classic: PostgreSQL takes
 *                 a global lock at the commit of a transaction that notified, WAL flush included)
 *   after-commit  insert; commit; then one shared connection sends the notifications of every
 *                 transaction that committed meanwhile in one statement (what the server does for
 *                 paid messages: api/src/db/after-commit.ts)
 *
 * Per rate and variant: the rate reached, the transaction's latency p50/p99 (begin -> commit
 * answered), and the delivery p50/p99 (begin -> the notification at a listener). `--smoke`: 2 rates,
 * 1 s, 1 round.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DEFAULT_DATABASE_URL } from '../scripts/cluster.mjs';
import { benchEnv } from './env';
import { HarnessError, runBenchmark, sleep, wasInterrupted } from './lib/children';
import { fmtInt, fmtMs, median } from './lib/load';
import { parseOptions } from './lib/options';
import { freshPgDatabase } from './lib/server';

const cli = parseOptions(
  ['clients', 'rates', 'seconds', 'listeners', 'rounds'],
  ['smoke', 'help'],
  'usage: npm run bench -- notify [--clients N] [--rates 250,500,...] [--seconds S] [--listeners N] [--rounds N] [--smoke]',
);
const smoke = cli.flag('smoke');
const opts = {
  clients: cli.whole('clients', 16),
  rates: (cli.given.get('rates') ?? (smoke ? '200,400' : '250,500,1000,2000,4000'))
    .split(',')
    .map(Number)
    .filter((n) => n > 0),
  seconds: cli.num('seconds', smoke ? 1 : 3, 0.5),
  listeners: cli.whole('listeners', 3),
  rounds: cli.whole('rounds', smoke ? 1 : 3),
};
type Variant = 'none' | 'in-tx' | 'after-commit';
const VARIANTS: Variant[] = ['none', 'in-tx', 'after-commit'];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

interface Result {
  reached: number;
  tx: number[];
  delivery: number[];
  missing: number;
}

async function main(): Promise<void> {
  const adminUrl = benchEnv().DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (!/^postgres(ql)?:\/\//.test(adminUrl)) throw new HarnessError('LISTEN/NOTIFY is PostgreSQL: set DATABASE_URL=postgres://...');
  const loadAtStart = os.loadavg();
  const fresh = await freshPgDatabase(adminUrl, 'bench_notify');
  console.log(`database: ${fresh.label}`);
  const connect = async () => {
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    return c;
  };
  const setup = await connect();
  await setup.query(
    'create table bench_messages (id bigserial primary key, sender int not null, recipient int not null, body text not null, created_at timestamptz not null default now())',
  );
  const settings = await setup.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('synchronous_commit', 'fsync', 'wal_sync_method', 'max_connections')`,
  );
  await setup.end();

  const clients = await Promise.all(Array.from({ length: opts.clients }, connect));
  const notifier = await connect();
  const listeners = await Promise.all(Array.from({ length: opts.listeners }, connect));
  // delivery: begin -> the first listener that has it; each listener must get every notification
  let current: { sentAt: Map<number, number>; delivered: Map<number, number>; counts: number[] } = {
    sentAt: new Map(),
    delivered: new Map(),
    counts: [],
  };
  listeners.forEach((l, k) => {
    l.on('notification', (n) => {
      const now = performance.now();
      const seq = Number(n.payload);
      current.counts[k] = (current.counts[k] ?? 0) + 1;
      const at = current.sentAt.get(seq);
      if (at !== undefined && !current.delivered.has(seq)) current.delivered.set(seq, now - at);
    });
  });
  await Promise.all(listeners.map((l) => l.query('listen bench')));

  const results = new Map<string, Result[]>(); // `${rate}|${variant}`
  let seq = 0;

  const runOne = async (rate: number, variant: Variant): Promise<Result> => {
    current = { sentAt: new Map(), delivered: new Map(), counts: listeners.map(() => 0) };
    const state = current;
    const total = Math.round(rate * opts.seconds);
    const tx: number[] = [];
    // the shared after-commit sender (db/after-commit.ts): lines that arrive while a statement runs go in the next one
    let pending: string[] = [];
    let running: Promise<void> | null = null;
    const flush = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.length) {
        const batch = pending;
        pending = [];
        await notifier.query(`select pg_notify('bench', l) from unnest($1::text[]) as l`, [batch]);
      }
      running = null;
    };
    const start = performance.now();
    let next = 0;
    await Promise.all(
      clients.map(async (c) => {
        for (;;) {
          const i = next++;
          if (i >= total) return;
          const due = start + (i * 1000) / rate;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const id = ++seq;
          const began = performance.now();
          state.sentAt.set(id, began);
          await c.query('begin');
          await c.query('insert into bench_messages (sender, recipient, body) values ($1, $2, $3)', [
            id % 1000,
            (id + 1) % 1000,
            `message ${id} with a body of a usual length`,
          ]);
          if (variant === 'in-tx') await c.query(`select pg_notify('bench', $1)`, [String(id)]);
          await c.query('commit');
          tx.push(performance.now() - began);
          if (variant === 'after-commit') {
            pending.push(String(id));
            running ??= flush();
          }
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    while (running) await running;
    if (variant !== 'none') {
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline && state.counts.some((n) => n < total)) await sleep(20);
    }
    tx.sort((a, b) => a - b);
    const delivery = [...state.delivered.values()].sort((a, b) => a - b);
    const missing = variant === 'none' ? 0 : state.counts.reduce((s, n) => s + (total - n), 0);
    return { reached: total / seconds, tx, delivery, missing };
  };

  const t0 = performance.now();
  // warm-up
  await runOne(Math.min(...opts.rates), 'in-tx');
  for (let round = 0; round < opts.rounds; round++) {
    for (const rate of opts.rates) {
      const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
      for (const variant of order) {
        if (wasInterrupted()) throw new HarnessError('interrupted');
        const r = await runOne(rate, variant);
        const key = `${rate}|${variant}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key)?.push(r);
      }
    }
  }
  await Promise.all([...clients, notifier, ...listeners].map((c) => c.end()));

  console.log(
    `\nLISTEN/NOTIFY benchmark${smoke ? ' (--smoke: the figures mean nothing)' : ''}: ${opts.clients} writing connections, ${opts.listeners} listeners, ${opts.seconds} s per rate and variant, ${opts.rounds} interleaved round(s) (medians), ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log(`server settings: ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);
  console.log(
    "tx = begin -> commit answered; delivery = begin -> the notification at a listener; p99 / none = the p99 of tx as a multiple of the anchor's (no notification) at the same rate",
  );
  console.log(
    [
      'target/s'.padStart(8),
      'variant'.padEnd(13),
      'reached/s'.padStart(9),
      'tx p50'.padStart(7),
      'tx p99'.padStart(7),
      'p99 / none'.padStart(10),
      'deliv p50'.padStart(9),
      'deliv p99'.padStart(9),
      'missing'.padStart(7),
    ].join(' '),
  );
  for (const rate of opts.rates) {
    const anchorP99 = median((results.get(`${rate}|none`) ?? []).map((r) => percentile(r.tx, 99)));
    for (const variant of VARIANTS) {
      const rs = results.get(`${rate}|${variant}`) ?? [];
      const p99 = median(rs.map((r) => percentile(r.tx, 99)));
      console.log(
        [
          fmtInt(rate).padStart(8),
          variant.padEnd(13),
          fmtInt(median(rs.map((r) => r.reached))).padStart(9),
          fmtMs(median(rs.map((r) => percentile(r.tx, 50)))).padStart(7),
          fmtMs(p99).padStart(7),
          (variant === 'none' ? 'anchor' : `${(p99 / anchorP99).toFixed(1)}x`).padStart(10),
          (variant === 'none' ? '-' : fmtMs(median(rs.map((r) => percentile(r.delivery, 50))))).padStart(9),
          (variant === 'none' ? '-' : fmtMs(median(rs.map((r) => percentile(r.delivery, 99))))).padStart(9),
          String(rs.reduce((s, r) => s + r.missing, 0)).padStart(7),
        ].join(' '),
      );
    }
  }
  console.log(
    `machine: ${os.cpus().length} CPUs, load average ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} at the start, ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (this client and PostgreSQL share it)`,
  );
}

runBenchmark(main);
