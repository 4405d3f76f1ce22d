/**
 * Push to internal hosts (issue 25 item 5): a push endpoint whose name resolves to a private,
 * loopback or link-local address is refused when it is stored (when the name resolves then), and
 * every send checks the address at connect time, after that connection's own DNS lookup (DNS
 * rebinding: public when stored, internal when sent). A real local listener counts connections:
 * 0 for every internal endpoint. The names resolve through a lookup of the test's own (this
 * machine has no DNS): the same lookup through a plain agent does reach the listener (the control).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { pushSubscriptions } from '../db/schema';
import { browserKeys } from '../modules/notifications/test-push-service';
import { saveSubscription } from '../modules/notifications/subscriptions';
import { buildTestApp, createMember } from '../test/helpers';
import { acceptableEndpoint, createPushSender } from './push';

/** A DNS of the test's own: name -> address (anything else: not found). */
function lookupOf(names: Record<string, string>): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = names[hostname];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    const family = address.includes(':') ? 6 : 4;
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

let listener: http.Server;
let port = 0;
let connections = 0;
let app: FastifyInstance;
beforeAll(async () => {
  listener = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(201).end());
  });
  listener.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  app = await buildTestApp();
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await app.close();
});
beforeEach(() => {
  connections = 0;
});

const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@example.com' };
const target = (endpoint: string) => ({ endpoint, keys: browserKeys() });

it('never connects to an endpoint whose name resolves to an internal address, whatever it resolved to before', async () => {
  const lookup = lookupOf({
    'localtest.me': '127.0.0.1',
    'push.rebinding.example': '127.0.0.1',
    'metadata.example': '169.254.169.254',
    'intranet.example': '10.0.0.5',
    'mapped.example': '::ffff:127.0.0.1',
  });
  const sender = createPushSender(keys, { allowLoopback: false, lookup });
  for (const endpoint of [
    `https://localtest.me:${port}/x`,
    `https://push.rebinding.example:${port}/x`,
    `https://metadata.example:${port}/latest`,
    `https://intranet.example:${port}/x`,
    `https://mapped.example:${port}/x`,
    `https://127.0.0.1:${port}/x`,
    `https://[::ffff:127.0.0.1]:${port}/x`,
    `http://127.0.0.1:${port}/x`,
  ]) {
    const outcome = await sender.send(target(endpoint), { title: 'hoi' });
    expect([endpoint, outcome.result]).toEqual([endpoint, expect.stringMatching(/^(failed|gone)$/)]);
  }
  expect(connections).toBe(0);

  // the control: the same name through a plain agent does reach the listener
  await new Promise<void>((resolve) => {
    const req = https.request(`https://push.rebinding.example:${port}/x`, { lookup, agent: new https.Agent() });
    req.on('error', () => resolve());
    req.end();
  });
  expect(connections).toBe(1);
});

it('with PUSH_ALLOW_LOOPBACK=1 reaches a loopback push service, and still no other internal address', async () => {
  const lookup = lookupOf({ 'push.local.example': '127.0.0.1', 'intranet.example': '192.168.1.20' });
  const sender = createPushSender(keys, { allowLoopback: true, lookup });
  expect(await sender.send(target(`http://127.0.0.1:${port}/x`), { title: 'hoi' })).toEqual({ result: 'sent' });
  expect(connections).toBe(1);
  const refused = await sender.send(target(`https://intranet.example:${port}/x`), { title: 'hoi' });
  expect(refused).toMatchObject({ result: 'failed', error: expect.stringContaining('not allowed') });
  expect(connections).toBe(1);
});

it('refuses to store an endpoint whose name resolves to an internal address now; stores a public one', async () => {
  const { user } = await createMember(app);
  const lookup = lookupOf({ 'localtest.me': '127.0.0.1', 'fcm.googleapis.com': '142.250.179.138', 'nip.example': '10.1.2.3' });
  for (const endpoint of ['https://localtest.me:4555/x', 'https://nip.example/push']) {
    await expect(saveSubscription(app.db, user.id, target(endpoint), false, lookup)).rejects.toMatchObject({
      code: 'validation',
      messageCode: 'subscription_invalid',
    });
  }
  expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  await saveSubscription(app.db, user.id, target('https://fcm.googleapis.com/fcm/send/abc'), false, lookup);
  expect((await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).map((s) => s.endpoint)).toEqual([
    'https://fcm.googleapis.com/fcm/send/abc',
  ]);
  // from the URL alone: IP literals of every internal range, however written
  for (const endpoint of [
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://[::1]/x',
    'https://[fe80::1]/x',
    'https://100.64.0.1/x',
    'https://224.0.0.1/x',
    'https://0.0.0.0/x',
  ]) {
    expect([endpoint, acceptableEndpoint(endpoint, false)]).toEqual([endpoint, false]);
  }
});
