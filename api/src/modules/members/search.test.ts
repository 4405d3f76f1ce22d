/**
 * Member search: filters, paging with count, similar results, who never appears, logged-out
 * search per site settings, bad input, and the index plans of the typical queries.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SEARCH_COUNT_CAP } from '@dating/shared-kit/contracts';
import type { MemberSearchQuery } from '@dating/shared-kit/contracts';
import { sites, users } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { requestCountry } from '../../platform/geo';
import { countQuery, pageQuery, searchWhere } from './search';

let app: FastifyInstance;
let viewerCookie: string;
const year = new Date().getUTCFullYear();
/** born on 31 December: exactly `age` today (except on 31 December itself) */
const dobForAge = (age: number) => `${year - age - 1}-12-31`;

beforeAll(async () => {
  app = await buildTestApp();
  const viewer = await createMember(app, { gender: 'male', country: 'AT' });
  viewerCookie = await loginCookie(app, viewer.user.id);
});
afterAll(async () => {
  await app.close();
});

const search = (query: string, cookie: string | null = viewerCookie) =>
  app.inject({ method: 'GET', url: `/api/members.php?${query}`, headers: cookie ? { cookie } : {} });

describe('members.php', () => {
  it('near=1 ("bij jou in de buurt", the landers): the visitor\'s country from a trusted proxy, else the site\'s (issue 29 item 13)', async () => {
    for (const country of ['NL', 'ES', 'GB', 'AU']) await createMember(app, { gender: 'female', country });
    // no trusted proxy here: the header proves nothing, the site's own country (localhost: NL) counts
    const near = (
      await app.inject({ method: 'GET', url: '/api/members.php?near=1&gender=female', headers: { 'cf-ipcountry': 'ES' } })
    ).json();
    expect(near.results.length).toBeGreaterThan(0);
    expect(near.results.every((m: { country: string }) => m.country === 'NL')).toBe(true);
    // a country asked for wins
    const asked = (await app.inject({ method: 'GET', url: '/api/members.php?near=1&gender=female&country=GB' })).json();
    expect(asked.results.every((m: { country: string }) => m.country === 'GB')).toBe(true);
    // behind a trusted proxy its country header is the visitor's; unknown (XX), Tor (T1) or outside the 15 countries: none
    expect(requestCountry({ 'cf-ipcountry': 'es' }, true)).toBe('ES');
    expect(requestCountry({ 'cf-ipcountry': 'ES' }, false)).toBeNull();
    for (const v of ['XX', 'T1', 'JP', '', undefined]) expect(requestCountry({ 'cf-ipcountry': v }, true)).toBeNull();
  });

  it('filters by gender, country, region and age, pages with a count', async () => {
    for (let i = 0; i < 14; i++) {
      await createMember(app, {
        gender: 'female',
        country: 'DE',
        dateOfBirth: dobForAge(25 + (i % 5)),
        profile: { region: i % 2 ? 'BY' : 'BE' },
      });
    }
    await createMember(app, { gender: 'male', country: 'DE', dateOfBirth: dobForAge(26) });
    await createMember(app, { gender: 'female', country: 'DE', dateOfBirth: dobForAge(60) });

    const first = (await search('gender=female&country=DE&min_age=20&max_age=40')).json();
    expect(first.numResults).toBe(14);
    expect(first.pageNumber).toBe(1);
    expect(first.results).toHaveLength(12);
    expect(
      first.results.every(
        (p: { gender: string; country: string; age: number }) => p.gender === 'female' && p.country === 'DE' && p.age >= 20 && p.age <= 40,
      ),
    ).toBe(true);
    const second = (await search('gender=female&country=DE&min_age=20&max_age=40&page=2')).json();
    expect(second.results).toHaveLength(2);
    const ids = new Set([...first.results, ...second.results].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(14);

    const bavaria = (await search('gender=female&country=DE&countryregion=BY&min_age=20&max_age=40')).json();
    expect(bavaria.numResults).toBe(7);
    expect(bavaria.results.every((p: { region: string }) => p.region === 'BY')).toBe(true);
    // few results -> similar ones (same country, any region/age), without the results themselves
    expect(bavaria.similar.numResults).toBe(8);
    expect(bavaria.similar.results.some((p: { region: string }) => p.region === 'BY' && p)).toBe(false);

    const exactAge = (await search('gender=female&country=DE&min_age=60&max_age=60')).json();
    expect(exactAge.numResults).toBe(1);
    expect(exactAge.results[0].age).toBe(60);
  });

  it('never shows invisible, deleted, disabled or blocked members, nor the viewer; flags fictional ones', async () => {
    // (users rows decide; profiles.searchable follows them through the database triggers)
    const v = await createMember(app, { gender: 'male', country: 'IE' });
    const cookie = await loginCookie(app, v.user.id);
    const shown = await createMember(app, { gender: 'female', country: 'IE', name: 'Shown' });
    await createMember(app, { gender: 'female', country: 'IE', name: 'Fictional', user: { fictional: true } });
    await createMember(app, { gender: 'female', country: 'IE', name: 'Invisible', user: { invisible: true } });
    await createMember(app, { gender: 'female', country: 'IE', name: 'Moderator', user: { isStaff: true } });
    await createMember(app, { gender: 'female', country: 'IE', name: 'Deleted', user: { status: 'deleted', deletedAt: new Date() } });
    await createMember(app, {
      gender: 'female',
      country: 'IE',
      name: 'Disabled',
      user: { status: 'disabled' },
      profile: { status: 'disabled' },
    });
    const blocker = await createMember(app, { gender: 'female', country: 'IE', name: 'Blocker' });
    await app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { cookie: await loginCookie(app, blocker.user.id), 'content-type': 'application/json' },
      payload: { id: v.user.id },
    });
    const res = (await search('gender=female&country=IE', cookie)).json();
    const names = res.results.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['Fictional', 'Shown']);
    expect(res.results.find((p: { name: string }) => p.name === 'Fictional').fictional).toBe(true);
    expect(res.results.find((p: { id: number }) => p.id === shown.user.id).fictional).toBe(false);
    // a member who turns invisible later, or is deleted later, disappears too (trigger on users)
    const later = await createMember(app, { gender: 'female', country: 'IE', name: 'Later' });
    expect((await search('gender=female&country=IE', cookie)).json().numResults).toBe(3);
    await app.db.update(users).set({ invisible: true }).where(eq(users.id, later.user.id));
    expect((await search('gender=female&country=IE', cookie)).json().numResults).toBe(2);
    await app.db.update(users).set({ invisible: false, status: 'deleted', deletedAt: new Date() }).where(eq(users.id, later.user.id));
    expect((await search('gender=female&country=IE', cookie)).json().numResults).toBe(2);
    await app.db.update(users).set({ status: 'active', deletedAt: null }).where(eq(users.id, later.user.id));
    expect((await search('gender=female&country=IE', cookie)).json().numResults).toBe(3);
    const self = (await search('gender=male&country=IE', cookie)).json();
    expect(self.results.map((p: { id: number }) => p.id)).not.toContain(v.user.id);
  });

  it('bad input: ages out of range, min above max, unknown country or region -> 400 with the field', async () => {
    for (const [query, field] of [
      ['min_age=5', 'min_age'],
      ['max_age=200', 'max_age'],
      ['min_age=abc', 'min_age'],
      ['min_age=40&max_age=30', 'min_age'],
      ['country=XX', 'country'],
      ['country=NL&countryregion=ZZ', 'countryregion'],
      // a region code without its country is not silently ignored
      ['countryregion=NH', 'countryregion'],
      ['country=&countryregion=NH', 'countryregion'],
      ['gender=robot', 'gender'],
      ['page=0', 'page'],
    ] as const) {
      const res = await search(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toEqual(expect.any(String));
      // the text names the field as a member knows it, not by its request name
      expect(res.json().message).not.toContain(field);
    }
    // e.g. the age filter, in the member's language
    const young = await app.inject({ method: 'GET', url: '/api/members.php?min_age=5', headers: { cookie: 'lang=de' } });
    expect(young.json().message).toMatch(/^Mindestalter /);
  });

  it('logged-out search and profiles follow logged_out_search and logged_out_search_trafficsource', async () => {
    const { user: shown } = await createMember(app, { gender: 'female', country: 'NL' });
    const profile = (cookie: string | null, extra: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `/api/member.php?id=${shown.id}`, headers: { ...(cookie ? { cookie } : {}), ...extra } });
    const [site] = await app.db.select().from(sites).where(eq(sites.domain, 'localhost'));
    if (!site) throw new Error('no default site');
    const settings = site.settings as Record<string, unknown>;
    const set = async (patch: Record<string, unknown>) => {
      await app.db
        .update(sites)
        .set({ settings: { ...settings, ...patch } })
        .where(eq(sites.id, site.id));
      app.sites.invalidate();
    };
    try {
      await set({ logged_out_search: true });
      expect((await search('gender=female', null)).statusCode).toBe(200);
      expect((await profile(null)).statusCode).toBe(200);
      await set({ logged_out_search: false, logged_out_search_trafficsource: false });
      const denied = await search('gender=female', null);
      expect(denied.statusCode).toBe(403);
      // a visitor has no session to end: a message the page shows (with a login button), not a silent logout
      expect(denied.json()).toMatchObject({ error: 'search_login_required', message: 'Log in om leden te zoeken.' });
      expect(denied.json().authentication_required).toBeUndefined();
      const closed = await profile(null, { cookie: 'lang=en' });
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toMatchObject({ error: 'profile_login_required', message: 'Log in to view profiles.' });
      expect(closed.json().profile).toBeUndefined();
      await set({ logged_out_search: false, logged_out_search_trafficsource: true });
      expect((await search('gender=female', null)).statusCode).toBe(403);
      expect((await search('gender=female&network=adnet', null)).statusCode).toBe(200);
      expect((await profile(null)).statusCode).toBe(403);
      expect((await profile(null, { cookie: 'network=adnet' })).statusCode).toBe(200);
      // logged in: always
      expect((await search('gender=female')).statusCode).toBe(200);
      expect((await profile(viewerCookie)).statusCode).toBe(200);
    } finally {
      await set({});
    }
  });
});

