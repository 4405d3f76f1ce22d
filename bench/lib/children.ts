/**
 * The processes of `npm run bench -- api`: the server and the hello-world as child processes in
 * their own process groups, waiting for them, why they ended, their memory (/proc), and the cleanup
 * that always stops them and removes the run's temporary folder and database (also on Ctrl-C).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { running } from './load';

// ---- cleanup: children, database, temporary folder ------------------------------------------------

export class HarnessError extends Error {}

export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  tail: string[];
  exited: { code: number | null; signal: NodeJS.Signals | null } | null;
  exit: Promise<void>;
  onLine?: (line: string) => void;
}

export const children: Child[] = [];
let tmpDir: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let cleaning: Promise<void> | null = null;

/** The run's temporary folder: removed by the cleanup. */
export function keepTmpDir(dir: string): string {
  tmpDir = dir;
  return dir;
}

/** How the cleanup drops the run's PostgreSQL database. */
export function onCleanupDropDatabase(drop: () => Promise<void>): void {
  dropDatabase = drop;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the child's process group (tsx wrapper and server alike), SIGKILL after a grace time. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  if (child.exited && !groupAlive(child.pid)) return;
  killGroup(child.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (!child.exited || groupAlive(child.pid))) await sleep(100);
  if (!child.exited || groupAlive(child.pid)) {
    killGroup(child.pid, 'SIGKILL');
    await Promise.race([child.exit, sleep(2000)]);
  }
}

export function cleanup(): Promise<void> {
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

export function removeTmpDir(): void {
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
/** Whether Ctrl-C (or SIGTERM) is stopping the run. */
export const wasInterrupted = (): boolean => interrupted;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the children and removing the temporary data...`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---- children -------------------------------------------------------------------------------------

export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Child {
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
export function exitCause(child: Child): string {
  const e = child.exited;
  if (!e) return 'is still running';
  if (e.signal === 'SIGKILL') return 'was killed by SIGKILL from outside this benchmark (the OOM killer, or another process)';
  if (e.signal) return `was killed by ${e.signal} from outside this benchmark`;
  // server.ts and hello-world.cjs exit 0 only after SIGINT / SIGTERM
  if (e.code === 0)
    return 'exited with code 0, which it does only after SIGINT/SIGTERM: stopped from outside this benchmark (another process?), not a crash';
  return `CRASHED (exit code ${e.code})`;
}

export function describeExit(child: Child): string {
  const e = child.exited;
  const how = e ? (e.signal ? `killed by ${e.signal}` : `exit code ${e.code}`) : 'running';
  return `${child.name} (pid ${child.pid}) ${how}; its last output:\n${child.tail.map((l) => `  | ${l}`).join('\n') || '  | (none)'}`;
}

export function freePort(): Promise<number> {
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

export async function waitFor(child: Child, url: string, timeoutMs: number): Promise<void> {
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
export function newestSource(dirs: string[]): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const mtimeMs = fs.statSync(file).mtimeMs;
        if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
      }
    }
  };
  for (const dir of dirs) if (fs.existsSync(dir)) walk(dir);
  return newest;
}

// ---- memory of the serving process (Linux /proc) ----------------------------------------------------

export function childrenOf(pid: number): number[] {
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
export function servingPid(pid: number): number {
  let current = pid;
  for (let depth = 0; depth < 4; depth++) {
    const next = childrenOf(current)[0];
    if (next === undefined) break;
    current = next;
  }
  return current;
}

export function rssMb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the RSS every 250 ms while a load runs: the peak. */
export class RssPeak {
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

/**
 * Run a benchmark's main(): then the cleanup (children, database, temporary folder) and exit 0;
 * on failure the message (a HarnessError's own text, anything else whole), the cleanup, exit 1.
 */
export function runBenchmark(main: () => Promise<void>): void {
  main()
    .then(
      () => cleanup().then(() => 0),
      async (error: unknown) => {
        if (!wasInterrupted()) console.error(error instanceof HarnessError ? `\nbenchmark failed: ${error.message}` : error);
        await cleanup();
        return 1;
      },
    )
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
