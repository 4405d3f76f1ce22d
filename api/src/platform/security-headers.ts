/**
 * Security headers on every answer (issue 13 item 8):
 *
 *   Content-Security-Policy    script-src 'self' <remote origins>; frame-ancestors 'none';
 *                              base-uri 'self'; object-src 'none'
 *   X-Frame-Options            DENY                      (the same for browsers without CSP 2)
 *   Referrer-Policy            strict-origin-when-cross-origin (no member page URL leaves the site)
 *   Permissions-Policy         geolocation=(self), camera=(), microphone=()
 *   X-Content-Type-Options     nosniff
 *   Strict-Transport-Security  max-age=31536000; includeSubDomains — only on an HTTPS request
 *                              (req.protocol: behind a proxy with TRUST_PROXY, its X-Forwarded-Proto)
 *
 * Scripts (issue 25 item 5): only from this site and from the origins of the remotes that
 * MF_REMOTES places elsewhere (a CDN; read at start like /mf-remotes.json, remotes.ts), never
 * inline, never eval. A page the server sends with an inline script of its own (the shell's page:
 * window.__BOOT__; the light pages and landers: the boot settings, the entry warning, the start of
 * their client) gets the sha256 of each of those scripts in its script-src (pagePolicy), computed
 * from the HTML as sent, so the page stays the same bytes for its ETag (no nonce per request).
 * Webpack's runtime and Module Federation load every chunk and remote entry as a script from those
 * origins; zod's compiled parsers (its one use of `new Function`) are off in the browser (shell and
 * light client: zod's `jitless`), so no 'unsafe-eval' is needed. Written out here rather than with
 * @fastify/helmet: helmet has no Permissions-Policy, and its other defaults
 * (Cross-Origin-Resource-Policy same-origin, COEP) would block remotes and photos served from a CDN.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { remotesConfig } from './remotes';
import type { RemotesConfig } from './remotes';

export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

/** 'self' and the origin of every remote whose entry is on another origin (MF_REMOTES). */
export function scriptSources(remotes: RemotesConfig): string[] {
  const origins = new Set<string>();
  for (const { entry } of remotes.remotes) {
    if (!/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // not a URL: the shell cannot load it either
    }
  }
  return ["'self'", ...origins];
}

export function contentSecurityPolicy(sources: readonly string[]): string {
  return `script-src ${sources.join(' ')}; frame-ancestors 'none'; base-uri 'self'; object-src 'none'`;
}

/** A script element that runs: no `src`, and no type or a JavaScript one (not application/json). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const SCRIPT_TYPES = new Set(['text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript', 'module']);

/** The CSP source of each inline script of `html` ('sha256-...'), in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    const type = TYPE.exec(attrs)?.[1]?.toLowerCase();
    if (/\bsrc\s*=/i.test(attrs) || (type !== undefined && !SCRIPT_TYPES.has(type))) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy of a page the server sends: its own inline scripts, and nothing else inline. */
export function pagePolicy(sources: readonly string[], html: string): string {
  return contentSecurityPolicy([...sources, ...inlineScriptHashes(html)]);
}

async function securityHeaders(app: FastifyInstance): Promise<void> {
  const policy = contentSecurityPolicy(scriptSources(remotesConfig(app.config.MF_REMOTES)));
  app.addHook('onRequest', async (req, reply) => {
    reply.headers({
      'content-security-policy': policy,
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
      'x-content-type-options': 'nosniff',
    });
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
