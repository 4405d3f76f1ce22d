/**
 * One-click unsubscribe of notification mails (RFC 8058), without logging in:
 *   List-Unsubscribe: <https://<site>/api/unsubscribe.php?token=...>
 *   List-Unsubscribe-Post: List-Unsubscribe=One-Click
 * The token is `u<user id>x<HMAC-SHA256 of the id, 32 chars>` with a key made once and kept in the
 * database (platform/secrets.ts); it does not expire (a mail client may use it months later) and
 * does nothing but switch notification mails off.
 *
 *   POST /api/unsubscribe.php?token   (the mail client's one-click POST, body List-Unsubscribe=One-Click,
 *                                     or the button of the page below) -> the member's
 *                                     notifications_disabled gets `listunsubscribe`, as a
 *                                     list-unsubscribe report of mail-events.php does; the member
 *                                     sees the alert with its solution and lifts it by
 *                                     switching mails on again in the e-mail preferences
 *   GET  /api/unsubscribe.php?token   a small page in the member's language with that button (a GET
 *                                     changes nothing: link scanners of mail providers open links)
 * An invalid token: 400 `unsubscribe_invalid`, nothing changed.
 */
import crypto from 'node:crypto';
import formbody from '@fastify/formbody';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { isLang, t } from '../../i18n';
import type { Lang } from '../../i18n';
import { escapeHtml } from '../../platform/mail-templates';
import { storedSecret } from '../../platform/secrets';
import { linkBase } from '../../platform/mail-links';
import { siteOf } from './sites';

export type DisabledReason = 'fbl' | 'bounce' | 'listunsubscribe';

/** Add a notifications_disabled reason (once) to the members `where` selects; returns their ids. */
export async function addDisabledReason(db: DbOrTx, where: ReturnType<typeof sql>, reason: DisabledReason): Promise<number[]> {
  const rows = await db
    .update(users)
    .set({
      notificationsDisabled: sql`case when ${users.notificationsDisabled} @> ${JSON.stringify([reason])}::jsonb
        then ${users.notificationsDisabled} else ${users.notificationsDisabled} || ${JSON.stringify([reason])}::jsonb end`,
    })
    .where(where)
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function mailLinkKey(db: DbOrTx): Promise<string> {
  return storedSecret(db, 'mail_link_key', () => crypto.randomBytes(32).toString('base64url'));
}

function mac(key: string, userId: number): string {
  return crypto.createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(key: string, userId: number): string {
  return `u${userId}x${mac(key, userId)}`;
}

/** The user id of a valid token, else null. */
export function verifyUnsubscribeToken(key: string, token: unknown): number | null {
  if (typeof token !== 'string') return null;
  const m = /^u(\d{1,10})x([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const expected = Buffer.from(mac(key, userId));
  const given = Buffer.from(m[2] ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}

function page(lang: Lang, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#2d1b2e;max-width:560px;margin:40px auto;padding:0 16px">` +
    `<main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

export function registerUnsubscribe(app: FastifyInstance, key: string): void {
  async function member(token: unknown) {
    const userId = verifyUnsubscribeToken(key, token);
    if (userId === null) return null;
    const [row] = await app.db
      .select({ id: users.id, language: users.language, siteId: users.siteId, status: users.status, name: profiles.name })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row || row.status === 'deleted') return null;
    const site = await siteOf(app, row.siteId);
    if (!site) return null;
    return { ...row, lang: (isLang(row.language) ? row.language : 'nl') as Lang, site };
  }

  const invalid = () => new AppError('unsubscribe_invalid', { status: 400, field: 'token' });
  const wantsHtml = (accept: string | undefined) => /text\/html/.test(accept ?? '');

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.register(async (scope) => {
    // the mail client's one-click POST is a form (RFC 8058): List-Unsubscribe=One-Click
    await scope.register(formbody, { bodyLimit: 1024 });

    scope.get(
      '/api/unsubscribe.php',
      { schema: { tags: ['notifications'], summary: 'The one-click unsubscribe page of a notification mail (changes nothing)' } },
      async (req, reply) => {
        const who = await member((req.query as Record<string, unknown>).token);
        if (!who) {
          if (!wantsHtml(req.headers.accept)) throw invalid();
          return sendPage(reply, 400, page(req.lang, t('unsubscribe_invalid', req.lang), ''));
        }
        const { lang, site } = who;
        const action = `/api/unsubscribe.php?token=${encodeURIComponent(String((req.query as Record<string, unknown>).token))}`;
        const body =
          `<p>${escapeHtml(t('unsubscribe_question', lang))}</p>` +
          `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
          `<button type="submit" style="background:#c81f64;color:#fff;border:0;padding:12px 20px;border-radius:6px;font-weight:bold;font-size:1rem">${escapeHtml(t('unsubscribe_button', lang))}</button></form>` +
          `<p><a href="${escapeHtml(`${linkBase(site, app.config)}/notifications`)}">${escapeHtml(t('mail_footer_preferences', lang))}</a></p>`;
        return sendPage(reply, 200, page(lang, t('unsubscribe_title', lang, { site: site.settings.name }), body));
      },
    );

    scope.post(
      '/api/unsubscribe.php',
      {
        schema: {
          tags: ['notifications'],
          summary: 'One-click unsubscribe (RFC 8058): notification mails off (notifications_disabled: listunsubscribe)',
        },
        config: { csrf: false },
      },
      async (req, reply) => {
        const who = await member((req.query as Record<string, unknown>).token);
        if (!who) {
          if (!wantsHtml(req.headers.accept)) throw invalid();
          return sendPage(reply, 400, page(req.lang, t('unsubscribe_invalid', req.lang), ''));
        }
        await addDisabledReason(app.db, sql`${users.id} = ${who.id}`, 'listunsubscribe');
        app.sessionCache.forgetUser(who.id);
        app.answers.forgetMember(who.id);
        if (!wantsHtml(req.headers.accept)) return { ok: true as const };
        const { lang, site } = who;
        const body =
          `<p role="status">${escapeHtml(t('unsubscribe_done', lang))}</p>` +
          `<p><a href="${escapeHtml(`${linkBase(site, app.config)}/notifications`)}">${escapeHtml(t('mail_footer_preferences', lang))}</a></p>`;
        return sendPage(reply, 200, page(lang, t('unsubscribe_title', lang, { site: site.settings.name }), body));
      },
    );
  });
}
