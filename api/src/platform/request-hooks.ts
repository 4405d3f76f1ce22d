/**
 * The hooks every request passes (registered by app.ts right after the security headers):
 *
 * - onRequest: the site (Host header or `?forced_domain=`), the language, and for a request that
 *   uses the database (/api/*, /dev/*, routes with config `database`) admission (admission.ts: a
 *   bounded queue, 503 + Retry-After when full) and the session (session.ts, unless the route says
 *   `session: false`): a banned member's session is answered 403 `account_banned` on every such
 *   call (session.ts refuseBannedSession); then the Origin / CSRF check of state-changing /api/ calls.
 * - preValidation: a NUL character (U+0000) in any string of the query, the path parameters or a
 *   parsed JSON or form body (keys too, at any depth) is a 400 `nul_byte`, one rule before any
 *   route sees the input (issue 25 item 5: PostgreSQL refuses NUL in text, and 11 calls answered
 *   500); no input of this site has a use for it.
 * - onSend: read your own writes: after a request that may have changed the member (an unsafe
 *   method, or a GET declared `writes`), this instance forgets the member's cached session and
 *   answers (answer-cache.ts) before the answer leaves; the database's notification tells the other
 *   instances, and this one again, a moment later.
 * - onResponse: the admission slot is given back.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { DEFAULT_LANG, toLang } from '../i18n';
import type { Lang } from '../i18n';
import { loadSession, refuseBannedSession } from './session';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** the member's account language, on every answer to a logged-in request */
export const ACCOUNT_LANGUAGE_HEADER = 'x-account-language';

function langOf(req: FastifyRequest): Lang {
  const query = req.query as Record<string, unknown> | undefined;
  return (
    (typeof query?.lang === 'string' ? toLang(query.lang) : undefined) ??
    toLang(req.user?.language) ??
    toLang(req.cookies?.lang) ??
    toLang(req.site?.settings.domain_language) ??
    DEFAULT_LANG
  );
}

/** The request's own host (Host header, or X-Forwarded-Host behind a trusted proxy). */
function requestHost(req: FastifyRequest): string {
  return (req.host || req.headers.host || '').toLowerCase();
}

function checkOrigin(req: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
  if (req.routeOptions.config?.csrf === false) return;
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    let originHost = '';
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      throw new AppError('origin_mismatch');
    }
    if (originHost !== requestHost(req)) throw new AppError('origin_mismatch');
  } else if (origin === 'null') {
    throw new AppError('origin_mismatch');
  }
  const type = req.headers['content-type'] ?? '';
  const hasJson = /^application\/([\w.+-]+\+)?json\b/i.test(type);
  const hasHeader = Boolean(req.headers['x-request-type'] || req.headers['x-requested-with']);
  if (!hasJson && !hasHeader) throw new AppError('csrf_header_required');
}

const NUL = '\u0000';

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  // plain objects, and the null-prototype records the query and form parsers make (fast-querystring's
  // have a prototype of their own, itself without one); never a buffer, stream or upload
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** The path (`a.b[2]`) of the first string or key holding a NUL in `value`, else null. Walks plain objects and arrays only (no upload streams or buffers). */
export function nulBytePath(value: unknown, at = ''): string | null {
  const stack: [unknown, string][] = [[value, at]];
  while (stack.length > 0) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
    } else if (isPlainContainer(v)) {
      for (const [key, item] of Object.entries(v)) {
        const keyPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return keyPath;
        stack.push([item, keyPath]);
      }
    }
  }
  return null;
}

export function registerRequestHooks(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    // /healthz, /readyz (health.ts): no site, no session, no admission; they answer without the database
    if (req.routeOptions.config?.probe === true) return;
    const query = req.query as Record<string, unknown> | undefined;
    const forced = typeof query?.forced_domain === 'string' ? query.forced_domain : undefined;
    const site = await app.sites.resolve(forced || requestHost(req));
    if (site) req.site = site;
    req.lang = langOf(req);
    const usesDb = req.url.startsWith('/api/') || req.url.startsWith('/dev/') || req.routeOptions.config?.database === true;
    if (usesDb && req.routeOptions.config?.session !== false) {
      // a request that uses the database waits its turn (or gets a 503 with Retry-After at once);
      // its slot is given back when the response is done or the client hangs up, whichever is
      // first, also when the client hung up while it waited (the listener is there before it waits)
      let gone = false;
      reply.raw.once('close', () => {
        gone = true;
        req.releaseAdmission?.();
      });
      // a client that hung up before this hook ran (while the site was resolved) sent its 'close'
      // already: without this its slot was never given back (no 'close' to come, no response to
      // finish), and after a burst of such hang-ups every place stayed taken
      if (reply.raw.destroyed || req.raw.socket?.destroyed) gone = true;
      req.releaseAdmission = await app.admission.acquire();
      if (gone) {
        req.releaseAdmission();
        throw new AppError('service_unavailable', { status: 503 });
      }
      await loadSession(req);
      req.lang = langOf(req);
      refuseBannedSession(req);
    }
    checkOrigin(req);
  });

  app.addHook('preValidation', async (req) => {
    for (const input of [req.query, req.params, req.body]) {
      const field = nulBytePath(input);
      if (field !== null) throw new AppError('nul_byte', { status: 400, field: field.replaceAll('\u0000', '\\0') || 'body' });
    }
  });

  // read your own writes: after a request that may have changed the member (any unsafe method,
  // or a GET declared `writes`), this instance forgets the member's cached session and answers
  // (answer-cache.ts) before the answer leaves; the database's notification tells the other
  // instances, and this one again, a moment later. A route declared `keepsSession` (a paid
  // message: only the balance changes) keeps the session (migration 0025: the session cache's
  // trigger ignores a change of the balance alone too)
  app.addHook('onSend', async (req, reply) => {
    // the account's language on every answer to a member: a tab whose page is in another language
    // (changed on another device or tab) applies it at its next request (shared-kit i18n)
    if (req.user && !reply.hasHeader(ACCOUNT_LANGUAGE_HEADER)) reply.header(ACCOUNT_LANGUAGE_HEADER, req.user.language);
    if (req.user && (UNSAFE_METHODS.has(req.method) || req.routeOptions.config?.writes)) {
      if (!req.routeOptions.config?.keepsSession) app.sessionCache.forgetUser(req.user.id);
      app.answers.forgetMember(req.user.id);
    }
  });

  app.addHook('onResponse', async (req) => {
    req.releaseAdmission?.();
  });
}
