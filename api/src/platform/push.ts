/**
 * Web Push adapter (the `web-push` package: VAPID signature and aes128gcm payload encryption).
 *
 * Keys: VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY from the environment, else a pair generated once at
 * first start and kept in `app_secrets` (platform/secrets.ts). VAPID_SUBJECT (mailto: or https:)
 * defaults to mailto:<MAIL_FROM's address>. The public key is every site's `push_public_key`.
 *
 * Endpoints: no member can make the server post to an internal address (issue 25 item 5).
 * - Stored only with an `https:` endpoint on a public host name (no IP literal outside the public
 *   unicast range, no localhost, no bare name), and when the name resolves now, only if every
 *   address it resolves to is public (`https://localtest.me:4555/x`, a name of 127.0.0.1, is refused).
 * - Checked again at connect time, on the address the socket is about to connect to: the request
 *   goes through request-filtering-agent's agents, which refuse private, loopback, link-local,
 *   multicast and reserved addresses after the DNS lookup of that very connection (a name that
 *   resolved to a public address when stored and to an internal one now: DNS rebinding). Refused:
 *   no connection is made, the outcome is `failed`.
 * Plain `http:` to a loopback address only with PUSH_ALLOW_LOOPBACK=1 (tests: a local push
 * service); loopback then passes both checks, every other internal address still does not. The
 * request is built by web-push (`generateRequestDetails`) and sent with node's http(s).request:
 * redirects are not followed, 10 s at most.
 *
 * Outcome of a send: `sent`; `gone` (404 or 410: the subscription is dead and is removed by the
 * caller); `failed` (anything else: network, 429, 5xx; the job may retry).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type * as WebPush from 'web-push';
import type { DbOrTx } from '../db/client';
import { storedSecret } from './secrets';

// web-push (and its crypto dependencies) is loaded with the first push or new key pair, not at start
// (docs/performance.md "Memory"); a synchronous require because key generation is a synchronous callback.
let webPushLib: typeof WebPush | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpush = (): typeof WebPush => (webPushLib ??= require('web-push') as typeof WebPush);

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
  const stored = JSON.parse(await storedSecret(db, 'vapid', () => JSON.stringify(webpush().generateVAPIDKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.', 'ip6-localhost']);
/** the loopback addresses PUSH_ALLOW_LOOPBACK=1 lets through the agents (single addresses: a CIDR of the other family makes the library warn) */
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'];

/** Where the server may connect: a public unicast address, or loopback when allowed (IPv4-mapped IPv6 as its IPv4). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

function isLoopbackName(host: string): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_NAMES.has(h) || h.endsWith('.localhost');
}

/** How the server reaches push services: the loopback switch, and (tests) the DNS lookup to use. */
export interface PushNetwork {
  allowLoopback: boolean;
  lookup?: LookupFunction;
}

/** Whether the server may post to this endpoint, from the URL alone (see the header). */
export function acceptableEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host) && /^[\d.]+$|:/.test(host);
  const loopback = isLoopbackName(host) || (literal && ipaddr.process(host).range() === 'loopback');
  if (url.protocol === 'http:') return allowLoopback && loopback;
  if (url.protocol !== 'https:') return false;
  if (loopback) return allowLoopback;
  if (literal) return addressAllowed(host, allowLoopback);
  // a bare name without a dot ("intranet") is not a public push service
  return host.includes('.');
}

const STORE_LOOKUP_MS = 2_000;

/**
 * The endpoint as stored: acceptable by its URL, and its host name does not resolve to an address
 * the server may not connect to now. A name that does not resolve (or not within 2 s) is not
 * refused here: the connect-time check of every send stands for it.
 */
export async function acceptableEndpointNow(endpoint: string, network: PushNetwork): Promise<boolean> {
  if (!acceptableEndpoint(endpoint, network.allowLoopback)) return false;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) || isLoopbackName(host)) return true;
  const lookup = network.lookup ?? (dns.lookup as unknown as LookupFunction);
  const addresses = await new Promise<string[] | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), STORE_LOOKUP_MS);
    lookup(host, { all: true }, (err, result) => {
      clearTimeout(timer);
      if (err) return resolve(null);
      resolve(Array.isArray(result) ? result.map((a) => a.address) : [String(result)]);
    });
  });
  return addresses === null || addresses.every((a) => addressAllowed(a, network.allowLoopback));
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

interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body?: Buffer | string | null;
}

/** One request through the filtering agent; the answer's status (its body is read and dropped). */
function post(details: PushRequest, agents: { http: http.Agent; https: https.Agent }, lookup: LookupFunction | undefined): Promise<number> {
  const url = new URL(details.endpoint);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        agent: url.protocol === 'http:' ? agents.http : agents.https,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        ...(lookup ? { lookup } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

export function createPushSender(keys: VapidKeys, { allowLoopback, lookup }: PushNetwork): PushSender {
  // the connect-time check (see the header): every connection's address, after its own DNS lookup
  const filter = { allowIPAddressList: allowLoopback ? LOOPBACK_ADDRESSES : [] };
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
  return {
    publicKey: keys.publicKey,
    async send(target, payload, options = {}) {
      if (!acceptableEndpoint(target.endpoint, allowLoopback)) return { result: 'gone', status: 0 };
      let details: ReturnType<typeof WebPush.generateRequestDetails>;
      try {
        details = webpush().generateRequestDetails(target, JSON.stringify(payload), {
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
        const status = await post(details, agents, lookup);
        if (status >= 200 && status < 300) return { result: 'sent' };
        if (status === 404 || status === 410) return { result: 'gone', status };
        return { result: 'failed', status };
      } catch (err) {
        return { result: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
