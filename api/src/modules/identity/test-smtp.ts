/**
 * A real local SMTP server for the identity tests (smtp-server + mailparser): the app is built with
 * SMTP_URL pointing at it, and the tests read what actually arrived.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** wait until a mail to `to` arrives (the newest unseen one) */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** mails to this address so far */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const seen = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const toField = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          mails.push({
            to: (toField?.value[0]?.address ?? '').toLowerCase(),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => m.to === address.toLowerCase()),
    async waitFor(to, timeoutMs = 5000) {
      const start = Date.now();
      for (;;) {
        const found = mails.find((m) => m.to === to.toLowerCase() && !seen.has(m));
        if (found) {
          seen.add(found);
          return found;
        }
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail's text body. */
export function linkIn(mail: ReceivedMail): string {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in mail "${mail.subject}"`);
  return m[0];
}
