/**
 * The landers' light page as the server serves it (light-landers.ts): the server part of
 * mf-landers' build (`dist/light-server/render.cjs`, here a small stand-in module written to disk
 * and loaded the way the real one is) renders a visitor's lander with the data this server's own
 * public calls give; a logged-in member, a URL the build does not render, a broken build and a
 * 404 get the app's page as before. The real render.cjs is exercised by e2e/tests/landers.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
import { shellScripts } from './light-landers';

let app: FastifyInstance;
let root: string;
const renderFile = () => path.join(root, 'mf-landers/dist/light-server/render.cjs');

/** A render.cjs that renders what it was given (as the real one renders the lander from it). */
function writeRenderer(body: string, mtimeOffset = 0) {
  fs.mkdirSync(path.dirname(renderFile()), { recursive: true });
  fs.writeFileSync(renderFile(), body);
  const when = new Date(Date.now() + mtimeOffset);
  fs.utimesSync(renderFile(), when, when);
}

const ECHO = `
exports.plan = (pathname) => {
  const variant = /^\\/landers\\/(gallery)(?:\\/(women))?$/.exec(pathname);
  if (variant) return { route: { kind: 'variant', variant: variant[1] }, search: { gender: variant[2] ? 'female' : undefined } };
  if (pathname === '/pages/faq') return { route: { kind: 'page' }, calls: { company: '/api/companyinfo.php' } };
  const member = /^\\/members\\/(\\d+)\\/landing$/.exec(pathname);
  return member ? { route: { kind: 'member' }, memberId: member[1], search: {} } : null;
};
exports.render = (input) => '<!doctype html><html><body><main>LIGHT ' + JSON.stringify(input).replace(/</g, '\\\\u003c') + '</main></body></html>';
`;

function lightInput(body: string): {
  search: string;
  pathname: string;
  settings: { domain: string };
  appScripts: string[];
  preload: {
    search?: { results: Array<{ id: number; gender: string }> } | null;
    member?: { profile: { id: number; gender: string } };
    company?: unknown;
  };
} {
  const json = /<main>LIGHT (.*)<\/main>/.exec(body)?.[1];
  if (!json) throw new Error(`not the light page: ${body.slice(0, 200)}`);
  return JSON.parse(json);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-light-'));
  fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell/dist/index.html'),
    '<!doctype html><html><head><title>Shell</title><script defer src="/main.1a2b3c4d5e.js"></script></head><body><div id="root"></div></body></html>',
  );
  app = await buildTestApp({ env: { STATIC_ROOT_ABS: root } });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'example.de', ...headers } });

