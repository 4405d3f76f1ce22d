/**
 * Every answer carries the security headers (issue 13 item 8): pages, API answers and errors; HSTS
 * only on HTTPS (here: behind a trusted proxy that says so).
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { TRUST_PROXY: true } });
});
afterAll(async () => {
  await app.close();
});

it.each(['/', '/members', '/api/user.php', '/api/nope.php', '/mf-remotes.json'])('%s carries the security headers, no HSTS over http', async (url) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy']).toBe('geolocation=(self), camera=(), microphone=()');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['strict-transport-security']).toBeUndefined();
});

it('sends HSTS on an HTTPS request', async () => {
  const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});
