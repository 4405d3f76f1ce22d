/**
 * The test inbox, client side (usable from any test worker):
 *
 *   const mail = await inbox.waitFor({ to: email, subject: /activeer/i });
 *   mail.text; mail.html; mail.links  // e.g. await page.goto(mail.links.find((l) => l.includes('/activate'))!)
 *
 * Mails are matched newest first; `waitFor` polls until one matches or `timeout` (default 20 s)
 * passes, then fails with a list of what did arrive.
 */
import type { StoredMail } from './mail-sink';
import { resolveE2eEnv } from './env';

export type Mail = StoredMail;

export interface MailQuery {
  /** Recipient address (case-insensitive). */
  to?: string;
  /** Substring (case-insensitive) or pattern the subject must match. */
  subject?: string | RegExp;
  /** Only mails received after this mail id (e.g. `(await inbox.latest())?.id`) or this Date. */
  after?: number | Date;
  /** Any other condition on the mail. */
  where?: (mail: Mail) => boolean;
  timeout?: number;
}

function matches(mail: Mail, q: MailQuery): boolean {
  if (q.to && !mail.to.includes(q.to.toLowerCase())) return false;
  if (q.subject !== undefined) {
    const ok = typeof q.subject === 'string' ? mail.subject.toLowerCase().includes(q.subject.toLowerCase()) : q.subject.test(mail.subject);
    if (!ok) return false;
  }
  if (typeof q.after === 'number' && mail.id <= q.after) return false;
  if (q.after instanceof Date && new Date(mail.receivedAt) <= q.after) return false;
  if (q.where && !q.where(mail)) return false;
  return true;
}

export class Inbox {
  constructor(private readonly url: string | null) {}

  get available(): boolean {
    return this.url !== null;
  }

  private endpoint(): string {
    if (!this.url) throw new Error('No test inbox: set E2E_MAILBOX_URL when testing an external server');
    return `${this.url}/messages`;
  }

  /** Every mail received in this run, oldest first. */
  async all(): Promise<Mail[]> {
    const res = await fetch(this.endpoint());
    if (!res.ok) throw new Error(`inbox answered ${res.status}`);
    return (await res.json()) as Mail[];
  }

  /** Mails matching the query (no waiting), newest first. */
  async find(q: Omit<MailQuery, 'timeout'> = {}): Promise<Mail[]> {
    return (await this.all()).filter((m) => matches(m, q)).reverse();
  }

  /** The newest mail, if any (handy as `after` for a later waitFor). */
  async latest(): Promise<Mail | undefined> {
    const list = await this.all();
    return list[list.length - 1];
  }

  async waitFor(q: MailQuery): Promise<Mail> {
    const deadline = Date.now() + (q.timeout ?? 20_000);
    for (;;) {
      const all = await this.all();
      const hit = [...all].reverse().find((m) => matches(m, q));
      if (hit) return hit;
      if (Date.now() > deadline) {
        const seen = all.map((m) => `  #${m.id} to ${m.to.join(',')}: ${m.subject}`).join('\n') || '  (none)';
        throw new Error(
          `No mail matching ${JSON.stringify({ ...q, subject: q.subject?.toString(), where: undefined })} ` +
            `within ${q.timeout ?? 20_000} ms. Mails received:\n${seen}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async clear(): Promise<void> {
    await fetch(this.endpoint(), { method: 'DELETE' });
  }
}

export const inbox = new Inbox(resolveE2eEnv().mailboxURL);
