/**
 * Reports (issue 26 part 1):
 *
 *   POST /api/report.php {profile, reason, message_ids?, note?, block?}   member -> 201 ZReportCreated
 *        409 report_exists (one open report per reporter and member), 429 after REPORTS_PER_HOUR
 *        reports of a member within an hour, 400 naming the field for bad input
 *   GET  /api/notices.php                        member: notices not shown yet (ZMemberNotices)
 *   POST /api/notices.php {ids}                  member: shown (each notice is shown once)
 *   GET  /api/backoffice/reports?status&q&page   moderator: the queue (ZReportPage)
 *   GET  /api/backoffice/reports/:id             moderator: one report with its evidence (ZReportDetail)
 *   GET  /api/backoffice/reports/:id/files/:file moderator: an evidence photo copy of that report
 *   POST /api/backoffice/reports/:id/resolve {action, note?, photo_id?}   moderator -> ZReportResolved;
 *        409 report_already_handled for the second of two moderators; audited (reports.resolve)
 */
import path from 'node:path';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMemberNotices,
  ZReportCreated,
  ZReportDetail,
  ZReportIdParams,
  ZReportPage,
  ZReportQuery,
  ZReportRequest,
  ZReportResolve,
  ZReportResolved,
} from '@dating/shared-kit/contracts';
import { AppError } from '../../errors';
import { createMailer, deliverMails, senderFor } from '../../platform/mail';
import { hit, rateLimited } from '../../platform/rate-limit';
import { requireUser } from '../../platform/session';
import { emptyBodyAsObject, membersOnly } from '../../platform/route-guards';
import { absentBodyAsObject, reportNoteRequired } from '../../platform/validation';
import { requireRole, staffAction, staffRoute } from '../backoffice';
import { blockMember } from '../members';
import { isEvidenceFile, listReports, markNoticesSeen, reportDetail, resolveReport, unseenNotices } from './moderation';
import { checkReportedMessages, copyEvidencePhotos, dropEvidencePhotos, fileReport } from './service';

/** Reports a member may file within an hour (refused reports do not count). */
export const REPORTS_PER_HOUR = 10;
const HOUR = 3_600_000;

const passThrough = () => (data: unknown) => ({ value: data });
const docs = (
  summary: string,
  parts: { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; response?: Record<number, z.core.$ZodType> },
  tags = ['reports'],
) => ({
  schema: { tags, summary, ...parts },
  validatorCompiler: passThrough,
});
/** A route whose schemas are checked before the handler runs (a failure is the translated 400). */
const checked = <
  P extends { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; response?: Record<number, z.core.$ZodType> },
