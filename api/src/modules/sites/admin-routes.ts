/**
 * The back office's site settings (admin): GET /api/backoffice/sites (domains, search, paging),
 * GET /api/backoffice/sites/:domain (settings + price list), PUT /api/backoffice/sites/:domain
 * (the whole settings, checked against ZSettings inside the audited action). After a change
 * commits, this instance drops its site cache at once and the database's notification tells
 * every other instance (service.ts), so the next page load of that domain has the new settings.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ZSiteDetail, ZSiteDomainParams, ZSiteList, ZSiteListQuery, ZSiteUpdate } from '@dating/shared-kit/contracts';
import { requireRole, staffAction } from '../backoffice';
import { parseInput } from '../payments/parse';
import { listSites, siteDetail, updateSiteSettings } from './admin';

// inputs are checked inside the handlers (parseInput), so a staff member's bad input is refused
// after the role check and audited under the action's own name
const passThrough = () => (data: unknown) => ({ value: data });
const docs = (
  summary: string,
  parts: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType; response?: Record<number, z.ZodType> },
) => ({
  schema: { tags: ['backoffice'], summary, ...parts },
  validatorCompiler: passThrough,
});

export async function registerSiteAdmin(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/backoffice/sites',
    docs('Admin: the domains (search q, paging)', { querystring: ZSiteListQuery, response: { 200: ZSiteList } }),
    async (req) => {
      requireRole(req, 'admin');
      return listSites(app.db, parseInput(ZSiteListQuery, req.query));
    },
  );

  app.get(
    '/api/backoffice/sites/:domain',
    docs("Admin: one domain's settings and the price list", { params: ZSiteDomainParams, response: { 200: ZSiteDetail } }),
    async (req) => {
      requireRole(req, 'admin');
      return siteDetail(app.db, parseInput(ZSiteDomainParams, req.params).domain);
    },
  );

  app.put(
    '/api/backoffice/sites/:domain',
    docs("Admin: change a domain's settings (every field of spec 3, checked against ZSettings)", {
      params: ZSiteDomainParams,
      body: ZSiteUpdate,
      response: { 200: ZSiteDetail },
    }),
    async (req) => {
      const domain = parseInput(ZSiteDomainParams, req.params).domain;
      await staffAction(req, { role: 'admin', action: 'sites.update', target: `site:${domain}` }, async (tx) => {
        const body = parseInput(ZSiteUpdate, req.body);
        const changed = await updateSiteSettings(tx, domain, body.settings, req.lang);
        return { result: changed.settings, before: changed.before, after: changed.after };
      });
      // committed: this instance forgets at once; the trigger's NOTIFY tells the others
      app.sites.invalidate();
      return siteDetail(app.db, domain);
    },
  );
}
