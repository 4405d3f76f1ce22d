/**
 * Suggestions (issue 13 item 17): "Leden voor jou" (members.php?suggested=1), the swipe game and
 * the match finder show the genders the member looks for, about their age, in the site's
 * countries: one rule (search.ts suggestionWhere), not members of any gender, age and country.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ageOn } from '@dating/shared-kit/contracts';
import type { Profile } from '@dating/shared-kit/contracts';
import { photos, profiles } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { SUGGESTION_AGE_SPAN } from './search';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json' };

/** A date of birth `age` years (and a month) ago. */
function born(age: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
}

async function withPhoto(userId: number) {
  const [photo] = await app.db
    .insert(photos)
    .values({
      userId,
      filename: `s${userId}.jpg`,
      thumbFilename: `st${userId}.jpg`,
      matchFilename: `sm${userId}.jpg`,
      status: 'active',
      width: 10,
      height: 10,
    })
    .returning();
  await app.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, userId));
}

/** The localhost site's countries are NL and BE (sites/defaults.ts). */
const SITE_COUNTRIES = ['NL', 'BE'];

describe('suggestions follow the member: sexuality, age, the site countries', () => {
  let me: { id: number; cookie: string };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const viewer = await createMember(app, {
      email: 'sugg-me@example.com',
      gender: 'male',
      dateOfBirth: born(30),
      profile: { sexuality: 'hetero' },
    });
    me = { id: viewer.user.id, cookie: await loginCookie(app, viewer.user.id) };
    const make = async (key: string, gender: 'male' | 'female', age: number, country: string) => {
      const m = await createMember(app, {
        email: `sugg-${key}@example.com`,
        gender,
        dateOfBirth: born(age),
        country,
        profile: { region: null },
      });
      await withPhoto(m.user.id);
      ids[key] = m.user.id;
    };
    await make('fit', 'female', 29, 'NL');
    await make('fitBe', 'female', 33, 'BE');
    await make('man', 'male', 29, 'NL');
    await make('old', 'female', 62, 'NL');
    await make('young', 'female', 18, 'NL');
    await make('german', 'female', 30, 'DE');
  });

  function expectSuggestion(list: Profile[], ages = { min: 30 - SUGGESTION_AGE_SPAN, max: 30 + SUGGESTION_AGE_SPAN }) {
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.gender).toBe('female');
      expect(SITE_COUNTRIES).toContain(p.country);
      expect(p.age).toBeGreaterThanOrEqual(ages.min);
      expect(p.age).toBeLessThanOrEqual(ages.max);
    }
    const shown = list.map((p) => p.id);
    for (const key of ['man', 'old', 'german']) expect(shown).not.toContain(ids[key]);
  }

  it('"Leden voor jou" (members.php?suggested=1) are women of about his age in NL and BE', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/members.php?suggested=1', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { results: Profile[]; numResults: number };
    expectSuggestion(body.results);
    expect(body.results.map((p) => p.id)).toEqual(expect.arrayContaining([ids.fit, ids.fitBe]));
    expect(body.results.map((p) => p.id)).not.toContain(ids.young);
    // a visitor gets the plain search, not someone's suggestions
    const visitor = await app.inject({ method: 'GET', url: '/api/members.php?suggested=1' });
    expect(visitor.statusCode).toBe(200);
    expect((visitor.json() as { results: Profile[] }).results.some((p) => p.gender === 'male')).toBe(true);
  });

  it('the swipe game follows the same rule', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/swipe.php', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { profiles: Profile[] }).profiles;
    expectSuggestion(list);
    expect(list.map((p) => p.id)).not.toContain(ids.young);
  });

  it('the match finder too, with the chosen age range instead of his own', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/match-finder.php',
      headers: { cookie: me.cookie, ...json },
      payload: { age: '18-35', appearance: 'normal', race: 'other' },
    });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { profiles: Profile[] }).profiles;
    for (const p of list) {
      expect(p.gender).toBe('female');
      expect(SITE_COUNTRIES).toContain(p.country);
      expect(p.age).toBeLessThanOrEqual(35);
    }
    const shown = list.map((p) => p.id);
    expect(shown).toEqual(expect.arrayContaining([ids.young, ids.fit]));
    for (const key of ['man', 'old', 'german']) expect(shown).not.toContain(ids[key]);
  });

  it('a bi member of another site sees both genders, in that site’s countries', async () => {
    const bi = await createMember(app, {
      email: 'sugg-bi@example.com',
      gender: 'female',
      dateOfBirth: born(31),
      siteDomain: 'example.de',
      country: 'DE',
      profile: { sexuality: 'bi', region: null },
    });
    const cookie = await loginCookie(app, bi.user.id);
    const res = await app.inject({ method: 'GET', url: '/api/members.php?suggested=1', headers: { cookie, host: 'example.de' } });
    const list = (res.json() as { results: Profile[] }).results;
    const settings = (await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'example.de' } })).json() as {
      settings: { countries: string[] };
    };
    expect(list.map((p) => p.id)).toContain(ids.german);
    for (const p of list) {
      expect(settings.settings.countries).toContain(p.country);
      expect(Math.abs(p.age - ageOn(born(31)))).toBeLessThanOrEqual(SUGGESTION_AGE_SPAN);
    }
  });
});