describe('search indexes', () => {
  it('on enough rows, the typical searches walk the index that matches their filter and order (no sort)', async () => {
    // 6000 members spread like real data (15 countries, 2 genders, 60 years of birth dates)
    await app.dbHandle.query(`
      insert into users (site_id, email, password_hash, status, email_confirmed)
      select (select id from sites order by id limit 1), 'plan' || g || '@example.com', 'x', 'active', true
      from generate_series(1, 6000) g`);
    await app.dbHandle.query(`
      insert into profiles (user_id, site_id, name, gender, date_of_birth, country, region, status)
      select u.id, u.site_id, 'P' || u.id, case when u.id % 2 = 0 then 'female' else 'male' end,
             (date '2007-01-01' - ((u.id * 7919) % (60 * 365)) * interval '1 day')::date,
             (array['NL','BE','DE','AT','CH','FR','IT','ES','GB','IE','PL','US','CA','AU','NZ'])[1 + (u.id % 15)],
             case when u.id % 15 = 0 then (array['NH','ZH','UT','GE'])[1 + ((u.id / 15) % 4)] end, 'active'
      from users u where u.email like 'plan%'`);
    await app.dbHandle.query('analyze profiles');
    await app.dbHandle.query('analyze users');
    // the real queries of searchMembers (count and page) for a logged-in viewer, through EXPLAIN
    const { user: viewer } = await createMember(app, { name: 'Planviewer' });
    const plan = async (query: MemberSearchQuery, which: 'page' | 'count' = 'page') => {
      const { where } = searchWhere(query, viewer.id);
      const built = (which === 'page' ? pageQuery(app.db, where, 1) : countQuery(app.db, where)).toSQL();
      const rows = await app.dbHandle.query<Record<string, string>>(`explain ${built.sql}`, built.params);
      return rows.map((r) => Object.values(r).join(' ')).join('\n');
    };
    const walks = (index: string) => new RegExp(`Index (Only )?Scan Backward using ${index} `);

    const byCountry = await plan({ gender: 'female', country: 'NL', min_age: 20, max_age: 45 });
    expect(byCountry).toMatch(walks('profiles_members_gcd_idx'));
    expect(byCountry).not.toMatch(/Sort/);
    const byRegion = await plan({ gender: 'female', country: 'NL', countryregion: 'NH', min_age: 18 });
    // few rows per region: the planner may fetch them through the index and sort the handful
    expect(byRegion).toMatch(/(using|on) profiles_members_gcrd_idx/);
    const byGender = await plan({ gender: 'male', min_age: 25 });
    expect(byGender).toMatch(walks('profiles_members_gd_idx'));
    expect(byGender).not.toMatch(/Sort/);
    const countryAnyGender = await plan({ country: 'DE' });
    expect(countryAnyGender).toMatch(walks('profiles_members_cd_idx'));
    expect(countryAnyGender).not.toMatch(/Sort/);
    const everybody = await plan({});
    expect(everybody).toMatch(walks('profiles_members_d_idx'));
    expect(everybody).not.toMatch(/Sort/);
    // the count of a country search reads a gender + country index, not the whole table
    const count = await plan({ gender: 'female', country: 'NL' }, 'count');
    expect(count).toMatch(/(using|on) profiles_members_gcr?d_idx/);
    expect(count).not.toMatch(/Seq Scan on profiles/);
  });

  it('counts at most SEARCH_COUNT_CAP matches: a broad search says "more than 1000", a narrow one is exact', async () => {
    // the 6000 members of the test above are still there (about 3000 women)
    const broad = (await search('gender=female')).json();
    expect(broad.numResults).toBe(SEARCH_COUNT_CAP);
    expect(broad.numResultsCapped).toBe(true);
    expect(broad.results).toHaveLength(12);
    const narrow = (await search('gender=female&country=NL&countryregion=NH')).json();
    expect(narrow.numResults).toBeLessThan(SEARCH_COUNT_CAP);
    expect(narrow.numResults).toBeGreaterThan(0);
    expect(narrow.numResultsCapped).toBeUndefined();
    // a page past the end has no rows to carry the count: it is still told
    const past = (await search('gender=female&country=NL&countryregion=NH&page=500')).json();
    expect(past.results).toEqual([]);
    expect(past.numResults).toBe(narrow.numResults);
  });
});
