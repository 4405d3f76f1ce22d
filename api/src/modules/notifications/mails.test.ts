/**
 * Notification mails (issue 14): the first of a kind at once (a message's 5 minutes later, if it is
 * still unread then), later ones of the hour gathered into one mail; member's language; List-Unsubscribe + one-click (RFC 8058) and the preferences link;
 * the one-click unsubscribe and POST /api/mail-events.php set notifications_disabled (every bad
 * call a 4xx that changes nothing).
 */
import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox, notificationEvents, users } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { createMailer } from '../../platform/mail';
import { mailLinkKey } from './unsubscribe';
import { GATHER_MS, mailPending, MESSAGE_MAIL_WAIT_MS } from './mails';
import { settle } from './test-helpers';

const SECRET = 'mail-events-secret-for-tests';
let app: FastifyInstance;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  app = await buildTestApp({ env: { MAIL_EVENTS_SECRET: SECRET } });
});
afterAll(async () => {
  await app.close();
});

async function loggedIn(overrides: Parameters<typeof createMember>[1] = {}) {
  const { user } = await createMember(app, overrides);
  await app.db.update(users).set({ credits: 100 }).where(eq(users.id, user.id));
  return { id: user.id, email: user.email, cookie: await loginCookie(app, user.id) };
}

function message(from: { cookie: string }, to: number) {
  return app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { ...json, cookie: from.cookie },
    payload: { profile: to, type: 'text', body: 'Hoi!', client_id: crypto.randomUUID() },
  });
}

async function mailsTo(userId: number, kind = 'notify_message') {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id));
}

/** the notifications.mail-flush jobs queued for the member */
async function flushJobs(userId: number) {
  return app.dbHandle.query<{ start_after: Date }>(
    `select start_after from pgboss.job where name = 'notifications.mail-flush' and (data->>'userId')::int = $1 order by start_after`,
    [userId],
  );
}

let mailCtx: Parameters<typeof mailPending>[0] | null = null;
const ctx = () => mailCtx as Parameters<typeof mailPending>[0];
beforeAll(async () => {
  mailCtx = { app, mailer: createMailer(undefined), linkKey: await mailLinkKey(app.db) };
});

