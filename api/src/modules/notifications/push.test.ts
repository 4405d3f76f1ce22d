import crypto from 'node:crypto';
/**
 * Web Push (issue 14): subscriptions (every bad input a 400, nothing stored), the VAPID public key
 * as the sites' push_public_key, and pushes sent through the job queue to a local push service,
 * encrypted for the browser's keys, in the member's language, respecting preferences; a gone
 * endpoint (404/410) is removed.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pushSubscriptions, users } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { acceptableEndpoint } from '../../platform/push';
import { browserKeys, type PushService } from './test-push-service';
import { settle, subscribe, subscribeBrowser, setUpPushTests } from './test-helpers';
import { MAX_SUBSCRIPTIONS } from './subscriptions';
import { issueToken } from '../identity/tokens';

const pushTest = setUpPushTests();
let app: FastifyInstance;
let service: PushService;
beforeAll(() => ({ app, service } = pushTest));
const headers = { 'content-type': 'application/json' };

async function loggedIn(overrides: Parameters<typeof createMember>[1] = {}) {
  const { user } = await createMember(app, overrides);
  return { id: user.id, cookie: await loginCookie(app, user.id) };
}

async function storedFor(userId: number) {
  return app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

async function subscribed(overrides: Parameters<typeof createMember>[1] = {}) {
  const m = await loggedIn(overrides);
  return { ...m, ...(await subscribeBrowser(pushTest, m)) };
}

describe('push subscriptions (POST /api/user.php?push=1)', () => {
  it('stores a browser subscription of the logged-in member; a visitor gets the login answer', async () => {
    const m = await loggedIn();
    const { p256dh, auth } = browserKeys();
    const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', expirationTime: null, keys: { p256dh, auth } };
    const visitor = await subscribe(app, undefined, sub);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().authentication_required).toBe(true);
    expect((await subscribe(app, m.cookie, sub)).json()).toEqual({ ok: true });
    expect((await storedFor(m.id)).map((r) => r.endpoint)).toEqual([sub.endpoint]);
  });

  it('answers every malformed, non-https, internal or oversized subscription with a translated 400 and stores nothing', async () => {
    const m = await loggedIn();
    const { p256dh, auth } = browserKeys();
    const bad: [string, unknown][] = [
      ['no object', 'https://push.example.com/x'],
      ['no keys', { endpoint: 'https://push.example.com/x' }],
      ['no endpoint', { keys: { p256dh, auth } }],
      ['not a URL', { endpoint: 'not a url', keys: { p256dh, auth } }],
      ['javascript:', { endpoint: 'javascript:alert(1)', keys: { p256dh, auth } }],
      ['plain http', { endpoint: 'http://push.example.com/x', keys: { p256dh, auth } }],
      ['private address', { endpoint: 'https://10.0.0.5/x', keys: { p256dh, auth } }],
      ['link-local (cloud metadata)', { endpoint: 'https://169.254.169.254/latest', keys: { p256dh, auth } }],
      ['a bare intranet name', { endpoint: 'https://intranet/x', keys: { p256dh, auth } }],
      ['credentials in the URL', { endpoint: 'https://user:pw@push.example.com/x', keys: { p256dh, auth } }],
      ['oversized endpoint', { endpoint: `https://push.example.com/${'a'.repeat(1200)}`, keys: { p256dh, auth } }],
      ['oversized key', { endpoint: 'https://push.example.com/x', keys: { p256dh: 'B'.repeat(5000), auth } }],
      ['key that is no P-256 point', { endpoint: 'https://push.example.com/x', keys: { p256dh: 'BPk', auth } }],
      ['auth secret of the wrong size', { endpoint: 'https://push.example.com/x', keys: { p256dh, auth: 'abc' } }],
    ];
    for (const [what, sub] of bad) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user.php?push=1',
        headers: { ...headers, cookie: m.cookie, 'accept-language': 'en' },
        payload: { subscription: sub },
      });
      expect([what, res.statusCode]).toEqual([what, 400]);
      expect([what, res.json().message]).toEqual([what, 'Ongeldig pushabonnement.']);
    }
    expect(await storedFor(m.id)).toHaveLength(0);
  });

  it('takes plain http:// loopback endpoints only with PUSH_ALLOW_LOOPBACK=1', () => {
    expect(acceptableEndpoint('http://127.0.0.1:9000/push', false)).toBe(false);
    expect(acceptableEndpoint('https://localhost/push', false)).toBe(false);
    expect(acceptableEndpoint('http://127.0.0.1:9000/push', true)).toBe(true);
    expect(acceptableEndpoint('http://[::1]:9000/push', true)).toBe(true);
    expect(acceptableEndpoint('http://10.1.2.3/push', true)).toBe(false);
    expect(acceptableEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBe(true);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS} subscriptions per member, the newest`, async () => {
    const m = await loggedIn();
    for (let i = 0; i < MAX_SUBSCRIPTIONS + 2; i += 1) {
      const { p256dh, auth } = browserKeys();
      expect((await subscribe(app, m.cookie, { endpoint: `https://push.example.com/dev${i}`, keys: { p256dh, auth } })).statusCode).toBe(
        200,
      );
    }
    const rows = await storedFor(m.id);
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS);
    expect(rows.map((r) => r.endpoint)).not.toContain('https://push.example.com/dev0');
  });
});

describe('the VAPID public key', () => {
  it("is every site's push_public_key (settings.php, which the page inlines)", async () => {
    const a = (await app.inject({ method: 'GET', url: '/api/settings.php' })).json().settings.push_public_key;
    const b = (await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'example.de' } })).json().settings
      .push_public_key;
    expect(a).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b).toBe(a);
  });

  it('comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when they are set', async () => {
    const webpush = await import('web-push');
    const keys = webpush.generateVAPIDKeys();
    const other = await buildTestApp({ env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } });
    try {
      expect((await other.inject({ method: 'GET', url: '/api/settings.php' })).json().settings.push_public_key).toBe(keys.publicKey);
    } finally {
      await other.close();
    }
  });
});

describe('pushes', () => {
  it("a new message: an encrypted push (VAPID-signed) to the recipient's endpoint, in their language, opening the conversation", async () => {
    const anna = await subscribed({ name: 'Anna', user: { language: 'de' } });
    const bob = await loggedIn({ name: 'Bob', gender: 'male' });
    await app.withTx((tx) => tx.update(users).set({ credits: 100 }).where(eq(users.id, bob.id)));
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: { ...headers, cookie: bob.cookie },
      payload: { profile: anna.id, type: 'text', body: 'Hallo Anna', client_id: crypto.randomUUID() },
    });
    expect(sent.statusCode).toBe(200);
    expect(service.received).toHaveLength(0); // not on the request path
    await settle(app);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    if (!push) throw new Error('no push');
    expect(push.path).toBe(`/push/${anna.id}`);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const key = (await app.inject({ method: 'GET', url: '/api/settings.php' })).json().settings.push_public_key;
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    expect(push.body.includes(Buffer.from('Bob'))).toBe(false); // encrypted
    const payload = anna.keys.decrypt(push.body) as { title: string; body: string; url: string; badge: number };
    expect(payload.title).toBe('Bob hat dir eine Nachricht geschickt');
    expect(payload.url).toBe(`/chats/${sent.json().message.conversation}`);
    expect(payload.badge).toBe(1);
  });

  it('a like and then a match, each to the member concerned, opening the likes page and the match', async () => {
    const anna = await subscribed({ name: 'Anna', user: { language: 'en' } });
    const bob = await subscribed({ name: 'Bob', gender: 'male', user: { language: 'nl' } });
    const like = (from: { cookie: string }, id: number) =>
      app.inject({ method: 'POST', url: '/api/like.php', headers: { ...headers, cookie: from.cookie }, payload: { id } });
    expect((await like(bob, anna.id)).json().match).toBe(false);
    await settle(app);
    expect(service.received.map((r) => r.path)).toEqual([`/push/${anna.id}`]);
    expect(anna.keys.decrypt(service.received[0]?.body ?? Buffer.alloc(0))).toMatchObject({
      title: 'New like!',
      body: 'Bob likes you.',
      url: '/likes',
    });
    service.received.length = 0;
    expect((await like(anna, bob.id)).json().match).toBe(true);
    await settle(app);
    expect(service.received.map((r) => r.path)).toEqual([`/push/${bob.id}`]);
    expect(bob.keys.decrypt(service.received[0]?.body ?? Buffer.alloc(0))).toMatchObject({
      title: 'Het is een match!',
      url: `/likes/m/${anna.id}`,
    });
  });

  it('respects the push preferences and sends nothing for a held message of an unconfirmed sender', async () => {
    const anna = await subscribed();
    const off = await app.inject({
      method: 'PUT',
      url: '/api/preferences.php',
      headers: { ...headers, cookie: anna.cookie },
      payload: { push: { likes: false } },
    });
    expect(off.statusCode).toBe(200);
    const bob = await loggedIn({ gender: 'male' });
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { ...headers, cookie: bob.cookie }, payload: { id: anna.id } });
    const unconfirmed = await loggedIn({ gender: 'male', user: { emailConfirmed: false, status: 'not_confirmed', credits: 50 } });
    await app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: { ...headers, cookie: unconfirmed.cookie },
      payload: { profile: anna.id, type: 'text', body: 'Hoi', client_id: crypto.randomUUID() },
    });
    await settle(app);
    expect(service.received).toHaveLength(0);
  });

  it('removes a subscription whose endpoint answers 410 Gone (or 404)', async () => {
    const anna = await subscribed();
    const bob = await loggedIn({ gender: 'male' });
    service.status = 410;
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { ...headers, cookie: bob.cookie }, payload: { id: anna.id } });
    await settle(app);
    expect(service.received).toHaveLength(1);
    expect(await storedFor(anna.id)).toHaveLength(0);
  });

  it("an operator's reply as a chatpal reaches the member as a push from the chatpal", async () => {
    const anna = await subscribed({ name: 'Anna', gender: 'male', user: { credits: 100 } });
    const { user: pal } = await createMember(app, { name: 'Roos', user: { fictional: true } });
    const wrote = await app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: { ...headers, cookie: anna.cookie },
      payload: { profile: pal.id, type: 'text', body: 'Hoi Roos', client_id: crypto.randomUUID() },
    });
    expect(wrote.statusCode).toBe(200);
    await settle(app);
    service.received.length = 0;
    const op = await createStaff(app, ['operator']);
    const conversation = wrote.json().message.conversation as number;
    const answered = await app.inject({
      method: 'POST',
      url: '/api/backoffice/operator/reply',
      headers: { ...headers, cookie: op.cookie },
      payload: { conversation, body: 'Hoi Anna!', client_id: crypto.randomUUID() },
    });
    expect(answered.statusCode).toBe(200);
    await settle(app);
    expect(service.received.map((r) => r.path)).toEqual([`/push/${anna.id}`]);
    expect(anna.keys.decrypt(service.received[0]?.body ?? Buffer.alloc(0))).toMatchObject({
      title: 'Roos stuurde je een bericht',
      url: `/chats/${conversation}`,
    });
  });

  it('a message held while its sender was unconfirmed is notified when the sender confirms the address', async () => {
    const anna = await subscribed({ name: 'Anna' });
    const bob = await loggedIn({ name: 'Bob', gender: 'male', user: { emailConfirmed: false, status: 'not_confirmed', credits: 50 } });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: { ...headers, cookie: bob.cookie },
      payload: { profile: anna.id, type: 'text', body: 'Hoi', client_id: crypto.randomUUID() },
    });
    expect(sent.statusCode).toBe(200);
    await settle(app);
    expect(service.received).toHaveLength(0);
    const { token } = await issueToken(app.db, bob.id, 'activation');
    expect((await app.inject({ method: 'GET', url: `/api/activate.php?token=${token}` })).headers.location).toBe('/activate/done');
    await settle(app);
    expect(service.received.map((r) => r.path)).toEqual([`/push/${anna.id}`]);
    expect(anna.keys.decrypt(service.received[0]?.body ?? Buffer.alloc(0))).toMatchObject({
      title: 'Bob stuurde je een bericht',
      url: `/chats/${sent.json().message.conversation}`,
    });
  });
});
