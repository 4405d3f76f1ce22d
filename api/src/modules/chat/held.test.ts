/**
 * The scam guard through the real HTTP calls (issue 26 part 3), on PGlite and on PostgreSQL
 * (DATABASE_URL): a held message is not delivered (history, list, unread, frames, the recipient's
 * export) and not charged; the rules (first 5 messages, a young account, never to a chatpal, a
 * member under review, the rest of a still unseen conversation); the moderators' release (delivered
 * and charged then; delivered free when the credits are gone) and reject (a report of the sender);
 * two moderators at once; the safety tip.
 */
import type { FastifyInstance } from 'fastify';
import { ZChatsResponse, ZHeldDecided, ZHeldPage, ZMessagesResponse, ZSendMessageResponse } from '@dating/shared-kit/contracts';
import { buildTestApp, createStaff } from '../../test/helpers';
import { fileReport } from '../reports';
import { balance, json, ledgerMismatches, member, send, TestSocket } from './test-helpers';
import type { TestMember } from './test-helpers';

let app: FastifyInstance;
let base: string;
let moderator: { cookie: string };
let moderator2: { cookie: string };
beforeAll(async () => {
  app = await buildTestApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  moderator = await createStaff(app, ['moderator']);
  moderator2 = await createStaff(app, ['admin']);
}, 180_000);
afterAll(async () => {
  await app.close();
});
afterEach(async () => {
  expect(await ledgerMismatches(app)).toEqual([]);
});

const TEXT = 10;
const WEEK_AGO = () => new Date(Date.now() - 7 * 24 * 3_600_000);
/** an account older than the 24 hours of the young-account rule */
const settled = (credits = 100) => member(app, credits, { user: { signupAt: WEEK_AGO() } });

const sent = async (from: TestMember, payload: Record<string, unknown>) => {
  const res = await send(app, from, payload);
  expect(res.statusCode).toBe(200);
  return ZSendMessageResponse.parse(res.json());
};
const historyOf = async (m: TestMember, query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/messages.php?${query}`, headers: { cookie: m.cookie } });
  return res.statusCode === 200 ? ZMessagesResponse.parse(res.json()) : null;
};
const chats = async (m: TestMember) =>
  ZChatsResponse.parse((await app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie: m.cookie } })).json());
const queue = async (query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/backoffice/held-messages${query}`, headers: { cookie: moderator.cookie } });
  expect(res.statusCode).toBe(200);
  return ZHeldPage.parse(res.json());
};
const decide = (id: number | string, body: unknown, cookie = moderator.cookie) =>
  app.inject({ method: 'POST', url: `/api/backoffice/held-messages/${id}/decide`, headers: { cookie, ...json }, payload: body as object });
const heldIdOf = async (messageId: number) => {
  const rows = await app.dbHandle.query<{ id: number }>('select id from held_messages where message_id = $1', [messageId]);
  return Number(rows[0]?.id);
};
const ledgerOf = (messageId: number) =>
  app.dbHandle.query<{ delta: number }>('select delta from credit_ledger where ref = $1', [`message:${messageId}`]);

