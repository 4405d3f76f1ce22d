/**
 * Notifications of a new message, a new like and a match (issue 14): a Web Push to each of the
 * member's subscriptions and a notification mail, both made by pg-boss jobs (platform/jobs.ts),
 * never on the request path. A like or a match: members calls `notifyMember` after its
 * transaction committed; it only queues the jobs. A chat message: no job per message, the message
 * notifier reads the messages table as its outbox (message-notifier.ts: sendPush and the mail
 * events of a batch); messages held until their sender confirmed: notifyReleased's jobs.
 *
 *   notifications.push   push to every subscription of the member (preferences.push), in the
 *                        member's language; an endpoint answering 404/410 is removed. Not retried:
 *                        a late "new message" is no news, and a retry would repeat the sent ones.
 *   notifications.mail   the mail side (mails.ts): first of a kind at once, later ones of the hour
 *                        gathered into one mail by notifications.mail-flush.
 *
 * Who gets nothing: a deleted or disabled member, one whose actor is gone or blocked them in the
 * meantime, a preference switched off; mails also not to an unconfirmed address or one whose
 * mails were switched off (notifications_disabled: bounce, spam complaint, unsubscribe).
 * A like or a match of the same pair is notified at most once an hour (pg-boss singleton key).
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { User } from '@dating/shared-kit/contracts';
import { likes, messages, profiles, users } from '../../db/schema';
import { isLang, t } from '../../i18n';
import type { Lang } from '../../i18n';
import type { PushSender } from '../../platform/push';
import { isBlockedBetween } from '../../platform/blocks';
import type { SiteContext } from '../sites';
import { siteOf } from './sites';
import { getPreferences } from './preferences';
import { hasSubscription, removeSubscription, subscriptionsOf } from './subscriptions';

export type NotificationKind = 'message' | 'like' | 'match';

export interface NotificationEvent {
  kind: NotificationKind;
  /** who is notified */
  userId: number;
  /** who did it (the sender, the liker, the match) */
  actorId: number;
  /** message: the conversation */
  conversationId?: number;
}

export const PUSH_JOB = 'notifications.push';
export const MAIL_JOB = 'notifications.mail';
export const MAIL_FLUSH_JOB = 'notifications.mail-flush';

/** preferences.{push,email} key per kind */
export const PREF_KEY = { message: 'messages', like: 'likes', match: 'matches' } as const;

/**
 * Queue the push and the mail of an event (after the change committed). Never throws: the member's
 * action succeeded. No push job for a member without a push subscription (the job would find none
 * and end: one indexed look-up here instead of a job stored, fetched and completed per message).
 */
export async function notifyMember(app: FastifyInstance, event: NotificationEvent): Promise<void> {
  const once = event.kind === 'message' ? {} : { singletonKey: `${event.kind}:${event.actorId}:${event.userId}`, singletonSeconds: 3600 };
  try {
    const pushing = await hasSubscription(app.db, event.userId);
    await Promise.all([
      pushing ? app.jobs.send(PUSH_JOB, event, { retryLimit: 0, ...once }) : null,
      app.jobs.send(MAIL_JOB, event, { retryLimit: 0, ...once }),
    ]);
  } catch (err) {
    app.log.warn({ err, kind: event.kind }, 'notification not queued');
  }
}

/** at most this many held messages' recipients and held likes are notified at a confirmation */
const RELEASED_MAX = 20;

/**
 * A member confirmed their address: the messages and likes held until then reach the other side
 * now (chat and members hold them), so those members hear of them now (one event per recipient).
 */
export async function notifyReleased(app: FastifyInstance, userId: number): Promise<void> {
  const conversations = await app.db
    .select({ recipient: messages.recipientId, conversation: sql<number>`max(${messages.conversationId})` })
    .from(messages)
    .where(and(eq(messages.senderId, userId), isNull(messages.deletedAt)))
    .groupBy(messages.recipientId)
    .limit(RELEASED_MAX);
  for (const c of conversations)
    await notifyMember(app, { kind: 'message', userId: c.recipient, actorId: userId, conversationId: Number(c.conversation) });
  const liked = await app.db.select({ id: likes.likedId }).from(likes).where(eq(likes.likerId, userId)).limit(RELEASED_MAX);
  for (const l of liked) {
    const [back] = await app.db
      .select({ one: sql<number>`1` })
      .from(likes)
      .where(and(eq(likes.likerId, l.id), eq(likes.likedId, userId)))
      .limit(1);
    await notifyMember(app, { kind: back ? 'match' : 'like', userId: l.id, actorId: userId });
  }
}

