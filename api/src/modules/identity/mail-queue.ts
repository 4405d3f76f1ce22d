/**
 * Identity's mail side: the request context every identity change works in, the base URL of
 * mailed links, and queueing (inside the caller's transaction) and delivering (after commit) the
 * account mails: activation, password reset, password changed, mail change, reactivation.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import { isLang } from '../../i18n';
import { deliverMails, queueMail, senderFor, type Mailer } from '../../platform/mail';
import type { MailKind } from '../../platform/mail-templates';
import type { SiteContext } from '../sites/service';

export interface Ctx {
  app: FastifyInstance;
  req: FastifyRequest;
  reply: FastifyReply;
  mailer: Mailer;
}

export const site = (ctx: Ctx): SiteContext => ctx.req.site;
export const db = (ctx: Ctx): Db => ctx.app.db;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The base URL of mailed links (activation, password reset, mail change, reactivation): built from
 * the site's own domain, never from the request (a forged Host header would otherwise put an
 * attacker's domain, and the member's token, into a reset link).
 *
 *   a real domain   -> https://<site domain> (each regional site mails links to itself)
 *   a local domain  -> PUBLIC_URL when set (a single-domain or development setup whose one site is
 *                      the default `localhost`, e.g. the e2e server), else http://<domain>:PORT
 */
export function linkBase(s: SiteContext, config: { PUBLIC_URL?: string | undefined; PORT: number }): string {
  const domain = siteDomain(s).trim().toLowerCase();
  if (domain && !LOCAL_HOSTS.has(domain)) return `https://${domain}`;
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://${domain || 'localhost'}:${config.PORT}`;
}

function siteDomain(s: SiteContext): string {
  return s.settings.domain || s.domain;
}

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
