/**
 * State-changing identity calls are sent once: the shared client retries PUT and DELETE after a
 * 5xx, and a second run would answer a false error (token used, password changed) or mail twice.
 */
import { authApi } from './auth-api';

const calls: { method: string; url: string }[] = [];
const realFetch = globalThis.fetch;

beforeEach(() => {
  calls.length = 0;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input) });
    return new Response(JSON.stringify({ error: 'internal', message: 'Er is een fout opgetreden, probeer het later opnieuw.' }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const once: [string, () => Promise<unknown>][] = [
  ['change e-mail', () => authApi.changeEmail({ email: 'new@example.com', password: 'geheim-wachtwoord-1' })],
  [
    'change password',
    () =>
      authApi.changePassword({ old_password: 'oud-wachtwoord-1', password: 'nieuw-wachtwoord-1', password_repeat: 'nieuw-wachtwoord-1' }),
  ],
  [
    'reset password (do)',
    () => authApi.doReset({ token: 'abcdefghijklmnop', password: 'nieuw-wachtwoord-1', password_repeat: 'nieuw-wachtwoord-1' }),
  ],
  ['confirm mail change', () => authApi.confirmMailChange('abcdefghijklmnop')],
  ['delete account', () => authApi.deleteAccount({ reason: 'other', remarks: '' })],
  ['reactivate', () => authApi.reactivate('abcdefghijklmnop')],
  ['request reset', () => authApi.requestReset('me@example.com')],
  ['resend activation', () => authApi.resendActivation()],
];

it.each(once)('%s: a failing call is sent once, not retried', async (_name, call) => {
  await expect(call()).rejects.toMatchObject({ status: 503 });
  expect(calls).toHaveLength(1);
});
