#!/usr/bin/env node
/**
 * `npm run cluster -- <n>`: n instances of the compiled server (api/dist/server.js) on one
 * PostgreSQL behind nginx, on this machine (docs/operations.md "Several instances").
 *
 *   DATABASE_URL  the one PostgreSQL (default postgres://postgres@127.0.0.1:5432/test)
 *   PORT          nginx's port, where the site is (default 3000); the instances take PORT+1..PORT+n
 *                 on 127.0.0.1
 *   DATA_DIR      the instances' shared folder (uploads; default ./data); nginx's own files
 *                 (generated config, pid, temp folders, logs) go to DATA_DIR/cluster/
 *   SEED_MEMBERS  the demo seed of an empty database, done once by the first instance (default 320)
 *   NGINX         the nginx binary (default /usr/sbin/nginx, Debian's package)
 *
 * The first instance starts alone (migrations and the demo seed run once), the others after it is
 * ready. Every instance runs with TRUST_PROXY=true. nginx runs as a child (daemon off) with a config
 * generated from deploy/nginx.conf: the regions marked `# cluster:<name>` are replaced, the rest is
 * the production file. Every second each instance's /readyz is polled: one that refuses
 * connections is out at once, one that answers 503 or not within 2.5 s after two polls in a row,
 * and back in at its first 200; on a change the upstream list is rewritten with `down` for the
 * ones out and nginx reloads (SIGHUP). Ctrl-C (or SIGTERM) drains every instance and stops nginx.
 *
 * Also a module: startCluster() is what bench/cluster.ts and scripts/cluster.test.mjs run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE = path.join(ROOT, 'deploy', 'nginx.conf');
export const SERVER = path.join(ROOT, 'api', 'dist', 'server.js');
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_NGINX = '/usr/sbin/nginx';
/** polls in a row that find an instance listening but not ready (503 or slow) before it is taken out */
const FAILURES_OUT = 2;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** whether `promise` settles within `ms` (the timer does not keep the process alive) */
function within(promise, ms) {
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

/**
 * The config nginx runs: the template with each `# cluster:<name>` ... `# cluster:end` region
 * replaced by `regions[name]` (a region not given stays as it is). Throws when a region is missing.
 * @param {string} template
 * @param {Record<string, string>} regions
 */
export function renderConfig(template, regions) {
  let out = template;
  for (const [name, text] of Object.entries(regions)) {
    const re = new RegExp(`^([ \\t]*)# cluster:${name}\\n[\\s\\S]*?^[ \\t]*# cluster:end\\n`, 'm');
    const m = re.exec(out);
    if (!m) throw new Error(`deploy/nginx.conf has no "# cluster:${name}" ... "# cluster:end" region`);
    const indent = m[1] ?? '';
    const body = text
      ? `${text
          .split('\n')
          .map((l) => (l ? indent + l : l))
          .join('\n')}\n`
      : '';
    out = out.slice(0, m.index) + body + out.slice(m.index + m[0].length);
  }
  return out;
}

/** The regions of the cluster's config: its own files under `dir`, 127.0.0.1 instances, plain HTTP. */
function clusterRegions(dir, listen, instances) {
  const t = (name) => path.join(dir, `${name}_temp`);
  return {
    main: `pid ${path.join(dir, 'nginx.pid')};\nerror_log ${path.join(dir, 'error.log')} warn;`,
    paths: [
      `access_log ${path.join(dir, 'access.log')};`,
      `client_body_temp_path ${t('client_body')};`,
      `proxy_temp_path ${t('proxy')};`,
      `fastcgi_temp_path ${t('fastcgi')};`,
      `uwsgi_temp_path ${t('uwsgi')};`,
      `scgi_temp_path ${t('scgi')};`,
    ].join('\n'),
    upstream: instances.map((i) => `server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s${i.ready ? '' : ' down'};`).join('\n'),
    redirect: '',
    listen: `listen ${listen};`,
  };
}

/** GET url, the status: 0 when nothing listens (refused, reset), -1 when no answer within `ms`. */
async function status(url, ms = 1500) {
  try {
    const res = await fetch(url, { signal: globalThis.AbortSignal.timeout(ms) });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    return err?.name === 'TimeoutError' ? -1 : 0;
  }
}

/** Whether nginx and PostgreSQL are there: null when both are, else the reason. */
export async function missing({ nginx = DEFAULT_NGINX, databaseUrl = DEFAULT_DATABASE_URL } = {}) {
  if (!fs.existsSync(nginx)) return `no nginx at ${nginx} (Debian: apt-get install nginx)`;
  if (!fs.existsSync(SERVER)) return 'api/dist/server.js is not built (npm run build -w @dating/api)';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `no PostgreSQL at ${databaseUrl} (${err.message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  return null;
}

/**
 * Start n instances and nginx in front of them.
 * @param {{ instances: number, port: number, host?: string, databaseUrl: string, dataDir: string,
 *   workDir?: string, env?: Record<string,string>, seedMembers?: number, nginx?: string, pollMs?: number,
 *   output?: (name: string, line: string) => void, startLimitMs?: number }} o
 */
export async function startCluster(o) {
  const host = o.host ?? '0.0.0.0';
  const output = o.output ?? (() => undefined);
  const nginxBin = o.nginx ?? DEFAULT_NGINX;
  const dir = o.workDir ?? path.join(path.resolve(ROOT, o.dataDir), 'cluster');
  fs.mkdirSync(dir, { recursive: true });
  const confFile = path.join(dir, 'nginx.conf');
  const template = fs.readFileSync(TEMPLATE, 'utf8');
  const startLimitMs = o.startLimitMs ?? 600_000;
  /** @type {{ name: string, port: number, base: string, ready: boolean, child: import('node:child_process').ChildProcess | null, exited: Promise<void> }[]} */
  const instances = Array.from({ length: o.instances }, (_, k) => ({
    name: `api-${k + 1}`,
    port: o.port + 1 + k,
    base: `http://127.0.0.1:${o.port + 1 + k}`,
    ready: false,
    failures: 0,
    child: null,
    exited: Promise.resolve(),
  }));
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  let stopping = false;

  /** the last lines of each child, for the error when one ends before it is ready */
  const tails = new Map();
  const pipe = (name, child) => {
    const tail = [];
    tails.set(name, tail);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.on('data', (chunk) => {
        const parts = (rest + chunk.toString('utf8')).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          if (!line.trim()) continue;
          tail.push(line);
          if (tail.length > 20) tail.shift();
          output(name, line);
        }
      });
    }
  };

  const startInstance = (inst, seed) => {
    const env = {
      ...process.env,
      ...o.env,
      PORT: String(inst.port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: o.dataDir,
      SEED_MEMBERS: String(seed),
    };
    // its own process group: a Ctrl-C in the terminal reaches this script, which drains them in order
    const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    inst.child = child;
    inst.ready = false;
    inst.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => {
      if (!stopping) output(inst.name, `exited (${signal ?? `code ${code}`})`);
    });
    children.push(child);
    pipe(inst.name, child);
    return child;
  };

  /** until the instance's /readyz says 200; `mark`: count it as in nginx's upstream (else the watcher does) */
  const waitReady = async (inst, mark = true) => {
    const deadline = Date.now() + startLimitMs;
    while (Date.now() < deadline) {
      if (inst.child?.exitCode !== null || inst.child?.signalCode)
        throw new Error(
          `${inst.name} ended before it was ready; its last output:\n${(tails.get(inst.name) ?? []).map((l) => `  | ${l}`).join('\n')}`,
        );
      if ((await status(`${inst.base}/readyz`)) === 200) {
        if (mark) inst.ready = true;
        return;
      }
      await sleep(200);
    }
    throw new Error(`${inst.name} was not ready within ${startLimitMs / 1000} s`);
  };

  let nginx = null;
  let nginxExited = Promise.resolve();
  const writeConfig = () => {
    fs.writeFileSync(confFile, renderConfig(template, clusterRegions(dir, `${host === '0.0.0.0' ? '' : `${host}:`}${o.port}`, instances)));
  };
  const reload = () => {
    writeConfig();
    if (nginx?.pid && nginx.exitCode === null) process.kill(nginx.pid, 'SIGHUP');
  };

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(watcher);
    // instances drain (readyz 503, sockets 1012, requests finish), nginx finishes what it holds
    await Promise.all(
      instances.map(async (inst) => {
        const child = inst.child;
        if (!child || child.exitCode !== null || child.signalCode) return;
        child.kill('SIGTERM');
        const done = await within(inst.exited, 25_000);
        if (!done) child.kill('SIGKILL');
      }),
    );
    if (nginx && nginx.exitCode === null && !nginx.signalCode) {
      nginx.kill('SIGQUIT');
      const done = await within(nginxExited, 5000);
      if (!done) nginx.kill('SIGKILL');
    }
  };
  // an exit we did not plan: leave no servers behind
  process.once('exit', () => {
    for (const child of children) if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
    if (nginx && nginx.exitCode === null) nginx.kill('SIGKILL');
  });

  let watcher;
  try {
    // 1. the first instance alone: the migrations and the demo seed, once
    const [first, ...others] = instances;
    startInstance(first, o.seedMembers ?? 320);
    await waitReady(first);
    // 2. the others at once (the database is migrated and seeded)
    for (const inst of others) startInstance(inst, 0);
    await Promise.all(others.map((inst) => waitReady(inst)));
    // 3. nginx
    const test = spawnSync(nginxBin, ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', (writeConfig(), confFile)], {
      encoding: 'utf8',
    });
    if (test.status !== 0) throw new Error(`nginx refused the generated config ${confFile}:\n${test.stderr}`);
    nginx = spawn(nginxBin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', confFile, '-g', 'daemon off;'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginxExited = new Promise((resolve) => nginx.once('exit', () => resolve()));
    children.push(nginx);
    pipe('nginx', nginx);
    const base = `http://127.0.0.1:${o.port}`;
    const deadline = Date.now() + 10_000;
    while ((await status(`${base}/readyz`)) !== 200) {
      if (nginx.exitCode !== null || Date.now() > deadline)
        throw new Error(`nginx did not answer on ${base} (see ${path.join(dir, 'error.log')})`);
      await sleep(100);
    }
  } catch (err) {
    await stop();
    throw err;
  }

  // 4. readiness: rewrite the upstream and reload when an instance changes
  let polling = false;
  const changes = [];
  watcher = setInterval(async () => {
    if (polling || stopping) return;
    polling = true;
    try {
      // out at once when nothing listens (stopped, killed: nginx would see the same); after
      // FAILURES_OUT polls in a row for a 503 or a slow answer (a busy machine is not a dead
      // instance: readyz waits up to 2 s for the database); back in at the first 200
      const seen = await Promise.all(instances.map((i) => status(`${i.base}/readyz`, 2500)));
      const now = instances.map((inst, k) => {
        const s = seen[k];
        inst.failures = s === 200 ? 0 : (inst.failures ?? 0) + 1;
        if (s === 200) return true;
        return s === 0 || inst.failures >= FAILURES_OUT ? false : inst.ready;
      });
      const changed = instances.filter((inst, k) => inst.ready !== now[k]);
      if (changed.length && !stopping) {
        instances.forEach((inst, k) => (inst.ready = now[k]));
        for (const inst of changed) {
          output(
            'cluster',
            `${inst.name} ${inst.ready ? 'is ready again: back in' : 'is not ready: taken out of'} nginx's upstream (reload)`,
          );
          changes.push({ at: Date.now(), name: inst.name, ready: inst.ready });
        }
        reload();
      }
    } finally {
      polling = false;
    }
  }, o.pollMs ?? 1000);
  watcher.unref();

  return {
    base: `http://127.0.0.1:${o.port}`,
    instances,
    changes,
    configFile: confFile,
    nginx,
    /** send `signal` to instance k (0-based) */
    signal(k, signal) {
      instances[k]?.child?.kill(signal);
    },
    /** start instance k again (after it ended); resolves when the watcher has put it back in nginx's upstream */
    async restart(k) {
      const inst = instances[k];
      await inst.exited;
      startInstance(inst, 0);
      await waitReady(inst, false);
      while (!inst.ready && !stopping) await sleep(50);
    },
    stop,
  };
}

