/**
 * Identity bodies are checked by the schema declared on the route (platform/validation.ts): a
 * failed rule is the contract's own code and text in the member's language, the same whether the
 * route's schema caught it or a handler that picks its schema by the query (POST user.php), and a
 * refusal that does not depend on the body still comes first.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { MAIL_EVENTS_SECRET: 's3cret-value' } });
});
afterAll(async () => {
  await app.close();
});

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });

const SIGNUP = {
  email: 'route-schema@example.com',
  name: 'Sanne',
  password: 'geheim-wachtwoord-1',
  gender: 'female',
  country: 'NL',
};

describe.each([
  ['nl', 'Leden moeten 18 jaar of ouder zijn. Controleer je geboortedatum.', 'Ongeldige e-mail'],
  ['en', 'Members must be 18 or older. Check your date of birth.', 'Invalid e-mail'],
])('in %s', (lang, underAge, badEmail) => {
  const cookie = `lang=${lang}`;

  it('refuses an under-age sign-up with the contract code, its text and the field', async () => {
    const dateOfBirth = `${new Date().getUTCFullYear() - 17}-01-01`;
    const res = await send('POST', '/api/signup.php', { ...SIGNUP, date_of_birth: dateOfBirth }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation', field: 'date_of_birth', code: 'min_age', message: underAge });
  });

  it('answers a bad e-mail the same on the login (schema picked by the query) and the reset request (route schema)', async () => {
    const expected = { error: 'validation', field: 'email', code: 'invalid_email', message: badEmail };
    const login = await send('POST', '/api/user.php', { email: 'sanne(at)example', password: 'whatever-1' }, { cookie });
    const reset = await send('POST', '/api/reset-password.php', { email: 'sanne(at)example' }, { cookie });
    expect([login.statusCode, login.json()]).toEqual([400, expected]);
    expect([reset.statusCode, reset.json()]).toEqual([400, expected]);
  });
});

it('checks a sign-up without a body (JSON null) as an empty one: its first missing field is named', async () => {
  const res = await send('POST', '/api/signup.php', null, { cookie: 'lang=nl' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'validation', field: 'email', code: 'field_required' });
});

it('refuses before looking at the body: a visitor, a mail event without the secret, a call without ?reactivate', async () => {
  const visitor = await send('DELETE', '/api/account.php', { reason: 42 });
  expect([visitor.statusCode, visitor.json().error]).toEqual([403, 'authentication_required']);
  const rename = await send('PUT', '/api/passkeys.php', { id: 'x' });
  expect([rename.statusCode, rename.json().error]).toEqual([403, 'authentication_required']);
  const mailEvent = await send('POST', '/api/mail-events.php', { type: 'nonsense' });
  expect([mailEvent.statusCode, mailEvent.json().error]).toEqual([401, 'mail_events_unauthorized']);
  const reactivate = await send('POST', '/api/account.php', { token: 1 });
  expect([reactivate.statusCode, reactivate.json().error]).toEqual([405, 'method_not_allowed']);
});
