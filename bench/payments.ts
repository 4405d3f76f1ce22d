/**
 * Payments benchmark (`npm run bench -- payments`): many members buying at once through the real
 * server and its built-in Mollie simulator, with 10 duplicated webhook calls per payment (half of
 * them all at once, racing), on the embedded database (default) or PostgreSQL (DATABASE_URL).
 *
 * 1. Starts the server (the build or tsx: bench/lib/server.ts; fresh DATA_DIR, a fresh database on
 *    PostgreSQL, no demo members, MOLLIE_SIM_TIME_SCALE=0) and bench/hello-world.cjs as the anchor.
 * 2. Signs up --members members (POST /api/signup.php).
 * 3. Interleaved rounds: hello-world under autocannon (--duration s), then
 *    - buying: every member at once (--concurrency at a time) buys --payments packages: POST
 *      /api/payment.php (iDEAL), then the simulator's hosted checkout with Paid (~75 %), Failed or
 *      Canceled, which redirects and calls the webhook itself. -> payments/s
 *    - webhooks: --webhooks calls of POST /api/payment-webhook.php (form id=tr_...) per payment;
 *      for every other payment all of them at once. -> webhook calls/s
 * 4. Reads every payment that is not final yet once as its result page does (GET payment.php asks
 *    the PSP: the news of a webhook call the server shed with 503 is still on its way, the PSP
 *    retries it later), then checks the invariants through the API, for every member: the balance (user.php) equals the
 *    sum of the ledger (transactions.php usage); every paid payment has exactly one purchase row of
 *    its package's credits; no failed or canceled payment has one; every payment ended as chosen;
 *    every member with a paid payment is premium.
 *
 * Options: --members N, --payments N (per member and round), --rounds N, --webhooks N,
 * --concurrency N, --duration S (hello-world), --source, --smoke (1 round, 4 members, 1 payment
 * each, 1 s anchor: proves the harness and the invariants; never fails on a figure). The exit code
 * is non-zero when the harness fails or an invariant is broken, never because of a figure.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverEnv } from './env';
import { parseOptions } from './lib/options';
import { cleanup, freePort, HarnessError, runBenchmark, startChild, waitFor, wasInterrupted } from './lib/children';
import { findings, fmtInt, load, loud, median, printTable } from './lib/load';
import { ROOT, startMeasuredServer } from './lib/server';

const cli = parseOptions(
  ['members', 'payments', 'rounds', 'webhooks', 'concurrency', 'duration'],
  ['smoke', 'source', 'help'],
  'usage: npm run bench -- payments [--members N] [--payments N] [--rounds N] [--webhooks N] [--concurrency N] [--duration S] [--source] [--smoke]',
);
const [smoke, source, num] = [cli.flag('smoke'), cli.flag('source'), cli.whole];
const opts = {
  members: num('members', smoke ? 4 : 40),
  payments: num('payments', smoke ? 1 : 2),
  rounds: num('rounds', smoke ? 1 : 3),
  webhooks: num('webhooks', 10),
  concurrency: num('concurrency', smoke ? 4 : 20),
  duration: num('duration', smoke ? 1 : 5),
};

const CREDITS: Record<string, number> = { p0: 25, p1: 60, p2: 150 };
const PACKAGES = ['p0', 'p1', 'p2'];

interface Member {
  email: string;
  cookie: string;
}
interface Bought {
  member: Member;
  id: number;
  pspId: string;
  pkg: string;
  outcome: 'paid' | 'failed' | 'canceled';
}

/** Run `fn` over `items`, at most `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i] as T, i);
      }
    }),
  );
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const loadAtStart = os.loadavg();
  const watchdog = setTimeout(
    () => {
      console.error('\nthe benchmark ran longer than its limit: stopping');
      void cleanup().finally(() => process.exit(1));
    },
    (smoke ? 300 : 1200) * 1000,
  );
  watchdog.unref();

  const { server, base, serverLabel, databaseLabel, serverLog } = await startMeasuredServer({
    name: 'payments',
    source,
    startLimitS: smoke ? 120 : 300,
    // the members sign up from one address: no sign-up limit for the run
    env: { MOLLIE_SIM_TIME_SCALE: '0', RATE_LIMIT_SIGNUP: '0' },
  });
  const helloPort = await freePort();
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const hello = startChild(
    'hello-world',
    [path.join(ROOT, 'bench', 'hello-world.cjs'), String(helloPort)],
    serverEnv({ NODE_ENV: 'production' }),
    ROOT,
  );
  await waitFor(hello, helloUrl, 30_000);
  const alive = () => {
    if (wasInterrupted()) throw new HarnessError('interrupted');
    for (const c of [server, hello]) if (c.exited) throw new HarnessError(`${c.name} ended: ${c.tail.slice(-5).join('\n')}`);
  };

  // as the site's client does: a 503 from the admission control is retried after its
  // Retry-After, up to 5 times; the retries are counted and printed
  let retried = 0;
  const post = async (url: string, cookie: string, body: unknown) => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 503 || attempt >= 5) return { status: res.status, body: json };
      retried += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get('retry-after') ?? 1) * 2 ** attempt));
    }
  };
  const get = async (url: string, cookie: string) => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base}${url}`, { headers: { cookie, 'x-request-type': 'web' }, signal: AbortSignal.timeout(60_000) });
      if (res.status === 503 && attempt < 5) {
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
        continue;
      }
      if (res.status !== 200) throw new HarnessError(`GET ${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as Record<string, unknown>;
    }
  };

  // members
  const run = crypto.randomBytes(3).toString('hex');
  const members: Member[] = [];
  const t0 = performance.now();
  await pool(
    Array.from({ length: opts.members }, (_, i) => i),
    4,
    async (i) => {
      const email = `bench-${run}-${i}@example.com`;
      const res = await fetch(`${base}/api/signup.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          name: `Bench${i}`,
          password: 'bench-pass-123',
          date_of_birth: '1990-01-01',
          gender: 'male',
          country: 'NL',
          tracking: { network: 'bench' },
        }),
        signal: AbortSignal.timeout(60_000),
      });
      const sid = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0] ?? '')
        .find((c) => c.startsWith('sid='));
      if (res.status !== 201 || !sid) throw new HarnessError(`signup ${email}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      members.push({ email, cookie: sid });
    },
  );
  console.log(`${members.length} members signed up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const bought: Bought[] = [];
  const rows: string[][] = [];
  const hellos: number[] = [];
  const payRates: number[] = [];
  const hookRates: number[] = [];
  const hookNon200 = new Map<string, number>();
  for (let r = 1; r <= opts.rounds; r++) {
    const h = await load(helloUrl, 10, opts.duration, {});
    hellos.push(h.requests.average);
    alive();

    // buying: every member at once
    const round: Bought[] = [];
    const tBuy = performance.now();
    await pool(members, opts.concurrency, async (member, i) => {
      for (let k = 0; k < opts.payments; k++) {
        const pkg = PACKAGES[(i + k + r) % PACKAGES.length] as string;
        const created = await post('/api/payment.php', member.cookie, { package: pkg, method: 'ideal' });
        if (created.status !== 200) throw new HarnessError(`payment.php: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
        const checkout = new URL(String(created.body.checkout_url));
        const pspId = checkout.searchParams.get('token') ?? '';
        const roll = (i * 7 + k * 3 + r) % 20;
        const outcome = roll < 15 ? 'paid' : roll < 18 ? 'failed' : 'canceled';
        const res = await fetch(`${base}/mollie-sim/checkout/test-mode`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: pspId, status: outcome }).toString(),
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        });
        if (res.status !== 303) throw new HarnessError(`checkout ${pspId}: ${res.status}`);
        round.push({ member, id: Number(created.body.payment_id), pspId, pkg, outcome });
      }
    });
    const buyS = (performance.now() - tBuy) / 1000;
    alive();

    // webhooks: 10 per payment; every other payment all at once (racing), the rest one after the other
    const tHook = performance.now();
    let calls = 0;
    await pool(round, opts.concurrency, async (p, i) => {
      const one = async () => {
        const res = await fetch(`${base}/api/payment-webhook.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `id=${p.pspId}`,
          signal: AbortSignal.timeout(60_000),
        });
        calls += 1;
        if (res.status !== 200) {
          const what = `${res.status} ${(await res.text().catch(() => '')).slice(0, 80)}`;
          hookNon200.set(what, (hookNon200.get(what) ?? 0) + 1);
        } else await res.arrayBuffer();
      };
      if (i % 2 === 0) await Promise.all(Array.from({ length: opts.webhooks }, one));
      else for (let w = 0; w < opts.webhooks; w++) await one();
    });
    const hookS = (performance.now() - tHook) / 1000;
    alive();
    bought.push(...round);
    payRates.push(round.length / buyS);
    hookRates.push(calls / hookS);
    rows.push([
      `round ${r}`,
      fmtInt(h.requests.average),
      fmtInt(round.length),
      (round.length / buyS).toFixed(1),
      fmtInt(calls),
      (calls / hookS).toFixed(1),
    ]);
    console.log(
      `round ${r}/${opts.rounds}: hello ${fmtInt(h.requests.average)} req/s, ${round.length} payments in ${buyS.toFixed(1)} s, ${calls} webhook calls in ${hookS.toFixed(1)} s`,
    );
  }

  // a webhook call the server shed (503) is retried by the PSP later (Mollie's schedule); before
  // checking, every payment is read once as its result page polls it (GET payment.php asks the PSP
  // while the payment is not final), so nothing is judged before its news arrived
  let lateNews = 0;
  await pool(members, 4, async (m) => {
    const tx = (await get('/api/transactions.php', m.cookie)) as { payments: { id: number; status: string }[] };
    const late = tx.payments.filter((p) => !['paid', 'failed', 'canceled', 'expired'].includes(p.status));
    lateNews += late.length;
    for (const p of late) await get(`/api/payment.php?id=${p.id}`, m.cookie);
  });

  // invariants, through the API
  let broken = 0;
  const fail = (message: string) => {
    broken += 1;
    if (broken <= 20) loud(message);
  };
  const byMember = new Map<string, Bought[]>();
  for (const b of bought) byMember.set(b.member.email, [...(byMember.get(b.member.email) ?? []), b]);
  await pool(members, 4, async (m) => {
    const user = (await get('/api/user.php', m.cookie)).user as { credits: number; paid_user: boolean };
    const tx = (await get('/api/transactions.php', m.cookie)) as {
      payments: { id: number; status: string }[];
      usage: { delta: number; reason: string; payment_id: number | null }[];
    };
    const sum = tx.usage.reduce((s, u) => s + u.delta, 0);
    if (sum !== user.credits) fail(`${m.email}: balance ${user.credits} but the ledger sums to ${sum}`);
    const mine = byMember.get(m.email) ?? [];
    for (const b of mine) {
      const status = tx.payments.find((p) => p.id === b.id)?.status;
      const rows = tx.usage.filter((u) => u.reason === 'purchase' && u.payment_id === b.id);
      if (status !== b.outcome) fail(`${m.email}: payment ${b.id} is ${status ?? 'missing'}, chosen ${b.outcome}`);
      if (b.outcome === 'paid' && (rows.length !== 1 || rows[0]?.delta !== CREDITS[b.pkg]))
        fail(`${m.email}: paid payment ${b.id} credited ${rows.length} time(s) (${rows.map((x) => x.delta).join(', ')})`);
      if (b.outcome !== 'paid' && rows.length > 0) fail(`${m.email}: ${b.outcome} payment ${b.id} credited`);
    }
    if (mine.some((b) => b.outcome === 'paid') && !user.paid_user) fail(`${m.email}: paid but not premium`);
  });

  console.log(
    `\npayments benchmark: ${opts.members} members x ${opts.payments} payment(s) x ${opts.rounds} round(s), ${opts.webhooks} webhook calls per payment (every other payment all at once)`,
  );
  printTable(
    ['', 'hello-world req/s', 'payments', 'payments/s', 'webhook calls', 'webhook calls/s'],
    [...rows, ['median', fmtInt(median(hellos)), '', median(payRates).toFixed(1), '', median(hookRates).toFixed(1)]],
  );
  console.log(
    `  a payment = POST /api/payment.php (server -> simulator through @mollie/api-client) + the hosted checkout (-> webhook -> fetch -> credit)`,
  );
  console.log(
    `  payments/s is ${((median(payRates) / median(hellos)) * 100).toFixed(2)} % of hello-world req/s; webhook calls/s ${((median(hookRates) / median(hellos)) * 100).toFixed(2)} %`,
  );
  console.log(
    `  retries    ${retried} POST /api/payment.php answered 503 (admission control shedding load) and were retried after Retry-After`,
  );
  console.log(
    `  late news  ${lateNews} payment(s) not yet final when read before the check (their webhook calls were shed; the PSP retries them)`,
  );
  console.log(`  server     ${serverLabel}`);
  console.log(`  database   ${databaseLabel}`);
  console.log(
    `  machine    ${os.cpus().length} CPU(s); load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at the end ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (a shared, noisy machine: compare within one run)`,
  );
  const paid = bought.filter((b) => b.outcome === 'paid').length;
  console.log(
    `  invariants ${bought.length} payments (${paid} paid, ${bought.length - paid} failed/canceled), ${members.length} members: ${broken === 0 ? 'all hold (balance = ledger sum, each paid payment credited exactly once, no failed one credited, all premium)' : `${broken} BROKEN`}`,
  );
  // a 503 is the server's admission control shedding load on purpose (the PSP retries): reported, not an error
  for (const [what, n] of hookNon200) (what.startsWith('503') ? console.log : loud)(`  ${n} webhook call(s) answered ${what}`);
  const logLines = [...serverLog].sort((a, b) => b[1] - a[1]);
  console.log(`  server log ${logLines.reduce((s, [, n]) => s + n, 0)} warning/error line(s)${logLines.length ? ':' : ''}`);
  for (const [message, n] of logLines.slice(0, 6)) console.log(`    ${String(n).padStart(6)} x ${message}`);
  if (findings.length) console.log(`\nFINDINGS:\n${findings.map((f) => `  !!! ${f}`).join('\n')}`);
  console.log(`\ndone in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  clearTimeout(watchdog);
  if (broken > 0) throw new HarnessError(`${broken} invariant(s) broken`);
}

runBenchmark(main);
