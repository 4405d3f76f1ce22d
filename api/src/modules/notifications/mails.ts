/**
 * Notification mails (new message, like, match): the first of a kind goes out at once (a message's:
 * MESSAGE_MAIL_WAIT_MS later, and only if it is still unread then); later ones within the hour
 * after it are gathered into one mail, sent an hour after the previous mail of that kind
 * (notifications.mail-flush). In the member's language, with List-Unsubscribe and
 * List-Unsubscribe-Post (RFC 8058 one-click, unsubscribe.ts) and a link to the e-mail preferences.
 *
 * Every event is a row of notification_events (kept unmailed until a mail carries it); the mail
 * of a (member, kind) is decided under an advisory lock of that pair, so two events at the same
 * moment make one mail, not two. The last mail of a kind is the newest `notify_<kind>` row of the
 * member in mail_outbox. Delivery is the mail pipeline's (platform/mail.ts: outbox, SMTP, the
 * retry job).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversationMembers, mailOutbox, notificationEvents, profiles } from '../../db/schema';
import { t } from '../../i18n';
import type { Lang } from '../../i18n';
import { deliverMails, queueRenderedMail, senderFor, type Mailer } from '../../platform/mail';
import { escapeHtml } from '../../platform/mail-templates';
import { getPreferences } from './preferences';
import { linkBase } from '../../platform/mail-links';
import type { SiteContext } from '../sites';
import {
  actorName,
  loadRecipient,
  MAIL_FLUSH_JOB,
  PREF_KEY,
  targetUrl,
  type NotificationEvent,
  type NotificationKind,
  type Recipient,
} from './service';
import { unsubscribeToken } from './unsubscribe';

export const GATHER_MS = 3_600_000;
/**
 * A message's mail waits this long (message-notifier.ts schedules the flush; MESSAGE_MAIL_WAIT_MS
 * in the environment changes it), and a message the member has read by then is not mailed: a
 * member who chats, or reads the message live on an open page, gets no mail about it; one who was
 * away gets it 5 minutes later.
 */
export const MESSAGE_MAIL_WAIT_MS = 5 * 60_000;
/** names listed in a gathered mail */
const MAX_NAMES = 5;

export const mailKindOf = (kind: NotificationKind) => `notify_${kind}`;

export interface NotificationMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

interface MailItem {
  actorId: number;
  name: string;
  conversationId: number | null;
}

