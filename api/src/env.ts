/**
 * The only reader of `process.env` in the server. Every variable, its default and meaning:
 *
 *   PORT                 HTTP port (default 3000).
 *   HOST                 Interface to listen on (default 127.0.0.1: this machine only; a
 *                        development server must not be reachable from the network). Behind a
 *                        proxy or in a container: HOST=0.0.0.0.
 *   DATA_DIR             Folder for the embedded database and uploads (default ./data, resolved
 *                        from the repository root, not from the api workspace).
 *   DATABASE_URL         Unset or file://<dir>: embedded PGlite under DATA_DIR/db (or <dir>).
 *                        memory://: in-memory PGlite (nothing kept). postgres://...: PostgreSQL.
 *   SMTP_URL             smtp(s)://user:pass@host:port for real mail. Unset: mails go to an outbox
 *                        table, readable at /dev/mailbox outside production, from loopback or by staff.
 *   SMS_URL, SMS_KEY     An HTTP SMS provider (platform/sms.ts): POST SMS_URL, JSON {to, text}, header
 *                        Authorization: Bearer SMS_KEY. Unset: SMS go to an outbox table, readable at
 *                        /dev/mailbox outside production; in production direct debit is then not offered.
 *   MAIL_FROM            Sender address of every mail (default "Flirtlokaal <no-reply@localhost>").
 *   PUBLIC_URL           Base URL of mailed links for the local site `localhost` (single-domain or
 *                        development setup; default http://localhost:PORT). Regional sites always
 *                        use https://<their domain>; links never come from the request's Host.
 *   MF_REMOTES           JSON whose entries replace, by name, those of the served /mf-remotes.json, e.g.
 *                        {"remotes":[{"name":"mf_chat","entry":"https://cdn.example/mf-chat/mf-manifest.json"}]}
 *   AUTO_APPROVE_PHOTOS  "true": uploaded photos are active at once, without moderation (default false).
 *   SEED_MEMBERS         Number of demo members the first start creates (default 320; 0 = none).
 *   NODE_ENV             "production" hides developer pages (/dev/mailbox). Cookies are Secure over HTTPS.
 *   LOG_LEVEL            pino level: fatal, error, warn, info, debug, trace, silent (default info).
 *   TRUST_PROXY          "true" when behind a reverse proxy that sets X-Forwarded-* (default false).
 *   MAX_BODY_BYTES       Largest JSON body accepted (default 1048576); bigger -> 413.
 *   METRICS_TOKEN        Bearer token that opens GET /metrics from elsewhere than this machine (unset:
 *                        loopback only; platform/metrics.ts, docs/operations.md "Metrics").
 *   STATIC_ROOT          Folder holding shell/ and mf-* builds (default: the repository root).
 *   RELEASES_DIR         The release store (issue 27, modules/releases): one folder per remote and build id
 *                        (default DATA_DIR/releases; docs/releases.md).
 *   RELEASE_TOKEN        Bearer token with which CI registers and moves releases (/api/backoffice/releases*,
 *                        `npm run release`); at least 16 characters. Unset: staff only.
 *   DRAIN_TIMEOUT_MS     On SIGTERM, how long requests in flight may take before their connections are
 *                        cut (default 10000; platform/health.ts, docs/operations.md "Health, readiness").
 *   SESSION_CACHE_MS     How long a logged-in session may be served from memory without a query (default
 *                        30000; 0 = off, the default under NODE_ENV=test). Logout, password change and a
 *                        changed users row reach every instance at once (platform/session-cache.ts).
 *   ANSWER_CACHE_MS      How long a member's own user.php / likes.php answer may be served from memory
 *                        (default 10000; 0 = off, the default under NODE_ENV=test). Every write to what
 *                        it is read from reaches every instance at once (platform/answer-cache.ts).
 *   MESSAGE_MAIL_WAIT_MS How long a new message waits before its notification mail, which is not sent when
 *                        the member has read it by then (default 300000; notifications/mails.ts).
 *   MOLLIE_API_KEY       Mollie API key (test_... or live_...): payments go to Mollie through the official
 *                        client. Unset: they go to the built-in Mollie simulator (/mollie-sim/, same
 *                        client, its own hosted checkout). In production the server refuses to start
 *                        without a key unless MOLLIE_SIMULATOR=true (a demo that knowingly lets anyone
 *                        choose "Paid"), so a real deployment never hands out credits by mistake.
 *   MOLLIE_SIMULATOR     "true": run the built-in simulator under NODE_ENV=production (demos, benchmarks).
 *   MOLLIE_SIM_TIME_SCALE  Simulator only: factor on its clocks (webhook retry schedule of ~26 h,
 *                        recurring settlement, expiry). Default 1; 0.001 turns 26 h into ~90 s; 0 = at once.
 *   RATE_LIMIT_SIGNUP    Sign-ups per address per hour (default 10; 0 = no limit; platform/rate-limit.ts).
 *   RATE_LIMIT_MAIL      Calls that send a mail or SMS, per address per hour (default 20; 0 = no limit).
 *   RATE_LIMIT_GEOCODE   Reverse-geocoding calls per address per minute (default 30; 0 = no limit).
 *                        The three are off by default under NODE_ENV=test.
 *   RATE_LIMIT_CLIENT_EVENTS  POST /api/client-events.php per address per minute (default 300: a tab sends one
 *                        every ~10 s, many tabs share an address behind carrier NAT; modules/releases).
 *   MAIL_EVENTS_SECRET   Shared secret the mail provider sends as header X-Mail-Events-Secret to
 *                        POST /api/mail-events.php (bounce / spam / unsubscribe). Unset: disabled.
 *   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY  Web Push key pair (base64url, `npx web-push generate-vapid-keys`).
 *                        Unset: a pair is generated at first start and kept in the database (app_secrets).
 *   VAPID_SUBJECT        Contact of the push sender for the push services: mailto:... or https://...
 *                        (default mailto:<MAIL_FROM's address>).
 *   PUSH_ALLOW_LOOPBACK  "1": push subscriptions may name a plain http:// endpoint on a loopback address
 *                        (tests with a local push service). Default off: https:// on a public host only.
 */
