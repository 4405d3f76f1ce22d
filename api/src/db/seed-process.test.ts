/**
 * The first start's demo seed runs in a process of its own (seed-process.ts), as `npm start` runs
 * the compiled server: the server process never draws a portrait. Needs the build (`npm test` at
 * the root builds first; alone: `npm run build -w @dating/api`).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from '../env';
import { lockFileOf } from './data-dir-lock';
import { isNewEmbeddedDatabase } from './seed-process';

const SERVER = path.resolve(__dirname, '..', '..', 'dist', 'server.js');

interface Line {
  pid?: number;
  seed_pid?: number;
  msg?: string;
}

/** The compiled server on a free port with this data directory; resolves when it serves (or ends). */
function start(dataDir: string, members: number): { child: ChildProcess; lines: Line[]; served: Promise<boolean> } {
  const child = spawn(process.execPath, [SERVER], {
    env: childEnv({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_MEMBERS: String(members), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const lines: Line[] = [];
  let rest = '';
  const served = new Promise<boolean>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) {
        if (!part.startsWith('{')) continue;
        const line = JSON.parse(part) as Line;
        lines.push(line);
        if (line.msg?.startsWith('serving the site')) resolve(true);
      }
    });
    child.on('exit', () => resolve(false));
  });
  return { child, lines, served };
}

const stopped = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

const built = fs.existsSync(SERVER);
/** every server a test started, stopped after it whatever it asserted */
const started: ChildProcess[] = [];

describe('the first start seeds the demo in a process of its own', () => {
  jest.setTimeout(180_000);
  let dataDir = '';
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-process-'));
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map(stopped));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('knows a new embedded database from one that exists', () => {
    expect(isNewEmbeddedDatabase({ DATABASE_URL: undefined, DATA_DIR_ABS: dataDir })).toBe(true);
    fs.mkdirSync(path.join(dataDir, 'db'));
    fs.writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '18\n');
    expect(isNewEmbeddedDatabase({ DATABASE_URL: undefined, DATA_DIR_ABS: dataDir })).toBe(false);
    expect(isNewEmbeddedDatabase({ DATABASE_URL: `file://${path.join(dataDir, 'other')}`, DATA_DIR_ABS: dataDir })).toBe(true);
    expect(isNewEmbeddedDatabase({ DATABASE_URL: 'postgres://127.0.0.1/test', DATA_DIR_ABS: dataDir })).toBe(false);
  });

  (built ? it : it.skip)('seeds a new data directory in another process, serves the members, and a restart seeds nothing', async () => {
    const first = start(dataDir, 3);
    expect(await first.served).toBe(true);
    const seeded = first.lines.find((l) => l.msg?.startsWith('seeded 3 members'));
    expect(seeded).toBeDefined();
    // the seed's lines come from another process than the server's own
    const serving = first.lines.find((l) => l.msg?.startsWith('serving the site'));
    expect(seeded?.seed_pid).toEqual(expect.any(Number));
    expect(seeded?.seed_pid).not.toBe(serving?.pid);
    expect(await stopped(first.child)).toBe(0);

    const second = start(dataDir, 3);
    expect(await second.served).toBe(true);
    expect(second.lines.some((l) => /^(seeding|seeded|resuming)/.test(l.msg ?? ''))).toBe(false);
    expect(await stopped(second.child)).toBe(0);
  });

  (built ? it : it.skip)('a SIGTERM during that seed stops both cleanly; the next start goes on from there', async () => {
    const first = start(dataDir, 40);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (first.lines.some((l) => /^seeding \d+ demo members/.test(l.msg ?? ''))) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
    expect(await stopped(first.child)).toBe(0);
    // no lock left behind: the next start opens the data directory and finishes the seed
    expect(fs.existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(false);
    const second = start(dataDir, 40);
    expect(await second.served).toBe(true);
    expect(second.lines.some((l) => /resuming the demo seed|seeded \d+ members/.test(l.msg ?? ''))).toBe(true);
    expect(await stopped(second.child)).toBe(0);
  });
});
