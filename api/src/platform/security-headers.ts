/**
 * Security headers on every answer (issue 13 item 8):
 *
 *   Content-Security-Policy    frame-ancestors 'none'; base-uri 'self'; object-src 'none'
 *   X-Frame-Options            DENY                      (the same for browsers without CSP 2)
 *   Referrer-Policy            strict-origin-when-cross-origin (no member page URL leaves the site)
 *   Permissions-Policy         geolocation=(self), camera=(), microphone=()
 *   X-Content-Type-Options     nosniff
 *   Strict-Transport-Security  max-age=31536000; includeSubDomains — only on an HTTPS request
 *                              (req.protocol: behind a proxy with TRUST_PROXY, its X-Forwarded-Proto)
 *
 * The policy does not list script or connect sources: the shell loads each remote from the entry
 * /mf-remotes.json names, which may be any origin (MF_REMOTES, a CDN) and may change without a
 * restart, so an allow-list here would break a remote moved elsewhere. Written out here rather than
 * with @fastify/helmet: helmet has no Permissions-Policy, and its other defaults
 * (Cross-Origin-Resource-Policy same-origin, COEP) would block remotes and photos served from a CDN.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const CONTENT_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    reply.headers({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
      'x-content-type-options': 'nosniff',
    });
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
