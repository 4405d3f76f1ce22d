/**
 * Held messages (issue 26 part 3): GET /api/backoffice/held-messages (moderator: the queue),
 * POST /api/backoffice/held-messages/:id/decide {release} (moderator: release or reject, audited;
 * two at once: one wins, 409 for the other), and the chat's safety tip for members:
 * GET /api/safety-tip.php (show it?), POST /api/safety-tip.php (dismissed, remembered).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZHeldDecide, ZHeldDecided, ZHeldIdParams, ZHeldPage, ZHeldQuery, ZSafetyTip } from '@dating/shared-kit/contracts';
import { requireUser } from '../../platform/session';
import { emptyBodyAsObject } from '../../platform/route-guards';
import { staffAction, staffRoute } from '../backoffice';
import { decideHeld, dismissSafetyTip, listHeld, safetyTipShown } from './held';

const docs = <
  P extends { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; response?: Record<number, z.core.$ZodType> },
>(
  summary: string,
  parts: P,
) => ({ schema: { tags: ['held-messages'], summary, ...parts } });

const heldRoutes: FastifyPluginAsyncZod = async (app) => {
  emptyBodyAsObject(app);
  app.get(
    '/api/backoffice/held-messages',
    {
      ...docs('Moderator: messages the scam guard held (pending oldest first; status, page)', {
        querystring: ZHeldQuery,
        response: { 200: ZHeldPage },
      }),
      ...staffRoute('moderator'),
    },
    async (req) => listHeld(app.db, req.query),
  );

  app.post(
    '/api/backoffice/held-messages/:id/decide',
    {
      ...docs('Moderator: release (delivered and charged now) or reject (a report of the sender) a held message', {
        params: ZHeldIdParams,
        body: ZHeldDecide,
        response: { 200: ZHeldDecided },
      }),
      ...staffRoute('moderator', 'held_messages.decide', (req) => `held_message:${(req.params as { id?: string }).id ?? ''}`),
    },
    async (req) => {
      const { id } = req.params;
      const held = await staffAction(
        req,
        { role: 'moderator', action: 'held_messages.decide', target: `held_message:${id}` },
        async (tx, staff) => {
          const { release } = req.body;
          const decided = await decideHeld(tx, id, release, staff);
          return {
            result: decided,
            target: `message:${decided.message_id}`,
            before: { status: 'pending', reason: decided.reason, sender: decided.sender.id },
            after: { status: decided.status, charged: decided.charged },
          };
        },
      );
      return { ok: true as const, held };
    },
  );

  app.get(
    '/api/safety-tip.php',
    { schema: { tags: ['chat'], summary: 'Member: show the chat safety tip?', response: { 200: ZSafetyTip } } },
    async (req) => {
      const user = requireUser(req);
      return { show: await safetyTipShown(app.db, user.id) };
    },
  );

  app.post(
    '/api/safety-tip.php',
    { schema: { tags: ['chat'], summary: 'Member: the chat safety tip was dismissed (not shown again)', response: { 200: ZSafetyTip } } },
    async (req) => {
      const user = requireUser(req);
      await dismissSafetyTip(app.db, user.id);
      return { show: false };
    },
  );
};

export default heldRoutes;
