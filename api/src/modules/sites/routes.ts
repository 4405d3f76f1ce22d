// Site settings and reference lists: /api/settings.php, interests.php, regions.php, companyinfo.php.
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCompanyInfoResponse,
  ZInterestsResponse,
  ZRegionsQuery,
  ZRegionsResponse,
  ZSettingsQuery,
  ZSettingsResponse,
  ZTranslatedQuery,
} from '@dating/shared-kit/contracts';
import { interests } from '../../db/schema';
import { AppError } from '../../errors';
import { cacheTranslated } from '../../platform/http-cache';
import { registerSiteAdmin } from './admin-routes';
import { regionLabel, regionsOf } from './regions';

const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings.php',
    // the site's settings are the same for everyone on the site: no session lookup (app.ts)
    { schema: { tags: ['sites'], querystring: ZSettingsQuery, response: { 200: ZSettingsResponse } }, config: { session: false } },
    // serialised once per site (SiteRegistry), not per request: a JSON string is sent as it is
    async (req, reply) => reply.type('application/json; charset=utf-8').send(req.site.settingsJson as never),
  );

  app.get(
    '/api/interests.php',
    { schema: { tags: ['sites'], querystring: ZTranslatedQuery, response: { 200: ZInterestsResponse } } },
    async (req, reply) => {
      const rows = await app.db.select().from(interests).orderBy(asc(interests.sort), asc(interests.slug));
      cacheTranslated(req, reply, 3600);
      return {
        interests: rows.map((r) => ({ slug: r.slug, label: r.labels[req.lang] ?? r.labels.nl ?? r.slug, labels: r.labels })),
      };
    },
  );

  app.get(
    '/api/regions.php',
    { schema: { tags: ['sites'], querystring: ZRegionsQuery, response: { 200: ZRegionsResponse } } },
    async (req, reply) => {
      const country = req.query.country.toUpperCase();
      const regions = regionsOf(country, req.lang);
      if (!regions) throw new AppError('unknown_country', { field: 'country' });
      const { kind, label } = regionLabel(country, req.lang);
      cacheTranslated(req, reply, 86400);
      return { country, kind, label, regions };
    },
  );

  app.get(
    '/api/companyinfo.php',
    { schema: { tags: ['sites'], response: { 200: ZCompanyInfoResponse } }, config: { session: false } },
    async (req) => ({ companyinfo: req.site.company }),
  );

  await registerSiteAdmin(app);
};

export default sitesRoutes;
