/**
 * One language once logged in (issue 29 item 8): every answer to a member names the account's
 * language (x-account-language); a tab in another language takes it at that answer, unless the
 * request started before this tab's own change. A visitor's choice is marked for the log-in.
 */
import { api } from '../api/client';
import { setSession } from '../state/atoms';
import { makeUser } from '../testing/fixtures';
import { i18n, setLanguage } from './index';

const realFetch = globalThis.fetch;
function answerWith(language: string | null, gate?: Promise<void>) {
  globalThis.fetch = jest.fn(async () => {
    await gate;
    return new Response('{}', {
      status: 200,
      headers: { 'content-type': 'application/json', ...(language ? { 'x-account-language': language } : {}) },
    });
  }) as typeof fetch;
}

afterEach(async () => {
  globalThis.fetch = realFetch;
  setSession(null);
  document.cookie = 'lang=; Max-Age=0; Path=/';
  document.cookie = 'lang_chosen=; Max-Age=0; Path=/';
  await i18n.changeLanguage('en');
});

it("a logged-in tab takes the account's language from its next answer (changed on another device)", async () => {
  setSession(makeUser({ language: 'nl' }));
  await i18n.changeLanguage('nl');
  answerWith('de');
  await api.get('/api/likes.php', undefined as never);
  expect(i18n.language).toBe('de');
  expect(document.cookie).toContain('lang=de');
});

it("an answer to a request that started before this tab's own change does not undo it", async () => {
  setSession(makeUser({ language: 'nl' }));
  await i18n.changeLanguage('nl');
  let release = () => {};
  answerWith('nl', new Promise<void>((r) => (release = r)));
  const slow = api.get('/api/likes.php', undefined as never);
  await setLanguage('fr', { saveToAccount: false });
  release();
  await slow;
  expect(i18n.language).toBe('fr');
});

it('a visitor: no header is followed, and a choice with the switcher is marked for the log-in', async () => {
  answerWith('de');
  await api.get('/api/settings.php', undefined as never);
  expect(i18n.language).toBe('en');
  await setLanguage('it');
  expect(document.cookie).toContain('lang_chosen=1');
});
