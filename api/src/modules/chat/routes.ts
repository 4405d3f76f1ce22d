/**
 * Routes of the chat capability: chats.php, chat.php, messages.php, message.php,
 * typing.php, gifts.php, the gift pictures /static/gifts/<id>.svg and the WebSocket /api/ws.
 * Handlers are thin: validation by the zod schemas of shared-kit/contracts, work in conversations.ts, history.ts and send.ts,
 * live delivery in live.ts and the hub (platform/realtime/hub.ts, app.realtime).
 */
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GIFT_IDS,
  ZDeleteChatRequest,
  ZDeleteMessageRequest,
  ZDeleteMessageResponse,
  ZGiftsResponse,
  ZMessagesQuery,
  ZMessagesResponse,
  ZOk,
  ZReadRequest,
  ZReadResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZTypingRequest,
  ZWsClientFrame,
  ZWsQuery,
  ZChatsResponse,
} from '@dating/shared-kit/contracts';
import { hasStaffRole } from '@dating/shared-kit/contracts';
import type { GiftId } from '@dating/shared-kit/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { uploadError } from '../../platform/images';
import { changeCredits } from '../../platform/credits';
import { t } from '../../i18n';
import { requireUser } from '../../platform/session';
import { onMemberBlocked } from '../members';
import { isUnderReview } from '../reports';
import { GIFT_SVGS, giftCatalogue } from './gifts';
import type { Client } from '../../platform/realtime/hub';
import { liveMessages } from './live';
import { deleteChat, deleteConversationsBetween, listChats, seenConversation, typing } from './conversations';
import { history, markRead, unreadMessages } from './history';
import { historySince } from './message-view';
import { deleteMessage, sendMessage } from './send';
import type { SendInput } from './send';
import { chatpalNotice } from './wellbeing';
import { fromThisMachine } from '../../platform/local-peer';

/** Largest picture accepted in a chat (as for profile photos). */
export const MAX_CHAT_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest frame a browser may send on the socket (it only sends pings). */
const MAX_WS_FRAME_BYTES = 4096;
/** A socket that answers no ping for this long is dropped. */
const HEARTBEAT_MS = 30_000;

onMemberBlocked(deleteConversationsBetween);

/** The send's fields from a JSON body or a multipart form (text parts + the file part `image`). */
async function readSend(req: FastifyRequest): Promise<SendInput> {
  let fields: Record<string, unknown>;
  let image: Buffer | null = null;
  if (req.isMultipart()) {
    fields = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'image' || image) throw new AppError('image_invalid', { status: 400, field: 'image' });
          image = await part.toBuffer();
        } else fields[part.fieldname] = part.value;
      }
    } catch (error) {
      throw uploadError(error, 'image');
    }
  } else {
    fields = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  }
  const parsed = ZSendMessageRequest.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'body');
    if (field === 'client_id') throw new AppError('client_id_invalid', { status: 400, field });
    if (field === 'type') throw new AppError('message_type_invalid', { status: 400, field });
    if (field === 'gift') throw new AppError('gift_unknown', { status: 400, field });
    if (field === 'body') throw new AppError('message_empty', { status: 400, field });
    throw new AppError('validation', { status: 400, field, params: { field } });
  }
  return { ...parsed.data, image };
}

