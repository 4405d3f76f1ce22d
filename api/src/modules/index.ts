// Every module's plugin, one line each, through the module's index.ts (docs/architecture.md,
// "Module boundaries").
import type { FastifyInstance } from 'fastify';
import backoffice, { registerBackofficeGuards } from './backoffice';
import identity, { loadUser } from './identity';
import notifications, { setUserLoader } from './notifications';
import sites from './sites';

export async function registerModules(app: FastifyInstance): Promise<void> {
  // first: every module's /api/backoffice/* call is for staff only, and staff refusals are audited
  registerBackofficeGuards(app);
  // identity imports notifications, so notifications get identity's user loader from here
  setUserLoader(loadUser);
  await app.register(sites);
  await app.register(identity);
  await app.register(import('./passkeys'));
  await app.register(notifications);
  await app.register(import('./members'));
  await app.register(import('./chat'));
  await app.register(import('./payments'));
  await app.register(import('./complaints'));
  await app.register(import('./reports'));
  await app.register(backoffice);
}
