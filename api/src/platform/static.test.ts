import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
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
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div><script src="/main.1a2b3c4d5e.js"></script></body></html>',
  );
  write('shell/dist/main.1a2b3c4d5e.js', 'console.log("shell")');
  write('shell/dist/favicon.ico', 'ico');
  write('mf-chat/dist/mf-manifest.json', '{"id":"mf_chat","v":1}');
  write('mf-chat/dist/remoteEntry.js', 'var mf_chat;');
  write('mf-chat/dist/__federation_expose_routes.0a1b2c3d4e.js', 'chunk');
  // what the build writes beside each text asset (shared-kit webpack config): brotli and gzip copies
  const big = `var mf_landers = ${JSON.stringify('landers '.repeat(500))};`;
  write('mf-landers/dist/remoteEntry.js', big);
  fs.writeFileSync(path.join(root, 'mf-landers/dist/remoteEntry.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(root, 'mf-landers/dist/remoteEntry.js.gz'), zlib.gzipSync(big));
  write('mf-landers/dist/55.0a1b2c3d4e5f.js', big);
  fs.writeFileSync(path.join(root, 'mf-landers/dist/55.0a1b2c3d4e5f.js.br'), zlib.brotliCompressSync(big));
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
      expect(res.headers['cache-control']).toBe('private, no-cache');
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

  it('answers a lander variant or slug that the built mf-landers registry does not know with 404, and learns a new one without restart', async () => {
    const status = async (url: string) => (await app.inject({ method: 'GET', url, headers: { host: 'example.de' } })).statusCode;
    // no registry built: mf-landers decides in the page (200)
    expect(await status('/landers/anything')).toBe(200);
    const registry = {
      slugs: { women: { copy: 'women', gender: 'female' } },
      variants: [
        { name: 'gallery', slug: true },
        { name: 'tinderswipe', slug: false },
      ],
    };
    write('mf-landers/dist/landers-registry.json', JSON.stringify(registry));
    expect(await status('/landers/gallery')).toBe(200);
    expect(await status('/landers/gallery/women?network=x&sub1=y')).toBe(200);
    expect(await status('/landers/gallery/nope')).toBe(404);
    expect(await status('/landers/tinderswipe')).toBe(200);
    expect(await status('/landers/tinderswipe/women')).toBe(404);
    expect(await status('/landers/unknown')).toBe(404);
    expect(await status('/landers')).toBe(404);
    const { user } = await createMember(app, { siteDomain: 'example.de' });
    expect(await status(`/members/${user.id}/landing2/women`)).toBe(200);
    expect(await status(`/members/${user.id}/landing`)).toBe(200);
    expect(await status(`/members/${user.id}/signup`)).toBe(200);
    expect(await status(`/members/${user.id}/landing3/nope`)).toBe(404);
    expect(await status('/members/abc/landing')).toBe(404);
    // a member nobody may see: unknown, invisible, deleted
    expect(await status('/members/999999/landing')).toBe(404);
    const invisible = await createMember(app, { user: { invisible: true } });
    expect(await status(`/members/${invisible.user.id}/landing2`)).toBe(404);
    const deleted = await createMember(app, { user: { status: 'deleted', deletedAt: new Date() } });
    expect(await status(`/members/${deleted.user.id}/signup`)).toBe(404);
    expect(await status('/pages/terms')).toBe(200);
    // a rebuilt mf-landers with one more variant: live at once
    registry.variants.push({ name: 'spring', slug: true });
    write('mf-landers/dist/landers-registry.json', JSON.stringify(registry));
    fs.utimesSync(path.join(root, 'mf-landers/dist/landers-registry.json'), new Date(), new Date(Date.now() + 5000));
    expect(await status('/landers/spring/women')).toBe(200);
    fs.rmSync(path.join(root, 'mf-landers/dist/landers-registry.json'));
  });

  it('escapes < in the inlined JSON so settings cannot close the script', async () => {
    const [site] = await app.dbHandle.query<{ id: number; settings: Record<string, unknown> }>(
      `SELECT id, settings FROM sites WHERE domain = 'example.it'`,
    );
    const settings = { ...site?.settings, description: '</script><script>alert(1)</script>' };
    await app.dbHandle.query(`UPDATE sites SET settings = $1 WHERE id = $2`, [JSON.stringify(settings), site?.id]);
    app.sites.invalidate();
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'example.it' } });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).toContain('\\u003c/script>');
  });
});

