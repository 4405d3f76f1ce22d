import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDb } from './db/client';
import { lockFileOf } from './db/data-dir-lock';
import { childEnv } from './env';

const TSX = path.resolve(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
const SERVER = path.resolve(__dirname, 'server.ts');

/** Start the real server process (embedded database, no demo members) and wait for it to end. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    // its own process group: tsx runs the server in a child process of its own, and a server that
    // does not end in time is killed with it (a lone grandchild would hold the stderr pipe open and
    // keep jest, and CI, waiting for ever)
    const child = spawn(TSX, [SERVER], {
      env: childEnv({ SEED_MEMBERS: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env }),
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('starting the server: failures a person can fix, in one line, the data left intact', () => {
  jest.setTimeout(90_000);

  it('a port in use: says so, and closes the embedded database it had opened (no lock left)', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-start-'));
    try {
      const { code, stderr } = await startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toContain(`cannot start: port ${port} is in use (another server?); stop it or set PORT to a free port`);
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(false);
      // the database opens again, migrated
      const again = await createDb(`file://${path.join(dataDir, 'db')}`);
      try {
        expect(await again.query<{ n: number }>('select count(*)::int as n from sites')).toEqual([{ n: expect.any(Number) }]);
      } finally {
        await again.close();
      }
    } finally {
      taken.close();
    }
  });

  it('a data directory another server holds: refuses before touching it and names that process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-start-'));
    const holder = await createDb(`file://${path.join(dataDir, 'db')}`);
    try {
      const { code, stderr } = await startServer({ PORT: '0', DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toContain(`cannot start: the embedded database in ${path.join(dataDir, 'db')} is in use by process ${process.pid}`);
      expect(await holder.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await holder.close();
    }
  });

  it('a data directory an older PGlite wrote (PostgreSQL 17): says what to do, in one line, and leaves it alone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-start-'));
    const db = path.join(dataDir, 'db');
    fs.mkdirSync(db);
    fs.writeFileSync(path.join(db, 'PG_VERSION'), '17\n');
    const { code, stderr } = await startServer({ PORT: '0', DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `cannot start: the embedded database in ${db} was written by PostgreSQL 17 (an older PGlite); this version runs PostgreSQL 18 and cannot open it.`,
    );
    expect(stderr).toContain(`delete ${db} to start over with the demo data`);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(fs.readdirSync(db)).toEqual(['PG_VERSION']);
    expect(fs.existsSync(lockFileOf(db))).toBe(false);
  });
});
