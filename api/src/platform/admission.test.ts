/**
 * Admission: requests that use the database run at most `concurrency` at a time, wait in arrival
 * order, and load past the bound is a quick 503 with Retry-After (never a crash, never a lost write).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
import { createAdmission } from './admission';

const tick = () => new Promise((r) => setImmediate(r));

describe('createAdmission', () => {
  it('runs at most `concurrency` at once and lets the others in, in arrival order', async () => {
    const gate = createAdmission({ concurrency: 2, maxQueue: 10, maxWaitMs: 10_000 });
    const r1 = await gate.acquire();
    const r2 = await gate.acquire();
    const order: number[] = [];
    const [third] = [3, 4, 5].map((n) =>
      gate.acquire().then((release) => {
        order.push(n);
        return release;
      }),
    );
    await tick();
    expect(order).toEqual([]);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 3 });
    r1();
    r1(); // a second call gives nothing back twice
    await tick();
    expect(order).toEqual([3]);
    r2();
    await tick();
    expect(order).toEqual([3, 4]);
    (await (third as Promise<() => void>))();
    await tick();
    expect(order).toEqual([3, 4, 5]);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 0, shed: 0 });
  });

  it('answers 503 with a retry hint when the queue is full or a request waited too long', async () => {
    const gate = createAdmission({ concurrency: 1, maxQueue: 1, maxWaitMs: 50 });
    const first = await gate.acquire();
    const queued = gate.acquire();
    await expect(gate.acquire()).rejects.toMatchObject({ code: 'service_unavailable', status: 503, extra: { retry_after: 1 } });
    // the queued one is answered once it has waited maxWaitMs, without waiting for `first`
    await expect(queued).rejects.toMatchObject({ status: 503 });
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 0, shed: 2 });
    first();
    const again = await gate.acquire();
    expect(gate.stats().active).toBe(1);
    again();
  });
});

describe('admission in the app', () => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    app = await buildTestApp({ admission: { concurrency: 1, maxQueue: 2, maxWaitMs: 5000 } });
    const { user } = await createMember(app);
    cookie = await loginCookie(app, user.id);
  });
  afterAll(async () => {
    await app.close();
  });

  it('past the bound a request gets a translated 503 with Retry-After; the admitted ones all succeed, and the server serves at once afterwards', async () => {
    const requests = Array.from({ length: 12 }, () =>
      app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie, 'accept-language': 'nl' } }),
    );
    const answers = await Promise.all(requests);
    const ok = answers.filter((r) => r.statusCode === 200);
    const shed = answers.filter((r) => r.statusCode === 503);
    expect(ok.length + shed.length).toBe(12);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed[0]?.headers['retry-after']).toBe('1');
    expect(shed[0]?.json()).toMatchObject({ error: 'service_unavailable', message: expect.stringContaining('tijdelijk niet beschikbaar') });
    for (const r of ok) expect(r.json().user.id).toBeGreaterThan(0);
    // recovers at once
    expect((await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).statusCode).toBe(200);
    expect(app.admission.stats()).toMatchObject({ active: 0, waiting: 0 });
  });

  it('settings.php needs no session and no database: it is answered even while the database queue is full', async () => {
    const release = await app.admission.acquire();
    try {
      const blocked = [
        app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } }),
        app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } }),
      ];
      const settings = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { cookie } });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().settings).toBeDefined();
      release();
      expect((await Promise.all(blocked)).map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      release();
    }
  });

  it('a client that hangs up while it waits gives its place back: the server keeps serving after a burst of aborted requests', async () => {
    const server = await buildTestApp({ admission: { concurrency: 1, maxQueue: 50, maxWaitMs: 3000 } });
    const { user } = await createMember(server);
    const sid = await loginCookie(server, user.id);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const get = (abortAfterMs?: number) =>
      new Promise<number>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/user.php', headers: { cookie: sid } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', () => resolve(-1));
        if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
      });
    try {
      // the one slot is taken: these requests wait, and their clients hang up while waiting
      const hold = await server.admission.acquire();
      const aborted = Array.from({ length: 5 }, () => get(50));
      expect(await Promise.all(aborted)).toEqual([-1, -1, -1, -1, -1]);
      hold();
      // each aborted request got the slot in turn and gave it straight back
      for (let i = 0; i < 50 && server.admission.stats().active + server.admission.stats().waiting > 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(server.admission.stats()).toMatchObject({ active: 0, waiting: 0 });
      expect(await get()).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a client that hangs up before its request is even looked at (while the site is resolved) does not keep a place for ever', async () => {
    const server = await buildTestApp({ admission: { concurrency: 1, maxQueue: 50, maxWaitMs: 1000 } });
    const { user } = await createMember(server);
    const sid = await loginCookie(server, user.id);
    // the site look-up of the next requests waits until the client has gone
    const resolve = server.sites.resolve.bind(server.sites);
    let gate: Promise<void> | null = null;
    server.sites.resolve = async (host) => {
      if (gate) await gate;
      return resolve(host);
    };
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const get = () =>
      new Promise<number>((done) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/user.php', headers: { cookie: sid } }, (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        });
        req.on('error', () => done(-1));
      });
    try {
      let open = () => {};
      gate = new Promise<void>((r) => (open = r));
      const gone = new Promise<number>((done) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/user.php', headers: { cookie: sid } });
        req.on('error', () => done(-1));
        req.on('response', (res) => done(res.statusCode ?? 0));
        setTimeout(() => req.destroy(), 100);
      });
      expect(await gone).toBe(-1);
      await new Promise((r) => setTimeout(r, 50)); // the server has seen the close
      gate = null;
      open();
      // the place the hung-up request took on its way is free again: the next member is served
      for (let i = 0; i < 50 && server.admission.stats().active > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(server.admission.stats()).toMatchObject({ active: 0, waiting: 0 });
      expect(await get()).toBe(200);
    } finally {
      await server.close();
    }
  });
});
