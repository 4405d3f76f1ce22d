/**
 * app.realtime (platform/realtime/hub.ts): this instance's WebSockets and the LISTEN fan-out of
 * channel `realtime`. Stops (sockets closed, pending read-backs awaited) after the jobs and the
 * after-commit drain, before the caches' listeners and the database close.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RealtimeHub } from '../realtime/hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

async function realtime(app: FastifyInstance) {
  const hub = new RealtimeHub(app.log);
  app.decorate('realtime', hub);
  await hub.start(app.dbHandle);
  app.addHook('onClose', () => hub.stop());
}

export default fp(realtime, { name: 'realtime', dependencies: ['database'] });
