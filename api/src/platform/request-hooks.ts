/**
 * The hooks every request passes (registered by app.ts right after the security headers):
 *
 * - onRequest: the site (Host header or `?forced_domain=`), the language, and for a request that
 *   uses the database (/api/*, /dev/*, routes with config `database`) admission (admission.ts: a
 *   bounded queue, 503 + Retry-After when full) and the session (session.ts, unless the route says
 *   `session: false`): a banned member's session is answered 403 `account_banned` on every such
 *   call (session.ts refuseBannedSession); then the Origin / CSRF check of state-changing /api/ calls.
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

export function registerRequestHooks(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
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

  // read your own writes: after a request that may have changed the member (any unsafe method,
  // or a GET declared `writes`), this instance forgets the member's cached session and answers
  // (answer-cache.ts) before the answer leaves; the database's notification tells the other
  // instances, and this one again, a moment later. A route declared `keepsSession` (a paid
  // message: only the balance changes) keeps the session (migration 0025: the session cache's
  // trigger ignores a change of the balance alone too)
  app.addHook('onSend', async (req) => {
    if (req.user && (UNSAFE_METHODS.has(req.method) || req.routeOptions.config?.writes)) {
      if (!req.routeOptions.config?.keepsSession) app.sessionCache.forgetUser(req.user.id);
      app.answers.forgetMember(req.user.id);
    }
  });

  app.addHook('onResponse', async (req) => {
    req.releaseAdmission?.();
  });
}
