// Every capability's routes, one line each (each routes.ts default-exports a FastifyPluginAsyncZod).
import type { FastifyInstance } from 'fastify';
import sitesRoutes from './sites/routes';
import identityRoutes from './identity/routes';
import { chatImageAccess } from './chat/image-files';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(sitesRoutes);
  await app.register(identityRoutes);
  await app.register(import('./members/routes'));
  await app.register(import('./chat/routes'));
  app.uploads.claim(chatImageAccess);
  await app.register(import('./payments/routes'));
}
