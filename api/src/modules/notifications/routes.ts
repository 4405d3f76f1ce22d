/**
 * The notifications capability (issue 14): Web Push and notification mails of new messages,
 * likes and matches (service.ts, mails.ts), the one-click unsubscribe (unsubscribe.ts).
 * At start: the VAPID keys (platform/push.ts: environment, else generated once and stored) become
 * every site's `push_public_key`; the job handlers are registered.
 * Subscriptions are stored by POST /api/user.php?push=1 (identity routes -> subscriptions.ts);
 * mail provider reports by POST /api/mail-events.php (identity routes -> addDisabledReason).
 */
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../platform/mail';
import { createPushSender, loadVapidKeys } from '../../platform/push';
import { flush, handleMailEvent, type MailContext } from './mails';
import { MessageNotifier, registerNotifier } from './message-notifier';
import { MAIL_FLUSH_JOB, MAIL_JOB, PUSH_JOB, sendPush, type NotificationEvent, type NotificationKind } from './service';
import { mailLinkKey, registerUnsubscribe } from './unsubscribe';

export default async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const keys = await loadVapidKeys(app.db, app.config);
  app.sites.setPushPublicKey(keys.publicKey);
  const sender = createPushSender(keys, { allowLoopback: app.config.PUSH_ALLOW_LOOPBACK });

  const mailer = createMailer(app.config.SMTP_URL);
  app.addHook('onClose', async () => mailer.close());
  const linkKey = await mailLinkKey(app.db);
  const mailCtx: MailContext = { app, mailer, linkKey };

  app.jobs.work<NotificationEvent>(PUSH_JOB, async (event) => {
    await sendPush(app, sender, event);
  });
  app.jobs.work<NotificationEvent>(MAIL_JOB, async (event) => handleMailEvent(mailCtx, event));
  app.jobs.work<{ userId: number; kind: NotificationKind }>(MAIL_FLUSH_JOB, async ({ userId, kind }) => {
    await flush(mailCtx, userId, kind);
  });

  const notifier = new MessageNotifier(app, mailCtx);
  registerNotifier(app, notifier);
  // any instance's send is heard here through the realtime channel ('m'): a pass soon
  app.realtime.onMessage(() => notifier.wake());
  app.addHook('preClose', async () => notifier.stop());

  registerUnsubscribe(app, linkKey);
}
