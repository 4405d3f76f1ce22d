// Every capability's routes, one line each (each routes.ts default-exports a FastifyPluginAsyncZod).
import type { FastifyInstance } from 'fastify';
import sitesRoutes from './sites/routes';
import identityRoutes from './identity/routes';
import { chatImageAccess } from './chat/image-files';
import { registerBackofficeGuards } from './backoffice/access';

export async function registerModules(app: FastifyInstance): Promise<void> {
  // first: every module's /api/backoffice/* call is for staff only, and staff refusals are audited
  registerBackofficeGuards(app);
  await app.register(sitesRoutes);
  await app.register(identityRoutes);
  await app.register(import('./passkeys/routes'));
  await app.register(import('./notifications/routes'));
  await app.register(import('./members/routes'));
  await app.register(import('./chat/routes'));
  await app.register(import('./chat/operator-routes'));
  await app.register(import('./chat/held-routes'));
  app.uploads.claim(chatImageAccess);
  await app.register(import('./payments/routes'));
  await app.register(import('./complaints/routes'));
  await app.register(import('./reports/routes'));
  await app.register(import('./backoffice/routes'));
}
