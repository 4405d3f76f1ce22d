/**
 * The test inbox, server side: a real SMTP server (smtp-server) that accepts every message,
 * parses it with mailparser and keeps it in memory, plus a tiny HTTP endpoint so test workers can
 * read what arrived:
 *   GET    /messages   -> StoredMail[] (oldest first)
 *   DELETE /messages   -> empties the inbox
 *   GET    /health     -> "ok"
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';

export interface StoredMail {
  id: number;
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link found in the html (href) and the text part, in order, without duplicates. */
  links: string[];
  /** ISO time the message was received. */
  receivedAt: string;
  headers: Record<string, string>;
  /** every header line as sent, by lower-case name (unfolded) */
  rawHeaders: Record<string, string>;
}

export interface MailSink {
  smtpPort: number;
  httpPort: number;
  messages: StoredMail[];
  close(): Promise<void>;
}

function addressList(a: AddressObject | AddressObject[] | undefined): string[] {
  if (!a) return [];
  const list = Array.isArray(a) ? a : [a];
  return list.flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

const decodeEntities = (s: string): string =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;/gi, '=')
    .replace(/&#61;/g, '=')
    .replace(/&quot;/g, '"');

export function extractLinks(html: string, text: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)) found.push(decodeEntities(m[1] ?? ''));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) found.push(m[0]);
  return [...new Set(found.filter((l) => /^https?:\/\//.test(l)))];
}

export async function startMailSink(opts: { smtpPort: number; httpPort: number }): Promise<MailSink> {
  const messages: StoredMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onAuth(_auth, _session, cb) {
      cb(null, { user: 'e2e' });
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          const headers: Record<string, string> = {};
          for (const [k, v] of parsed.headers) headers[k] = typeof v === 'string' ? v : JSON.stringify(v);
          // as sent (mailparser folds List-* headers into one object under `list`)
          const rawHeaders: Record<string, string> = {};
          for (const h of parsed.headerLines)
            rawHeaders[h.key] = h.line
              .slice(h.line.indexOf(':') + 1)
              .replace(/\r?\n[ \t]+/g, ' ')
              .trim();
          messages.push({
            id: nextId++,
            to: envelopeTo.length > 0 ? envelopeTo : addressList(parsed.to),
            from: addressList(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text,
            html,
            links: extractLinks(html, text),
            receivedAt: new Date().toISOString(),
            headers,
            rawHeaders,
          });
          cb();
        })
        .catch((err: unknown) => cb(err instanceof Error ? err : new Error(String(err))));
    },
  });

  const httpServer = http.createServer((req, res) => {
    if (req.url?.startsWith('/messages')) {
      if (req.method === 'DELETE') {
        messages.length = 0;
        res.writeHead(204).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
      return;
    }
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    res.writeHead(404).end();
  });

  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(opts.httpPort, '127.0.0.1', () => resolve());
  });

  return {
    smtpPort: opts.smtpPort,
    httpPort: (httpServer.address() as AddressInfo).port,
    messages,
    async close() {
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => httpServer.close(() => r()));
    },
  };
}
