/**
 * Sign-up checks the region against the chosen country (the list /api/regions.php serves): a
 * region of another country is a translated 400 `unknown_region` on the field, and no account.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profiles, users } from '../../db/schema';
import { buildTestApp } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { SMTP_URL: undefined } });
});
afterAll(async () => {
  await app.close();
});

let seq = 0;
const body = (over: Record<string, unknown>) => ({
  email: `region-${++seq}-${Date.now().toString(36)}@example.com`,
  name: 'Sanne',
  password: 'geheim-wachtwoord-1',
  date_of_birth: '1992-04-12',
  gender: 'female',
  country: 'NL',
  ...over,
});
const signup = (payload: Record<string, unknown>, lang = 'nl') =>
  app.inject({ method: 'POST', url: '/api/signup.php', headers: { 'content-type': 'application/json', cookie: `lang=${lang}` }, payload });

async function profileOf(email: string) {
  const [row] = await app.db
    .select({ region: profiles.region })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

it('refuses a region of another country with a translated 400 unknown_region, and creates no account', async () => {
  // the regions the site offers for Germany: Bavaria is one of them, not of the Netherlands
  const de = (await app.inject({ method: 'GET', url: '/api/regions.php?country=DE' })).json() as {
    regions: { code: string; name: string }[];
  };
  const bavaria = de.regions.find((r) => r.name === 'Bavaria' || r.name === 'Bayern');
  expect(bavaria).toBeDefined();

  const payload = body({ region: bavaria?.code });
  const res = await signup(payload);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'unknown_region', field: 'region', message: 'Onbekende regio voor dit land.' });
  expect(await profileOf(payload.email as string)).toBeUndefined();

  const de2 = await signup(body({ region: 'made-up' }), 'de');
  expect(de2.statusCode).toBe(400);
  expect(de2.json()).toMatchObject({ error: 'unknown_region', field: 'region', message: 'Unbekannte Region für dieses Land.' });
});

it('accepts a region of the country by code or by name (stored as the code), or none', async () => {
  const nl = (await app.inject({ method: 'GET', url: '/api/regions.php?country=NL' })).json() as {
    regions: { code: string; name: string }[];
  };
  const utrecht = nl.regions.find((r) => r.name === 'Utrecht');
  expect(utrecht).toBeDefined();

  const byCode = body({ region: utrecht?.code });
  expect((await signup(byCode)).statusCode).toBe(201);
  expect((await profileOf(byCode.email as string))?.region).toBe(utrecht?.code);

  const byName = body({ region: 'Utrecht' });
  expect((await signup(byName)).statusCode).toBe(201);
  expect((await profileOf(byName.email as string))?.region).toBe(utrecht?.code);

  const none = body({ region: '' });
  expect((await signup(none)).statusCode).toBe(201);
  expect((await profileOf(none.email as string))?.region).toBeNull();
});
