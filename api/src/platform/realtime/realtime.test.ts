/**
 * The WebSocket /api/ws over a real port with real sockets (the `ws` client): who may connect,
 * every frame type, the catch-up after last_id, malformed frames, and (on PostgreSQL) two server
 * instances on one database delivering to each other's sockets through LISTEN/NOTIFY.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { ZWsServerFrame } from '@dating/shared-kit/contracts';
import type { WsServerFrame } from '@dating/shared-kit/contracts';
import { buildApp } from '../../app';
import { users } from '../../db/schema';
import { drainAfterCommit } from '../../db/after-commit';
import { isPostgresUrl } from '../../test/template';
import { buildTestApp } from '../../test/helpers';
import { notifyRealtime } from './notify';
import { liveMessages } from '../../modules/chat/live';
import { json, member, send, TestSocket } from '../../modules/chat/test-helpers';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  // the first app of a run also builds the migrated template: slow on a busy machine
}, 180_000);
afterAll(async () => {
  await app.close();
});

const sockets: TestSocket[] = [];
async function open(m: { id: number; cookie: string }, query = '', on = base) {
  const s = await TestSocket.open(on, m, query);
  sockets.push(s);
  return s;
}
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

/** The HTTP status a refused upgrade got (0 when it was accepted). */
function upgradeStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? -1);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(0);
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}

const isType =
  <T extends WsServerFrame['type']>(type: T) =>
  (f: WsServerFrame) =>
    f.type === type;

