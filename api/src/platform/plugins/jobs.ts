/**
 * app.jobs (platform/jobs.ts): the job queue. Registered after the plugins it needs, so that it
 * stops first on close (running jobs finish while the database is still open); buildApp starts its
 * workers last, once every module registered its own (option `startJobs`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue } from '../jobs';
import type { JobQueue } from '../jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

async function jobs(app: FastifyInstance) {
  const queue = createJobQueue(app.dbHandle, app.log);
  app.decorate('jobs', queue);
  app.addHook('onClose', () => queue.stop());
}

export default fp(jobs, { name: 'jobs', dependencies: ['database'] });
