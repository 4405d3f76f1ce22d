/**
 * The search from memory (search-cache.ts): the same answers as the database's search for every
 * viewer (self and blocks excluded per viewer from a shared list), and other members' changes
 * (a new member, a changed country, a new name, a block) in the next answer.
 */
import type { FastifyInstance } from 'fastify';
import type { MemberSearchQuery } from '@dating/shared-kit/contracts';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { searchAnswerJson, searchMembers } from './search';

let app: FastifyInstance;
const year = new Date().getUTCFullYear();
const dobForAge = (age: number) => `${year - age - 1}-12-31`;

beforeAll(async () => {
  app = await buildTestApp({ env: { ANSWER_CACHE_MS: 60_000, SESSION_CACHE_MS: 60_000 } });
});
afterAll(async () => {
  await app.close();
});

const search = async (query: string, cookie?: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/members.php?${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ids = (answer: { results: { id: number }[] }) => answer.results.map((p) => p.id);
/** PostgreSQL delivers a notification a moment after the commit: wait for it (PGlite: at once) */
const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('members.php from the shared list', () => {
  it('answers every viewer as the database does, without themselves and whom they blocked', async () => {
    const made = [];
    for (let i = 0; i < 30; i++)
      made.push(await createMember(app, { gender: 'female', country: 'BE', dateOfBirth: dobForAge(20 + (i % 15)) }));
    const [me, blocked, blocker] = [made[3], made[10], made[20]].map((m) => {
      if (!m) throw new Error('member missing');
      return m;
    }) as [(typeof made)[number], (typeof made)[number], (typeof made)[number]];
    const cookie = await loginCookie(app, me.user.id);
    await app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { id: blocked.user.id },
    });
    const blockerCookie = await loginCookie(app, blocker.user.id);
    await app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { cookie: blockerCookie, 'content-type': 'application/json' },
      payload: { id: me.user.id },
    });

    // a viewer none of whose exclusions is among the matches gets the page every such viewer gets (kept once)
    const unblocked = await createMember(app, { gender: 'male', country: 'BE' });
    const unblockedCookie = await loginCookie(app, unblocked.user.id);

    const visitor = await search('gender=female&country=BE&min_age=18&max_age=40');
    expect(visitor.numResults).toBe(30);
    for (const page of [1, 2, 3]) {
      const shared = `gender=female&country=BE&min_age=18&max_age=40&page=${page}`;
      const sharedQuery: MemberSearchQuery = { gender: 'female', country: 'BE', min_age: 18, max_age: 40, page };
      for (const [viewerId, viewerCookie] of [
        [unblocked.user.id, unblockedCookie],
        [null, undefined],
      ] as const) {
        const expected = JSON.parse(searchAnswerJson(await searchMembers(app.db, sharedQuery, { viewerId, cdnPrefix: '' })));
        expect(expected.numResults).toBe(30);
        expect(await search(shared, viewerCookie)).toEqual(expected);
      }
    }
    for (const page of [1, 2, 3]) {
      const query = `gender=female&country=BE&min_age=18&max_age=40&page=${page}`;
      const cached = await search(query, cookie);
      const q: MemberSearchQuery = { gender: 'female', country: 'BE', min_age: 18, max_age: 40, page };
      const fromDatabase = JSON.parse(searchAnswerJson(await searchMembers(app.db, q, { viewerId: me.user.id, cdnPrefix: '' })));
      expect(cached.numResults).toBe(27);
      expect(ids(cached)).toEqual(ids(fromDatabase));
      // the whole answer, profile by profile, is the database's (kept texts included)
      expect(cached).toEqual(fromDatabase);
      expect(ids(cached)).not.toContain(me.user.id);
      expect(ids(cached)).not.toContain(blocked.user.id);
      expect(ids(cached)).not.toContain(blocker.user.id);
    }
    // the visitor's list is unchanged by the viewer's exclusions
    expect((await search('gender=female&country=BE&min_age=18&max_age=40')).numResults).toBe(30);
  });

  it('a new member, a changed country, a new name and a new block are in the next search', async () => {
    const viewer = await createMember(app, { gender: 'male', country: 'AT' });
    const cookie = await loginCookie(app, viewer.user.id);
    const first = await createMember(app, { gender: 'female', country: 'AT', name: 'Anna' });
    const query = 'gender=female&country=AT';
    expect(ids(await search(query, cookie))).toEqual([first.user.id]);

    const second = await createMember(app, { gender: 'female', country: 'AT', dateOfBirth: '2000-01-01' });
    expect(await eventually(async () => (await search(query, cookie)).numResults === 2)).toBe(true);

    await app.dbHandle.query(`update profiles set country = 'NL' where user_id = $1`, [second.user.id]);
    expect(await eventually(async () => (await search(query, cookie)).numResults === 1)).toBe(true);

    await app.dbHandle.query(`update profiles set name = 'Annemarie' where user_id = $1`, [first.user.id]);
    expect(await eventually(async () => (await search(query, cookie)).results[0]?.name === 'Annemarie')).toBe(true);

    // the member's own block: gone from the very next search, without waiting
    await app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { id: first.user.id },
    });
    expect((await search(query, cookie)).numResults).toBe(0);
    expect((await search(query)).numResults).toBe(1);
  });

  it("a profile's kept text is its site's: photo URLs under each site's CDN prefix, also when another site's search kept it first", async () => {
    const member = await createMember(app, { gender: 'female', country: 'DE' });
    const photo = await app.dbHandle.query<{ id: number }>(
      `insert into photos (user_id, filename, thumb_filename, match_filename, status, width, height) values ($1, 'a.jpg', 'a-thumb.jpg', 'a-match.jpg', 'active', 10, 10) returning id`,
      [member.user.id],
    );
    await app.dbHandle.query(`update profiles set main_photo_id = $1 where user_id = $2`, [photo[0]?.id, member.user.id]);
    await app.dbHandle.query(
      `update sites set settings = jsonb_set(settings, '{cdn_prefix}', '"https://cdn.example.de/"') where domain = 'example.de'`,
    );
    app.sites.invalidate();
    const onSite = async (host: string) => {
      const res = await app.inject({ method: 'GET', url: '/api/members.php?gender=female&country=DE', headers: { host } });
      expect(res.statusCode).toBe(200);
      return res.json().results[0]?.main_image?.filename;
    };
    expect(await eventually(async () => (await onSite('localhost')) === '/uploads/a.jpg')).toBe(true);
    expect(await onSite('example.de')).toBe('https://cdn.example.de/uploads/a.jpg');
    expect(await onSite('localhost')).toBe('/uploads/a.jpg');
  });
});
