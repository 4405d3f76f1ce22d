/**
 * app.admission (platform/admission.ts): the bounded queue every request that uses the database
 * passes; 503 + Retry-After when full.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdmission } from '../admission';
import type { Admission, AdmissionOptions } from '../admission';

declare module 'fastify' {
  interface FastifyInstance {
    admission: Admission;
  }
}

/**
 * Per database. PGlite runs one query at a time on this event loop: a few requests in flight keep
 * it busy, the rest wait in order, and none waits over 1 s. PostgreSQL: room for the pool's 10
 * connections, a deeper queue.
 */
const PGLITE_ADMISSION = { concurrency: 8, maxQueue: 512, maxWaitMs: 1000 };
const POSTGRES_ADMISSION = { concurrency: 40, maxQueue: 2048, maxWaitMs: 2000 };

async function admission(app: FastifyInstance, opts: { admission?: AdmissionOptions }) {
  const defaults = app.dbHandle.driver === 'pglite' ? PGLITE_ADMISSION : POSTGRES_ADMISSION;
  app.decorate('admission', createAdmission(opts.admission ?? defaults));
}

export default fp(admission, { name: 'admission', dependencies: ['database'] });
