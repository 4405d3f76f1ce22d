/**
 * Mail adapter (nodemailer). Every mail is first written to the `mail_outbox` table, inside the
 * caller's transaction (transactional outbox): a rolled-back sign-up leaves no mail behind, and a
 * mail is delivered only once because delivery claims the row with a conditional update
 * (`sent_at IS NULL`) before sending.
 *
 *   SMTP_URL set   -> after commit, each queued row is sent over SMTP (nodemailer) and marked sent.
 *   SMTP_URL unset -> the outbox table is the mailbox; `/dev/mailbox` lists it outside production.
 *
 * Once a mail went out over SMTP, the token in each of its links is blanked in the stored copy: the
 * row stays as the record of what was sent, but a reader of the table (a backup, the member's data
 * export) cannot use a reset, mail-change or reactivation link from it. An unsent row keeps its
 * links (the retry job still has to send it), and so does the outbox transport (it IS the mailbox).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Lang } from '../i18n/messages/types';
import { renderMail, type MailKind, type MailVars } from './mail-templates';

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' */
  transport: 'smtp' | 'outbox';
  send(mail: { from: string; to: string; subject: string; text: string; html: string; headers?: Record<string, string> }): Promise<void>;
  close(): void;
}

// nodemailer is loaded with the first mail sent over SMTP, not at start (docs/performance.md "Memory")
const loadNodemailer = () => import('nodemailer');
let nodemailerModule: ReturnType<typeof loadNodemailer> | undefined;

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return { transport: 'outbox', send: async () => undefined, close: () => undefined };
  }
  let transporter: Promise<Transporter> | undefined;
  return {
    transport: 'smtp',
    send: async (mail) => {
      transporter ??= (nodemailerModule ??= loadNodemailer()).then((m) => m.default.createTransport(smtpUrl));
      await (await transporter).sendMail(mail);
    },
    close: () => void transporter?.then((t) => t.close()),
  };
}

export interface QueueMailInput {
  kind: MailKind;
  lang: Lang;
  to: string;
  siteId: number | null;
  userId: number | null;
  vars: MailVars;
}

/** Render and store a mail (inside the caller's transaction). Returns the outbox row id. */
export async function queueMail(db: DbOrTx, input: QueueMailInput): Promise<number> {
  const rendered = renderMail(input.kind, input.lang, input.vars);
  return queueRenderedMail(db, { kind: input.kind, to: input.to, siteId: input.siteId, userId: input.userId, ...rendered });
}

export interface RenderedMailInput {
  kind: string;
  to: string;
  siteId: number | null;
  userId: number | null;
  subject: string;
  text: string;
  html: string;
  /** extra headers, e.g. List-Unsubscribe (notification mails) */
  headers?: Record<string, string>;
}

/** Store a mail rendered elsewhere (notification mails: modules/notifications/mails.ts). */
export async function queueRenderedMail(db: DbOrTx, input: RenderedMailInput): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      siteId: input.siteId,
      userId: input.userId,
      kind: input.kind,
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html,
      headers: input.headers ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail not queued');
  return row.id;
}

/** `...?token=<secret>` -> `...?token=sent` in a stored copy (text and HTML bodies). */
export function redactLinkTokens(body: string): string {
  return body.replace(/([?&](?:amp;)?token=)[A-Za-z0-9_-]{10,}/g, '$1sent');
}

/** The sender: the site's name with MAIL_FROM's address. */
export function senderFor(mailFrom: string, siteName: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const safeName = siteName.replace(/["\\\r\n]/g, '');
  return `"${safeName}" <${address}>`;
}

/**
 * Deliver queued mails (call after the transaction committed). Each row is claimed once; with the
 * outbox transport the row is just marked as delivered to the outbox. Failures are recorded on the
 * row (and logged by the caller) but never thrown: the member's action already succeeded.
 */
export async function deliverMails(
  db: Db,
  mailer: Mailer,
  ids: number[],
  from: (siteId: number | null) => string,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  if (ids.length === 0) return { sent, failed };
  const claimed = await db
    .update(mailOutbox)
    .set({ sentAt: new Date(), transport: mailer.transport })
    .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)))
    .returning();
  for (const row of claimed) {
    if (mailer.transport === 'outbox') {
      sent += 1;
      continue;
    }
    try {
      await mailer.send({
        from: from(row.siteId),
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers ? { headers: row.headers } : {}),
      });
      sent += 1;
      await db
        .update(mailOutbox)
        .set({ text: redactLinkTokens(row.text), html: redactLinkTokens(row.html) })
        .where(eq(mailOutbox.id, row.id))
        .catch(() => undefined);
    } catch (err) {
      failed += 1;
      await db
        .update(mailOutbox)
        .set({ sentAt: null, error: err instanceof Error ? err.message.slice(0, 500) : 'send failed' })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return { sent, failed };
}
