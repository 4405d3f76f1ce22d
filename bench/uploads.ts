/**
 * Uploads benchmark (`npm run bench -- uploads`): login latency while 16 members upload large,
 * legal 16-bit PNGs at once (issue 13 item 2: decoding and password hashing share libuv's thread
 * pool; before the decode bound, 16 such uploads took logins from 67 ms to 25 s).
 *
 * 1. Starts the server (the build or tsx: bench/lib/server.ts; fresh DATA_DIR, a fresh database on
 *    PostgreSQL with DATABASE_URL, no demo members, AUTO_APPROVE_PHOTOS, no per-address limits).
 * 2. Signs up --uploaders members (16) and one member who logs in, and makes one 16-bit PNG
 *    (--width x --height, a gradient: a few MB, many pixels).
 * 3. Interleaved rounds of --duration s each:
 *    - anchor: logins one after another (POST /api/user.php), nothing else running;
 *    - uploads: the same logins while every uploader uploads the PNG, deletes it, uploads again...
 *      (16 uploads in flight all the time).
 * 4. One table: login p50 / p99 / max per phase (median over the rounds), p99 ratio to the anchor,
 *    uploads done / refused 503 (queue full) / other; the target (login p99 under 1 s while the
 *    uploads run) marked met / not met (informational only).
 *
 * Options: --uploaders N, --rounds N, --duration S, --width N, --height N, --source, --smoke (1
 * round of 3 s, 4 uploaders, a 1500x1000 PNG: proves the harness; never fails on a figure). The exit
 * code is non-zero only when the harness fails.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { parseOptions } from './lib/options';
import { cleanup, HarnessError, runBenchmark, sleep, wasInterrupted } from './lib/children';
import { findings, fmtInt, fmtMs, loud, median, printTable } from './lib/load';
import { startMeasuredServer } from './lib/server';

const cli = parseOptions(
  ['uploaders', 'rounds', 'duration', 'width', 'height'],
  ['smoke', 'source', 'help'],
  'usage: npm run bench -- uploads [--uploaders N] [--rounds N] [--duration S] [--width N] [--height N] [--source] [--smoke]',
);
const [smoke, source, num] = [cli.flag('smoke'), cli.flag('source'), cli.whole];
const opts = {
  uploaders: num('uploaders', smoke ? 4 : 16),
  rounds: num('rounds', smoke ? 1 : 3),
  duration: num('duration', smoke ? 3 : 20),
  width: num('width', smoke ? 1500 : 6000),
  height: num('height', smoke ? 1000 : 4000),
};
const PASSWORD = 'bench-bench-123';
const TARGET_MS = 1000;

/** The server's upload limit (api MAX_UPLOAD_BYTES): the PNG must stay under it to be legal. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * A legal 16-bit RGB PNG: a vertical gradient (every row one colour, so the file stays a few MB
 * at most while the decoder still unfilters and converts width*height 48-bit pixels).
 */
