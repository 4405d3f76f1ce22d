/** app.storage: the uploaded files under DATA_DIR (platform/storage.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage } from '../storage';
import type { Storage } from '../storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

async function storage(app: FastifyInstance, opts: { dir: string }) {
  app.decorate('storage', createStorage(opts.dir));
}

export default fp(storage, { name: 'storage' });
