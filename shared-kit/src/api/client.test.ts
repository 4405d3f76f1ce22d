import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createApiClient, isSwallowed, ApiRequestError } from './index';
import { bus, resetBusForTests } from '../bus';
import { connectStateToBus, languageAtom, resetBannedSession, sessionAtom, setBanNavigation, setSession, store } from '../state';
import { makeUser } from '../testing';
import { i18n } from '../i18n';
import { ZMaybeUserResponse } from '../contracts/identity';

/** A real local HTTP server; each test sets `handle` and reads `seen`. */
type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
let handle: Handler;
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let baseUrl: string;

const CORS = {
  'Access-Control-Allow-Origin': 'http://localhost',
  'Access-Control-Allow-Credentials': 'true',
  'Access-Control-Allow-Headers': 'Accept, Accept-Language, Content-Type, X-Request-Type, X-Requested-With',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
};

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...CORS });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  resetBusForTests();
  connectStateToBus();
  setSession(null);
  store.set(languageAtom, 'de');
});

const ZThing = z.object({ id: z.number(), name: z.string() });

describe('api client', () => {
  it('GETs JSON with cookies-mode headers, query and language, and parses with the schema', async () => {
    handle = (_req, _body, res) => json(res, 200, { id: 3, name: 'Anna', extra: true });
    const api = createApiClient({ baseUrl });
    const thing = await api.get('/api/thing.php', ZThing, { query: { page: 2, q: 'a b', none: undefined } });
    expect(thing).toEqual({ id: 3, name: 'Anna' });
    expect(seen[0]?.url).toBe('/api/thing.php?page=2&q=a+b');
    expect(seen[0]?.headers['accept-language']).toBe('de');
    expect(seen[0]?.headers['x-request-type']).toBeUndefined();
  });

  it('sends the session cookie (credentials: include) and a custom header on every call', async () => {
    // fetch test double at the boundary: Node's fetch has no cookie jar to observe `credentials`
    const calls: RequestInit[] = [];
    const fetchDouble: typeof fetch = async (_url, init) => {
      calls.push(init ?? {});
      return new Response(JSON.stringify({ id: 1, name: 'x' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const api = createApiClient({ baseUrl, fetch: fetchDouble });
    await api.get('/api/thing.php', ZThing);
    await api.post('/api/thing.php', { a: 1 }, ZThing);
    expect(calls.map((c) => c.credentials)).toEqual(['include', 'include']);
    expect(calls.map((c) => (c.headers as Record<string, string>)['X-Requested-With'])).toEqual(['XMLHttpRequest', 'XMLHttpRequest']);
  });

  it('sends X-Request-Type on /api/user.php and a JSON body on POST', async () => {
    const user = makeUser();
    handle = (_req, _body, res) => json(res, 200, { user });
    const api = createApiClient({ baseUrl });
    const answer = await api.post('/api/user.php', { email: 'jan@example.com', password: 'geheim123' }, ZMaybeUserResponse);
    expect(answer.user?.email).toBe('jan@example.com');
    expect(seen[0]?.headers['x-request-type']).toBe('web');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ email: 'jan@example.com', password: 'geheim123' });
  });

  it('retries a failing GET up to 5 times with growing delays, then succeeds', async () => {
    let calls = 0;
    handle = (_req, _body, res) => {
      calls += 1;
      if (calls <= 4) json(res, 503, { error: 'unavailable', message: 'down' });
      else json(res, 200, { id: 1, name: 'ok' });
    };
    const api = createApiClient({ baseUrl, retryDelayMs: 5 });
    const started = Date.now();
    await expect(api.get('/api/thing.php', ZThing)).resolves.toEqual({ id: 1, name: 'ok' });
    expect(calls).toBe(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 + 10 + 20 + 40);
  });

  it('gives up after 5 retries (6 attempts) with the server error', async () => {
    handle = (_req, _body, res) => json(res, 500, { error: 'internal', message: 'Er is een fout opgetreden, probeer het later opnieuw.' });
    const api = createApiClient({ baseUrl, retryDelayMs: 1 });
    const error = await api.put('/api/thing.php', { a: 1 }, ZThing).catch((e: unknown) => e);
    expect(seen).toHaveLength(6);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 500, code: 'internal' });
  });

  it('never retries a POST', async () => {
    handle = (_req, _body, res) => json(res, 502, { error: 'bad_gateway', message: 'x' });
    const api = createApiClient({ baseUrl, retryDelayMs: 1 });
    await expect(api.post('/api/thing.php', {}, ZThing)).rejects.toMatchObject({ status: 502 });
    expect(seen).toHaveLength(1);
  });

  it('retries network failures and reports code "network" with the generic text', async () => {
    // the generic text is the translated one of the page's language (an earlier test switched it)
    await i18n.changeLanguage('nl');
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', retryDelayMs: 1 });
    await expect(api.get('/api/thing.php', ZThing)).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'Er is een fout opgetreden, probeer het later opnieuw.',
    });
  });

  it('turns an error answer into ApiRequestError with code, translated message and field', async () => {
    handle = (_req, _body, res) => json(res, 400, { error: 'validation', field: 'email', message: 'Ongeldige e-mail' });
    const api = createApiClient({ baseUrl });
    await expect(api.post('/api/signup.php', { email: 'x' }, ZThing)).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      field: 'email',
      message: 'Ongeldige e-mail',
    });
  });

  it('carries minutes of a login lock (429)', async () => {
    handle = (_req, _body, res) =>
      json(res, 429, { error: 'login_locked', minutes: 15, message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.' });
    const api = createApiClient({ baseUrl });
    await expect(api.post('/api/user.php', { email: 'a@b.nl', password: 'x' }, ZMaybeUserResponse)).rejects.toMatchObject({
      status: 429,
      minutes: 15,
    });
  });

  it('rejects an answer that breaks the contract with contract_mismatch', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    handle = (_req, _body, res) => json(res, 200, { id: 'not-a-number' });
    const api = createApiClient({ baseUrl });
    await expect(api.get('/api/thing.php', ZThing)).rejects.toMatchObject({ code: 'contract_mismatch', status: 200 });
  });

  it('logs the member out on 403 authentication_required and rejects with a swallowed error', async () => {
    setSession(makeUser());
    const loggedOut = jest.fn();
    bus.on('auth:logged-out', loggedOut);
    handle = (_req, _body, res) => json(res, 403, { error: 'authentication_required', authentication_required: true, message: 'Log in' });
    const api = createApiClient({ baseUrl });

    const results = await Promise.allSettled([api.get('/api/chats.php', ZThing), api.get('/api/likes.php', ZThing)]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect(isSwallowed((result as PromiseRejectedResult).reason)).toBe(true);
    }
    expect(store.get(sessionAtom)).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1); // once, however many calls failed together
  });

  it('a banned account (403 account_banned) is logged out and sent to the ban page', async () => {
    setSession(makeUser());
    const went: string[] = [];
    setBanNavigation((path) => went.push(path));
    resetBannedSession();
    handle = (_req, _body, res) =>
      json(res, 403, { error: 'account_banned', authentication_required: true, message: 'Je account is geblokkeerd' });
    const api = createApiClient({ baseUrl });
    const error = await api.get('/api/likes.php', ZThing).catch((e: unknown) => e);
    expect(isSwallowed(error)).toBe(true);
    expect(store.get(sessionAtom)).toBeNull();
    expect(went).toEqual(['/pages/ban']);
  });

  it('logs the member out on a 401 authentication_required too, but not on a failed login (401 of user.php)', async () => {
    setSession(makeUser());
    handle = (_req, _body, res) => json(res, 401, { error: 'authentication_required', authentication_required: true, message: 'Log in' });
    const api = createApiClient({ baseUrl });
    const login = await api.post('/api/user.php', { email: 'a@b.nl', password: 'x' }, ZMaybeUserResponse).catch((e: unknown) => e);
    expect(isSwallowed(login)).toBe(false);
    expect(store.get(sessionAtom)).not.toBeNull();
    const error = await api.get('/api/profile.php', ZThing).catch((e: unknown) => e);
    expect(isSwallowed(error)).toBe(true);
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('does not log out on a 403 authentication_required from /api/user.php', async () => {
    setSession(makeUser());
    handle = (_req, _body, res) => json(res, 403, { error: 'authentication_required', authentication_required: true, message: 'Log in' });
    const api = createApiClient({ baseUrl });
    const error = await api.put('/api/user.php', { language: 'en' }, ZMaybeUserResponse).catch((e: unknown) => e);
    expect(isSwallowed(error)).toBe(false);
    expect(error).toMatchObject({ status: 403 });
    expect(store.get(sessionAtom)).not.toBeNull();
  });

  it('DELETE sends its JSON body and accepts an empty 204 without a schema', async () => {
    handle = (_req, _body, res) => {
      res.writeHead(204, CORS);
      res.end();
    };
    const api = createApiClient({ baseUrl });
    await expect(api.del('/api/chat.php', { conversation: 9 })).resolves.toBeUndefined();
    expect(seen[0]?.method).toBe('DELETE');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ conversation: 9 });
  });

  it('uploads FormData with XMLHttpRequest, reporting progress and parsing the answer', async () => {
    handle = (_req, body, res) => json(res, 200, { id: 77, name: body.includes('photo.jpg') ? 'photo.jpg' : 'missing' });
    const api = createApiClient({ baseUrl });
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(256 * 1024)], { type: 'image/jpeg' }), 'photo.jpg');
    const progress: number[] = [];
    const answer = await api.upload('/api/photos.php', form, ZThing, (p) => progress.push(p));
    expect(answer).toEqual({ id: 77, name: 'photo.jpg' });
    expect(progress.at(-1)).toBe(100);
    const upload = seen.find((r) => r.method === 'POST');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.headers['accept-language']).toBe('de');
  });

  it('upload errors become ApiRequestError', async () => {
    handle = (_req, _body, res) => json(res, 413, { error: 'file_too_large', message: 'Bestand te groot' });
    const api = createApiClient({ baseUrl });
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'a.jpg');
    await expect(api.upload('/api/photos.php', form, ZThing)).rejects.toMatchObject({
      status: 413,
      code: 'file_too_large',
      message: 'Bestand te groot',
    });
  });
});
