/**
 * A tiny in-process HTTP answerer installed as `fetch`, so the real shared-kit api client
 * (retries, zod-checked answers) runs unchanged in component tests. Answers must satisfy the
 * contracts, or the client rejects them (as in production).
 *
 *   const calls = serve({ 'GET /api/chats.php': () => ({ chats: [] }),
 *                         'DELETE /api/chat.php': () => ({ status: 500, body: { error: 'x', message: 'Mislukt' } }) });
 */
import { clearTranslatedCache } from '../api/translated';

export type Handler = (url: URL, init: RequestInit & { json?: unknown }) => unknown;
export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Answer `METHOD /path` with the handler's value (an `{ status, body }` object for errors). */
export function serve(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  clearTranslatedCache(); // lists kept per language (loadTranslated) belong to the previous fake server
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost/');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler)
      return new Response(JSON.stringify({ error: 'route_not_found', message: 'Niet gevonden' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const answer = handler(url, { ...init, json: body });
    const { status, body: payload } = (
      answer && typeof answer === 'object' && 'status' in answer && 'body' in answer ? answer : { status: 200, body: answer }
    ) as { status: number; body: unknown };
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}