describe('the page holds what boot fetched first: the session and the remotes list', () => {
  /** window.__SESSION__ and window.__REMOTES__ of a page (undefined: not inlined) */
  function started(body: string): { session?: unknown; remotes?: unknown } {
    // inlineJson leaves no `<` inside the JSON: the script ends at the first one
    const script = /<script>(window\.__(?:SESSION|REMOTES)__=[^<]*)<\/script>/.exec(body)?.[1] ?? '';
    const out: { session?: unknown; remotes?: unknown } = {};
    for (const part of script.split(/;(?=window\.)/)) {
      const match = /^window\.__(SESSION|REMOTES)__=(.*)$/.exec(part);
      if (match?.[1] === 'SESSION') out.session = JSON.parse(match[2] ?? '');
      if (match?.[1] === 'REMOTES') out.remotes = JSON.parse(match[2] ?? '');
    }
    return out;
  }

  it("inlines the cookie's member as GET /api/user.php answers it, and nobody for a visitor", async () => {
    const { user } = await createMember(app, { name: 'Anna' });
    const { user: other } = await createMember(app, { name: 'Bert' });
    const cookie = await loginCookie(app, user.id);
    const page = await app.inject({ method: 'GET', url: '/chats', headers: { cookie } });
    const call = await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
    expect(started(page.body).session).toEqual(call.json());
    expect((started(page.body).session as { user: { id: number } }).user.id).toBe(user.id);
    // the page of one member is never another's: private, revalidated per cookie
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toMatch(/cookie/i);
    const otherPage = await app.inject({
      method: 'GET',
      url: '/chats',
      headers: { cookie: await loginCookie(app, other.id), 'if-none-match': String(page.headers.etag) },
    });
    expect(otherPage.statusCode).toBe(200);
    expect((started(otherPage.body).session as { user: { id: number } }).user.id).toBe(other.id);

    const visitor = await app.inject({ method: 'GET', url: '/chats' });
    expect(started(visitor.body).session).toEqual({ user: null });
    const unknown = await app.inject({ method: 'GET', url: '/chats', headers: { cookie: 'sid=no-such-session' } });
    expect(started(unknown.body).session).toEqual({ user: null });
  });

  it('inlines no session when user.php does not answer 200 (a banned member: boot asks itself)', async () => {
    const { user } = await createMember(app, { user: { status: 'disabled' } });
    const cookie = await loginCookie(app, user.id);
    expect((await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).statusCode).toBe(403);
    const page = await app.inject({ method: 'GET', url: '/members', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(started(page.body).session).toBeUndefined();
    expect(started(page.body).remotes).toBeDefined();
  });

  it("inlines the browser's remotes list as /mf-remotes.json answers it for its bucket", async () => {
    const cookie = 'mf_bucket=42';
    const list = await app.inject({ method: 'GET', url: '/mf-remotes.json', headers: { cookie } });
    const page = await app.inject({ method: 'GET', url: '/members/12', headers: { cookie } });
    expect(started(page.body).remotes).toEqual(list.json());
  });

  it('escapes what the member wrote so it cannot close the script', async () => {
    const { user } = await createMember(app, { name: '</script><script>alert(1)</script><!--' });
    const page = await app.inject({ method: 'GET', url: '/members', headers: { cookie: await loginCookie(app, user.id) } });
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(page.body).toContain('\\u003c/script>\\u003cscript>alert(1)');
    expect(JSON.stringify(started(page.body).session)).toContain('</script><script>alert(1)</script><!--');
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
    for (const url of [
      '/mf/mf-members/mf-manifest.json',
      '/missing.3f3f3f3f3f.js',
      '/mf/secret/x.js',
      '/mf/mf-chat/..%2F..%2Fsecret.txt',
      '/..%2Fsecret.txt',
    ]) {
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
        { name: 'mf_auth_signup', entry: '/mf/mf-auth-signup/mf-manifest.json', build_id: null },
        { name: 'mf_members', entry: '/mf/mf-members/mf-manifest.json', build_id: null },
        { name: 'mf_chat', entry: '/mf/mf-chat/mf-manifest.json', build_id: null },
        { name: 'mf_payments', entry: '/mf/mf-payments/mf-manifest.json', build_id: null },
        { name: 'mf_landers', entry: '/mf/mf-landers/mf-manifest.json', build_id: null },
      ],
    });
  });

  it('serves the fictional icon and uploads', async () => {
    const icon = await app.inject({ method: 'GET', url: '/static/fictional.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    const compressed = await app.inject({ method: 'GET', url: '/static/fictional.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=86400');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(icon.body);
    // a stored file is served only when a module claims it (platform/uploads.ts; photos: members/photo-files.test.ts)
    const name = await app.storage.put(Buffer.from('jpegbytes'), 'jpg');
    expect((await app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('compression and revalidation', () => {
  const plain = `var mf_landers = ${JSON.stringify('landers '.repeat(500))};`;

  it('sends the brotli copy to a browser that accepts br, gzip to one that only takes gzip, the file to others', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/mf/mf-landers/remoteEntry.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);

    const gz = await app.inject({ method: 'GET', url: '/mf/mf-landers/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);

    const none = await app.inject({ method: 'GET', url: '/mf/mf-landers/remoteEntry.js', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toMatch(/accept-encoding/i);
    expect(none.body).toBe(plain);

    // a chunk with only a .br copy: gzip clients get the file itself
    const chunk = await app.inject({ method: 'GET', url: '/mf/mf-landers/55.0a1b2c3d4e5f.js', headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.headers['content-encoding']).toBeUndefined();
    expect(chunk.body).toBe(plain);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunkBr = await app.inject({ method: 'GET', url: '/mf/mf-landers/55.0a1b2c3d4e5f.js', headers: { 'accept-encoding': 'br' } });
    expect(chunkBr.headers['content-encoding']).toBe('br');
    expect(chunkBr.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the remote entry and manifest: ETag, then 304 without a body while unchanged', async () => {
    for (const url of ['/mf/mf-landers/remoteEntry.js', '/mf/mf-chat/mf-manifest.json']) {
      for (const encoding of ['br', 'identity']) {
        const first = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(first.statusCode).toBe(200);
        expect(first.headers['cache-control']).toBe('no-cache');
        const etag = first.headers.etag;
        expect(typeof etag).toBe('string');
        const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, 'if-none-match': String(etag) } });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
    }
    // the brotli and the plain answer are different representations: different ETags
    const a = await app.inject({ method: 'GET', url: '/mf/mf-landers/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
    const b = await app.inject({ method: 'GET', url: '/mf/mf-landers/remoteEntry.js', headers: { 'accept-encoding': 'identity' } });
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('compresses the page and the remotes list and revalidates them by content', async () => {
    const page = await app.inject({ method: 'GET', url: '/members', headers: { host: 'example.de', 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('window.__BOOT__=');
    const same = await app.inject({
      method: 'GET',
      url: '/members',
      headers: { host: 'example.de', 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) },
    });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    // another site's page is another content: no 304 with the first one's ETag
    const other = await app.inject({
      method: 'GET',
      url: '/members',
      headers: { host: 'example.it', 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) },
    });
    expect(other.statusCode).toBe(200);

    const list = await app.inject({ method: 'GET', url: '/mf-remotes.json', headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(list.rawPayload).toString()).remotes).toHaveLength(5);
    const listAgain = await app.inject({
      method: 'GET',
      url: '/mf-remotes.json',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(list.headers.etag) },
    });
    expect(listAgain.statusCode).toBe(304);
  });

  it('a rebuilt entry gets a new ETag: the old one no longer gives a 304', async () => {
    const before = await app.inject({ method: 'GET', url: '/mf/mf-chat/remoteEntry.js' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    write('mf-chat/dist/remoteEntry.js', 'var mf_chat = 2;');
    const after = await app.inject({
      method: 'GET',
      url: '/mf/mf-chat/remoteEntry.js',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('var mf_chat = 2;');
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
          { name: 'mf_auth_signup', entry: '/mf/mf-auth-signup/mf-manifest.json', build_id: null },
          { name: 'mf_members', entry: '/mf/mf-members/mf-manifest.json', build_id: null },
          { name: 'mf_chat', entry: 'https://cdn.example/mf-chat/v7/mf-manifest.json', build_id: null },
          { name: 'mf_payments', entry: '/mf/mf-payments/mf-manifest.json', build_id: null },
          { name: 'mf_landers', entry: '/mf/mf-landers/mf-manifest.json', build_id: null },
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

describe('/manifest.webmanifest (installed app)', () => {
  it("is the site's own: its name, standalone, theme colours, a start URL and 192/512/maskable icons", async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'example.de' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json() as {
      name: string;
      display: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    const site = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'example.de' } });
    expect(manifest.name).toBe((site.json() as { settings: { name: string } }).settings.name);
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toMatch(/^\//);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it("names icons that the shell's build makes (shell/scripts/make-icons.mjs)", () => {
    const script = fs.readFileSync(path.resolve(__dirname, '../../../shell/scripts/make-icons.mjs'), 'utf8');
    for (const file of ['icon-192.png', 'icon-512.png', 'maskable-512.png']) expect(script).toContain(`'${file}'`);
  });
});

describe("a member's page names the files its start fetches first (page-preloads.ts)", () => {
  const HASH = '0a1b2c3d4e5f';
  const preloadsOf = (body: string) =>
    [...body.matchAll(/<link rel="preload" as="(\w+)"( crossorigin)? href="([^"]+)">/g)].map((m) => `${m[1]}${m[2] ?? ''} ${m[3]}`);

  beforeAll(() => {
    for (const name of ['common', 'shell']) for (const lang of ['nl', 'de']) write(`shell/dist/locale-${name}-${lang}.${HASH}.js`, 'texts');
    const exposes = [
      {
        name: 'routes',
        assets: {
          js: {
            sync: [`__federation_expose_routes.${HASH}.js`],
            async: [
              `page-credits.${HASH}.js`,
              `locale-payments-nl.${HASH}.js`,
              `locale-payments-de.${HASH}.js`,
              `locale-common-nl.${HASH}.js`,
            ],
          },
        },
      },
      { name: 'manifest', assets: { js: { sync: [`__federation_expose_manifest.${HASH}.js`], async: [] } } },
    ];
    write('mf-payments/dist/mf-manifest.json', JSON.stringify({ id: 'mf_payments', exposes }));
    for (const file of [
      'remoteEntry.js',
      `__federation_expose_routes.${HASH}.js`,
      `locale-payments-nl.${HASH}.js`,
      `locale-payments-de.${HASH}.js`,
    ])
      write(`mf-payments/dist/${file}`, 'chunk');
  });

  it("preloads the shell's texts and the page's remote (manifest, entry, routes, texts) in the page's language; nothing for a visitor", async () => {
    const { user } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const page = await app.inject({ method: 'GET', url: '/credits', headers: { cookie: `${cookie}; lang=nl` } });
    expect(page.statusCode).toBe(200);
    const preloads = preloadsOf(page.body);
    expect(preloads).toEqual([
      'fetch crossorigin /mf/mf-payments/mf-manifest.json',
      `script /locale-common-nl.${HASH}.js`,
      `script /locale-shell-nl.${HASH}.js`,
      'script /mf/mf-payments/remoteEntry.js',
      `script /mf/mf-payments/__federation_expose_routes.${HASH}.js`,
      `script /mf/mf-payments/locale-payments-nl.${HASH}.js`,
    ]);
    // every file named is one the server serves
    for (const line of preloads) {
      const url = line.split(' ').at(-1) ?? '';
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }

    const german = await app.inject({ method: 'GET', url: '/credits', headers: { cookie: `${cookie}; lang=de` } });
    expect(preloadsOf(german.body)).toContain(`script /mf/mf-payments/locale-payments-de.${HASH}.js`);
    expect(preloadsOf(german.body)).toContain(`script /locale-shell-de.${HASH}.js`);
    expect(preloadsOf(german.body).some((line) => line.includes('-nl.'))).toBe(false);

    // a visitor's page starts no remote: it names nothing
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/credits' })).body)).toEqual([]);
    // a page no remote owns names only the shell's texts; a remote without a build names nothing of it
    const members = await app.inject({ method: 'GET', url: '/members', headers: { cookie: `${cookie}; lang=nl` } });
    expect(preloadsOf(members.body)).toEqual([`script /locale-common-nl.${HASH}.js`, `script /locale-shell-nl.${HASH}.js`]);
  });
});