describe('a held message', () => {
  it('is answered held to the sender, not charged, and invisible to the recipient everywhere', async () => {
    const a = await settled();
    const b = await settled(0);
    const socket = await TestSocket.open(base, b);
    const { message, credits } = await sent(a, { profile: b.id, body: 'hoi! app me op wh@ts app' });
    expect(message.held).toBe(true);
    expect(message.credits).toBe(0);
    expect(credits).toBe(100);
    expect(await balance(app, a.id)).toBe(100);
    expect(await ledgerOf(message.id)).toEqual([]);
    // the sender sees it, marked, in their history
    const mine = await historyOf(a, `profile=${b.id}`);
    expect(mine?.messages.map((m) => [m.body, m.held])).toEqual([['hoi! app me op wh@ts app', true]]);
    // the recipient: no conversation, no list entry, no unread, no frame, not in the export
    expect(await historyOf(b, `conversation=${message.conversation}`)).toBeNull();
    expect((await historyOf(b, `profile=${a.id}`))?.messages).toEqual([]);
    expect((await chats(b)).chats).toEqual([]);
    const me = (await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: b.cookie } })).json() as {
      user: { unread_messages: number };
    };
    expect(me.user.unread_messages).toBe(0);
    const exported = (await app.inject({ method: 'GET', url: '/api/account-export.php', headers: { cookie: b.cookie } })).body;
    expect(exported).not.toContain('wh@ts app');
    expect(exported).not.toContain('held_messages');
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.frames.filter((f) => f.type === 'message:new')).toEqual([]);
    socket.close();
  });

  it('is held only in the first 5 messages of a conversation for an older account; a young account always', async () => {
    const a = await settled();
    const b = await settled(100);
    for (let i = 0; i < 3; i++) expect((await sent(a, { profile: b.id, body: `hoi ${i}` })).message.held).toBeUndefined();
    const conv = (await sent(b, { profile: a.id, body: 'hoi terug' })).message.conversation;
    // the 5th message of the conversation is still read
    expect((await sent(a, { conversation: conv, body: 'mijn nummer is 0612345678' })).message.held).toBe(true);
    // the 6th no longer
    const sixth = await sent(a, { conversation: conv, body: 'mijn nummer is 0612345678' });
    expect(sixth.message.held).toBeUndefined();
    expect(sixth.message.credits).toBe(TEXT);

    const young = await member(app, 100);
    const c = await settled(100);
    const yc = (await sent(young, { profile: c.id, body: 'hoi' })).message.conversation;
    for (let i = 0; i < 5; i++) await sent(c, { conversation: yc, body: `bericht ${i}` });
    expect((await sent(young, { conversation: yc, body: 'heb je telegram?' })).message.held).toBe(true);
    expect((await sent(young, { conversation: yc, body: 'ik zit op mijn telefoon' })).message.held).toBeUndefined();
  });

  it('never to a chatpal, and a chatpal conversation is charged as usual', async () => {
    const a = await member(app, 100);
    const pal = await member(app, 0, { user: { fictional: true } });
    const { message } = await sent(a, { profile: pal.id, body: 'add me on whatsapp +31 6 12345678' });
    expect(message.held).toBeUndefined();
    expect(message.credits).toBe(TEXT);
  });

  it('a sender without the credits is refused (402), nothing held', async () => {
    const a = await settled(5);
    const b = await settled(0);
    const res = await send(app, a, { profile: b.id, body: 'whatsapp?' });
    expect(res.statusCode).toBe(402);
    expect((await app.dbHandle.query('select 1 from held_messages where sender_id = $1', [a.id])).length).toBe(0);
  });

  it('the rest of a conversation the recipient has not seen is held too; a member under review has new conversations held', async () => {
    const a = await settled();
    const b = await settled(0);
    const first = await sent(a, { profile: b.id, body: 'stuur me geld' });
    expect(first.message.held).toBe(true);
    const second = await sent(a, { conversation: first.message.conversation, body: 'hallo?' });
    expect(second.message.held).toBe(true);
    expect((await queue()).held.find((h) => h.message_id === second.message.id)?.reason).toBe('conversation');

    const suspect = await settled();
    const friend = await settled(0);
    expect((await sent(suspect, { profile: friend.id, body: 'hoi, hoe gaat het?' })).message.held).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const reporter = await settled(0);
      await app.withTx((tx) => fileReport(tx, { reporterId: reporter.id, reportedId: suspect.id, reason: 'scam', source: 'member' }));
    }
    const target = await settled(0);
    const held = await sent(suspect, { profile: target.id, body: 'hoi, leuk profiel' });
    expect(held.message.held).toBe(true);
    expect((await queue()).held.find((h) => h.message_id === held.message.id)?.reason).toBe('review');
    // only new conversations: the one begun before the reports goes on, also when the send names the profile
    expect((await sent(suspect, { profile: friend.id, body: 'en verder?' })).message.held).toBeUndefined();
  });
});