describe('the landers light page', () => {
  it('without a built light page, a lander is the app page as before', async () => {
    const res = await get('/landers/gallery');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>');
    expect(res.body).toContain('/main.1a2b3c4d5e.js');
    expect(res.body).not.toContain('LIGHT');
  });

  it("renders a visitor's lander with the member search of its slug and network, the site's settings and the app's scripts", async () => {
    await createMember(app, { siteDomain: 'example.de', country: 'DE', profile: { gender: 'female' } });
    await createMember(app, { siteDomain: 'example.de', profile: { gender: 'male' } });
    writeRenderer(ECHO);
    const res = await get('/landers/gallery/women?network=ads&sub1=x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const input = lightInput(res.body);
    expect(input.pathname).toBe('/landers/gallery/women');
    expect(input.search).toBe('?network=ads&sub1=x');
    expect(input.settings.domain).toBe('example.de');
    expect(input.appScripts).toEqual(['/main.1a2b3c4d5e.js']);
    // what GET /api/members.php?near=1&gender=female&network=ads answers a visitor of this site:
    // "bij jou in de buurt" is the site's own country for a visitor whose country is not known (issue 29 item 13)
    const search = (await get('/api/members.php?near=1&gender=female&network=ads')).json();
    expect(input.preload.search).toEqual(search);
    expect(input.preload.search?.results.length).toBeGreaterThan(0);
    expect(input.preload.search?.results.every((m) => m.gender === 'female')).toBe(true);
    const siteCountry = (await get('/api/settings.php')).json().settings.countries[0];
    expect(input.preload.search?.results.every((m) => (m as { country?: string }).country === siteCountry)).toBe(true);
  });

  it("renders a member landing with the member, and the search of the member's gender", async () => {
    writeRenderer(ECHO, 1000);
    const { user } = await createMember(app, { siteDomain: 'example.de', profile: { gender: 'male' } });
    const input = lightInput((await get(`/members/${user.id}/landing`)).body);
    expect(input.preload.member?.profile.id).toBe(user.id);
    expect(input.preload.search?.results.every((m) => m.gender === 'male')).toBe(true);
  });

  it("renders a page with the answers of the calls its plan names (a legal page's company info), and no member search", async () => {
    writeRenderer(ECHO, 1500);
    const input = lightInput((await get('/pages/faq')).body);
    expect(input.preload.company).toEqual((await get('/api/companyinfo.php')).json());
    expect(input.preload.search).toBeUndefined();
  });

  it('gives a logged-in member, a URL the build does not render and a 404 the app page', async () => {
    writeRenderer(ECHO, 2000);
    const { user } = await createMember(app, { siteDomain: 'example.de' });
    const member = await get('/landers/gallery', { cookie: await loginCookie(app, user.id) });
    expect(member.statusCode).toBe(200);
    expect(member.body).not.toContain('LIGHT');
    expect(member.body).toContain('/main.1a2b3c4d5e.js');
    // the stand-in renders only gallery: another lander, a member landing of a member nobody sees
    expect((await get('/landers/tinderswipe')).body).not.toContain('LIGHT');
    const gone = await get('/members/999999/landing');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('LIGHT');
    expect((await get('/pages/terms')).body).not.toContain('LIGHT');
    expect((await get('/pages/faq', { cookie: await loginCookie(app, user.id) })).body).not.toContain('LIGHT');
  });

  it('uses a rebuilt render.cjs at once, and falls back to the app page when the build is broken', async () => {
    writeRenderer(
      ECHO.replace("'<!doctype html><html><body><main>LIGHT '", "'<!doctype html><html><body><p>rebuilt</p><main>LIGHT '"),
      4000,
    );
    const rebuilt = await get('/landers/gallery');
    expect(rebuilt.body).toContain('<p>rebuilt</p>');
    writeRenderer(`${ECHO}\nexports.render = () => { throw new Error('broken'); };`, 5000);
    const throwing = await get('/landers/gallery');
    expect(throwing.statusCode).toBe(200);
    expect(throwing.body).toContain('/main.1a2b3c4d5e.js');
    expect(throwing.body).not.toContain('LIGHT');
    writeRenderer('this is not javascript (', 6000);
    const broken = await get('/landers/gallery');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('/main.1a2b3c4d5e.js');
  });

  it('gives the app page, not a 500, when the render hangs (ended after 2 s in its worker) or cannot see the server', async () => {
    writeRenderer(`${ECHO}\nexports.render = () => { for (;;) {} };`, 7000);
    const hung = await get('/landers/gallery');
    expect(hung.statusCode).toBe(200);
    expect(hung.body).toContain('/main.1a2b3c4d5e.js');
    expect(hung.body).not.toContain('LIGHT');
    // the next page gets a fresh worker; the render there has no require and no server environment
    writeRenderer(
      `${ECHO}\nexports.render = () => '<main>LIGHT ' + JSON.stringify({ require: typeof require === 'function' && typeof require('fs').openSync, env: Object.keys(process.env) }) + '</main>';`,
      8000,
    );
    const sandboxed = await get('/landers/gallery');
    expect(sandboxed.statusCode).toBe(200);
    expect(JSON.parse(/<main>LIGHT (.*)<\/main>/.exec(sandboxed.body)?.[1] ?? 'null')).toEqual({ require: 'undefined', env: ['NODE_ENV'] });
  });

  it("names the shell's start scripts from its built page", () => {
    expect(
      shellScripts('<head><script defer src="/main.abc.js"></script><script>inline()</script><script src="/x.js" async></script></head>'),
    ).toEqual(['/main.abc.js', '/x.js']);
  });
});