/** A member's own User (the wire shape of /api/user.php: address, name, unread and new-like counts). */
export type UserLoader = (db: DbOrTx, userId: number, site: SiteContext) => Promise<User | null>;

let userLoader: UserLoader | null = null;

/**
 * Identity's loadUser, handed in at start by modules/index.ts: identity imports notifications
 * (push subscriptions, unsubscribes, released messages), so notifications cannot import it back.
 */
export function setUserLoader(load: UserLoader): void {
  userLoader = load;
}

export interface Recipient {
  user: User;
  lang: Lang;
  site: SiteContext;
}

/** The member to notify (with unread/new-like counts, language, site), or null when they get nothing. */
export async function loadRecipient(app: FastifyInstance, userId: number): Promise<Recipient | null> {
  const [row] = await app.db
    .select({ siteId: users.siteId, status: users.status, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.status === 'deleted' || row.status === 'disabled') return null;
  const site = await siteOf(app, row.siteId);
  if (!site) return null;
  if (!userLoader) throw new Error('notifications: no user loader (modules/index.ts hands it in)');
  const user = await userLoader(app.db, userId, site);
  if (!user) return null;
  return { user, lang: isLang(row.language) ? row.language : 'nl', site };
}

/** The actor's name, or null when they are gone, the two are blocked either way or the like was taken back by now. */
export async function actorName(app: FastifyInstance, event: NotificationEvent): Promise<string | null> {
  const [row] = await app.db
    .select({ name: profiles.name, status: users.status })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, event.actorId))
    .limit(1);
  if (!row || row.status === 'deleted' || row.status === 'disabled') return null;
  if (await isBlockedBetween(app.db, event.userId, event.actorId)) return null;
  // a like or match is still news only while the like(s) stand (unliked meanwhile: nothing)
  if (event.kind !== 'message') {
    const pair = await app.db
      .select({ liker: likes.likerId })
      .from(likes)
      .where(
        or(
          and(eq(likes.likerId, event.actorId), eq(likes.likedId, event.userId)),
          and(eq(likes.likerId, event.userId), eq(likes.likedId, event.actorId)),
        ),
      );
    const liked = pair.some((p) => p.liker === event.actorId);
    if (!liked || (event.kind === 'match' && pair.length < 2)) return null;
  }
  return row.name;
}

/** Where a click on the notification leads. */
export function targetUrl(event: Pick<NotificationEvent, 'kind' | 'actorId' | 'conversationId'>): string {
  if (event.kind === 'message') return event.conversationId ? `/chats/${event.conversationId}` : '/chats';
  if (event.kind === 'match') return `/likes/m/${event.actorId}`;
  return '/likes';
}

/** The push's JSON (shown by /sw-push.js): title, body, url, tag, icon, badge count. */
export function pushPayload(event: NotificationEvent, lang: Lang, name: string, badge: number) {
  const tag =
    event.kind === 'message'
      ? `message-${event.conversationId ?? event.actorId}`
      : event.kind === 'match'
        ? `match-${event.actorId}`
        : 'likes';
  const body = event.kind === 'message' ? t('push_message_body', lang) : t(`push_${event.kind}_body`, lang, { name });
  const title = event.kind === 'message' ? t('push_message_title', lang, { name }) : t(`push_${event.kind}_title`, lang);
  return { title, body, url: targetUrl(event), tag, icon: '/icons/icon-192.png', badge };
}

/** notifications.push: the event to every subscription of the member. Returns how many went out. */
export async function sendPush(app: FastifyInstance, sender: PushSender, event: NotificationEvent): Promise<number> {
  const subs = await subscriptionsOf(app.db, event.userId);
  if (subs.length === 0) return 0;
  const who = await loadRecipient(app, event.userId);
  if (!who) return 0;
  const prefs = await getPreferences(app.db, event.userId);
  if (!prefs.push[PREF_KEY[event.kind]]) return 0;
  const name = await actorName(app, event);
  if (name === null) return 0;
  const payload = pushPayload(event, who.lang, name, who.user.unread_messages + who.user.new_likes);
  let sent = 0;
  for (const sub of subs) {
    const outcome = await sender.send({ endpoint: sub.endpoint, keys: sub.keys }, payload, {
      urgency: event.kind === 'like' ? 'normal' : 'high',
      topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
    });
    if (outcome.result === 'sent') sent += 1;
    else if (outcome.result === 'gone') await removeSubscription(app.db, sub.id);
    else app.log.warn({ status: outcome.status, error: outcome.error, subscription: sub.id }, 'push not delivered');
  }
  return sent;
}