/** The mail of one or more events of a kind (pure: tests render it directly). */
export function renderNotificationMail(opts: {
  kind: NotificationKind;
  lang: Lang;
  memberName: string;
  site: SiteContext;
  base: string;
  items: MailItem[];
  unsubscribeUrl: string;
}): NotificationMail {
  const { kind, lang, items, base } = opts;
  const siteName = opts.site.settings.name;
  const domain = opts.site.settings.domain || opts.site.domain;
  const first = items[0] as MailItem;
  const many = items.length > 1;
  const plural = { message: 'messages', like: 'likes', match: 'matches' }[kind];
  const names = [...new Set(items.map((i) => i.name))];
  const nameList = names.slice(0, MAX_NAMES).join(', ') + (names.length > MAX_NAMES ? ', …' : '');
  const params = { name: first.name, site: siteName, count: items.length, names: nameList };
  const subject = t(many ? `mail_${plural}_subject` : `mail_${kind}_subject`, lang, params);
  const intro = t(many ? `mail_${plural}_intro` : `mail_${kind}_intro`, lang, params);
  const link =
    base +
    (many
      ? kind === 'message'
        ? '/chats'
        : '/likes'
      : targetUrl({ kind, actorId: first.actorId, conversationId: first.conversationId ?? undefined }));
  const action = t(kind === 'like' ? 'mail_action_likes' : many ? `mail_action_${plural}` : `mail_action_${kind}`, lang);
  const prefsUrl = `${base}/notifications`;
  const greeting = t('mail_greeting', lang, { name: opts.memberName });
  const why = t('mail_footer_why', lang);
  const sentBy = t('mail_footer_sent_by', lang, { site: siteName, domain });
  const prefsLabel = t('mail_footer_preferences', lang);
  const unsubLabel = t('mail_footer_unsubscribe', lang);

  const text = [
    greeting,
    '',
    intro,
    '',
    `${action}: ${link}`,
    '',
    '--',
    why,
    `${prefsLabel}: ${prefsUrl}`,
    `${unsubLabel}: ${opts.unsubscribeUrl}`,
    sentBy,
    base,
  ].join('\n');
  const e = escapeHtml;
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#2d1b2e;max-width:600px;margin:0 auto;padding:16px">` +
    `<h1 style="font-size:20px;color:#c81f64">${e(siteName)}</h1><p>${e(greeting)}</p><p>${e(intro)}</p>` +
    `<p style="margin:24px 0"><a href="${e(link)}" style="background:#c81f64;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${e(action)}</a></p>` +
    `<hr><p style="font-size:12px;color:#555">${e(why)} <a href="${e(prefsUrl)}">${e(prefsLabel)}</a> · <a href="${e(opts.unsubscribeUrl)}">${e(unsubLabel)}</a></p>` +
    `<p style="font-size:12px;color:#777">${e(sentBy)} <a href="${e(base)}">${e(domain)}</a></p></body></html>`;
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${opts.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export interface MailContext {
  app: FastifyInstance;
  mailer: Mailer;
  /** the signing key of unsubscribe links */
  linkKey: string;
}

/** Whether the member gets notification mails of this kind now. */
async function mailAllowed(ctx: MailContext, userId: number, kind: NotificationKind) {
  const who = await loadRecipient(ctx.app, userId);
  if (!who || !who.user.email_confirmed || who.user.notifications_disabled.length > 0) return null;
  const prefs = await getPreferences(ctx.app.db, userId);
  return prefs.email[PREF_KEY[kind]] ? who : null;
}

/**
 * Mail the member's unmailed events of `kind` if the last such mail is an hour old (or there is
 * none); otherwise say when to try again. Returns 'sent', 'nothing' or the Date to flush at.
 */
export async function mailPending(
  ctx: MailContext,
  userId: number,
  kind: NotificationKind,
  now = new Date(),
  allowed?: Recipient | null,
): Promise<'sent' | 'nothing' | Date> {
  const { app } = ctx;
  // `allowed`: mailAllowed's answer of this same moment (the event handler has just asked)
  const who = allowed !== undefined ? allowed : await mailAllowed(ctx, userId, kind);
  const outcome = await app.withTx(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notify-mail:${userId}:${kind}`}))`);
    if (!who) {
      // switched off meanwhile: what waited is dropped, not mailed later
      await tx
        .update(notificationEvents)
        .set({ mailedAt: now })
        .where(and(eq(notificationEvents.userId, userId), eq(notificationEvents.kind, kind), isNull(notificationEvents.mailedAt)));
      return 'nothing' as const;
    }
    if (kind === 'message') {
      // Checked here, at send time, inside the lock: only messages still unread are news. Per
      // conversation the member keeps (newest first) as many events as she has unread messages
      // from the other side (after her read marker and what she cleared; not deleted, not held);
      // the rest are done, not mailed. Her own answer moves the conversation's newest message but
      // reads nothing: a "read to the end" test would mail what she read before answering.
      await tx.execute(sql`
        update ${notificationEvents} set mailed_at = ${now.toISOString()}::timestamptz
         where id in (
           select e.id from (
             select ne.id, row_number() over (partition by ne.conversation_id order by ne.id desc) as nth,
                    (select count(*) from ${conversationMembers} cm
                       join messages m on m.conversation_id = cm.conversation_id and m.recipient_id = ${userId}
                                      and m.id > greatest(cm.last_read_id, cm.cleared_id)
                                      and m.deleted_at is null and m.held is null
                      where cm.conversation_id = ne.conversation_id and cm.user_id = ${userId}) as unread
               from ${notificationEvents} ne
              where ne.user_id = ${userId} and ne.kind = ${kind} and ne.mailed_at is null) e
            where e.nth > e.unread)`);
    }
    const [last] = await tx
      .select({ at: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, mailKindOf(kind))))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    if (last && now.getTime() - last.at.getTime() < GATHER_MS) return new Date(last.at.getTime() + GATHER_MS + 1000);
    const claimed = await tx
      .update(notificationEvents)
      .set({ mailedAt: now })
      .where(and(eq(notificationEvents.userId, userId), eq(notificationEvents.kind, kind), isNull(notificationEvents.mailedAt)))
      .returning();
    if (claimed.length === 0) return 'nothing' as const;
    const actorIds = [...new Set(claimed.map((c) => c.actorId).filter((id): id is number => id !== null))];
    const names = new Map(
      (
        await tx
          .select({ id: profiles.userId, name: profiles.name })
          .from(profiles)
          .where(inArray(profiles.userId, actorIds.length ? actorIds : [-1]))
      ).map((r) => [r.id, r.name]),
    );
    const items = claimed
      .sort((a, b) => a.id - b.id)
      .filter((c) => c.actorId !== null && names.has(c.actorId))
      .map((c) => ({ actorId: c.actorId as number, name: names.get(c.actorId as number) as string, conversationId: c.conversationId }));
    if (items.length === 0) return 'nothing' as const;
    const base = linkBase(who.site, app.config);
    const mail = renderNotificationMail({
      kind,
      lang: who.lang,
      memberName: who.user.profile.name,
      site: who.site,
      base,
      items,
      unsubscribeUrl: `${base}/api/unsubscribe.php?token=${unsubscribeToken(ctx.linkKey, userId)}`,
    });
    const id = await queueRenderedMail(tx, { kind: mailKindOf(kind), to: who.user.email, siteId: who.site.id, userId, ...mail });
    return { id, siteName: who.site.settings.name };
  });
  if (outcome === 'nothing' || outcome instanceof Date) return outcome;
  const result = await deliverMails(app.db, ctx.mailer, [outcome.id], () => senderFor(app.config.MAIL_FROM, outcome.siteName));
  if (result.failed) app.log.warn({ failed: result.failed }, 'notification mail not delivered (the mail retry job tries again)');
  return 'sent';
}

