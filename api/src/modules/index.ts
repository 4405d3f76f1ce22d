// Every module's plugin, one line each, through the module's index.ts (docs/architecture.md,
// "Module boundaries").
import type { FastifyInstance } from 'fastify';
import sitesRoutes from './sites/routes';
import identityRoutes from './identity/routes';
import backoffice, { registerBackofficeGuards } from './backoffice';

export async function registerModules(app: FastifyInstance): Promise<void> {
  // first: every module's /api/backoffice/* call is for staff only, and staff refusals are audited
  registerBackofficeGuards(app);
  await app.register(sitesRoutes);
  await app.register(identityRoutes);
  await app.register(import('./passkeys/routes'));
  await app.register(import('./notifications'));
  await app.register(import('./members'));
  await app.register(import('./chat'));
  await app.register(import('./payments/routes'));
  await app.register(import('./complaints/routes'));
  await app.register(import('./reports'));
  await app.register(backoffice);
}