async function bigPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 6);
  for (let y = 0; y < height; y++) {
    const r = ((y * 65535) / height) | 0;
    const g = 65535 - r;
    const b = (y * 7919) % 65536;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 6;
      raw.writeUInt16LE(r, o);
      raw.writeUInt16LE(g, o + 2);
      raw.writeUInt16LE(b, o + 4);
    }
  }
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
  if (png.length > MAX_UPLOAD_BYTES)
    throw new HarnessError(`the ${width}x${height} PNG is ${(png.length / 1048576).toFixed(1)} MB, over the 10 MB upload limit`);
  return png;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  const watchdog = setTimeout(
    () => {
      console.error('\nthe benchmark ran longer than its limit: stopping');
      void cleanup().finally(() => process.exit(1));
    },
    (smoke ? 300 : 1800) * 1000,
  );
  watchdog.unref();

  const { server, base, serverLog } = await startMeasuredServer({
    name: 'uploads',
    source,
    startLimitS: smoke ? 120 : 300,
    // every member signs up and logs in from this one address
    env: { AUTO_APPROVE_PHOTOS: '1', RATE_LIMIT_SIGNUP: '0', RATE_LIMIT_MAIL: '0' },
  });
  const alive = () => {
    if (wasInterrupted()) throw new HarnessError('interrupted');
    if (server.exited) throw new HarnessError(`server ended: ${server.tail.slice(-5).join('\n')}`);
  };

  const json = { 'content-type': 'application/json' };
  const signup = async (email: string): Promise<string> => {
    const res = await fetch(`${base}/api/signup.php`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, name: 'Bench', password: PASSWORD, date_of_birth: '1990-01-01', gender: 'female', country: 'NL' }),
    });
    if (res.status !== 201) throw new HarnessError(`sign-up ${email}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (!sid) throw new HarnessError('sign-up gave no session cookie');
    return sid.split(';')[0] ?? '';
  };
  const stamp = Date.now().toString(36);
  const loginEmail = `login-${stamp}@bench.example`;
  await signup(loginEmail);
  // one after another: the admission queue answers a burst of sign-ups (argon2 each) with 503s
  const uploaders: string[] = [];
  for (let i = 0; i < opts.uploaders; i++) uploaders.push(await signup(`up${i}-${stamp}@bench.example`));
  console.log(`making a ${opts.width}x${opts.height} 16-bit PNG...`);
  const png = await bigPng(opts.width, opts.height);
  console.log(
    `PNG: ${(png.length / 1048576).toFixed(1)} MB, ${((opts.width * opts.height) / 1e6).toFixed(0)} MP; ${opts.uploaders} uploaders, ${opts.rounds} round(s) of ${opts.duration} s per phase`,
  );

  let loginsRefused = 0;
  const login = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/user.php`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: loginEmail, password: PASSWORD }),
      signal: AbortSignal.timeout(120_000),
    });
    await res.arrayBuffer();
    // a 503 (the admission queue full) is a refused login: counted, its time kept
    if (res.status === 503) loginsRefused += 1;
    else if (res.status !== 200) throw new HarnessError(`login: ${res.status}`);
    return performance.now() - t0;
  };
  const logins = async (until: number): Promise<number[]> => {
    const times: number[] = [];
    while (performance.now() < until) {
      alive();
      times.push(await login());
    }
    return times;
  };
  const counts = { done: 0, busy: 0, other: 0 };
  const uploadLoop = async (cookie: string, until: number, uploadMs: number[]) => {
    while (performance.now() < until) {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
      const t0 = performance.now();
      const res = await fetch(`${base}/api/photos.php`, {
        method: 'POST',
        headers: { cookie, 'x-requested-with': 'bench' },
        body: form,
        signal: AbortSignal.timeout(300_000),
      });
      const body = (await res.json()) as { photo?: { id: number }; error?: string };
      if (res.status === 200 && body.photo) {
        counts.done += 1;
        uploadMs.push(performance.now() - t0);
        await fetch(`${base}/api/photos.php?id=${body.photo.id}`, {
          method: 'DELETE',
          headers: { cookie, 'x-requested-with': 'bench' },
        }).then((r) => r.arrayBuffer());
      } else if (res.status === 503) {
        counts.busy += 1;
        await sleep(1000);
      } else {
        counts.other += 1;
        await sleep(500);
      }
    }
  };

  const anchorRounds: number[][] = [];
  const loadRounds: number[][] = [];
  const uploadMs: number[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    anchorRounds.push(await logins(performance.now() + opts.duration * 1000));
    const until = performance.now() + opts.duration * 1000;
    const loops = uploaders.map((cookie) => uploadLoop(cookie, until, uploadMs));
    await sleep(300); // the uploads are in flight
    loadRounds.push(await logins(until));
    await Promise.all(loops);
    console.log(`round ${r + 1}: anchor ${anchorRounds[r]?.length} logins, under uploads ${loadRounds[r]?.length} logins`);
  }
  const stat = (rounds: number[][], p: number) =>
    median(
      rounds.map((t) =>
        pct(
          [...t].sort((a, b) => a - b),
          p,
        ),
      ),
    );
  const maxOf = (rounds: number[][]) => Math.max(...rounds.flat());
  const anchorP99 = stat(anchorRounds, 99);
  const loadP99 = stat(loadRounds, 99);
  console.log('');
  printTable(
    ['phase', 'logins', 'p50 ms', 'p99 ms', 'max ms', 'p99 / anchor'],
    [
      [
        'anchor: logins alone',
        fmtInt(anchorRounds.flat().length),
        fmtMs(stat(anchorRounds, 50)),
        fmtMs(anchorP99),
        fmtMs(maxOf(anchorRounds)),
        '1.0',
      ],
      [
        `logins while ${opts.uploaders} uploads run`,
        fmtInt(loadRounds.flat().length),
        fmtMs(stat(loadRounds, 50)),
        fmtMs(loadP99),
        fmtMs(maxOf(loadRounds)),
        (loadP99 / anchorP99).toFixed(1),
      ],
    ],
  );
  const sortedUploads = [...uploadMs].sort((a, b) => a - b);
  console.log(
    `\nuploads: ${counts.done} done (median ${fmtMs(pct(sortedUploads, 50))} ms, p99 ${fmtMs(pct(sortedUploads, 99))} ms), ${counts.busy} answered 503 (queue full, retried after 1 s), ${counts.other} other`,
  );
  console.log(`logins answered 503 (server busy): ${loginsRefused}`);
  console.log(
    `target: login p99 under ${TARGET_MS} ms while the uploads run: ${loadP99 < TARGET_MS && loginsRefused === 0 ? 'met' : 'NOT met'} (informational)`,
  );
  if (counts.other > 0) loud(`${counts.other} uploads failed otherwise than 503`);
  for (const [message, n] of serverLog) console.log(`server log: ${n} x ${message}`);
  console.log(
    `machine: ${os.cpus().length} cores, load average ${loadAtStart.map((v) => v.toFixed(1)).join(' ')} at start, ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')} at the end`,
  );
  for (const f of findings) console.log(f);
}

runBenchmark(main);
