/**
 * app.sites: the site registry (service.ts), kept in memory and reloaded on every notification of
 * channel `site_cache`, so a settings change (back office) is live on the next page load on every
 * instance. Option `ensure`: makes sure the demo sites exist (app.ts hands it db/seed-sites.ts's,
 * which imports this module: not imported here, no cycle).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { keepListened } from '../../platform/plugins/listened';
import { SiteRegistry } from './service';
import type { SiteContext } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteRegistry;
  }
  interface FastifyRequest {
    /** the site (row + settings) from the Host header or `?forced_domain=`; unknown -> default */
    site: SiteContext;
  }
}

async function sites(app: FastifyInstance, opts: { ensure?: (db: Db) => Promise<boolean> }) {
  const registry = new SiteRegistry(app.db);
  app.decorate('sites', registry);
  await keepListened(app, 'site_cache', { notify: () => registry.invalidate(), setLive: (live) => registry.setLive(live) });
  if (opts.ensure && (await opts.ensure(app.db))) registry.invalidate();
}

export default fp(sites, { name: 'sites', dependencies: ['database'] });