import path from 'node:path';
import { z } from 'zod';

/** The repository root: api/src/env.ts -> ../.. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Flirtlokaal <no-reply@localhost>'),
  PUBLIC_URL: z.string().optional(),
  MF_REMOTES: z.string().optional(),
  AUTO_APPROVE_PHOTOS: bool,
  SEED_MEMBERS: z.coerce.number().int().min(0).max(100000).default(320),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  STATIC_ROOT: z.string().optional(),
  RELEASES_DIR: z.string().optional(),
  RELEASE_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  MAIL_EVENTS_SECRET: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,90}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,45}$/, 'a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'mailto:... or https://...')
    .optional(),
  PUSH_ALLOW_LOOPBACK: bool,
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w{20,}$/, 'a Mollie API key: test_... or live_...')
    .optional(),
  MOLLIE_SIMULATOR: bool,
  MOLLIE_SIM_TIME_SCALE: z.coerce.number().min(0).max(1000).default(1),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  MESSAGE_MAIL_WAIT_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  RATE_LIMIT_SIGNUP: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_MAIL: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_GEOCODE: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_CLIENT_EVENTS: z.coerce.number().int().min(1).default(300),
});

export type Env = z.infer<typeof ZEnv> & { DATA_DIR_ABS: string; STATIC_ROOT_ABS: string };

/** Parse an environment (default: process.env). Empty strings count as unset. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v !== '') cleaned[k] = v;
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  return {
    ...env,
    DATA_DIR_ABS: path.resolve(REPO_ROOT, env.DATA_DIR),
    STATIC_ROOT_ABS: path.resolve(REPO_ROOT, env.STATIC_ROOT ?? '.'),
  };
}

let cached: Env | undefined;
/** The process environment, parsed once. */
export function env(): Env {
  cached ??= readEnv();
  return cached;
}

/** This process's environment with `extra` on top: for child processes (tests that start the server). */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
