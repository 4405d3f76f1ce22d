/**
 * Complaints: POST /api/complaints.php (the `/complaints` form, anyone; rate-limited like the other
 * calls that lead to a mail), GET /api/backoffice/complaints (moderator: the queue) and
 * POST /api/backoffice/complaints/:id/handle (moderator: handled with a note, the complainant mailed).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ZComplaint,
  ZComplaintCreated,
  ZComplaintHandle,
  ZComplaintIdParams,
  ZComplaintPage,
  ZComplaintQuery,
  ZComplaintRequest,
} from '@dating/shared-kit/contracts';
import { createMailer, deliverMails, senderFor } from '../../platform/mail';
import { emptyBodyAsObject } from '../../platform/route-guards';
import { staffAction, staffRoute } from '../backoffice';
import { createComplaint, handleComplaint, listComplaints } from './service';

// staffRoute checks the role before the schemas run: a staff member's bad input is refused after
// the role check and audited under the action's own name
const docs = <
  P extends { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; response?: Record<number, z.core.$ZodType> },
>(
  summary: string,
  parts: P,
) => ({ schema: { tags: ['complaints'], summary, ...parts } });

const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  emptyBodyAsObject(app);
  const mailer = createMailer(app.config.SMTP_URL);
  app.addHook('onClose', async () => mailer.close());

  app.post(
    '/api/complaints.php',
    {
      ...docs('Send a complaint (the /complaints form)', { body: ZComplaintRequest, response: { 201: ZComplaintCreated } }),
      config: app.limit('mail'),
    },
    async (req, reply) => {
      const made = await createComplaint(app.db, { ...req.body, siteId: req.site.id, userId: req.user?.id ?? null, lang: req.lang });
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/api/backoffice/complaints',
    {
      ...docs('Moderator: the complaints queue (open first, oldest first; q, status, page)', {
        querystring: ZComplaintQuery,
        response: { 200: ZComplaintPage },
      }),
      ...staffRoute('moderator'),
    },
    async (req) => listComplaints(app.db, req.query),
  );

  app.post(
    '/api/backoffice/complaints/:id/handle',
    {
      ...docs('Moderator: mark a complaint handled with a note; the complainant gets a mail in the page language', {
        params: ZComplaintIdParams,
        body: ZComplaintHandle,
        response: { 200: ZComplaint },
      }),
      ...staffRoute('moderator', 'complaints.handle', (req) => `complaint:${(req.params as { id?: string }).id ?? ''}`),
    },
    async (req) => {
      const { id } = req.params;
      const done = await staffAction(
        req,
        { role: 'moderator', action: 'complaints.handle', target: `complaint:${id}` },
        async (tx, staff) => {
          const { note } = req.body;
          const handled = await handleComplaint(tx, id, note, staff, app.config);
          return {
            result: handled,
            before: { status: 'open' },
            after: { status: 'handled', note: handled.complaint.note, mail_to: handled.complaint.email },
          };
        },
      );
      // committed: send it (SMTP) or mark it delivered to the dev outbox; a failure is retried by the mail job
      const result = await deliverMails(app.db, mailer, [done.mailId], () => senderFor(app.config.MAIL_FROM, done.siteName));
      if (result.failed) req.log.warn({ failed: result.failed }, 'complaint mail delivery failed');
      return done.complaint;
    },
  );
};

export default complaintsRoutes;