describe('moderators decide', () => {
  it('release: delivered and charged then, through the ledger; the recipient gets the frame', async () => {
    const a = await settled();
    const b = await settled(0);
    const { message } = await sent(a, { profile: b.id, body: 'mail me: lisa@gmail.com' });
    const page = await queue();
    const item = page.held.find((h) => h.message_id === message.id);
    expect(item).toMatchObject({ reason: 'email', cost: TEXT, status: 'pending', body: 'mail me: lisa@gmail.com' });
    const socket = await TestSocket.open(base, b);
    const senderSocket = await TestSocket.open(base, a);
    if (!item) throw new Error('not in the queue');
    const res = await decide(item.id, { release: true });
    expect(res.statusCode).toBe(200);
    expect(ZHeldDecided.parse(res.json()).held).toMatchObject({ status: 'released', charged: TEXT });
    expect(await balance(app, a.id)).toBe(100 - TEXT);
    expect((await ledgerOf(message.id)).map((r) => Number(r.delta))).toEqual([-TEXT]);
    await socket.next((f) => f.type === 'message:new' && f.message.id === message.id);
    socket.close();
    // the sender's page gets it again, no longer held
    // (the send's own frame, held, may come late on PostgreSQL: the one without `held` must come)
    const again = await senderSocket.next((f) => f.type === 'message:new' && f.message.id === message.id && !f.message.held);
    expect(again.type === 'message:new' && again.message.body).toBe('mail me: lisa@gmail.com');
    senderSocket.close();
    expect((await chats(b)).chats.map((c) => c.num_unread_messages)).toEqual([1]);
    const theirs = await historyOf(b, `profile=${a.id}`);
    expect(theirs?.messages.map((m) => [m.body, m.held])).toEqual([['mail me: lisa@gmail.com', undefined]]);
    expect((await historyOf(a, `profile=${b.id}`))?.messages[0]?.held).toBeUndefined();
    // audited
    const audit = await app.dbHandle.query<{ action: string; target: string }>(
      "select action, target from staff_audit where action = 'held_messages.decide' and target = $1",
      [`message:${message.id}`],
    );
    expect(audit).toHaveLength(1);
  });

  it('release of a sender who spent the credits since: delivered, charged nothing', async () => {
    const a = await settled(TEXT);
    const b = await settled(0);
    const { message } = await sent(a, { profile: b.id, body: 'add me on snapchat' });
    await sent(a, { profile: (await settled(0)).id, body: 'hoi' });
    expect(await balance(app, a.id)).toBe(0);
    const res = await decide(await heldIdOf(message.id), { release: true });
    expect(res.statusCode).toBe(200);
    expect(ZHeldDecided.parse(res.json()).held).toMatchObject({ status: 'released', charged: 0 });
    expect(await balance(app, a.id)).toBe(0);
    expect((await historyOf(b, `profile=${a.id}`))?.messages.map((m) => [m.body, m.credits])).toEqual([['add me on snapchat', 0]]);
  });

  it('reject: never delivered, the sender sees it was not, and it counts as a report of the sender', async () => {
    const a = await settled();
    const b = await settled(0);
    const { message } = await sent(a, { profile: b.id, body: 'buy me a steam card' });
    const senderSocket = await TestSocket.open(base, a);
    const recipientSocket = await TestSocket.open(base, b);
    const res = await decide(await heldIdOf(message.id), { release: false });
    expect(res.statusCode).toBe(200);
    // the sender's page is told; the recipient's nothing
    const frame = await senderSocket.next(
      (f) => f.type === 'message:new' && f.message.id === message.id && f.message.held_rejected === true,
    );
    expect(frame.type === 'message:new' && frame.message).toMatchObject({ held: true, body: 'buy me a steam card' });
    await new Promise((r) => setTimeout(r, 200));
    expect(recipientSocket.frames.filter((f) => f.type === 'message:new')).toEqual([]);
    senderSocket.close();
    recipientSocket.close();
    expect(ZHeldDecided.parse(res.json()).held.status).toBe('rejected');
    expect(await balance(app, a.id)).toBe(100);
    expect((await historyOf(b, `profile=${a.id}`))?.messages).toEqual([]);
    expect((await historyOf(a, `profile=${b.id}`))?.messages[0]).toMatchObject({ held: true, held_rejected: true });
    const reports = await app.dbHandle.query<{ source: string; reporter_id: number | null; message_ids: number[] }>(
      'select source, reporter_id, message_ids from reports where reported_id = $1',
      [a.id],
    );
    expect(reports).toEqual([{ source: 'held_message', reporter_id: null, message_ids: [message.id] }]);
  });

  it('two moderators at once: one wins, the other gets 409; charged once', async () => {
    const a = await settled();
    const b = await settled(0);
    const { message } = await sent(a, { profile: b.id, body: 'stuur het via western union' });
    const id = await heldIdOf(message.id);
    const results = await Promise.all([
      decide(id, { release: true }),
      decide(id, { release: true }, moderator2.cookie),
      decide(id, { release: false }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balance(app, a.id)).toBe(100 - TEXT);
  });

  it('members may not; bad input is a 400 naming the field; unknown 404', async () => {
    const a = await settled();
    expect((await app.inject({ method: 'GET', url: '/api/backoffice/held-messages', headers: { cookie: a.cookie } })).statusCode).toBe(403);
    expect((await decide(1, { release: true }, a.cookie)).statusCode).toBe(403);
    const bad = await decide(1, { release: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'release' });
    expect((await decide('x', { release: true })).statusCode).toBe(400);
    expect((await decide(2_000_000_000, { release: true })).statusCode).toBe(404);
  });
});

describe('the safety tip', () => {
  it('shows until dismissed, then never again for this member', async () => {
    const a = await settled();
    const get = async () => (await app.inject({ method: 'GET', url: '/api/safety-tip.php', headers: { cookie: a.cookie } })).json();
    expect(await get()).toEqual({ show: true });
    const res = await app.inject({ method: 'POST', url: '/api/safety-tip.php', headers: { cookie: a.cookie, ...json }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(await get()).toEqual({ show: false });
    expect((await app.inject({ method: 'GET', url: '/api/safety-tip.php' })).statusCode).toBe(403);
  });
});

describe('the site settings', () => {
  it('an admin changes the lists and thresholds in /backoffice/sites; the next send follows them; bad values name the field', async () => {
    const detail = await app.inject({ method: 'GET', url: '/api/backoffice/sites/localhost', headers: { cookie: moderator2.cookie } });
    expect(detail.statusCode).toBe(200);
    const original = detail.json().settings as Record<string, unknown>;
    expect(original).toMatchObject({ held_first_messages: 5, held_account_hours: 24 });
    const put = (settings: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/api/backoffice/sites/localhost',
        headers: { cookie: moderator2.cookie, ...json },
        payload: { settings },
      });
    const bad = await put({ ...original, held_first_messages: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('held_first_messages');
    try {
      expect((await put({ ...original, held_messengers: ['myspace'], held_money_words: { nl: ['betaal mij'] } })).statusCode).toBe(200);
      // a paying member (no limit on new conversations)
      const a = await member(app, 100, { user: { signupAt: WEEK_AGO(), paidUser: true } });
      const b = await settled(0);
      // the site cache is told by the database's notification: the change is live within moments
      let first = await sent(a, { profile: b.id, body: 'zit je op myspace?' });
      for (let i = 0; i < 40 && !first.message.held; i++) {
        await new Promise((r) => setTimeout(r, 50));
        first = await sent(a, { profile: b.id, body: 'zit je op myspace?' });
      }
      expect(first.message.held).toBe(true);
      const c = await settled(0);
      expect((await sent(a, { profile: c.id, body: 'heb je whatsapp?' })).message.held).toBeUndefined();
      // both rules off: nothing is held
      expect((await put({ ...original, held_first_messages: 0, held_account_hours: 0 })).statusCode).toBe(200);
      const d = await settled(0);
      let off = await sent(a, { profile: d.id, body: 'stuur me geld via western union' });
      for (let i = 0; i < 40 && off.message.held; i++) {
        await new Promise((r) => setTimeout(r, 50));
        off = await sent(a, { profile: (await settled(0)).id, body: 'stuur me geld via western union' });
      }
      expect(off.message.held).toBeUndefined();
    } finally {
      expect((await put(original)).statusCode).toBe(200);
    }
  });
});
