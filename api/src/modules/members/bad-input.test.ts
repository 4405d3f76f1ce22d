/**
 * Bad input on PUT /api/profile.php: the sign-up rules for the name (no leading @, no markup) and
 * safe text for the city (no markup, no invisible characters). A 400 with a translated message, the
 * contract's code and the field; the profile stays as it was.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function member(language: string) {
  const m = await createMember(app, { name: 'Anna', profile: { city: 'Utrecht' }, user: { language } });
  return { id: m.user.id, cookie: await loginCookie(app, m.user.id) };
}
const put = (cookie: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/profile.php',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const profileOf = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie } })).json().profile;

describe('PUT /api/profile.php with bad input', () => {
  const cases = [
    { payload: { name: '@anna' }, field: 'name', code: 'name_starts_with_at', nl: 'Je profielnaam mag niet beginnen met een @' },
    { payload: { name: '<b>x</b>' }, field: 'name', code: 'name_invalid', nl: 'Je profielnaam bevat niet toegestane tekens.' },
    { payload: { city: 'Amster\u200bdam' }, field: 'city', code: 'text_invalid', nl: 'Deze tekst bevat niet toegestane tekens.' },
    {
      payload: { city: 'Utrecht<img src=x onerror=alert(1)>' },
      field: 'city',
      code: 'text_invalid',
      nl: 'Deze tekst bevat niet toegestane tekens.',
    },
  ];

  it.each(cases)('$payload -> 400 $code on $field, translated; the profile is unchanged', async ({ payload, field, code, nl }) => {
    const m = await member('nl');
    const before = await profileOf(m.cookie);
    // sent together with a valid change: nothing of the request is saved
    const res = await put(m.cookie, { ...payload, about: 'Nieuwe tekst' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation', message: nl, field, code });
    expect(await profileOf(m.cookie)).toEqual(before);
    expect(before).toMatchObject({ name: 'Anna', city: 'Utrecht', about: null });
  });

  it("answers in the member's language", async () => {
    const m = await member('en');
    const res = await put(m.cookie, { name: '@anna' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'name', code: 'name_starts_with_at' });
    expect(res.json().message).not.toBe('Je profielnaam mag niet beginnen met een @');
    expect(res.json().message).toMatch(/@/);
  });
});
