/**
 * Identity routes: login / current user / language / push (user.php), logout, signup,
 * activation, password reset, account changes, deletion and reactivation, export, mail events,
 * and the developer mailbox (/dev/mailbox).
 *
 * Bodies are checked by the shared contracts (shared-kit/contracts/identity.ts) declared on the
 * routes, before the handler; a failed rule answers the contract's own code and text in the
 * member's language (a 400 with `field` and `code`), exactly as the frontend shows it
 * (platform/validation.ts, style 'identity'). The two calls whose contract depends on the query
 * or the body (POST user.php, PUT account.php) check it in the handler with `parseWith`, which
 * answers the same. A refusal that does not depend on the body (a visitor's 403, the mail
 * provider's secret, a missing ?reactivate) comes first. */
import crypto from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ZAccountUpdateResponse,
  ZBanStatusResponse,
  ZChangeEmailRequest,
  ZDeleteAccountResponse,
  ZMaybeUserResponse,
  ZMailEventResponse,
  ZOk,
  ZUserResponse,
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZLanguageRequest,
  ZLoginRequest,
  ZMailChangeConfirm,
  ZMailEventRequest,
  ZPushSubscriptionRequest,
  ZReactivateRequest,
  ZResetPasswordDo,
  ZResetPasswordRequest,
  ZSignupRequest,
} from '@dating/shared-kit/contracts';
import { mailOutbox, users } from '../../db/schema';
import { AppError } from '../../errors';
import { createMailer } from '../../platform/mail';
import { listSms } from '../../platform/sms';
import { isBannedSession, requireUser, revokeSession } from '../../platform/session';
import { membersOnly } from '../../platform/route-guards';
import { parseWith, validationStyle } from '../../platform/validation';
import { exportAccount } from './export';
import { schedulePurge } from './purge';
import { loadUser, loadUserRow, UserJson } from './serialize-user';
import * as account from './account';
import type { Ctx } from './mail-queue';
import * as service from './service';
import { fromThisMachine } from '../../platform/local-peer';
import { addDisabledReason, saveSubscription } from '../notifications';

/** A route's schema: summary, request body (checked before the handler), answers (also checked). */
const docs = <B extends z.core.$ZodType>(summary: string, body?: B, response?: Record<number, z.core.$ZodType>) => ({
  // (typed as always there: the handler reads the checked body's type from it)
  schema: { tags: ['identity'], summary, ...(body ? { body } : {}), ...(response ? { response } : {}) } as {
    tags: string[];
    summary: string;
    body: B;
    response?: Record<number, z.core.$ZodType>;
  },
});

/**
 * The mail provider's call: `missing` without the header (401), `wrong` with another secret or
 * when the server has none configured (403), else `ok`.
 */
function mailEventsAccess(req: FastifyRequest, secret: string | undefined): 'ok' | 'missing' | 'wrong' {
  const given = req.headers['x-mail-events-secret'];
  if (typeof given !== 'string' || given === '') return 'missing';
  if (!secret) return 'wrong';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(secret).digest();
  return crypto.timingSafeEqual(a, b) ? 'ok' : 'wrong';
}

/**
 * The developer mailbox shows every mail with its links (a password reset among them), so it is
 * for staff, or for a request from this machine itself (platform/local-peer.ts).
 */
export function mayReadMailbox(req: FastifyRequest): boolean {
  return Boolean(req.user?.isStaff) || fromThisMachine(req);
}

