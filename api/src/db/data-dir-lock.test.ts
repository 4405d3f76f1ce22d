import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from './client';
import { DataDirInUseError, lockFileOf } from './data-dir-lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dating-lock-'));

describe('one process at a time on an embedded data directory', () => {
  it('a second open of the same directory is refused while the first is open; after close it opens with the data kept', async () => {
    const dir = path.join(tmp(), 'db');
    const first = await createDb(`file://${dir}`);
    await first.query('create table kept (n int)');
    await first.query('insert into kept values (7)');
    expect(fs.readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));

    await expect(createDb(`file://${dir}`)).rejects.toThrow(DataDirInUseError);
    await expect(createDb(`file://${dir}`)).rejects.toThrow(`is in use by process ${process.pid}`);
    // the refused open did not disturb the first one
    expect(await first.query<{ n: number }>('select n from kept')).toEqual([{ n: 7 }]);

    await first.close();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    const second = await createDb(`file://${dir}`);
    try {
      expect(await second.query<{ n: number }>('select n from kept')).toEqual([{ n: 7 }]);
    } finally {
      await second.close();
    }
  }, 120_000); // two opens of a new data directory: PGlite 0.5 creates it (initdb) in 12-30 s on a loaded machine

  it('a lock held by another running process refuses the open and names that process; nothing is created', async () => {
    const dir = path.join(tmp(), 'db');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lockFileOf(dir), `${other.pid}\n`);
      const error = await createDb(`file://${dir}`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect((error as DataDirInUseError).pid).toBe(other.pid);
      expect((error as Error).message).toMatch(/stop that server first, or give this one its own DATA_DIR/);
      expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
      expect(fs.readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('a lock left by a process that is gone (crash, kill -9) is taken over', async () => {
    const dir = path.join(tmp(), 'db');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(lockFileOf(dir), `${gone.stdout}\n`);
    const handle = await createDb(`file://${dir}`);
    try {
      expect(fs.readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
      expect(await handle.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
