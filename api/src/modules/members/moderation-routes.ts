/**
 * The moderators' calls (issue 15; mf-members' staff pages /backoffice/photos, /members, /bans).
 * Reads check the role (requireRole); every write is a staffAction: role check, the change and
 * its audit row (before/after) in one transaction. Input is parsed inside the action, so a
 * refusal (bad id, missing reason) is audited under the action's own name with nothing changed.
 *
 *   GET  /api/backoffice/photos?page            pending photos, oldest first (ZPendingPhotos)
 *   POST /api/backoffice/photos/:id/approve     -> ZPhotoModerationResult
 *   POST /api/backoffice/photos/:id/reject      {reason} (PHOTO_REJECT_REASONS)
 *   GET  /api/backoffice/members?q&page         by e-mail, name or id (ZStaffMemberList)
 *   GET  /api/backoffice/members/:id            profile, photos, reports, ban (ZStaffMemberDetail)
 *   POST /api/backoffice/members/:id/ban        {reason (BAN_REASONS), note?} -> ZBanResult
 *   POST /api/backoffice/members/:id/unban      -> ZBanResult
 *   GET  /api/backoffice/bans?page              banned members, newest ban first (ZBanList)
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BAN_NOTE_MAX,
  ZBanList,
  ZBanRequest,
  ZBanResult,
  ZMemberIdQuery,
  ZPageQuery,
  ZPendingPhotos,
  ZPhotoModerationResult,
  ZPhotoRejectRequest,
  ZStaffMemberDetail,
  ZStaffMemberList,
  ZStaffMemberQuery,
} from '@dating/shared-kit/contracts';
import { AppError } from '../../errors';
import { requireRole, staffAction } from '../backoffice';
import { banMember, findMembers, listBans, memberDetail, unbanMember } from './bans';
import { moderatePhoto, pendingPhotos } from './moderation';

const cdn = (req: FastifyRequest) => req.site.settings.cdn_prefix;
const docs = <S extends object>(summary: string, schema: S) => ({ schema: { summary, tags: ['backoffice'], ...schema } });
/** params and bodies are parsed inside the action (see the top of the file): any shape gets there */
const ZAnyParams = z.object({ id: z.string() });
const ZAnyBody = z.unknown();

/** The `:id` of the path; a 404 for an id that cannot exist (the same answer as an unknown one). */
function idParam(req: FastifyRequest, notFound: 'photo_not_found' | 'member_not_found'): number {
  const parsed = ZMemberIdQuery.safeParse(req.params);
  if (!parsed.success) throw new AppError(notFound, { status: 404, field: 'id' });
  return parsed.data.id;
}
const rawId = (req: FastifyRequest) => String((req.params as { id?: unknown }).id ?? '').slice(0, 20);

const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  /* ---------- photos ---------- */
  app.get(
    '/api/backoffice/photos',
    docs('Moderator: pending photos, oldest first', { querystring: ZPageQuery, response: { 200: ZPendingPhotos } }),
    async (req) => {
      requireRole(req, 'moderator');
      return pendingPhotos(app.db, cdn(req), req.query.page);
    },
  );
  app.post(
    '/api/backoffice/photos/:id/approve',
    docs('Moderator: approve a pending photo (409 when it was already reviewed)', {
      params: ZAnyParams,
      body: ZAnyBody.optional(),
      response: { 200: ZPhotoModerationResult },
    }),
    async (req) =>
      staffAction(req, { role: 'moderator', action: 'photos.approve', target: `photo:${rawId(req)}` }, async (tx) => {
        const done = await moderatePhoto(tx, idParam(req, 'photo_not_found'), null);
        return { result: done.result, before: done.before, after: done.after };
      }),
  );
  app.post(
    '/api/backoffice/photos/:id/reject',
    docs('Moderator: reject a pending or approved photo with a reason', {
      params: ZAnyParams,
      body: ZAnyBody.optional(),
      response: { 200: ZPhotoModerationResult },
    }),
    async (req) =>
      staffAction(req, { role: 'moderator', action: 'photos.reject', target: `photo:${rawId(req)}` }, async (tx) => {
        const id = idParam(req, 'photo_not_found');
        const body = ZPhotoRejectRequest.safeParse(req.body ?? {});
        if (!body.success) throw new AppError('reject_reason_required', { status: 400, field: 'reason' });
        const done = await moderatePhoto(tx, id, body.data.reason);
        return { result: done.result, before: done.before, after: done.after };
      }),
  );

  /* ---------- members ---------- */
  app.get(
    '/api/backoffice/members',
    docs('Moderator: find members by e-mail, name or id', { querystring: ZStaffMemberQuery, response: { 200: ZStaffMemberList } }),
    async (req) => {
      requireRole(req, 'moderator');
      return findMembers(app.db, req.query.q, req.query.page, cdn(req));
    },
  );
  app.get(
    '/api/backoffice/members/:id',
    docs('Moderator: one member with photos, reports and ban', { params: ZAnyParams, response: { 200: ZStaffMemberDetail } }),
    async (req) => {
      requireRole(req, 'moderator');
      return memberDetail(app.db, idParam(req, 'member_not_found'), cdn(req));
    },
  );
  app.post(
    '/api/backoffice/members/:id/ban',
    docs('Moderator: ban a member (logged out everywhere at once)', {
      params: ZAnyParams,
      body: ZAnyBody.optional(),
      response: { 200: ZBanResult },
    }),
    async (req) =>
      staffAction(req, { role: 'moderator', action: 'members.ban', target: `user:${rawId(req)}` }, async (tx, staff) => {
        const id = idParam(req, 'member_not_found');
        const body = ZBanRequest.safeParse(req.body ?? {});
        if (!body.success) throw new AppError('ban_reason_required', { status: 400, field: 'reason', params: { max: BAN_NOTE_MAX } });
        const done = await banMember(tx, staff, id, body.data.reason, body.data.note || null);
        return { result: { ok: true as const, id, status: done.status, ban: done.ban }, before: done.before, after: done.after };
      }),
  );
  app.post(
    '/api/backoffice/members/:id/unban',
    docs('Moderator: lift a ban', { params: ZAnyParams, body: ZAnyBody.optional(), response: { 200: ZBanResult } }),
    async (req) =>
      staffAction(req, { role: 'moderator', action: 'members.unban', target: `user:${rawId(req)}` }, async (tx) => {
        const done = await unbanMember(tx, idParam(req, 'member_not_found'));
        return { result: { ok: true as const, id: done.id, status: done.status, ban: null }, before: done.before, after: done.after };
      }),
  );

  /* ---------- bans ---------- */
  app.get(
    '/api/backoffice/bans',
    docs('Moderator: banned members, newest ban first', { querystring: ZPageQuery, response: { 200: ZBanList } }),
    async (req) => {
      requireRole(req, 'moderator');
      return listBans(app.db, req.query.page);
    },
  );
};

export default moderationRoutes;
