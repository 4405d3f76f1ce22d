/**
 * Verified photos (issue 26 part 2; the rules are in verification.ts).
 *
 *   GET  /api/verification.php                            member: state and the pose to take now
 *   POST /api/verification.php  multipart: selfie, pose   member: 201 pending
 *   GET  /api/backoffice/verifications?page               moderator: the queue, oldest first
 *   GET  /api/backoffice/verifications/:id/selfie         moderator: the selfie (never cached)
 *   POST /api/backoffice/verifications/:id/decide         moderator: {approve, reason?}; audited
 */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMemberIdQuery,
  ZVerificationDecide,
  ZVerificationDecision,
  ZVerificationQueue,
  ZVerificationQueueQuery,
  ZVerificationState,
} from '@dating/shared-kit/contracts';
import { AppError } from '../../errors';
import { outsideAdmission } from '../../platform/admission';
import { uploadError } from '../../platform/images';
import { requireUser } from '../../platform/session';
import { createStorage } from '../../platform/storage';
import { requireRole, staffAction } from '../backoffice';
import {
  decideVerification,
  requestVerification,
  scheduleSelfieDeletion,
  selfieOf,
  verificationQueue,
  verificationState,
} from './verification';

const docs = <S extends object>(tags: string, summary: string, schema: S) => ({ schema: { summary, tags: [tags], ...schema } });
const ZAnyParams = z.object({ id: z.string() });

function idParam(req: FastifyRequest): number {
  const parsed = ZMemberIdQuery.safeParse(req.params);
  if (!parsed.success) throw new AppError('verification_not_found', { status: 404, field: 'id' });
  return parsed.data.id;
}
const rawId = (req: FastifyRequest) => String((req.params as { id?: unknown }).id ?? '').slice(0, 20);

const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // the selfies' own store, apart from the public photos' (/uploads/ never reads it)
  const selfies = createStorage(path.join(app.config.DATA_DIR_ABS, 'verification'));
  await scheduleSelfieDeletion(app, selfies);

  app.get(
    '/api/verification.php',
    {
      config: { writes: true },
      ...docs('members', 'My verification: status, the pose to take, a rejection reason', { response: { 200: ZVerificationState } }),
    },
    async (req) => {
      const user = requireUser(req);
      return verificationState(app.db, user);
    },
  );

  app.post(
    '/api/verification.php',
    docs('members', 'Ask to be verified: a selfie taken now in the pose given (multipart: selfie, pose)', {
      response: { 201: ZVerificationState },
    }),
    async (req, reply) => {
      const user = requireUser(req);
      if (!req.isMultipart()) throw new AppError('selfie_missing', { status: 400, field: 'selfie' });
      let data: Buffer | null = null;
      let filename: string | undefined;
      let pose: unknown;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'selfie' && data === null) {
              filename = part.filename;
              data = await part.toBuffer();
            } else {
              await part.toBuffer();
            }
          } else if (part.fieldname === 'pose') {
            pose = part.value;
          }
        }
      } catch (error) {
        throw uploadError(error, 'selfie');
      }
      const state = await requestVerification(app.db, selfies, user, { data, filename, pose }, (work) => outsideAdmission(req, work));
      return reply.status(201).send(state);
    },
  );

  app.get(
    '/api/backoffice/verifications',
    docs('backoffice', 'Moderator: pending verification requests, oldest first', {
      querystring: ZVerificationQueueQuery,
      response: { 200: ZVerificationQueue },
    }),
    async (req) => {
      requireRole(req, 'moderator');
      return verificationQueue(app.db, req.query.page, req.site.settings.cdn_prefix);
    },
  );

  app.get('/api/backoffice/verifications/:id/selfie', { schema: { hide: true, params: ZAnyParams } }, async (req, reply) => {
    requireRole(req, 'moderator');
    const data = await selfies.get(await selfieOf(app.db, idParam(req)));
    if (!data) throw new AppError('verification_not_found', { status: 404, field: 'id' });
    return reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type('image/jpeg').send(data);
  });

  app.post(
    '/api/backoffice/verifications/:id/decide',
    docs('backoffice', 'Moderator: approve a selfie, or reject it with a reason (409 when already decided)', {
      params: ZAnyParams,
      body: z.unknown().optional(),
      response: { 200: ZVerificationDecision },
    }),
    async (req) =>
      staffAction(req, { role: 'moderator', action: 'verifications.decide', target: `verification:${rawId(req)}` }, async (tx, staff) => {
        const id = idParam(req);
        const body = ZVerificationDecide.safeParse(req.body ?? {});
        if (!body.success) {
          const field = String(body.error.issues[0]?.path[0] ?? 'approve');
          throw new AppError('validation', { status: 400, field, params: { field } });
        }
        const done = await decideVerification(tx, staff, id, body.data.approve, body.data.reason);
        return { result: done.result, before: done.before, after: done.after };
      }),
  );
};

export default verificationRoutes;