const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  validationStyle(app, 'identity');
  const mailer = createMailer(app.config.SMTP_URL);
  app.addHook('onClose', async () => mailer.close());
  await schedulePurge(app, mailer);
  const ctx = (req: FastifyRequest, reply: FastifyReply): Ctx => ({ app, req, reply, mailer });

  // ---- user.php ------------------------------------------------------------------------------
  app.get(
    '/api/user.php',
    docs('Current user ({user: null} when logged out)', undefined, { 200: ZMaybeUserResponse }),
    async (req, reply) => {
      if (!req.user || req.user.status === 'deleted') return { user: null };
      // the member's answer comes from the answer cache (answer-cache.ts) as its checked JSON text
      // (serialize-user.ts UserJson): every write to the member's rows forgets it; the key names
      // what else it was built for (the site's look, the UTC day of the age); the time bonus is
      // computed here, on every request
      const id = req.user.id;
      const now = new Date();
      const { settings } = req.site;
      const key = `user:${req.site.id}:${id}:${now.toISOString().slice(0, 10)}:${settings.cdn_prefix}:${settings.fictional_icon}`;
      const text = await app.answers.read(
        key,
        () => [id],
        async () => {
          const row = await loadUserRow(app.db, id, req.site);
          return row ? UserJson.of(row, req.site, now) : null;
        },
      );
      if (!text) return { user: null };
      // (the text is the schema's shape; the type provider only knows the object form)
      return reply.type('application/json; charset=utf-8').send(text.answer(now) as never);
    },
  );

  // a banned member's browser may still log in as someone (else it stays stuck on the ban page)
  app.post(
    '/api/user.php',
    {
      ...docs('Log in ({email, password}; or, with ?push=1, store a Web Push subscription: {subscription})'),
      config: { bannedSession: true },
    },
    async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      if (query.push !== undefined) {
        const me = requireUser(req);
        const { subscription } = parseWith(req, ZPushSubscriptionRequest);
        await saveSubscription(app.db, me.id, subscription, app.config.PUSH_ALLOW_LOOPBACK);
        return { ok: true as const };
      }
      const { email, password } = parseWith(req, ZLoginRequest);
      return { user: await service.login(ctx(req, reply), email, password) };
    },
  );

  app.put(
    '/api/user.php',
    docs('Set the language (cookie 365 days; saved on the account)', ZLanguageRequest, { 200: ZMaybeUserResponse }),
    async (req, reply) => {
      const { language } = req.body;
      return { user: await service.setLanguage(ctx(req, reply), language) };
    },
  );

  app.get(
    '/api/logout.php',
    { ...docs('Log out: the session is revoked and the cookie cleared', undefined, { 200: ZOk }), config: { bannedSession: true } },
    async (req, reply) => {
      await revokeSession(req, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/ban.php',
    {
      ...docs("Whether this browser's session belongs to a banned member (for the ban page)", undefined, { 200: ZBanStatusResponse }),
      config: { session: false },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { banned: await isBannedSession(req) };
    },
  );

  app.post(
    '/api/page-hidden.php',
    // whatever the beacon carries is ignored (it has no body to check)
    docs('Beacon: the page became hidden; a logged-in member is marked last seen now'),
    async (req, reply) => {
      if (req.user) await req.server.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, req.user.id));
      return reply.status(204).send();
    },
  );

  // ---- signup / activation ---------------------------------------------------------------------
  app.post(
    '/api/signup.php',
    { ...docs('Create an account; logged in; activation mail sent', ZSignupRequest, { 201: ZUserResponse }), config: app.limit('signup') },
    async (req, reply) => {
      const user = await service.signup(ctx(req, reply), req.body);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/api/activate.php',
    { ...docs('Confirm the e-mail address from the mailed link; redirects'), config: { writes: true } },
    async (req, reply) => {
      const token = (req.query as Record<string, unknown>).token;
      const outcome =
        typeof token === 'string' && /^[A-Za-z0-9_-]{10,200}$/.test(token) ? await service.activate(ctx(req, reply), token) : 'invalid';
      if (outcome === 'confirmed') return reply.redirect('/activate/done', 302);
      // the page says which: a reused link of a confirmed member offers the way on, not a failure
      return reply.redirect(outcome === 'already_confirmed' ? '/activate/error?reason=already_confirmed' : '/activate/error', 302);
    },
  );

  app.post(
    '/api/activate.php',
    { ...docs('Send a new activation mail (rate-limited)', undefined, { 200: ZOk }), config: app.limit('mail') },
    async (req, reply) => {
      const me = requireUser(req);
      await service.resendActivation(ctx(req, reply), me);
      return { ok: true as const };
    },
  );

  // ---- reset password --------------------------------------------------------------------------
  app.post(
    '/api/reset-password.php',
    { ...docs('Mail a password-reset link', ZResetPasswordRequest, { 200: ZOk }), config: app.limit('mail') },
    async (req, reply) => {
      const { email } = req.body;
      await service.requestReset(ctx(req, reply), email);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/reset-password.php',
    docs('Set a new password with the mailed token', ZResetPasswordDo, { 200: ZOk }),
    async (req, reply) => {
      const { token, password } = req.body;
      await service.doReset(ctx(req, reply), token, password);
      return { ok: true as const };
    },
  );

  // ---- account ---------------------------------------------------------------------------------
  app.put(
    '/api/account.php',
    {
      ...docs(
        'Change e-mail ({email, password}), confirm it ({mail_change_token}) or change password ({old_password, password, password_repeat})',
        undefined,
        { 200: ZAccountUpdateResponse },
      ),
      config: app.limit('mail'),
    },
    async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const c = ctx(req, reply);
      if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('validation', { status: 400, messageCode: 'invalid_type' });
      if ('mail_change_token' in body) {
        const { mail_change_token } = parseWith(req, ZMailChangeConfirm, body);
        const result = await service.confirmMailChange(c, mail_change_token).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'validation') throw new AppError('mail_change_invalid', { status: 400 });
          throw err;
        });
        const user = req.user && req.user.id === result.userId ? await loadUser(app.db, result.userId, req.site) : null;
        return { user, email_changed: result.email };
      }
      const me = requireUser(req);
      if ('old_password' in body) {
        const data = parseWith(req, ZChangePasswordRequest, body);
        return { user: await service.changePassword(c, me, data.old_password, data.password) };
      }
      const data = parseWith(req, ZChangeEmailRequest, body);
      return { user: await service.requestMailChange(c, me, data.email, data.password), mail_change_pending: data.email };
    },
  );

  app.delete(
    '/api/account.php',
    {
      ...docs('Delete the account (14 days to reactivate through the mailed link)', ZDeleteAccountRequest, { 200: ZDeleteAccountResponse }),
      config: app.limit('mail'),
      ...membersOnly,
    },
    async (req, reply) => {
      const me = requireUser(req);
      const { reason, remarks } = req.body;
      const purgeAfter = await account.deleteAccount(ctx(req, reply), me, reason, remarks);
      return { ok: true as const, purge_after: purgeAfter.toISOString() };
    },
  );

  app.post(
    '/api/account.php',
    {
      ...docs('?reactivate=1 with {token}: undo a deletion within 14 days; logged in', ZReactivateRequest, { 200: ZUserResponse }),
      // without ?reactivate the call does not exist, whatever the body
      preValidation: async (req: FastifyRequest) => {
        if ((req.query as Record<string, unknown>).reactivate === undefined) throw new AppError('method_not_allowed', { status: 405 });
      },
    },
    async (req, reply) => {
      const { token } = req.body;
      return { user: await account.reactivate(ctx(req, reply), token) };
    },
  );

  app.get('/api/account-export.php', docs('Download everything stored about me (JSON)'), async (req, reply) => {
    const me = requireUser(req);
    const data = await exportAccount(app, me.id);
    return reply
      .header('content-disposition', `attachment; filename="account-export-${me.id}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  // ---- mail events (bounce / spam complaint / list-unsubscribe) --------------------------------
  app.post(
    '/api/mail-events.php',
    {
      ...docs(
        'Mail provider reports -> notifications_disabled (header X-Mail-Events-Secret): 401 without it, 403 wrong, 404 unknown address',
        ZMailEventRequest,
        { 200: ZMailEventResponse },
      ),
      config: { csrf: false },
      // the provider's secret is checked before the body
      preValidation: async (req: FastifyRequest) => {
        const access = mailEventsAccess(req, app.config.MAIL_EVENTS_SECRET);
        if (access === 'missing') throw new AppError('mail_events_unauthorized', { status: 401 });
        if (access === 'wrong') throw new AppError('mail_events_forbidden', { status: 403 });
      },
    },
    async (req) => {
      const { type, email } = req.body;
      // every account of the address (one per regional site); a deleted one is no longer mailed
      const ids = await addDisabledReason(
        app.db,
        sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.status} <> 'deleted'`,
        type,
      );
      if (ids.length === 0) throw new AppError('mail_event_unknown_address', { status: 404, field: 'email' });
      return { ok: true as const, affected: ids.length };
    },
  );

  // ---- developer mailbox -----------------------------------------------------------------------
  // never in production; otherwise only for a staff member or from the machine itself (see
  // mayReadMailbox). The mails when they stay in the outbox (no SMTP_URL); the SMS outbox
  // (platform/sms.ts: the direct-debit codes) always, since there is no SMS provider to read instead.
  if (app.config.NODE_ENV !== 'production') {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (req) => {
      if (!mayReadMailbox(req)) throw new AppError('not_found', { status: 404 });
      const to = (req.query as Record<string, unknown>).to;
      const rows = app.config.SMTP_URL
        ? []
        : await app.db
            .select()
            .from(mailOutbox)
            .where(typeof to === 'string' && to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : undefined)
            .orderBy(desc(mailOutbox.id))
            .limit(100);
      return {
        mails: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          kind: r.kind,
          created_at: r.createdAt.toISOString(),
        })),
        sms: await listSms(app.db, typeof to === 'string' && to ? to : undefined),
      };
    });
  }
};

export default identityRoutes;