describe('who may connect', () => {
  it('refuses visitors, a foreign Origin and a missing Origin before the upgrade (403)', async () => {
    const m = await member(app);
    expect(await upgradeStatus({ origin: base })).toBe(403);
    expect(await upgradeStatus({ cookie: 'sid=made-up-token', origin: base })).toBe(403);
    expect(await upgradeStatus({ cookie: m.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus({ cookie: m.cookie, origin: 'null' })).toBe(403);
    expect(await upgradeStatus({ cookie: m.cookie })).toBe(403);
    expect(await upgradeStatus({ cookie: m.cookie, origin: base })).toBe(0);
  });

  it('a socket does not hold an admission slot: many sockets, calls still answered', async () => {
    const m = await member(app);
    const many = await Promise.all(Array.from({ length: 30 }, () => open(m)));
    expect(many.every((s) => s.frames.some((f) => f.type === 'ready'))).toBe(true);
    const res = await app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('frames', () => {
  it('message:new carries the whole message to the recipient and the sender’s other tab; credits:changed to the sender', async () => {
    const a = await member(app, 100);
    const b = await member(app);
    const [aTab, bTab] = [await open(a), await open(b)];
    const client_id = crypto.randomUUID();
    const res = await send(app, a, { profile: b.id, body: 'live!', client_id });
    const sent = res.json().message;
    const got = await bTab.next(isType('message:new'));
    expect(ZWsServerFrame.parse(got)).toEqual(got);
    if (got.type !== 'message:new') throw new Error('type');
    expect(got.message).toMatchObject({
      id: sent.id,
      conversation: sent.conversation,
      sender: a.id,
      type: 'text',
      body: 'live!',
      created_at: sent.created_at,
    });
    expect(got.message.client_id).toBeUndefined();
    expect(got.profile).toMatchObject({ id: a.id, fictional: false });
    const mine = await aTab.next(isType('message:new'));
    if (mine.type !== 'message:new') throw new Error('type');
    expect(mine.message.client_id).toBe(client_id);
    // (the frame of the 100 credits given before the socket opened may still come first on PostgreSQL)
    expect(await aTab.next((f) => f.type === 'credits:changed' && f.credits === 90)).toEqual({ type: 'credits:changed', credits: 90 });
  });

  it('a send through this instance reaches the sockets here once each, from the stored row (not read back)', async () => {
    const a = await member(app, 100);
    const b = await member(app);
    const [aTab, bTab] = [await open(a), await open(b)];
    const before = liveMessages(app).readBack;
    const sent = (await send(app, a, { profile: b.id, body: 'rechtstreeks' })).json().message;
    expect(await bTab.next(isType('message:new'))).toMatchObject({ message: { id: sent.id, body: 'rechtstreeks' }, profile: { id: a.id } });
    expect(await aTab.next(isType('message:new'))).toMatchObject({ message: { id: sent.id }, profile: { id: b.id } });
    const second = (await send(app, a, { conversation: sent.conversation, body: 'nog een' })).json().message;
    await bTab.next((f) => f.type === 'message:new' && f.message.id === second.id);
    // the follow-up: a message stored without this instance's send (as by another instance),
    // announced after every notification of the two sends, is read back and arrives; a read-back
    // of the two sends would have been queued before it and arrived first
    await drainAfterCommit(app.db);
    const [other] = await app.dbHandle.query<{ id: number }>(
      `insert into messages (conversation_id, sender_id, recipient_id, type, body, client_id, credits) values ($1, $2, $3, 'text', 'elders', $4, 0) returning id`,
      [sent.conversation, a.id, b.id, crypto.randomUUID()],
    );
    await notifyRealtime(app.db, `m:${other?.id}:${a.id}:${b.id}`);
    await bTab.next((f) => f.type === 'message:new' && f.message.id === other?.id);
    await aTab.next((f) => f.type === 'message:new' && f.message.id === other?.id);
    // still one frame each of the sends, and only the follow-up was read back
    for (const tab of [aTab, bTab])
      for (const id of [sent.id, second.id])
        expect(tab.frames.filter((f) => f.type === 'message:new' && f.message.id === id)).toHaveLength(1);
    expect(liveMessages(app).readBack).toBe(before + 1);
  });

  it('typing, read, message:deleted and chat:deleted reach the other side', async () => {
    const a = await member(app, 100);
    const b = await member(app, 100);
    const [aTab, bTab] = [await open(a), await open(b)];
    const sent = (await send(app, a, { profile: b.id, body: 'lees je dit?' })).json().message;
    await app.inject({
      method: 'POST',
      url: '/api/typing.php',
      headers: { cookie: b.cookie, ...json },
      payload: { conversation: sent.conversation },
    });
    expect(await aTab.next(isType('typing'))).toEqual({ type: 'typing', conversation: sent.conversation, profile: b.id });

    await app.inject({ method: 'GET', url: `/api/messages.php?conversation=${sent.conversation}`, headers: { cookie: b.cookie } });
    expect(await aTab.next(isType('read'))).toEqual({ type: 'read', conversation: sent.conversation, reader: b.id, up_to: sent.id });

    await app.inject({ method: 'DELETE', url: '/api/message.php', headers: { cookie: a.cookie, ...json }, payload: { id: sent.id } });
    expect(await bTab.next(isType('message:deleted'))).toEqual({ type: 'message:deleted', conversation: sent.conversation, id: sent.id });

    await app.inject({ method: 'POST', url: '/api/block.php', headers: { cookie: a.cookie, ...json }, payload: { id: b.id } });
    expect(await bTab.next(isType('chat:deleted'))).toEqual({ type: 'chat:deleted', conversation: sent.conversation });
    expect(await aTab.next(isType('chat:deleted'))).toEqual({ type: 'chat:deleted', conversation: sent.conversation });
  });

  it('typing of the very first message (no conversation yet) reaches the member written to, as conversation 0 (issue 29 item 11)', async () => {
    const a = await member(app, 100);
    const b = await member(app, 100);
    const bTab = await open(b);
    const res = await app.inject({
      method: 'POST',
      url: '/api/typing.php',
      headers: { cookie: a.cookie, ...json },
      payload: { profile: b.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await bTab.next(isType('typing'))).toEqual({ type: 'typing', conversation: 0, profile: a.id });
    // once the conversation is there, naming the member types into it
    const sent = (await send(app, a, { profile: b.id, body: 'hoi' })).json().message;
    await app.inject({ method: 'POST', url: '/api/typing.php', headers: { cookie: a.cookie, ...json }, payload: { profile: b.id } });
    expect(await bTab.next((f) => f.type === 'typing' && f.conversation !== 0)).toEqual({
      type: 'typing',
      conversation: sent.conversation,
      profile: a.id,
    });
    // to oneself or to nobody: refused
    expect(
      (await app.inject({ method: 'POST', url: '/api/typing.php', headers: { cookie: a.cookie, ...json }, payload: { profile: a.id } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/typing.php', headers: { cookie: a.cookie, ...json }, payload: { profile: 999_999 } }))
        .statusCode,
    ).toBe(404);
  });

  it('like:new to the liked member, and match:new when the like is mutual (not to the one who just liked)', async () => {
    const a = await member(app);
    const b = await member(app);
    const [aTab, bTab] = [await open(a), await open(b)];
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { cookie: a.cookie, ...json }, payload: { id: b.id } });
    const like = await bTab.next(isType('like:new'));
    expect(like).toMatchObject({ type: 'like:new', profile: { id: a.id }, new_likes: 1 });
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { cookie: b.cookie, ...json }, payload: { id: a.id } });
    expect(await aTab.next(isType('match:new'))).toMatchObject({ type: 'match:new', profile: { id: b.id } });
    // the follow-up: a third member's like reaches b the same way, after b's own like was delivered
    const c = await member(app);
    await app.inject({ method: 'POST', url: '/api/like.php', headers: { cookie: c.cookie, ...json }, payload: { id: b.id } });
    await bTab.next((f) => f.type === 'like:new' && f.profile.id === c.id);
    expect(bTab.frames.filter((f) => f.type === 'match:new')).toHaveLength(0);
  });

  it('no frame for a message of an unconfirmed member until the confirmation; then it arrives', async () => {
    const a = await member(app, 100, { user: { emailConfirmed: false, status: 'not_confirmed' } });
    const b = await member(app);
    const bTab = await open(b);
    await send(app, a, { profile: b.id, body: 'wacht maar' });
    await app.inject({ method: 'POST', url: '/api/typing.php', headers: { cookie: a.cookie, ...json }, payload: { profile: b.id } });
    // the follow-up: a confirmed member's typing and message to b arrive the same ways, after them
    const c = await member(app, 100);
    await app.inject({ method: 'POST', url: '/api/typing.php', headers: { cookie: c.cookie, ...json }, payload: { profile: b.id } });
    const fromC = (await send(app, c, { profile: b.id, body: 'ik wel' })).json().message;
    await bTab.next((f) => f.type === 'message:new' && f.message.id === fromC.id);
    expect(bTab.frames.filter((f) => f.type === 'typing' && f.profile === c.id)).toHaveLength(1);
    expect(
      bTab.frames.filter((f) => (f.type === 'message:new' && f.message.sender === a.id) || (f.type === 'typing' && f.profile === a.id)),
    ).toEqual([]);
    await app.db.update(users).set({ emailConfirmed: true, status: 'active' }).where(eq(users.id, a.id));
    expect(await bTab.next((f) => f.type === 'message:new' && f.message.sender === a.id)).toMatchObject({
      message: { body: 'wacht maar', sender: a.id },
    });
  });
});

describe('catch-up', () => {
  it('a socket that reconnects with last_id gets what was sent meanwhile, then ready, without duplicates', async () => {
    const a = await member(app, 100);
    const b = await member(app);
    const first = await open(b);
    const m1 = (await send(app, a, { profile: b.id, body: 'een' })).json().message;
    await first.next((f) => f.type === 'message:new');
    first.close();
    await send(app, a, { profile: b.id, body: 'twee' });
    await send(app, a, { profile: b.id, body: 'drie' });
    const again = await open(b, `?last_id=${m1.id}`);
    const news = again.frames.filter((f): f is Extract<WsServerFrame, { type: 'message:new' }> => f.type === 'message:new');
    expect(news.map((f) => f.message.body)).toEqual(['twee', 'drie']);
    const ready = again.frames.find((f) => f.type === 'ready');
    expect(ready).toEqual({ type: 'ready', last_id: news[1]?.message.id });
    expect(again.frames.indexOf(ready as WsServerFrame)).toBeGreaterThan(again.frames.indexOf(news[1] as WsServerFrame));
  });

  it('a message that committed after a newer one (smaller id, visible late) still reaches a socket that reconnects after the newer one', async () => {
    const a = await member(app, 100);
    const b = await member(app);
    const m0 = (await send(app, a, { profile: b.id, body: 'begin' })).json().message;
    // a slow send: its id is taken first, its row becomes visible only after the next message
    const [reserved] = await app.dbHandle.query<{ id: number }>(`select nextval('messages_id_seq')::int as id`);
    const first = await open(b);
    const m2 = (await send(app, a, { profile: b.id, body: 'snel' })).json().message;
    await first.next((f) => f.type === 'message:new' && f.message.id === m2.id);
    first.close();
    expect(reserved?.id).toBeLessThan(m2.id);
    await app.dbHandle.query(
      `insert into messages (id, conversation_id, sender_id, recipient_id, type, body, client_id, credits) values ($1, $2, $3, $4, 'text', 'traag', $5, 0)`,
      [reserved?.id, m0.conversation, a.id, b.id, crypto.randomUUID()],
    );
    const again = await open(b, `?last_id=${m2.id}`);
    const news = again.frames.filter((f): f is Extract<WsServerFrame, { type: 'message:new' }> => f.type === 'message:new');
    expect(news.map((f) => f.message.body)).toContain('traag');
    // what the socket saw last is not sent again
    expect(news.map((f) => f.message.id)).not.toContain(m2.id);
  });

  it('a message deleted while the socket was away arrives as message:deleted in the catch-up', async () => {
    const a = await member(app, 100);
    const b = await member(app);
    const first = await open(b);
    const m1 = (await send(app, a, { profile: b.id, body: 'oeps' })).json().message;
    await first.next((f) => f.type === 'message:new' && f.message.id === m1.id);
    first.close();
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/message.php',
      headers: { ...json, cookie: a.cookie },
      payload: { id: m1.id },
    });
    expect(del.statusCode).toBe(200);
    const again = await open(b, `?last_id=${m1.id}`);
    expect(again.frames).toContainEqual({ type: 'message:deleted', conversation: m1.conversation, id: m1.id });
    expect(again.frames.findIndex((f) => f.type === 'message:deleted')).toBeLessThan(again.frames.findIndex((f) => f.type === 'ready'));
  });

  it('a bad last_id closes the socket with a reason', async () => {
    const b = await member(app);
    const s = new TestSocket(base, { cookie: b.cookie, origin: base }, '?last_id=abc');
    sockets.push(s);
    expect((await s.whenClosed()).code).toBe(1008);
  });
});

describe('malformed frames', () => {
  it('ping gets pong, a JSON frame of another type an error frame, text that is no JSON closes the socket; the server goes on', async () => {
    const m = await member(app);
    const s = await open(m);
    s.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await s.next(isType('pong'))).toEqual({ type: 'pong' });
    s.ws.send(JSON.stringify({ type: 'message:new', message: { body: 'spoof' } }));
    const err = await s.next(isType('error'));
    expect(err).toMatchObject({ type: 'error', error: 'ws_frame_invalid', message: expect.stringMatching(/live/) });
    s.ws.send('{{{ not json');
    expect((await s.whenClosed()).code).toBe(1003);

    const big = await open(m);
    big.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(10_000) }));
    expect((await big.whenClosed()).code).toBe(1009);
    const bin = await open(m);
    bin.ws.send(Buffer.from([0, 1, 2, 3]));
    expect((await bin.whenClosed()).code).toBe(1003);

    const res = await app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
  });
});

const pgUrl = process.env.DATABASE_URL;
(isPostgresUrl(pgUrl) ? describe : describe.skip)('two server instances on one PostgreSQL', () => {
  it('deliver to each other’s sockets through LISTEN/NOTIFY', async () => {
    // the second instance on the first one's database (the test helper made it)
    const url = (app.dbHandle.connection as { url: string }).url;
    const other = await buildApp({ logger: false, databaseUrl: url, migrate: false, ensureSites: false, env: { NODE_ENV: 'test' } });
    try {
      const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
      const a = await member(app, 100);
      const b = await member(app, 100);
      const bOnOther = await open(b, '', otherBase);
      const aHere = await open(a);
      const sent = (await send(app, a, { profile: b.id, body: 'over de grens' })).json().message;
      expect(await bOnOther.next(isType('message:new'))).toMatchObject({ message: { id: sent.id, body: 'over de grens' } });
      // and back: sent through the other instance, received here
      const back = await other.inject({
        method: 'POST',
        url: '/api/messages.php',
        headers: { cookie: b.cookie, ...json },
        payload: { conversation: sent.conversation, body: 'terug', client_id: crypto.randomUUID() },
      });
      expect(back.statusCode).toBe(200);
      expect(await aHere.next((f) => f.type === 'message:new' && f.message.body === 'terug')).toBeTruthy();
      expect(await bOnOther.next((f) => f.type === 'credits:changed' && f.credits === 90)).toEqual({
        type: 'credits:changed',
        credits: 90,
      });
    } finally {
      for (const s of sockets.splice(0)) s.close();
      await other.close();
    }
  });
});
