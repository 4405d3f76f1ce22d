import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helpers';
import { remotesConfig } from './static';

let app: FastifyInstance;
let root: string;

function write(rel: string, content: string) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-static-'));
  write('shell/dist/index.html', '<!doctype html><html><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div><script src="/main.1a2b3c4d5e.js"></script></body></html>');
  write('shell/dist/main.1a2b3c4d5e.js', 'console.log("shell")');
  write('shell/dist/favicon.ico', 'ico');
  write('mf-chat/dist/mf-manifest.json', '{"id":"mf_chat","v":1}');
  write('mf-chat/dist/remoteEntry.js', 'var mf_chat;');
  write('mf-chat/dist/__federation_expose_routes.0a1b2c3d4e.js', 'chunk');
  write('secret.txt', 'do not serve');
  // mf-members/dist deliberately missing
  app = await buildTestApp({ env: { STATIC_ROOT_ABS: root } });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('index.html', () => {
  it('inlines the site settings before </head> and sets the title, for / and every app route', async () => {
    for (const url of ['/', '/members/12', '/chats', '/pages/privacy?x=1']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'example.de' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const boot = /<script>window\.__BOOT__=(.*?)<\/script><\/head>/.exec(res.body);
      expect(boot).not.toBeNull();
      const data = JSON.parse(boot?.[1] ?? 'null');
      expect(data.domain_language).toBe('de');
      expect(data.settings.domain).toBe('example.de');
      expect(res.body).toContain(`<title>${data.settings.index_title}</title>`);
    }
  });

  it('answers a page no route owns with status 404 and the shell (which shows its 404 page)', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page', headers: { host: 'example.de' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('window.__BOOT__=');
    expect((await app.inject({ method: 'GET', url: '/chats/1/extra' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/members/12/' })).statusCode).toBe(200);
  });

  it('escapes < in the inlined JSON so settings cannot close the script', async () => {
    const [site] = await app.dbHandle.query<{ id: number; settings: Record<string, unknown> }>(`SELECT id, settings FROM sites WHERE domain = 'example.it'`);
    const settings = { ...site?.settings, description: '</script><script>alert(1)</script>' };
    await app.dbHandle.query(`UPDATE sites SET settings = $1 WHERE id = $2`, [JSON.stringify(settings), site?.id]);
    app.sites.invalidate();
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'example.it' } });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).toContain('\\u003c/script>');
  });
});

describe('assets and remotes', () => {
  it('serves hashed shell assets as immutable and plain ones briefly', async () => {
    const js = await app.inject({ method: 'GET', url: '/main.1a2b3c4d5e.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const ico = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves a remote with manifest and entry no-cache and chunks immutable', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/mf/mf-chat/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await app.inject({ method: 'GET', url: '/mf/mf-chat/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/mf/mf-chat/__federation_expose_routes.0a1b2c3d4e.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a rebuilt remote at once, without restart', async () => {
    write('mf-chat/dist/mf-manifest.json', '{"id":"mf_chat","v":2}');
    const res = await app.inject({ method: 'GET', url: '/mf/mf-chat/mf-manifest.json' });
    expect(res.json()).toEqual({ id: 'mf_chat', v: 2 });
  });

  it('answers 404 for a missing remote build, a missing asset, an unknown folder and path tricks', async () => {
    for (const url of ['/mf/mf-members/mf-manifest.json', '/missing.3f3f3f3f3f.js', '/mf/secret/x.js', '/mf/mf-chat/..%2F..%2Fsecret.txt', '/..%2Fsecret.txt']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('do not serve');
    }
  });

  it('lists the five remotes in /mf-remotes.json, no-cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/mf-remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      remotes: [
        { name: 'mf_auth_signup', entry: '/mf/mf-auth-signup/mf-manifest.json' },
        { name: 'mf_members', entry: '/mf/mf-members/mf-manifest.json' },
        { name: 'mf_chat', entry: '/mf/mf-chat/mf-manifest.json' },
        { name: 'mf_payments', entry: '/mf/mf-payments/mf-manifest.json' },
        { name: 'mf_landers', entry: '/mf/mf-landers/mf-manifest.json' },
      ],
    });
  });

  it('serves the fictional icon and uploads', async () => {
    const icon = await app.inject({ method: 'GET', url: '/static/fictional.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    // a stored file is served only when a module claims it (platform/uploads.ts; photos: members/photo-files.test.ts)
    const name = await app.storage.put(Buffer.from('jpegbytes'), 'jpg');
    expect((await app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('MF_REMOTES', () => {
  it('moves only the named remote; the other four stay served from this server', async () => {
    const custom = { remotes: [{ name: 'mf_chat', entry: 'https://cdn.example/mf-chat/v7/mf-manifest.json' }] };
    const other = await buildTestApp({ env: { STATIC_ROOT_ABS: root, MF_REMOTES: JSON.stringify(custom) } });
    try {
      const res = await other.inject({ method: 'GET', url: '/mf-remotes.json' });
      expect(res.json()).toEqual({
        remotes: [
          { name: 'mf_auth_signup', entry: '/mf/mf-auth-signup/mf-manifest.json' },
          { name: 'mf_members', entry: '/mf/mf-members/mf-manifest.json' },
          { name: 'mf_chat', entry: 'https://cdn.example/mf-chat/v7/mf-manifest.json' },
          { name: 'mf_payments', entry: '/mf/mf-payments/mf-manifest.json' },
          { name: 'mf_landers', entry: '/mf/mf-landers/mf-manifest.json' },
        ],
      });
    } finally {
      await other.close();
    }
  });

  it('refuses to start on an MF_REMOTES that is not JSON', () => {
    expect(() => remotesConfig('{remotes:')).toThrow('MF_REMOTES is not valid JSON');
  });
});
