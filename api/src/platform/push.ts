/**
 * Web Push adapter (the `web-push` package: VAPID signature and aes128gcm payload encryption).
 *
 * Keys: VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY from the environment, else a pair generated once at
 * first start and kept in `app_secrets` (platform/secrets.ts). VAPID_SUBJECT (mailto: or https:)
 * defaults to mailto:<MAIL_FROM's address>. The public key is every site's `push_public_key`.
 *
 * Endpoints: a subscription is accepted only with an `https:` endpoint on a public host name (no
 * IP literal of a private, loopback or link-local network, no localhost), so no member can make the
 * server post to an internal address; plain `http:` to a loopback address only with
 * PUSH_ALLOW_LOOPBACK=1 (tests: a local push service). The request is built by web-push
 * (`generateRequestDetails`) and sent with fetch: redirects are not followed, 10 s at most.
 *
 * Outcome of a send: `sent`; `gone` (404 or 410: the subscription is dead and is removed by the
 * caller); `failed` (anything else: network, 429, 5xx; the job may retry).
 */
import net from 'node:net';
import webpush from 'web-push';
import type { DbOrTx } from '../db/client';
import { storedSecret } from './secrets';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome = { result: 'sent' } | { result: 'gone'; status: number } | { result: 'failed'; status?: number; error?: string };

export interface PushEnv {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  MAIL_FROM: string;
}

const SEND_TIMEOUT_MS = 10_000;
/** push services keep an undelivered message this long (a message older than a day is no news) */
export const PUSH_TTL_SECONDS = 86_400;

/** The server's VAPID keys: the environment's, else the stored pair (made on first use). */
export async function loadVapidKeys(db: DbOrTx, env: PushEnv): Promise<VapidKeys> {
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  const subject = env.VAPID_SUBJECT ?? `mailto:${address}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const stored = JSON.parse(await storedSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.', 'ip6-localhost']);

function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(h) || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  return h === '::1';
}

/** An IP literal of a network that is not the public internet (RFC 1918, loopback, link-local, ULA, ...). */
function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIPv4(h)) {
    const [a = 0, b = 0] = h.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  if (net.isIPv6(h)) return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith('::ffff:');
  return false;
}

/** Whether the server may post to this endpoint (see the header). */
export function acceptableEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'http:') return allowLoopback && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:') return false;
  if (isLoopbackHost(url.hostname)) return allowLoopback;
  if (isPrivateAddress(url.hostname)) return false;
  // a bare name without a dot ("intranet") is not a public push service
  return url.hostname.includes('.');
}

function base64urlBytes(value: string): number | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value, 'base64url').length;
}

/** The subscription's keys are what a browser makes: a P-256 point (65 bytes) and a 16-byte secret. */
export function acceptableKeys(keys: { p256dh: string; auth: string }): boolean {
  return base64urlBytes(keys.p256dh) === 65 && Buffer.from(keys.p256dh, 'base64url')[0] === 4 && base64urlBytes(keys.auth) === 16;
}

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, payload: object, options?: { topic?: string; urgency?: 'normal' | 'high' }): Promise<PushOutcome>;
}

export function createPushSender(keys: VapidKeys, { allowLoopback }: { allowLoopback: boolean }): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload, options = {}) {
      if (!acceptableEndpoint(target.endpoint, allowLoopback)) return { result: 'gone', status: 0 };
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(target, JSON.stringify(payload), {
          vapidDetails: keys,
          TTL: PUSH_TTL_SECONDS,
          urgency: options.urgency ?? 'normal',
          ...(options.topic ? { topic: options.topic } : {}),
        });
      } catch (err) {
        // keys web-push cannot encrypt for: the subscription is unusable
        return { result: 'gone', status: 0, ...(err instanceof Error ? { error: err.message } : {}) };
      }
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 200 && res.status < 300) return { result: 'sent' };
        if (res.status === 404 || res.status === 410) return { result: 'gone', status: res.status };
        return { result: 'failed', status: res.status };
      } catch (err) {
        return { result: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
