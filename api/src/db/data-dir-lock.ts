/**
 * One process at a time on an embedded (PGlite) data directory.
 *
 * PGlite takes no lock of its own: a second process (a second `npm start`, a seed script) opening
 * the same directory writes over the first one's files and leaves a database that no longer opens
 * (`RuntimeError: Aborted()`). Before opening, `lockDataDir(dir)` writes `<dir>.lock` holding this
 * process id; a lock held by a live process refuses the open with a message that names it, a lock
 * left by a process that is gone (crash, kill -9) is taken over. Released on close and on exit.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dir} is in use by process ${pid}${pid === process.pid ? ' (this process)' : ''}; ` +
        'stop that server first, or give this one its own DATA_DIR',
    );
    this.name = 'DataDirInUseError';
  }
}

/** directories this process holds, so opening one twice in one process is refused too */
const held = new Set<string>();

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
  } catch {
    return NaN;
  }
}

export function lockFileOf(dir: string): string {
  return `${path.resolve(dir)}.lock`;
}

/** Create the lock file with this process id; false when it exists already. */
function createLock(file: string): boolean {
  try {
    fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Take the lock of `dir` (or throw DataDirInUseError). Returns the release function. */
export function lockDataDir(dir: string): () => void {
  const key = path.resolve(dir);
  const file = lockFileOf(dir);
  if (held.has(key)) throw new DataDirInUseError(key, process.pid);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!createLock(file)) {
    const owner = readPid(file);
    if (owner !== process.pid && alive(owner)) throw new DataDirInUseError(key, owner);
    // a stale lock (its process is gone): take it over, unless another process just did
    fs.rmSync(file, { force: true });
    if (!createLock(file)) throw new DataDirInUseError(key, readPid(file));
  }
  held.add(key);
  const release = () => {
    if (!held.delete(key)) return;
    process.removeListener('exit', release);
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