/** The request's own host (as app.ts checks the Origin of state-changing calls). */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host.toLowerCase() === (req.host || req.headers.host || '').toLowerCase();
  } catch {
    return false;
  }
}

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_CHAT_IMAGE_BYTES, files: 1, fields: 8, parts: 9 } });
  }
  await app.register(websocket, { options: { maxPayload: MAX_WS_FRAME_BYTES } });
  const settings = (req: FastifyRequest) => req.site.settings;

  app.get('/api/chats.php', { schema: { tags: ['chat'], response: { 200: ZChatsResponse } } }, async (req) => {
    const user = requireUser(req);
    // from the answer cache (platform/answer-cache.ts): a message, a read marker, a deleted chat
    // or a change to any member in the list forgets it on every instance
    return app.answers.read(
      `chats:${req.site.id}:${user.id}`,
      (r) => [user.id, ...r.chats.map((c) => c.profile.id)],
      () => listChats(app.db, user, settings(req)),
    );
  });

  app.delete('/api/chat.php', { schema: { tags: ['chat'], body: ZDeleteChatRequest, response: { 200: ZOk } } }, async (req) => {
    const user = requireUser(req);
    await deleteChat(app.db, user, req.body.conversation);
    return { ok: true as const };
  });

  app.get(
    '/api/messages.php',
    { config: { writes: true }, schema: { tags: ['chat'], querystring: ZMessagesQuery, response: { 200: ZMessagesResponse } } },
    async (req) => {
      const user = requireUser(req);
      return history(app.db, user, req.query, settings(req));
    },
  );

  // a send changes the sender's users row only by the debit: their cached session stays (keepsSession)
  app.post(
    '/api/messages.php',
    { config: { keepsSession: true }, schema: { tags: ['chat'], response: { 200: ZSendMessageResponse } } },
    async (req) => {
      const user = requireUser(req);
      const input = await readSend(req);
      // the scam guard (issue 26): a member under review after reports has their new conversations held
      const site = settings(req);
      const { message, credits, created, toChatpal, row } = await sendMessage(app.db, app.storage, user, input, site, {
        underReview: (id) => isUnderReview(app.db, id, site),
      });
      // the frames to this instance's sockets (the sender's other tabs, a recipient connected here) from the row in hand
      // (not a held one: its 'm' notification is read back as usual, so that the release's 'm' for the same id is not taken as this one's)
      if (row && !row.held) liveMessages(app).deliverOwn(row, user.emailConfirmed);
      if (row) app.metrics.messagesStored.inc({ paid: String(row.credits > 0) });
      // the vulnerable-user warning (wellbeing.ts): once a day, in the answer that crossed the line
      const notice = created && toChatpal ? await chatpalNotice(app.db, user.id, settings(req), req.lang) : null;
      // the recipient's push and mail: the message notifier (notifications/message-notifier.ts) reads it from the messages table
      return { message, credits, ...(notice ? { notice } : {}) };
    },
  );

  app.put('/api/messages.php', { schema: { tags: ['chat'], body: ZReadRequest, response: { 200: ZReadResponse } } }, async (req) => {
    const user = requireUser(req);
    const conv = await seenConversation(app.db, user.id, req.body.conversation);
    const readUpTo = await markRead(app.db, user.id, conv, req.body.up_to);
    return { ok: true as const, read_up_to: readUpTo, unread_messages: await unreadMessages(app.db, user.id, settings(req)) };
  });

  app.delete(
    '/api/message.php',
    { schema: { tags: ['chat'], body: ZDeleteMessageRequest, response: { 200: ZDeleteMessageResponse } } },
    async (req) => {
      const user = requireUser(req);
      return { ok: true as const, message: await deleteMessage(app.db, app.storage, user, req.body.id, settings(req).cdn_prefix) };
    },
  );

  app.post('/api/typing.php', { schema: { tags: ['chat'], body: ZTypingRequest, response: { 200: ZOk } } }, async (req) => {
    const user = requireUser(req);
    await typing(app.db, user, req.body);
    return { ok: true as const };
  });

  app.get('/api/gifts.php', { config: { session: false }, schema: { tags: ['chat'], response: { 200: ZGiftsResponse } } }, async (req) => ({
    gifts: giftCatalogue(settings(req), req.lang),
  }));

  app.get('/static/gifts/:file', { schema: { hide: true, params: z.object({ file: z.string() }) } }, async (req, reply) => {
    const id = req.params.file.replace(/\.svg$/, '');
    if (!(GIFT_IDS as readonly string[]).includes(id) || !req.params.file.endsWith('.svg'))
      throw new AppError('not_found', { status: 404 });
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(GIFT_SVGS[id as GiftId]);
  });

  /*
   * ---------- developer tool (browser tests): set a member's balance / premium ----------
   * Never in production, and only for a caller on this machine (the connection's own address,
   * not a forwarded one): a development server reachable from outside does not hand out credits.
   */
  if (app.config.NODE_ENV !== 'production') {
    const ZDevMember = z.object({
      email: z.string().min(3),
      credits: z.number().int().min(0).max(1_000_000).optional(),
      paid_user: z.boolean().optional(),
    });
    app.post('/dev/member.php', { schema: { hide: true, body: ZDevMember } }, async (req) => {
      if (!fromThisMachine(req)) throw new AppError('not_found', { status: 404 });
      const { email, credits, paid_user } = req.body;
      return app.withTx(async (tx) => {
        const [row] = await tx
          .select({ id: users.id, credits: users.credits })
          .from(users)
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
          .limit(1);
        if (!row) throw new AppError('not_found', { status: 404 });
        if (credits != null && credits !== row.credits) await changeCredits(tx, row.id, credits - row.credits, 'admin', 'dev');
        if (paid_user != null) await tx.update(users).set({ paidUser: paid_user }).where(eq(users.id, row.id));
        const [after] = await tx.select({ credits: users.credits, paid_user: users.paidUser }).from(users).where(eq(users.id, row.id));
        return { ok: true as const, id: row.id, ...after };
      });
    });
  }

  /* ---------- WebSocket ---------- */
  app.get(
    '/api/ws',
    {
      websocket: true,
      // refused before the upgrade (a plain HTTP 403): visitors and other sites' pages
      preValidation: async (req) => {
        // a socket stays open for hours: it must not hold an admission slot (app.ts)
        req.releaseAdmission?.();
        req.releaseAdmission = null;
        if (!sameOrigin(req)) throw new AppError('origin_mismatch', { status: 403 });
        requireUser(req);
      },
    },
    (socket, req) => {
      const user = req.user;
      if (!user) {
        socket.close(1008, 'authentication required');
        return;
      }
      const site = req.site.settings;
      const lang = req.lang;
      const query = ZWsQuery.safeParse(req.query ?? {});
      const client: Client = {
        socket,
        userId: user.id,
        cdnPrefix: site.cdn_prefix,
        operator: user.isStaff && hasStaffRole(user.staffRoles, 'operator'),
        since: () => historySince(site),
        held: null,
        replayed: new Set(),
      };
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      socket.on('close', () => {
        clearInterval(heartbeat);
        app.realtime.remove(client);
      });
      socket.on('error', () => socket.terminate());
      socket.on('message', (data, isBinary) => {
        let frame: unknown;
        try {
          if (isBinary) throw new Error('binary');
          frame = JSON.parse(String(data));
        } catch {
          socket.close(1003, 'invalid frame');
          return;
        }
        if (ZWsClientFrame.safeParse(frame).success) app.realtime.send(client, { type: 'pong' });
        else app.realtime.send(client, { type: 'error', error: 'ws_frame_invalid', message: t('ws_frame_invalid', lang) });
      });
      if (!query.success) {
        app.realtime.send(client, { type: 'error', error: 'validation', message: t('validation', lang, { field: 'last_id' }) });
        socket.close(1008, 'invalid last_id');
        return;
      }
      void app.realtime.add(client, query.data.last_id);
    },
  );
};

export default chatRoutes;