>(
  summary: string,
  parts: P,
  tags = ['reports'],
) => ({ schema: { tags, summary, ...parts } });
const ZNoticesSeen = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(50) }).strict();
const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer(app.config.SMTP_URL);
  app.addHook('onClose', async () => mailer.close());
  emptyBodyAsObject(app);

  app.post(
    '/api/report.php',
    {
      ...checked('Report a member (201); one open report per member reported', { body: ZReportRequest, response: { 201: ZReportCreated } }),
      // a visitor's 403 first; a bad field is named by its top-level key (platform/validation.ts)
      preValidation: [membersOnly.preValidation, absentBodyAsObject],
      config: { validation: 'reports' as const },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const body = req.body;
      if (body.reason === 'other' && !body.note?.trim()) throw reportNoteRequired();
      if (body.profile === user.id) throw new AppError('validation', { status: 400, field: 'profile', messageCode: 'report_self' });
      await checkReportedMessages(app.db, user.id, body.profile, body.message_ids ?? []);
      // the photo files are copied first (outside the transaction): copies survive the member deleting them
      const copies = await copyEvidencePhotos(app.db, app.storage, body.profile);
      try {
        const made = await app.withTx(async (tx) => {
          const filed = await fileReport(
            tx,
            {
              reporterId: user.id,
              reportedId: body.profile,
              reason: body.reason,
              messageIds: body.message_ids,
              note: body.note,
              source: 'member',
            },
            { photos: copies },
          );
          // per member, in the transaction: a refused report (409, 404) does not count
          const { hits, resetAt } = await hit(tx, `report:${user.id}`, HOUR);
          if (hits > REPORTS_PER_HOUR) throw rateLimited(resetAt, new Date(), 'report_rate_limited');
          return filed;
        });
        if (body.block) await blockMember(app.db, user.id, body.profile);
        return reply.status(201).send({ id: made.id, status: 'open' as const, blocked: body.block === true });
      } catch (err) {
        await dropEvidencePhotos(app.storage, copies);
        throw err;
      }
    },
  );

  app.get(
    '/api/notices.php',
    docs('Member: notices not shown yet (a handled report, a warning)', { response: { 200: ZMemberNotices } }),
    async (req) => {
      const user = requireUser(req);
      return unseenNotices(app.db, user.id);
    },
  );
  app.post('/api/notices.php', { ...checked('Member: these notices were shown', { body: ZNoticesSeen }), ...membersOnly }, async (req) => {
    const user = requireUser(req);
    const { ids } = req.body;
    return { ok: true as const, seen: await markNoticesSeen(app.db, user.id, ids) };
  });

  app.get(
    '/api/backoffice/reports',
    {
      ...checked(
        'Moderator: the reports queue (open first, underage and scam first, then oldest)',
        { querystring: ZReportQuery, response: { 200: ZReportPage } },
        ['backoffice'],
      ),
      ...staffRoute('moderator'),
    },
    async (req) => listReports(app.db, req.query),
  );
  app.get(
    '/api/backoffice/reports/:id',
    docs('Moderator: one report with its evidence', { params: ZReportIdParams, response: { 200: ZReportDetail } }, ['backoffice']),
    async (req) => {
      requireRole(req, 'moderator');
      const parsed = ZReportIdParams.safeParse(req.params);
      if (!parsed.success) throw new AppError('report_not_found', { status: 404, field: 'id' });
      return reportDetail(app.db, parsed.data.id, req.site.settings.cdn_prefix);
    },
  );
  app.get(
    '/api/backoffice/reports/:id/files/:file',
    docs('Moderator: an evidence photo of a report', {}, ['backoffice']),
    async (req, reply) => {
      requireRole(req, 'moderator');
      const { id, file } = req.params as { id?: string; file?: string };
      const reportId = Number(id);
      const name = String(file ?? '');
      if (!Number.isInteger(reportId) || reportId <= 0 || reportId > 2_147_483_647 || !(await isEvidenceFile(app.db, reportId, name))) {
        throw new AppError('not_found', { status: 404 });
      }
      const bytes = await app.storage.get(name);
      if (!bytes) throw new AppError('not_found', { status: 404 });
      return reply
        .header('content-type', CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
  app.post(
    '/api/backoffice/reports/:id/resolve',
    {
      ...checked(
        'Moderator: resolve a report (dismiss with a note, warn, remove a photo or the text, ban); the reporter is told it was handled',
        { params: ZReportIdParams, body: ZReportResolve, response: { 200: ZReportResolved } },
        ['backoffice'],
      ),
      ...staffRoute('moderator', 'reports.resolve', (req) => `report:${String((req.params as { id?: unknown }).id ?? '').slice(0, 20)}`),
      // the id is checked in the handler (a bad one is the report's 404), the body by its schema
      validatorCompiler: (def: FastifyRouteSchemaDef<unknown>) =>
        def.httpPart === 'params' ? passThrough() : validatorCompiler(def as FastifyRouteSchemaDef<z.core.$ZodType>),
    },
    async (req) => {
      const raw = String((req.params as { id?: unknown }).id ?? '').slice(0, 20);
      const done = await staffAction(req, { role: 'moderator', action: 'reports.resolve', target: `report:${raw}` }, async (tx, staff) => {
        const parsed = ZReportIdParams.safeParse(req.params);
        if (!parsed.success) throw new AppError('report_not_found', { status: 404, field: 'id' });
        const body = req.body;
        const resolved = await resolveReport(tx, parsed.data.id, body, staff, app.config);
        return { result: resolved, before: resolved.before, after: resolved.after };
      });
      // committed: the removed photo's files go, the reporter's mail is sent (a failure is retried by the mail job)
      for (const name of done.removedFiles) await app.storage.remove(name).catch(() => undefined);
      if (done.mailId !== null) {
        const result = await deliverMails(app.db, mailer, [done.mailId], () => senderFor(app.config.MAIL_FROM, done.siteName ?? ''));
        if (result.failed) req.log.warn({ failed: result.failed }, 'report mail delivery failed');
      }
      return { ok: true as const, id: done.id, status: 'handled' as const, action: done.action };
    },
  );
};

export default reportsRoutes;
