/**
 * What boot starts from: the session and the remotes list the server inlined into the page
 * (api/src/platform/static.ts PageStart), checked by the same contracts as the fetched answers,
 * else fetched.
 */
import { sessionAtom, setSession, store } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { loadSession } from './boot';
import { loadRemotesConfig } from './federation/remotes-config';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  setSession(null);
});
afterEach(() => {
  delete window.__SESSION__;
  jest.restoreAllMocks();
});

describe('the session at start', () => {
  it('is the inlined member, with no request', async () => {
    const user = makeUser({ id: 77 });
    window.__SESSION__ = { user };
    await loadSession();
    expect(store.get(sessionAtom)?.id).toBe(77);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is nobody for an inlined visitor, with no request', async () => {
    setSession(makeUser());
    window.__SESSION__ = { user: null };
    await loadSession();
    expect(store.get(sessionAtom)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is asked for (GET /api/user.php) when the page has none or one in a wrong shape', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const inline of [undefined, { user: { id: 'not a member' } }]) {
      fetchMock.mockClear();
      fetchMock.mockResolvedValueOnce(json({ user: makeUser({ id: 5 }) }));
      window.__SESSION__ = inline;
      await loadSession();
      expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/user.php');
      expect(store.get(sessionAtom)?.id).toBe(5);
    }
    expect(console.error).toHaveBeenCalledTimes(1);
  });
});

describe('the remotes list at start', () => {
  const list = { remotes: [{ name: 'mf_chat', entry: '/mf/mf-chat/mf-manifest.json', build_id: 'abc' }] };

  it('is the inlined list, with no request', async () => {
    const fetchList = jest.fn();
    await expect(loadRemotesConfig(list, fetchList)).resolves.toEqual(list);
    expect(fetchList).not.toHaveBeenCalled();
  });

  it('is fetched when the page has none or one in a wrong shape', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchList = jest.fn(async () => list);
    await expect(loadRemotesConfig(undefined, fetchList)).resolves.toEqual(list);
    await expect(loadRemotesConfig({ remotes: [{ name: 'evil name', entry: '' }] }, fetchList)).resolves.toEqual(list);
    expect(fetchList).toHaveBeenCalledTimes(2);
    expect(console.error).toHaveBeenCalledTimes(1);
  });
});
