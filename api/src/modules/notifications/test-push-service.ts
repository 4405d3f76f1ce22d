/**
 * Test helpers: a tiny local push service (what FCM or Mozilla's autopush are for a browser) that
 * records what the server posts, and a browser's subscription keys (a P-256 key pair and a 16-byte
 * auth secret) that can decrypt the aes128gcm payload the way the browser would.
 *
 * Used by the server's push tests and by e2e (support/index.ts re-exports it): there the built
 * server posts its pushes here, allowed by PUSH_ALLOW_LOOPBACK=1 on the e2e server.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: ReceivedPush[];
  /** the status this service answers (201 like a real one; 410 = gone) */
  status: number;
  /** resolves with the first push posted to `path` (polls until `timeout` ms) */
  waitFor(path: string, timeout?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const service: PushService = {
    origin: '',
    received: [],
    status: 201,
    async waitFor(path, timeout = 20_000) {
      const until = Date.now() + timeout;
      for (;;) {
        const hit = service.received.find((r) => r.path === path);
        if (hit) return hit;
        if (Date.now() > until)
          throw new Error(`no push to ${path} within ${timeout} ms (got: ${service.received.map((r) => r.path).join(', ') || 'none'})`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      service.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(service.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () => new Promise((resolve) => server.close(() => resolve()));
  return service;
}

export interface BrowserKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): unknown;
}

export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  const p256dh = ecdh.generateKeys().toString('base64url');
  const auth = crypto.randomBytes(16).toString('base64url');
  return {
    p256dh,
    auth,
    decrypt: (body) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
  };
}
