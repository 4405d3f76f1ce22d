/**
 * Identity's mail side: the request context every identity change works in, the base URL of
 * its mailed links (platform/mail-links.ts), and queueing (inside the caller's transaction) and delivering (after commit) the
 * account mails: activation, password reset, password changed, mail change, reactivation.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import { isLang } from '../../i18n';
import { deliverMails, queueMail, senderFor, type Mailer } from '../../platform/mail';
import { linkBase, siteDomain } from '../../platform/mail-links';
import type { MailKind } from '../../platform/mail-templates';
import type { SiteContext } from '../sites';

export interface Ctx {
  app: FastifyInstance;
  req: FastifyRequest;
  reply: FastifyReply;
  mailer: Mailer;
}

export const site = (ctx: Ctx): SiteContext => ctx.req.site;
export const db = (ctx: Ctx): Db => ctx.app.db;

export const baseUrl = (ctx: Ctx): string => linkBase(site(ctx), ctx.app.config);

export function activationLink(ctx: Ctx, token: string): string {
  return `${baseUrl(ctx)}/api/activate.php?token=${token}`;
}

/** The profile name a mail greets the member with ('' when there is no profile row). */
export async function nameOf(tx: DbOrTx, userId: number): Promise<string> {
  const [profile] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile?.name ?? '';
}

/** Queue one account mail in the caller's transaction, in the member's language; returns its id. */
export async function queueFor(
  tx: DbOrTx,
  ctx: Ctx,
  kind: MailKind,
  to: string,
  user: { id: number; language: string },
  name: string,
  link?: string,
  validFor?: number,
): Promise<number> {
  const s = site(ctx);
  return queueMail(tx, {
    kind,
    lang: isLang(user.language) ? user.language : ctx.req.lang,
    to,
    siteId: s.id,
    userId: user.id,
    vars: { name, siteName: s.settings.name, domain: siteDomain(s), siteUrl: baseUrl(ctx), link, validFor },
  });
}

/** Deliver queued mails after commit; a failure is recorded on the row and logged, never thrown. */
export async function deliver(ctx: Ctx, ids: number[]): Promise<void> {
  const from = senderFor(ctx.app.config.MAIL_FROM, site(ctx).settings.name);
  const result = await deliverMails(db(ctx), ctx.mailer, ids, () => from);
  if (result.failed) ctx.req.log.warn({ failed: result.failed }, 'mail delivery failed');
}
