/**
 * The back office's site settings (admin): GET /api/backoffice/sites (domains, search, paging),
 * GET /api/backoffice/sites/:domain (settings + price list), PUT /api/backoffice/sites/:domain
 * (the whole settings, checked against ZSettings inside the audited action). After a change
 * commits, this instance drops its site cache at once and the database's notification tells
 * every other instance (service.ts), so the next page load of that domain has the new settings.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZSiteDetail, ZSiteDomainParams, ZSiteList, ZSiteListQuery, ZSiteUpdate } from '@dating/shared-kit/contracts';
import { emptyBodyAsObject } from '../../platform/route-guards';
import { staffAction, staffRoute } from '../backoffice';
import { listSites, siteDetail, updateSiteSettings } from './admin';

// staffRoute checks the role before the schemas run: a staff member's bad input is refused after
// the role check and audited under the action's own name
const docs = <
  P extends { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; response?: Record<number, z.core.$ZodType> },
>(
  summary: string,
  parts: P,
) => ({ schema: { tags: ['backoffice'], summary, ...parts } });

export async function registerSiteAdmin(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  emptyBodyAsObject(app);
  app.get(
    '/api/backoffice/sites',
    {
      ...docs('Admin: the domains (search q, paging)', { querystring: ZSiteListQuery, response: { 200: ZSiteList } }),
      ...staffRoute('admin'),
    },
    async (req) => listSites(app.db, req.query),
  );

  app.get(
    '/api/backoffice/sites/:domain',
    {
      ...docs("Admin: one domain's settings and the price list", { params: ZSiteDomainParams, response: { 200: ZSiteDetail } }),
      ...staffRoute('admin'),
    },
    async (req) => siteDetail(app.db, req.params.domain),
  );

  app.put(
    '/api/backoffice/sites/:domain',
    {
      ...docs("Admin: change a domain's settings (every field, checked against ZSettings)", {
        params: ZSiteDomainParams,
        body: ZSiteUpdate,
        response: { 200: ZSiteDetail },
      }),
      ...staffRoute('admin', 'sites.update', (req) => `site:${String((req.params as { domain?: unknown }).domain ?? '').trim()}`),
    },
    async (req) => {
      const domain = req.params.domain;
      await staffAction(req, { role: 'admin', action: 'sites.update', target: `site:${domain}` }, async (tx) => {
        const body = req.body;
        const changed = await updateSiteSettings(tx, domain, body.settings, req.lang);
        return { result: changed.settings, before: changed.before, after: changed.after };
      });
      // committed: this instance forgets at once; the trigger's NOTIFY tells the others
      app.sites.invalidate();
      return siteDetail(app.db, domain);
    },
  );
}