async function me(cookie: string) {
  return (await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user as {
    notifications_disabled: string[];
  };
}

describe('notification mails', () => {
  it("mails a message the member has not read 5 minutes later, in the member's language, with one-click unsubscribe and the preferences link", async () => {
    const anna = await loggedIn({ name: 'Anna', user: { language: 'fr' } });
    const bob = await loggedIn({ name: 'Bob', gender: 'male' });
    expect((await message(bob, anna.id)).statusCode).toBe(200);
    expect(await mailsTo(anna.id)).toHaveLength(0); // a job, not the request
    await settle(app);
    expect(await mailsTo(anna.id)).toHaveLength(0); // not at once: she may read it on an open page
    const [job] = await flushJobs(anna.id);
    expect(job?.start_after.getTime()).toBeGreaterThan(Date.now() + MESSAGE_MAIL_WAIT_MS - 60_000);
    expect(job?.start_after.getTime()).toBeLessThanOrEqual(Date.now() + MESSAGE_MAIL_WAIT_MS);
    // the flush job at its time
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS))).toBe('sent');
    const [mail] = await mailsTo(anna.id);
    expect(mail?.to).toBe(anna.email);
    expect(mail?.subject).toBe('Bob t’a envoyé un message sur Flirtlokaal');
    expect(mail?.text).toMatch(/Lire le message: http:\/\/localhost:\d+\/chats\/\d+/);
    expect(mail?.text).toMatch(/Préférences e-mail: http:\/\/localhost:\d+\/notifications/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/unsubscribe\.php\?token=u\d+x[\w-]{32}>$/);
  });

  it('a message the member reads within the 5 minutes, or a conversation she deletes, is not mailed', async () => {
    const anna = await loggedIn({ name: 'Anna' });
    const bob = await loggedIn({ name: 'Bob', gender: 'male' });
    const carl = await loggedIn({ name: 'Carl', gender: 'male' });
    await message(bob, anna.id);
    await message(carl, anna.id);
    await settle(app);
    const chats = (await app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie: anna.cookie } })).json().chats as {
      conversation: number;
      profile: { id: number };
    }[];
    const withBob = chats.find((c) => c.profile.id === bob.id)?.conversation;
    const withCarl = chats.find((c) => c.profile.id === carl.id)?.conversation;
    // she opens Bob's conversation (read), and deletes Carl's
    expect(
      (await app.inject({ method: 'GET', url: `/api/messages.php?conversation=${withBob}`, headers: { cookie: anna.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/chat.php',
          headers: { ...json, cookie: anna.cookie },
          payload: { conversation: withCarl },
        })
      ).statusCode,
    ).toBe(200);
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS))).toBe('nothing');
    expect(await mailsTo(anna.id)).toHaveLength(0);
    // nothing left waiting either
    const waiting = await app.db.select().from(notificationEvents).where(eq(notificationEvents.userId, anna.id));
    expect(waiting.filter((e) => e.mailedAt === null)).toHaveLength(0);
    // a new message from Bob she does not read is mailed
    await message(bob, anna.id);
    await settle(app);
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS))).toBe('sent');
    expect((await mailsTo(anna.id))[0]?.subject).toBe('Bob stuurde je een bericht op Flirtlokaal');
  });

  it('a read that lands while the mail job waits: no mail, even after she answered; a later message counts alone (issue 29 item 15)', async () => {
    const anna = await loggedIn({ name: 'Anna' });
    const bob = await loggedIn({ name: 'Bob', gender: 'male' });
    await message(bob, anna.id);
    await message(bob, anna.id);
    await settle(app); // the events are stored and the flush job is queued for 5 minutes on
    expect((await flushJobs(anna.id)).length).toBeGreaterThan(0);
    const chats = (await app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie: anna.cookie } })).json().chats as {
      conversation: number;
      profile: { id: number };
    }[];
    const withBob = chats.find((c) => c.profile.id === bob.id)?.conversation;
    // she reads both (Bob sees "Gelezen") and answers: her answer is the conversation's newest message
    expect(
      (await app.inject({ method: 'GET', url: `/api/messages.php?conversation=${withBob}`, headers: { cookie: anna.cookie } })).statusCode,
    ).toBe(200);
    expect((await message(anna, bob.id)).statusCode).toBe(200);
    await settle(app);
    // the job runs: nothing is unread, no "Je hebt 2 nieuwe berichten"
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS))).toBe('nothing');
    expect(await mailsTo(anna.id)).toHaveLength(0);
    // two more from Bob, she reads them, then one more she does not read: the mail counts that one only
    await message(bob, anna.id);
    await message(bob, anna.id);
    await settle(app);
    await app.inject({ method: 'GET', url: `/api/messages.php?conversation=${withBob}`, headers: { cookie: anna.cookie } });
    await message(bob, anna.id);
    await settle(app);
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS))).toBe('sent');
    expect((await mailsTo(anna.id))[0]?.subject).toBe('Bob stuurde je een bericht op Flirtlokaal');
  });

  it('gathers later messages of the hour into one mail, sent an hour after the first', async () => {
    const anna = await loggedIn({ name: 'Anna' });
    const bob = await loggedIn({ name: 'Bob', gender: 'male' });
    const carl = await loggedIn({ name: 'Carl', gender: 'male' });
    await message(bob, anna.id);
    await settle(app);
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS))).toBe('sent');
    await message(bob, anna.id);
    await message(carl, anna.id);
    await settle(app);
    expect(await mailsTo(anna.id)).toHaveLength(1);
    const waiting = await app.db.select().from(notificationEvents).where(eq(notificationEvents.userId, anna.id));
    expect(waiting.filter((e) => e.mailedAt === null)).toHaveLength(2);
    // their flush job (5 minutes on) finds the first mail less than an hour old: gathered for later
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS + 10_000))).toBeInstanceOf(Date);
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + GATHER_MS + MESSAGE_MAIL_WAIT_MS + 5_000))).toBe('sent');
    const [digest] = await mailsTo(anna.id);
    expect(digest?.subject).toBe('Je hebt 2 nieuwe berichten op Flirtlokaal');
    expect(digest?.text).toContain('Je hebt 2 nieuwe berichten, van Bob, Carl.');
    expect(await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + 2 * GATHER_MS + MESSAGE_MAIL_WAIT_MS + 5_000))).toBe(
      'nothing',
    );
  });

  it('mails a like and a match; none when the e-mail preference is off', async () => {
    const anna = await loggedIn({ name: 'Anna', user: { language: 'en' } });
    const bob = await loggedIn({ name: 'Bob', gender: 'male', user: { language: 'en' } });
    await app.inject({
      method: 'PUT',
      url: '/api/preferences.php',
      headers: { ...json, cookie: bob.cookie },
      payload: { email: { matches: false } },
    });
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { ...json, cookie: bob.cookie }, payload: { id: anna.id } });
    await settle(app);
    expect((await mailsTo(anna.id, 'notify_like'))[0]?.subject).toBe('Bob likes you on Flirtlokaal');
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { ...json, cookie: anna.cookie }, payload: { id: bob.id } });
    await settle(app);
    expect(await mailsTo(bob.id, 'notify_match')).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it("the mail's POST (RFC 8058) switches notification mails off, as a list-unsubscribe report; the alert reason shows", async () => {
    const anna = await loggedIn({ name: 'Anna' });
    const bob = await loggedIn({ name: 'Bob', gender: 'male' });
    await message(bob, anna.id);
    await settle(app);
    await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS)); // unread 5 minutes later
    const url = /<(.+)>/.exec((await mailsTo(anna.id))[0]?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const path = url.replace(/^http:\/\/[^/]+/, '');
    // opening the link only shows the page with its button (link scanners open links)
    const page = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit"');
    expect((await me(anna.cookie)).notifications_disabled).toEqual([]);
    const post = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect((await me(anna.cookie)).notifications_disabled).toEqual(['listunsubscribe']);
    // no more notification mails
    await message(bob, anna.id);
    await settle(app);
    await mailPending(ctx(), anna.id, 'message', new Date(Date.now() + MESSAGE_MAIL_WAIT_MS)); // unread 5 minutes later
    expect(await mailsTo(anna.id)).toHaveLength(1);
    // switching mails on in the preferences lifts it
    await app.inject({
      method: 'PUT',
      url: '/api/preferences.php',
      headers: { ...json, cookie: anna.cookie },
      payload: { email: { messages: true } },
    });
    expect((await me(anna.cookie)).notifications_disabled).toEqual([]);
  });

  it('an invalid or forged token is a translated 400 and changes nothing', async () => {
    const anna = await loggedIn();
    for (const token of ['', 'nope', `u${anna.id}x${'A'.repeat(32)}`, `u${anna.id}x${'A'.repeat(31)}`]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/unsubscribe.php?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Deze afmeldlink is ongeldig.');
    }
    expect((await me(anna.cookie)).notifications_disabled).toEqual([]);
  });
});

