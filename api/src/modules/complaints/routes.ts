/**
 * Complaints: POST /api/complaints.php (the `/complaints` form, anyone; rate-limited like the other
 * calls that lead to a mail), GET /api/backoffice/complaints (moderator: the queue) and
 * POST /api/backoffice/complaints/:id/handle (moderator: handled with a note, the complainant mailed).
 */
import type { FastifyInstance } from 'fastify';
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
import { requireRole, staffAction } from '../backoffice';
import { parseInput } from '../payments/parse';
import { createComplaint, handleComplaint, listComplaints } from './service';

// inputs are checked in the handlers (parseInput): a staff member's bad input is refused after the
// role check and audited under the action's own name
const passThrough = () => (data: unknown) => ({ value: data });
const docs = (
  summary: string,
  parts: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType; response?: Record<number, z.ZodType> },
) => ({
  schema: { tags: ['complaints'], summary, ...parts },
  validatorCompiler: passThrough,
});

const complaintsRoutes: FastifyPluginAsyncZod = async (app: FastifyInstance) => {
  const mailer = createMailer(app.config.SMTP_URL);
  app.addHook('onClose', async () => mailer.close());

  app.post(
    '/api/complaints.php',
    {
      ...docs('Send a complaint (the /complaints form)', { body: ZComplaintRequest, response: { 201: ZComplaintCreated } }),
      config: app.limit('mail'),
    },
    async (req, reply) => {
      const body = parseInput(ZComplaintRequest, req.body);
      const made = await createComplaint(app.db, { ...body, siteId: req.site.id, userId: req.user?.id ?? null, lang: req.lang });
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/api/backoffice/complaints',
    docs('Moderator: the complaints queue (open first, oldest first; q, status, page)', {
      querystring: ZComplaintQuery,
      response: { 200: ZComplaintPage },
    }),
    async (req) => {
      requireRole(req, 'moderator');
      return listComplaints(app.db, parseInput(ZComplaintQuery, req.query));
    },
  );

  app.post(
    '/api/backoffice/complaints/:id/handle',
    docs('Moderator: mark a complaint handled with a note; the complainant gets a mail in the page language', {
      params: ZComplaintIdParams,
      body: ZComplaintHandle,
      response: { 200: ZComplaint },
    }),
    async (req) => {
      const raw = (req.params as { id?: string }).id;
      const done = await staffAction(
        req,
        { role: 'moderator', action: 'complaints.handle', target: `complaint:${raw ?? ''}` },
        async (tx, staff) => {
          const { id } = parseInput(ZComplaintIdParams, req.params);
          const { note } = parseInput(ZComplaintHandle, req.body);
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
