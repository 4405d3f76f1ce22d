/**
 * A tiny local push service for the push tests (what FCM or Mozilla's autopush is for a real
 * browser): the server posts its encrypted pushes here (allowed by PUSH_ALLOW_LOOPBACK=1 on the
 * e2e server), and the test reads them. `browserPushKeys()` makes a browser's subscription keys
 * (P-256 pair + auth secret) and decrypts an aes128gcm payload as the browser would.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: string }): Buffer };

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** resolves with the first push posted to `path` (polls until `timeout`) */
  waitFor(path: string, timeout?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    async waitFor(path, timeout = 20_000) {
      const until = Date.now() + timeout;
      for (;;) {
        const hit = received.find((r) => r.path === path);
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`no push to ${path} within ${timeout} ms (got: ${received.map((r) => r.path).join(', ') || 'none'})`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface BrowserPushKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): unknown;
}

export function browserPushKeys(): BrowserPushKeys {
  const ecdh = crypto.createECDH('prime256v1');
  const p256dh = ecdh.generateKeys().toString('base64url');
  const auth = crypto.randomBytes(16).toString('base64url');
  return {
    p256dh,
    auth,
    decrypt: (body) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
  };
}
