/**
 * The back office's own calls (issue 15). The staff pages of each area call the owning module's
 * `/api/backoffice/<area>/*` routes; this file holds what belongs to no area: the audit log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditPage, ZAuditQuery } from '@dating/shared-kit/contracts';
import { readAudit, requireRole } from './access';

const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/backoffice/audit',
    {
      schema: {
        summary: 'Admin: the audit log of staff actions, newest first',
        tags: ['backoffice'],
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (req) => {
      requireRole(req, 'admin');
      return readAudit(app.db, req.query);
    },
  );
};

export default backofficeRoutes;