// ---- the command ------------------------------------------------------------------------------------

async function main() {
  const args = process.argv.slice(2);
  const n = Number(args[0] ?? 2);
  if (!Number.isInteger(n) || n < 1 || n > 32 || args.length > 1) {
    console.error('usage: npm run cluster -- <n>   (n instances, 1-32; env DATABASE_URL, PORT, DATA_DIR, SEED_MEMBERS, NGINX)');
    process.exit(2);
  }
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(`DATABASE_URL must be a PostgreSQL URL: instances cannot share the embedded database (got ${databaseUrl})`);
    process.exit(2);
  }
  const port = Number(process.env.PORT || 3000);
  const nginxBin = process.env.NGINX || DEFAULT_NGINX;
  const why = await missing({ nginx: nginxBin, databaseUrl });
  if (why) {
    console.error(`cannot start the cluster: ${why}`);
    process.exit(1);
  }
  const dataDir = process.env.DATA_DIR || './data';
  console.log(
    `starting ${n} instance(s) on ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')} behind nginx on port ${port} (instances on 127.0.0.1:${port + 1}-${port + n})...`,
  );
  let cluster = null;
  let interrupted = false;
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      if (interrupted) return;
      interrupted = true;
      console.log(`\n${sig}: draining the instances and stopping nginx...`);
      void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
    });
  }
  cluster = await startCluster({
    instances: n,
    port,
    databaseUrl,
    dataDir,
    seedMembers: process.env.SEED_MEMBERS === undefined ? 320 : Number(process.env.SEED_MEMBERS),
    nginx: nginxBin,
    output: (name, line) => console.log(`[${name}] ${line}`),
  });
  if (interrupted) return;
  console.log(`\nthe site: ${cluster.base}  (nginx config: ${cluster.configFile})`);
  for (const inst of cluster.instances) console.log(`  ${inst.name}: ${inst.base}  (/readyz, /metrics from this machine)`);
  console.log('Ctrl-C stops them all.');
  // stay up while nginx runs
  await new Promise((resolve) => cluster.nginx.once('exit', resolve));
  if (!interrupted) {
    console.error('nginx ended: stopping the instances');
    await cluster.stop();
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
