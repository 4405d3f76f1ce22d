/**
 * The index and the legal pages as a visitor gets them (issue 13 item 21): the server's HTML holds
 * the page itself, rendered by mf-landers' REAL built light page (dist/light-server/render.cjs;
 * `npm test` builds every workspace first), with the browser part's script and none of the app's;
 * a logged-in member gets the app. (light-landers.test.ts covers how the api loads, reloads and
 * falls back from render.cjs with a stand-in build.)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';

let app: FastifyInstance;
const landers = (lng: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../mf-landers/src/locales', `${lng}.json`), 'utf8')) as {
    home: { title: string; signup: string };
    pages: { service: { body: string; email: string } };
  };
const common = (lng: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../shared-kit/src/i18n/locales', `${lng}.json`), 'utf8')) as {
    footer: { faq: string; terms: string; support: string; ban: string };
    nav: { login: string };
    disclaimer: string;
  };

beforeAll(async () => {
  if (!fs.existsSync(path.join(__dirname, '../../../mf-landers/dist/light-server/render.cjs')))
    throw new Error('build the frontends first (npm run build)');
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
/** `<script src=...>` tags of the page (the shell's start script is main.<hash>.js) */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);

describe("a visitor's index and legal pages are light pages", () => {
  it("/ holds the home page's content in the visitor's language, the top bar and the footer, and loads none of the app", async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(landers('nl').home.title);
    expect(html).toContain(landers('nl').home.signup);
    expect(html).toContain(`>${common('nl').nav.login}</a>`);
    expect(html).toContain(`>${common('nl').footer.terms}</a>`);
    expect(html).toContain('<title>Flirtlokaal - Daten en chatten met leuke singles</title>');
    // no script tag of the app; its start script is named only for a later sign-up
    expect(scriptTags(html)).toEqual([]);
    expect(html).not.toMatch(/<script[^>]*src="\/main\./);
    expect(html).toMatch(/light-client\/client\.[0-9a-f]{12}\.js/);

    const english = await get('/', { cookie: 'lang=en' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(landers('en').home.title);
  });

  it('/pages/faq holds the whole FAQ with the company info filled in', async () => {
    const res = await get('/pages/faq');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<title>${common('nl').footer.faq}</title>`);
    expect(html).toContain(`<h1>${common('nl').footer.faq}</h1>`);
    expect([...html.matchAll(/<h3\b/g)].length).toBeGreaterThanOrEqual(12);
    expect(scriptTags(html)).toEqual([]);
    const terms = await get('/pages/terms', { cookie: 'lang=de' });
    expect(terms.body).toContain(`<h1>${common('de').footer.terms}</h1>`);
    // the footer's disclaimer in the page's language, not the Dutch site's (issue 29 item 7)
    const footer = terms.body.slice(terms.body.indexOf('<footer'), terms.body.indexOf('</footer>'));
    expect(footer).toContain(common('de').disclaimer);
    expect(terms.body).not.toContain(common('nl').disclaimer);
    // the company of /api/companyinfo.php, filled in by the server
    expect(terms.body).toContain('Keizersgracht 123');
  });

  it("/pages/service holds the support page with the site's support address, in the visitor's language", async () => {
    const { settings } = (await get('/api/settings.php')).json() as { settings: { support_email: string } };
    expect(settings.support_email).toMatch(/@/);
    for (const lng of ['nl', 'pl']) {
      const res = await get('/pages/service', { cookie: `lang=${lng}` });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain('id="lander-data"');
      expect(html).toContain(`<h1>${common(lng).footer.support}</h1>`);
      expect(html).toContain(landers(lng).pages.service.body);
      expect(html).toContain(`<dt>${landers(lng).pages.service.email}</dt>`);
      expect(html).toContain(`href="mailto:${settings.support_email}"`);
      expect(scriptTags(html)).toEqual([]);
    }
  });

  it('gives a logged-in member the app, and unknown pages stay the app', async () => {
    const { user } = await createMember(app, { siteDomain: 'localhost' });
    const cookie = await loginCookie(app, user.id);
    for (const url of ['/', '/pages/faq', '/pages/service']) {
      const res = await get(url, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('id="lander-data"');
      expect(scriptTags(res.body).some((src) => /\/main\.[0-9a-f]+\.js$/.test(src ?? ''))).toBe(true);
    }
    expect((await get('/pages/nothing-here')).body).not.toContain('id="lander-data"');
  });

  it("the ban policy is a light page for a visitor; a banned member's browser gets the app, which shows its owner the notice", async () => {
    const visitor = await get('/pages/ban');
    expect(visitor.body).toContain('id="lander-data"');
    expect(visitor.body).toContain(`<h1>${common('nl').footer.ban}</h1>`);
    const { user } = await createMember(app, { siteDomain: 'localhost' });
    const cookie = await loginCookie(app, user.id);
    await app.withTx((tx) => tx.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id)));
    const banned = await get('/pages/ban', { cookie });
    expect(banned.statusCode).toBe(200);
    expect(banned.body).not.toContain('id="lander-data"');
    expect(scriptTags(banned.body).some((src) => /\/main\.[0-9a-f]+\.js$/.test(src ?? ''))).toBe(true);
    const notice = await app.inject({ method: 'GET', url: '/api/ban.php', headers: { host: 'localhost', cookie } });
    expect(notice.json()).toMatchObject({ banned: true });
  });
});
