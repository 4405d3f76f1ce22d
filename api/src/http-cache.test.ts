/**
 * Translated answers and caches (issue 13 item 12): every answer a browser or a proxy may keep
 * must not serve one language to a reader of another. Walks every GET of the OpenAPI document
 * (plus the pages and files the server serves), as a visitor and as a member, in two languages:
 * an answer that may be cached and differs by language must say what it varies on, or carry the
 * language in its URL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from './db/schema';
import { buildTestApp, createMember, loginCookie } from './test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** May a browser or a shared cache reuse this answer without asking the server again? */
function cacheable(res: LightMyRequestResponse): boolean {
  if (res.statusCode >= 400) return false;
  const cc = String(res.headers['cache-control'] ?? '').toLowerCase();
  if (!cc || /no-store|no-cache/.test(cc)) return false;
  const maxAge = /max-age=(\d+)/.exec(cc);
  return /public|immutable/.test(cc) || (maxAge !== null && Number(maxAge[1]) > 0);
}

function varies(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

describe('cached answers and the language', () => {
  it('no cached answer of any call or page serves one language to a reader of another', async () => {
    const other = await createMember(app, { email: 'vary-other@example.com', gender: 'male' });
    const { user } = await createMember(app, { email: 'vary-member@example.com' });
    const cookie = await loginCookie(app, user.id);
    const setMemberLanguage = (language: string) => app.db.update(users).set({ language }).where(eq(users.id, user.id));

    const SAMPLE_QUERY: Record<string, string> = {
      '/api/regions.php': 'country=BE',
      '/api/geocode.php': 'lat=52.37&lon=4.89',
      '/api/member.php': `id=${other.user.id}`,
    };
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const urls = Object.entries(spec.paths)
      .filter(([route, methods]) => 'get' in methods && !route.includes('{') && route !== '/api/logout.php')
      .map(([route]) => (SAMPLE_QUERY[route] ? `${route}?${SAMPLE_QUERY[route]}` : route));
    urls.push(
      '/',
      '/members',
      '/pages/terms',
      '/mf-remotes.json',
      '/static/fictional.svg',
      '/api/interests.php?lang=de',
      '/api/regions.php?country=NL&lang=de',
    );
    expect(urls).toEqual(expect.arrayContaining(['/api/interests.php', '/api/regions.php?country=BE', '/api/settings.php']));

    const problems: string[] = [];
    let cachedSeen = 0;
    for (const url of urls) {
      // a visitor: the language cookie
      const visitorNl = await app.inject({ method: 'GET', url, cookies: { lang: 'nl' } });
      const visitorDe = await app.inject({ method: 'GET', url, cookies: { lang: 'de' } });
      // a member: the account's language
      await setMemberLanguage('nl');
      const memberNl = await app.inject({ method: 'GET', url, headers: { cookie } });
      await setMemberLanguage('en');
      const memberEn = await app.inject({ method: 'GET', url, headers: { cookie } });
      for (const [a, b, who] of [
        [visitorNl, visitorDe, 'visitor'],
        [memberNl, memberEn, 'member'],
      ] as const) {
        if (!cacheable(a) && !cacheable(b)) continue;
        cachedSeen += 1;
        if (a.body !== b.body && !varies(a).includes('cookie')) {
          problems.push(`${url} (${who}): cached as "${String(a.headers['cache-control'])}" but differs by language without Vary: Cookie`);
        }
      }
    }
    expect(cachedSeen).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  }, 120_000);

  it('interests: the language in the URL picks the labels and makes them cacheable; without it, Vary: Cookie and no reuse', async () => {
    const de = await app.inject({ method: 'GET', url: '/api/interests.php?lang=de', cookies: { lang: 'nl' } });
    expect(de.statusCode).toBe(200);
    expect(de.headers['cache-control']).toBe('public, max-age=3600');
    expect((de.json() as { interests: { slug: string; label: string }[] }).interests.find((i) => i.slug === 'kissing')?.label).toBe(
      'Küssen',
    );
    const en = await app.inject({ method: 'GET', url: '/api/interests.php?lang=en' });
    expect((en.json() as { interests: { slug: string; label: string }[] }).interests.find((i) => i.slug === 'kissing')?.label).toBe(
      'Kissing',
    );

    const plain = await app.inject({ method: 'GET', url: '/api/interests.php', cookies: { lang: 'en' } });
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.vary).toMatch(/cookie/i);
    expect((plain.json() as { interests: { slug: string; label: string }[] }).interests.find((i) => i.slug === 'kissing')?.label).toBe(
      'Kissing',
    );

    const bad = await app.inject({ method: 'GET', url: '/api/interests.php?lang=xx', cookies: { lang: 'en' } });
    expect(bad.statusCode).toBe(400);
  });

  it('regions: the label ("Provincie") and the Belgian region names follow the language', async () => {
    const NAMES: Record<string, [string, string]> = {
      nl: ['Provincie', 'Vlaanderen'],
      en: ['Province', 'Flanders'],
      de: ['Provinz', 'Flandern'],
      es: ['Provincia', 'Flandes'],
      fr: ['Province', 'Flandre'],
      it: ['Provincia', 'Fiandre'],
      pl: ['Prowincja', 'Flandria'],
    };
    for (const [lang, [label, flanders]] of Object.entries(NAMES)) {
      const nl = await app.inject({ method: 'GET', url: `/api/regions.php?country=NL&lang=${lang}` });
      expect(nl.json().label).toBe(label);
      expect(nl.headers['cache-control']).toBe('public, max-age=86400');
      const be = await app.inject({ method: 'GET', url: `/api/regions.php?country=BE&lang=${lang}` });
      const names = (be.json() as { regions: { code: string; name: string }[] }).regions;
      expect(names.find((r) => r.code === 'VLG')?.name).toBe(flanders);
      expect(names.map((r) => r.code).sort()).toEqual(['BRU', 'VLG', 'WAL']);
    }
    // the cookie alone still works (not cached then)
    const byCookie = await app.inject({ method: 'GET', url: '/api/regions.php?country=BE', cookies: { lang: 'fr' } });
    expect(byCookie.json().regions.map((r: { name: string }) => r.name)).toEqual(['Bruxelles', 'Flandre', 'Wallonie']);
    expect(byCookie.headers.vary).toMatch(/cookie/i);
  });
});
