/**
 * The operator console's calls (issue 15, role `operator`; docs/backoffice-operator.md). One hook
 * checks the role for every call here (after the input is validated, as each handler did before);
 * every write is a staffAction: the change and its audit row in one transaction; a refusal (403,
 * 409 claimed, 409 disclosure_required, 404, 400) rolls everything back and is audited as refused
 * by the back office's onError hook.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZOperatorClaimResponse,
  ZOperatorConversation,
  ZOperatorConversationQuery,
  ZOperatorConversationRef,
  ZOperatorDiscloseRequest,
  ZOperatorInbox,
  ZOperatorInboxQuery,
  ZOperatorReplyRequest,
  ZOperatorSendResponse,
  ZRowId,
} from '@dating/shared-kit/contracts';
import { requireUser } from '../../platform/session';
import { requireRole, staffAction } from '../backoffice';
import { claimConversation, releaseConversation, sendAsChatpal } from './operator';
import { readConversation, readInbox } from './operator-inbox';

const tags = ['backoffice'];

/** A write of the console: an operator's staff action on the conversation its body names. */
function operatorAction<T>(
  req: FastifyRequest & { body: { conversation: number } },
  action: string,
  run: Parameters<typeof staffAction<T>>[2],
): Promise<T> {
  return staffAction(req, { role: 'operator', action: `operator.${action}`, target: `conversation:${req.body.conversation}` }, run);
}

const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (req) => {
    requireRole(req, 'operator');
  });

  app.get(
    '/api/backoffice/operator/inbox',
    {
      schema: {
        summary: 'Operator: conversations with chatpals, oldest unanswered first',
        tags,
        querystring: ZOperatorInboxQuery,
        response: { 200: ZOperatorInbox },
      },
    },
    async (req) => {
      const staff = requireUser(req);
      return readInbox(app.db, staff.id, req.query, req.site.settings.cdn_prefix);
    },
  );

  app.get(
    '/api/backoffice/operator/conversations/:id',
    {
      schema: {
        summary: 'Operator: one chatpal conversation, both profiles, history',
        tags,
        params: z.object({ id: ZRowId }),
        querystring: ZOperatorConversationQuery,
        response: { 200: ZOperatorConversation },
      },
    },
    async (req) => {
      const staff = requireUser(req);
      return readConversation(app.db, staff.id, req.params.id, req.query.before, req.site.settings);
    },
  );

  app.post(
    '/api/backoffice/operator/claim',
    {
      schema: {
        summary: 'Operator: claim a conversation (lapses after 5 minutes idle)',
        tags,
        body: ZOperatorConversationRef,
        response: { 200: ZOperatorClaimResponse },
      },
    },
    async (req) =>
      operatorAction(req, 'claim', async (tx, staff) => {
        const { before, claim } = await claimConversation(tx, staff, req.body.conversation);
        return { result: { claim }, before: { claim: before }, after: { claim } };
      }),
  );

  app.post(
    '/api/backoffice/operator/release',
    {
      schema: {
        summary: 'Operator: give a claimed conversation back',
        tags,
        body: ZOperatorConversationRef,
        response: { 200: ZOperatorClaimResponse },
      },
    },
    async (req) =>
      operatorAction(req, 'release', async (tx, staff) => {
        const { before } = await releaseConversation(tx, staff, req.body.conversation);
        return { result: { claim: null }, before: { claim: before }, after: { claim: null } };
      }),
  );

  app.post(
    '/api/backoffice/operator/reply',
    { schema: { summary: 'Operator: reply as the chatpal', tags, body: ZOperatorReplyRequest, response: { 200: ZOperatorSendResponse } } },
    async (req) =>
      operatorAction(req, 'reply', async (tx, staff) => {
        const done = await sendAsChatpal(tx, staff, { ...req.body, disclosure: false }, req.site.settings);
        return { result: { message: done.message, claim: done.claim }, before: done.before, after: done.after };
      }),
  );

  app.post(
    '/api/backoffice/operator/disclose',
    {
      schema: {
        summary: "Operator: send the site's disclosure (this profile is fictional)",
        tags,
        body: ZOperatorDiscloseRequest,
        response: { 200: ZOperatorSendResponse },
      },
    },
    async (req) =>
      operatorAction(req, 'disclose', async (tx, staff) => {
        const done = await sendAsChatpal(tx, staff, { ...req.body, disclosure: true }, req.site.settings);
        return { result: { message: done.message, claim: done.claim }, before: done.before, after: done.after };
      }),
  );
};

export default operatorRoutes;
