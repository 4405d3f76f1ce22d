/**
 * The operator console's calls (issue 15, role `operator`; docs/backoffice-operator.md). Reads check
 * the role (requireRole); every write is a staffAction: role check, the change and its audit row in
 * one transaction; a refusal (409 claimed, 409 disclosure_required, 404, 400) rolls everything back
 * and is audited as refused by the back office's onError hook.
 */
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
import { requireRole, staffAction } from '../backoffice';
import { claimConversation, releaseConversation, sendAsChatpal } from './operator';
import { readConversation, readInbox } from './operator-inbox';

const tags = ['backoffice'];

const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const staff = requireRole(req, 'operator');
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
      const staff = requireRole(req, 'operator');
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
      staffAction(
        req,
        { role: 'operator', action: 'operator.claim', target: `conversation:${req.body.conversation}` },
        async (tx, staff) => {
          const { before, claim } = await claimConversation(tx, staff, req.body.conversation);
          return { result: { claim }, before: { claim: before }, after: { claim } };
        },
      ),
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
      staffAction(
        req,
        { role: 'operator', action: 'operator.release', target: `conversation:${req.body.conversation}` },
        async (tx, staff) => {
          const { before } = await releaseConversation(tx, staff, req.body.conversation);
          return { result: { claim: null }, before: { claim: before }, after: { claim: null } };
        },
      ),
  );

  app.post(
    '/api/backoffice/operator/reply',
    { schema: { summary: 'Operator: reply as the chatpal', tags, body: ZOperatorReplyRequest, response: { 200: ZOperatorSendResponse } } },
    async (req) =>
      staffAction(
        req,
        { role: 'operator', action: 'operator.reply', target: `conversation:${req.body.conversation}` },
        async (tx, staff) => {
          const done = await sendAsChatpal(tx, staff, { ...req.body, disclosure: false }, req.site.settings);
          return { result: { message: done.message, claim: done.claim }, before: done.before, after: done.after };
        },
      ),
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
      staffAction(
        req,
        { role: 'operator', action: 'operator.disclose', target: `conversation:${req.body.conversation}` },
        async (tx, staff) => {
          const done = await sendAsChatpal(tx, staff, { ...req.body, disclosure: true }, req.site.settings);
          return { result: { message: done.message, claim: done.claim }, before: done.before, after: done.after };
        },
      ),
  );
};

export default operatorRoutes;
