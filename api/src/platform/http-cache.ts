/**
 * Caching of answers in the request's language (interest labels, region names and labels, ...).
 *
 * The language of an answer comes from `?lang=` of the URL, else from the member's account or
 * the `lang` cookie (app.ts, langOf). Only the URL form may be cached by anyone: the URL then says
 * everything the answer depends on, so after a language switch the client asks another URL and
 * never gets yesterday's language from its cache. Without `?lang=` the answer depends on the
 * session and language cookies: `Vary: Cookie`, and the browser asks again each time (no-cache).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLang } from '../i18n';

/** Cache headers for an answer translated into the request's language. */
export function cacheTranslated(req: FastifyRequest, reply: FastifyReply, maxAgeSeconds: number): void {
  const lang = (req.query as Record<string, unknown> | undefined)?.lang;
  if (isLang(lang)) {
    reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
    return;
  }
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'Cookie');
}
