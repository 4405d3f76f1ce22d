/**
 * Own profile, preferences (invisible mode) and reverse geocoding.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
let cookie: string;
let userId: number;
beforeAll(async () => {
  app = await buildTestApp();
  const m = await createMember(app, { gender: 'female', country: 'NL', dateOfBirth: '1991-03-04', profile: { region: 'NH' } });
  userId = m.user.id;
  cookie = await loginCookie(app, userId);
});
afterAll(async () => {
  await app.close();
});

const put = (payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/profile.php',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('profile.php', () => {
  it('shows the owner every field including date_of_birth, never coordinates', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      id: userId,
      date_of_birth: '1991-03-04',
      gender: 'female',
      country: 'NL',
      region: 'NH',
      fictional: false,
    });
    expect(profile.age).toBeGreaterThanOrEqual(34);
    expect(JSON.stringify(profile)).not.toMatch(/"lat|"lon|latitude|longitude/);
  });

  it('saves every field of spec section 3, with interests from the interests table', async () => {
    const interests = (await app.inject({ method: 'GET', url: '/api/interests.php' }))
      .json()
      .interests.slice(0, 3)
      .map((i: { slug: string }) => i.slug);
    const res = await put({
      name: 'Anouk',
      sexuality: 'bi',
      country: 'BE',
      region: 'VLG',
      city: 'Gent',
      reason: 'Nieuwe mensen leren kennen',
      about: 'Ik hou van fietsen.',
      interests,
      hair_color: 'dark_blond',
      eye_color: 'green',
      body_type: 'slim',
      relationship_status: 'single',
      tattoos: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      name: 'Anouk',
      sexuality: 'bi',
      country: 'BE',
      region: 'VLG',
      city: 'Gent',
      about: 'Ik hou van fietsen.',
      interests: [...interests].sort(),
      hair_color: 'dark_blond',
      eye_color: 'green',
      body_type: 'slim',
      relationship_status: 'single',
      tattoos: true,
    });
    const again = (await app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie } })).json();
    expect(again.profile.city).toBe('Gent');
  });

  it('rejects unknown countries, regions, interests, bad dates and under-age dates with a 400 and the field', async () => {
    const cases: [unknown, string, string?][] = [
      [{ country: 'XX' }, 'country'],
      [{ country: 'NL', region: 'ZZ' }, 'region', 'Onbekende regio voor dit land.'],
      [{ interests: ['no-such-interest'] }, 'interests', 'Onbekende interesse.'],
      [{ date_of_birth: '1990-02-31' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
      [
        { date_of_birth: `${new Date().getUTCFullYear() - 10}-01-01` },
        'date_of_birth',
        'Leden moeten 18 jaar of ouder zijn. Controleer je geboortedatum.',
      ],
      [{ hair_color: 'purple' }, 'hair_color'],
      [{ name: 'x'.repeat(200) }, 'name'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    const after = (await app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie } })).json();
    expect(after.profile.country).toBe('BE');
  });

  it('saving other fields keeps the region; a region given by name is stored as its code', async () => {
    const m = await createMember(app, { country: 'NL' }); // helper's region: 'Noord-Holland' (a name)
    const c = await loginCookie(app, m.user.id);
    const save = (payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: '/api/profile.php',
        headers: { cookie: c, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    expect((await save({ about: 'Hallo' })).statusCode).toBe(200);
    const named = await save({ region: 'Utrecht' });
    expect(named.json().profile.region).toBe('UT');
    const moved = await save({ country: 'DE' });
    expect(moved.json().profile.region).toBeNull();
  });

  it('needs a login', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/profile.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().authentication_required).toBe(true);
  });
});

describe('preferences.php', () => {
  it('has defaults, saves partial changes, and invisible mode hides the member from search', async () => {
    const first = (await app.inject({ method: 'GET', url: '/api/preferences.php', headers: { cookie } })).json();
    expect(first.preferences).toEqual({
      email: { messages: true, likes: true, matches: true, newsletter: false },
      push: { messages: true, likes: true, matches: true },
      invisible: false,
      location: { use_geolocation: false, show_city: true },
    });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/preferences.php',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { email: { likes: false }, invisible: true, location: { use_geolocation: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toMatchObject({
      email: { likes: false, messages: true },
      invisible: true,
      location: { use_geolocation: true, show_city: true },
    });

    const viewer = await createMember(app, { gender: 'male' });
    const vc = await loginCookie(app, viewer.user.id);
    const search = (await app.inject({ method: 'GET', url: '/api/members.php?gender=female&country=BE', headers: { cookie: vc } })).json();
    expect(search.results.map((p: { id: number }) => p.id)).not.toContain(userId);
    const like = await app.inject({
      method: 'POST',
      url: '/api/like.php',
      headers: { cookie: vc, 'content-type': 'application/json' },
      payload: { id: userId },
    });
    expect(like.statusCode).toBe(404);
  });

  it('rejects wrong types', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/preferences.php',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { invisible: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('invisible');
  });
});

describe('notifications_disabled', () => {
  it('saving e-mail preferences with mails on lifts a spam complaint / unsubscribe, not a bounce; other saves change nothing', async () => {
    const m = await createMember(app, { user: { notificationsDisabled: ['fbl', 'bounce', 'listunsubscribe'] } });
    const c = await loginCookie(app, m.user.id);
    const json = { 'content-type': 'application/json' };
    const reasons = async () =>
      (await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: c } })).json().user.notifications_disabled;
    const save = (payload: unknown) =>
      app.inject({ method: 'PUT', url: '/api/preferences.php', headers: { cookie: c, ...json }, payload: JSON.stringify(payload) });

    expect(await reasons()).toEqual(['fbl', 'bounce', 'listunsubscribe']);
    // not about e-mail, or every mail off: the reasons stay
    expect((await save({ push: { likes: false } })).statusCode).toBe(200);
    expect((await save({ email: { messages: false, likes: false, matches: false, newsletter: false } })).statusCode).toBe(200);
    expect(await reasons()).toEqual(['fbl', 'bounce', 'listunsubscribe']);
    // turning mails on again: the opt-outs are lifted, the bounce needs a new address
    expect((await save({ email: { messages: true } })).statusCode).toBe(200);
    expect(await reasons()).toEqual(['bounce']);
  });
});

describe('show_city', () => {
  it('a member who turned show_city off keeps their city to themself: member page, search and likes show others no city', async () => {
    const owner = await createMember(app, { gender: 'female', country: 'NL', profile: { city: 'Zaandam', region: 'NH' } });
    const oc = await loginCookie(app, owner.user.id);
    const viewer = await createMember(app, { gender: 'male', country: 'NL' });
    const vc = await loginCookie(app, viewer.user.id);
    const json = { 'content-type': 'application/json' };
    const cityOnPage = async () =>
      (await app.inject({ method: 'GET', url: `/api/member.php?id=${owner.user.id}`, headers: { cookie: vc } })).json().profile.city;
    expect(await cityOnPage()).toBe('Zaandam');

    const off = await app.inject({
      method: 'PUT',
      url: '/api/preferences.php',
      headers: { cookie: oc, ...json },
      payload: { location: { show_city: false } },
    });
    expect(off.json().preferences.location.show_city).toBe(false);
    expect(await cityOnPage()).toBeNull();
    // also in lists: the search and the likes list of someone the owner liked
    const search = (
      await app.inject({ method: 'GET', url: '/api/members.php?gender=female&country=NL&countryregion=NH', headers: { cookie: vc } })
    ).json();
    const found = search.results.find((p: { id: number }) => p.id === owner.user.id);
    expect(found).toMatchObject({ name: owner.profile.name, city: null });
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { cookie: oc, ...json }, payload: { id: viewer.user.id } });
    const list = (await app.inject({ method: 'GET', url: '/api/likes.php', headers: { cookie: vc } })).json();
    expect(list.profiles.find((p: { id: number }) => p.id === owner.user.id)).toMatchObject({ name: owner.profile.name, city: null });
    expect(JSON.stringify(list)).not.toContain('Zaandam');
    // the owner still sees it, in their own profile and as the session's user
    expect((await app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie: oc } })).json().profile.city).toBe('Zaandam');
    expect((await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: oc } })).json().user.profile.city).toBe('Zaandam');

    await app.inject({
      method: 'PUT',
      url: '/api/preferences.php',
      headers: { cookie: oc, ...json },
      payload: { location: { show_city: true } },
    });
    expect(await cityOnPage()).toBe('Zaandam');
  });
});

describe('geocode.php', () => {
  it('answers the nearest city and its region code from the GeoNames data, for rounded coordinates', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geocode.php?lat=52.0907&lon=5.1214' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ country: 'NL', region: 'UT' });
    const munich = (await app.inject({ method: 'GET', url: '/api/geocode.php?lat=48.137&lon=11.575' })).json();
    expect(munich).toEqual({ country: 'DE', region: 'BY', city: 'Munich' });
    const regions = (await app.inject({ method: 'GET', url: '/api/regions.php?country=DE' }))
      .json()
      .regions.map((r: { code: string }) => r.code);
    expect(regions).toContain(munich.region);
    // the city, not the district GeoNames also lists (Jordaan, Mitte...)
    for (const [lat, lon, city] of [
      [52.3702, 4.8952, 'Amsterdam'],
      [52.52, 13.405, 'Berlin'],
      [40.4168, -3.7038, 'Madrid'],
    ] as const) {
      expect((await app.inject({ method: 'GET', url: `/api/geocode.php?lat=${lat}&lon=${lon}` })).json().city).toBe(city);
    }
  });

  it('works on the rounded position (2 decimals) whatever precision comes in, and answers no coordinates', async () => {
    const exact = await app.inject({ method: 'GET', url: '/api/geocode.php?lat=52.0907374&lon=5.1214201' });
    const rounded = await app.inject({ method: 'GET', url: '/api/geocode.php?lat=52.09&lon=5.12' });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toEqual(rounded.json());
    expect(exact.body).not.toMatch(/52\.09|5\.12|"lat|"lon/);
  });

  it('out-of-range or missing coordinates -> 400; the open sea -> 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/geocode.php?lat=95&lon=5' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/geocode.php?lat=abc&lon=5' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/geocode.php' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/geocode.php?lat=0&lon=-30' })).statusCode).toBe(404);
  });
});
