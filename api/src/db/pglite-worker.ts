/**
 * PGlite in a worker thread (PGLITE_WORKER=1, an experiment beside the default of PGlite on the
 * server's own thread; docs/performance.md has the figures of both). The thread runs PGlite's own
 * worker wrapper (pglite-thread.mjs); this side is PGlite's `PGliteWorker`, which has PGlite's
 * interface (query, exec, transaction, listen, dumpDataDir), so Drizzle, pg-boss and db/listen.ts
 * use it unchanged. Queries are parsed and their results decoded on this thread; Postgres itself
 * runs in the other. Each query is three messages (lock, run, unlock) over a BroadcastChannel.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { PGliteWorker } from '@electric-sql/pglite/worker';

let started = 0;

/** The thread's script: beside this file in src/db (tests), or in dist/ next to the bundle. */
function threadScript(): string {
  const here = path.join(__dirname, 'pglite-thread.mjs');
  return fs.existsSync(here) ? here : path.join(__dirname, 'db', 'pglite-thread.mjs');
}

/** A PGlite on its own thread, ready; closing it ends the thread. */
export async function startPgliteWorker(options: PGliteOptions): Promise<PGlite> {
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(threadScript(), { workerData: { port: port2 }, transferList: [port2] });
  thread.unref();
  port1.start();
  // PGliteWorker closes by `terminate()` on what it was given (a browser Worker)
  const endpoint = Object.assign(port1, { terminate: () => void thread.terminate() });
  started += 1;
  // one id per database of this process: PGliteWorker's channels and locks are named by it
  // a file-backed Blob (the tests' template dump) cannot be sent to a thread: read it here first
  const loadDataDir = options.loadDataDir ? new Blob([await options.loadDataDir.arrayBuffer()]) : undefined;
  const client = new PGliteWorker(endpoint as unknown as ConstructorParameters<typeof PGliteWorker>[0], {
    ...options,
    ...(loadDataDir ? { loadDataDir } : {}),
    id: `pglite-${process.pid}-${started}`,
  });
  // every query waits on the channel: many in flight at once are expected, not a leak
  await client.waitReady;
  return client as unknown as PGlite;
}
