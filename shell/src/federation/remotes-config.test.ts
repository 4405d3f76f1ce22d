import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { fetchRemotesConfig } from './remotes-config';

/** A real local HTTP server answering /mf-remotes.json in different ways. */
let server: Server;
let base = '';
let failuresLeft = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/flaky') {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(503).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ remotes: [{ name: 'mf_chat', entry: '/mf/mf-chat/mf-manifest.json' }] }));
      return;
    }
    if (req.url === '/bad-shape') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ remotes: [{ name: 'evil name', entry: '' }] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('reading /mf-remotes.json', () => {
  it('retries a failing server and returns the checked list', async () => {
    failuresLeft = 2;
    const config = await fetchRemotesConfig(`${base}/flaky`, { baseDelayMs: 5 });
    expect(config.remotes).toEqual([{ name: 'mf_chat', entry: '/mf/mf-chat/mf-manifest.json' }]);
  });

  it('starts with no remotes when the list has the wrong shape', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(fetchRemotesConfig(`${base}/bad-shape`, { baseDelayMs: 5 })).resolves.toEqual({ remotes: [] });
    expect(error).toHaveBeenCalled();
  });

  it('starts with no remotes when the list is missing or the server is down', async () => {
    await expect(fetchRemotesConfig(`${base}/missing`, { baseDelayMs: 5 })).resolves.toEqual({ remotes: [] });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(fetchRemotesConfig('http://127.0.0.1:1/mf-remotes.json', { baseDelayMs: 5, attempts: 2 })).resolves.toEqual({
      remotes: [],
    });
    expect(warn).toHaveBeenCalled();
  });
});