describe('POST /api/mail-events.php', () => {
  const report = (payload: unknown, secret?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/mail-events.php',
      headers: { ...json, ...(secret !== undefined ? { 'x-mail-events-secret': secret } : {}) },
      payload: payload as object,
    });

  it('sets the reason of a bounce, a spam complaint and a list-unsubscribe, once each', async () => {
    const anna = await loggedIn();
    expect((await report({ type: 'bounce', email: anna.email }, SECRET)).json()).toEqual({ ok: true, affected: 1 });
    await report({ type: 'bounce', email: anna.email.toUpperCase() }, SECRET);
    await report({ type: 'fbl', email: anna.email }, SECRET);
    await report({ type: 'listunsubscribe', email: anna.email }, SECRET);
    expect((await me(anna.cookie)).notifications_disabled).toEqual(['bounce', 'fbl', 'listunsubscribe']);
  });

  it('without the secret 401, with a wrong one 403, for an unknown address 404, a bad body 400: nothing changed', async () => {
    const anna = await loggedIn();
    const cases: [number, unknown, string | undefined][] = [
      [401, { type: 'bounce', email: anna.email }, undefined],
      [401, { type: 'bounce', email: anna.email }, ''],
      [403, { type: 'bounce', email: anna.email }, 'wrong'],
      [403, { type: 'bounce', email: anna.email }, `${SECRET}x`],
      [404, { type: 'bounce', email: 'nobody-here@example.com' }, SECRET],
      [400, { type: 'complaint', email: anna.email }, SECRET],
      [400, { type: 'bounce', email: 'not an address' }, SECRET],
      [400, { type: 'bounce' }, SECRET],
    ];
    for (const [status, payload, secret] of cases) {
      const res = await report(payload, secret);
      expect([payload, secret, res.statusCode]).toEqual([payload, secret, status]);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await report({ type: 'bounce', email: 'nobody-here@example.com' }, SECRET)).json().message).toBe(
      'Er is geen account met dit e-mailadres.',
    );
    expect((await me(anna.cookie)).notifications_disabled).toEqual([]);
  });

  it('refuses every call (403) when the server has no MAIL_EVENTS_SECRET', async () => {
    const other = await buildTestApp();
    try {
      const { user } = await createMember(other);
      const res = await other.inject({
        method: 'POST',
        url: '/api/mail-events.php',
        headers: { ...json, 'x-mail-events-secret': 'anything' },
        payload: { type: 'bounce', email: user.email },
      });
      expect(res.statusCode).toBe(403);
      const [row] = await other.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.notificationsDisabled).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
