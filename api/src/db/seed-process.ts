/**
 * The first start's demo seed in a process of its own (the built `seed-cli.js` beside the server):
 * drawing and encoding 320 portraits leaves tens of MB of native memory (malloc arenas, libvips)
 * in the process that did it, and the server then starts without any of that (docs/performance.md
 * "Memory"). Only for a new database: an embedded data directory that holds no database yet, or a
 * PostgreSQL database without users. A seed that was stopped goes on in the server at its next
 * start (seed.ts resumes), and so does one whose process failed.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Env } from '../env';
import { embeddedDirOf } from './client';

/** The built seed command beside this file, or null when the server runs from source (tsx, jest). */
export function seedScript(): string | null {
  const file = path.join(__dirname, 'seed-cli.js');
  return fs.existsSync(file) ? file : null;
}

/** True when the embedded database (DATABASE_URL unset or file://) has not been created yet. */
export function isNewEmbeddedDatabase(config: Pick<Env, 'DATABASE_URL' | 'DATA_DIR_ABS'>): boolean {
  const dir = embeddedDirOf(config.DATABASE_URL, config.DATA_DIR_ABS);
  return dir !== null && !fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/** What the seed process tells the server before it exits. */
export interface SeedMessage {
  seeded: boolean;
}

export interface SeedProcess {
  /** true when the process seeded and exited cleanly */
  done: Promise<boolean>;
  /** ask it to stop after the member it is writing (the next start goes on from there) */
  stop(): void;
}

/** Runs `seed-cli.js --members n --from-server` with this process's node flags; its lines go to `log` with its pid. */
export function seedInOwnProcess(script: string, members: number, log: (line: string, pid: number | undefined) => void): SeedProcess {
  const child = fork(script, ['--members', String(members), '--from-server'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv: process.execArgv,
  });
  if (child.stdout) readline.createInterface({ input: child.stdout }).on('line', (line) => log(line, child.pid));
  const done = new Promise<boolean>((resolve) => {
    let seeded = false;
    child.on('message', (message: Partial<SeedMessage>) => {
      if (message?.seeded) seeded = true;
    });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0 && seeded));
  });
  return { done, stop: () => child.kill('SIGTERM') };
}
