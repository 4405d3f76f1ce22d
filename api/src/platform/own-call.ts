import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The headers a browser's own call would carry: its host, cookie, language and the proxy's forwarding. */
const CARRIED = ['host', 'cookie', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * GET one of this server's public calls in-process, as the browser behind `req` would make it,
 * so that a page the server writes holds that call's own answer; null unless it answers 200.
 */
export async function ownCall(app: FastifyInstance, req: FastifyRequest, url: string): Promise<unknown> {
  const headers: Record<string, string> = {};
  for (const name of CARRIED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const res = await app.inject({ method: 'GET', url, headers });
  return res.statusCode === 200 ? res.json() : null;
}
