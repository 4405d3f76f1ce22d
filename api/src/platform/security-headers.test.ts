/**
 * Every answer carries the security headers (issue 13 item 8): pages, API answers and errors; HSTS
 * only on HTTPS (here: behind a trusted proxy that says so).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';
import { inlineScriptHashes } from './security-headers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { TRUST_PROXY: true } });
});
afterAll(async () => {
  await app.close();
});

it.each(['/', '/members', '/api/user.php', '/api/nope.php', '/mf-remotes.json'])(
  '%s carries the security headers, no HSTS over http',
  async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe('geolocation=(self), camera=(), microphone=()');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  },
);

it('sends HSTS on an HTTPS request', async () => {
  const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

/** script-src of a policy, as a list */
const scriptSrc = (policy: string | string[] | number | undefined) =>
  /(?:^|;)\s*script-src ([^;]*)/.exec(String(policy))?.[1]?.split(' ') ?? [];
const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('script-src (issue 25 item 5)', () => {
  it.each(['/api/user.php', '/api/nope.php', '/mf-remotes.json', '/manifest.webmanifest'])(
    '%s: scripts from this site only, nothing inline, no eval',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
    },
  );

  // the app's page (members area, a profile, chat, credits, the back office) and the light pages
  // (the index for a visitor, a legal page, a lander): every inline script it runs is hashed, and
  // nothing else is allowed inline
  it.each([
    '/',
    '/members',
    '/members/1',
    '/chats',
    '/credits',
    '/backoffice/members',
    '/signup',
    '/pages/terms',
    '/landers/gallery/women',
    '/landers/tinderswipe',
  ])('%s: the hash of each of its own inline scripts, no unsafe-inline or unsafe-eval', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    const html = res.body;
    const sources = scriptSrc(res.headers['content-security-policy']);
    expect(sources[0]).toBe("'self'");
    expect(sources.join(' ')).not.toMatch(/unsafe|\*|data:|https?:/);
    // what the browser will run inline: scripts without src that are not data blocks
    const inline = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attrs = '']) => !/src=|type="application\/json"/.test(attrs))
      .map(([, , body = '']) => body);
    expect(inline.length).toBeGreaterThan(0);
    expect(sources.slice(1).sort()).toEqual([...new Set(inline.map(sha))].sort());
    expect(html).not.toMatch(/\son[a-z]+\s*=\s*["']|javascript:/i);
  });

  it('lists a remote placed on another origin (MF_REMOTES) as a script source', async () => {
    const other = await buildTestApp({
      env: { MF_REMOTES: JSON.stringify({ remotes: [{ name: 'mf_chat', entry: 'https://cdn.example.net/mf-chat/mf-manifest.json' }] }) },
    });
    try {
      const res = await other.inject({ method: 'GET', url: '/api/user.php' });
      expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'", 'https://cdn.example.net']);
      expect(scriptSrc((await other.inject({ method: 'GET', url: '/members' })).headers['content-security-policy']).slice(0, 2)).toEqual([
        "'self'",
        'https://cdn.example.net',
      ]);
    } finally {
      await other.close();
    }
  });

  it('hashes inline scripts only: not external ones, not JSON data blocks', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/json">{"a":1}</script><script type="module">b()</script><script>a()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });
});