/** notifications.mail: record the event, mail at once or schedule the gathered mail. */
export async function handleMailEvent(ctx: MailContext, event: NotificationEvent): Promise<void> {
  if ((await actorName(ctx.app, event)) === null) return;
  const who = await mailAllowed(ctx, event.userId, event.kind);
  if (!who) return;
  await ctx.app.db
    .insert(notificationEvents)
    .values({ userId: event.userId, kind: event.kind, actorId: event.actorId, conversationId: event.conversationId ?? null });
  // the recipient was read just now: not again (the user answer is the dearest read of a chat message's mail job)
  await flush(ctx, event.userId, event.kind, who);
}

/** Mail what waits now, or schedule the gathered mail (the notifications.mail-flush job); returns mailPending's answer. */
export async function flush(
  ctx: MailContext,
  userId: number,
  kind: NotificationKind,
  allowed?: Recipient | null,
): Promise<'sent' | 'nothing' | Date> {
  const outcome = await mailPending(ctx, userId, kind, new Date(), allowed);
  if (outcome instanceof Date)
    await ctx.app.jobs.send(
      MAIL_FLUSH_JOB,
      { userId, kind },
      { startAfter: outcome, singletonKey: `flush:${userId}:${kind}:${outcome.getTime()}`, singletonSeconds: 60 },
    );
  return outcome;
}
