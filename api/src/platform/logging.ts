/**
 * The app's logger options (buildApp hands them to Fastify): URLs logged without their query's
 * values, one line per request at debug, at warn when slow or failed.
 */
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A URL as it may be logged: the query's values are dropped (they carry tokens, e-mail addresses
 * and, for the geocoder, the browser's coordinates, none of which belong in a log).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=~`);
  return `${url.slice(0, q)}?${keys.join('&')}`;
}

export const loggerOptions = {
  serializers: {
    req(req: { method: string; url: string; host?: string; ip?: string }) {
      return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
    },
  },
};

/** A request slower than this is logged at warn. */
const SLOW_REQUEST_MS = 1000;

/**
 * Request log lines: one per request, at debug (so the default level `info` stays quiet under
 * load), at warn when it took SLOW_REQUEST_MS or more; failures are logged by the error handler.
 */
export class RequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const line = { req: request, statusCode: reply.statusCode, ms: Math.round(ms), ...(error ? { err: error } : {}) };
    if (ms >= SLOW_REQUEST_MS || error) reply.log.warn(line, 'slow or failed request');
    else reply.log.debug(line, 'request completed');
  }
}
