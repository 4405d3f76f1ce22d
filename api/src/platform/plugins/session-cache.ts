/**
 * app.sessionCache (platform/session-cache.ts): logged-in sessions kept in memory for a few
 * seconds, forgotten on every notification of channel `session_cache`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SessionCache } from '../session-cache';
import { keepListened } from './listened';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

/**
 * How long a logged-in session is served from memory (SESSION_CACHE_MS; off under NODE_ENV=test).
 * Every change reaches it by notification; the time limit is the safety net. 30 s: an active
 * chatter (a message every few seconds) costs no session query.
 */
const DEFAULT_SESSION_CACHE_MS = 30_000;

async function sessionCache(app: FastifyInstance) {
  const { SESSION_CACHE_MS, NODE_ENV } = app.config;
  const cache = new SessionCache(SESSION_CACHE_MS ?? (NODE_ENV === 'test' ? 0 : DEFAULT_SESSION_CACHE_MS));
  app.decorate('sessionCache', cache);
  if (cache.enabled) await keepListened(app, 'session_cache', cache);
  else app.addHook('onClose', () => cache.dispose());
}

export default fp(sessionCache, { name: 'session-cache', dependencies: ['database'] });
