/**
 * Passkeys and new-login alerts (issue 26 part 4):
 *
 *   GET    /api/passkeys.php                 the member's passkeys (name, created, last used)
 *   POST   /api/passkeys.php?options=1       registration options (a stored challenge)
 *   POST   /api/passkeys.php {name, response}  verify and store -> 201 {passkey}
 *   PUT    /api/passkeys.php {id, name}      rename (own passkeys only; 404 else)
 *   DELETE /api/passkeys.php?id=             remove (own passkeys only; 404 else)
 *   POST   /api/passkey-login.php?options=1  authentication options (discoverable credentials)
 *   POST   /api/passkey-login.php {response} log in -> {user}, as the password login
 *   GET    /api/not-me.php?token=            the new-login mail's "Dit was ik niet" link
 *
 * Bodies are checked with the shared contracts (shared-kit/contracts/passkeys.ts): declared on
 * the route (PUT), or with `parseWith` where ?options=1 means no body; either way a failed rule is
 * the contract's translated 400 naming the field (platform/validation.ts, style 'passkeys'). A
 * visitor's 403 comes before the body is looked at.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  ZOk,
  ZPasskeyAnswer,
  ZPasskeyList,
  ZPasskeyLoginRequest,
  ZPasskeyRegisterRequest,
  ZPasskeyRenameRequest,
  ZWebAuthnOptions,
} from '@dating/shared-kit/contracts';
import { AppError } from '../../errors';
import { createMailer } from '../../platform/mail';
import { requireUser } from '../../platform/session';
import { membersOnly } from '../../platform/route-guards';
import { parseWith, validationStyle } from '../../platform/validation';
import { notMe, type Ctx } from '../identity';
import * as service from './service';

const docs = <B extends z.core.$ZodType>(summary: string, body?: B, response?: Record<number, z.core.$ZodType>) => ({
  // (typed as always there: the handler reads the checked body's type from it)
  schema: { tags: ['passkeys'], summary, ...(body ? { body } : {}), ...(response ? { response } : {}) } as {
    tags: string[];
    summary: string;
    body: B;
    response?: Record<number, z.core.$ZodType>;
  },
});

const wantsOptions = (req: FastifyRequest) => (req.query as Record<string, unknown>).options !== undefined;

function passkeyId(req: FastifyRequest): number {
  const raw = (req.query as Record<string, unknown>).id;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id <= 0) throw new AppError('passkey_not_found', { status: 404, field: 'id' });
  return id;
}

const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  validationStyle(app, 'passkeys');
  const mailer = createMailer(app.config.SMTP_URL);
  app.addHook('onClose', async () => mailer.close());
  const ctx = (req: FastifyRequest, reply: FastifyReply): Ctx => ({ app, req, reply, mailer });

  app.get('/api/passkeys.php', docs('My passkeys', undefined, { 200: ZPasskeyList }), async (req, reply) => {
    const me = requireUser(req);
    reply.header('cache-control', 'private, no-store');
    return { passkeys: await service.listPasskeys(ctx(req, reply), me) };
  });

  app.post(
    '/api/passkeys.php',
    docs('?options=1: registration options; else {name, response}: add a passkey (201)'),
    async (req, reply) => {
      const me = requireUser(req);
      const c = ctx(req, reply);
      if (wantsOptions(req)) return ZWebAuthnOptions.parse({ options: await service.registrationOptions(c, me) });
      const { name, response } = parseWith(req, ZPasskeyRegisterRequest);
      const passkey = await service.registerPasskey(c, me, name, response as unknown as RegistrationResponseJSON);
      return reply.status(201).send(ZPasskeyAnswer.parse({ passkey }));
    },
  );

  app.put(
    '/api/passkeys.php',
    { ...docs('Rename one of my passkeys', ZPasskeyRenameRequest, { 200: ZPasskeyAnswer }), ...membersOnly },
    async (req, reply) => {
      const me = requireUser(req);
      const { id, name } = req.body;
      return { passkey: await service.renamePasskey(ctx(req, reply), me, id, name) };
    },
  );

  app.delete('/api/passkeys.php', docs('Remove one of my passkeys (?id=)', undefined, { 200: ZOk }), async (req, reply) => {
    const me = requireUser(req);
    await service.removePasskey(ctx(req, reply), me, passkeyId(req));
    return { ok: true as const };
  });

  // like the password login: a banned member's browser may log in as someone else
  app.post(
    '/api/passkey-login.php',
    { ...docs('?options=1: authentication options; else {response}: log in with a passkey'), config: { bannedSession: true } },
    async (req, reply) => {
      const c = ctx(req, reply);
      if (wantsOptions(req)) return ZWebAuthnOptions.parse({ options: await service.loginOptions(c) });
      const { response } = parseWith(req, ZPasskeyLoginRequest);
      return { user: await service.loginWithPasskey(c, response as unknown as AuthenticationResponseJSON) };
    },
  );

  app.get(
    '/api/not-me.php',
    {
      ...docs('"Dit was ik niet": end every session, then choose a new password; redirects'),
      config: { writes: true, bannedSession: true },
    },
    async (req, reply) => {
      const token = (req.query as Record<string, unknown>).token;
      const reset = typeof token === 'string' && /^[A-Za-z0-9_-]{10,200}$/.test(token) ? await notMe(ctx(req, reply), token) : null;
      if (!reset) return reply.redirect('/reset-password?reason=not_me_link_invalid', 302);
      // this browser's session was one of them: its cookie goes too
      reply.clearCookie('sid', { path: '/' });
      return reply.redirect(`/reset-password/do?token=${reset}&reason=not_me`, 302);
    },
  );
};

export default passkeyRoutes;
