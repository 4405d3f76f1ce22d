/**
 * The embedded database in its own thread (PGLITE_WORKER=1; db/pglite-worker.ts starts it): PGlite's
 * own worker wrapper (`@electric-sql/pglite/worker`), which expects a browser worker's global
 * `postMessage` / `addEventListener`; here they are the MessagePort handed over in workerData.
 * Plain JavaScript so that it runs as it is from src/ (tests) and from dist/ (copied by the build).
 */
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { worker } from '@electric-sql/pglite/worker';

const port = workerData.port;
globalThis.postMessage = (message) => port.postMessage(message);
globalThis.addEventListener = (type, listener, options) => port.addEventListener(type, listener, options);
port.start();

worker({
  async init(options) {
    return new PGlite(options);
  },
});
