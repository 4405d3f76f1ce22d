/**
 * The answer cache (answer-cache.ts): user.php, likes.php and chats.php are served from memory, and
 * every change to what they are read from (a like, a photo, credits, another member's profile, a
 * block, a message, a read marker)
 * is in the next answer: at once for the member's own writes, as soon as the database's
 * notification arrives for anything else, also on a second instance of the same PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
import { TIME_BONUS_SECONDS } from '@dating/shared-kit/contracts';
import { AnswerCache } from './answer-cache';
import { member, send } from '../modules/chat/test-helpers';

const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
const CACHED = { ANSWER_CACHE_MS: 60_000, SESSION_CACHE_MS: 60_000 };

describe('AnswerCache', () => {
  it('keeps a read until a notification names one of its members, and nothing while not live', async () => {
    const cache = new AnswerCache(60_000);
    let reads = 0;
    const read = (key: string, members: number[]) =>
      cache.read(
        key,
        () => members,
        async () => ++reads,
      );
    expect(await read('a', [1])).toBe(1);
    expect(await read('a', [1])).toBe(2); // not live yet: nothing kept
    cache.setLive(true);
    expect(await read('a', [1, 2])).toBe(3);
    expect(await read('b', [3])).toBe(4);
    expect(await read('a', [1, 2])).toBe(3);
    cache.notify('5,2');
    expect(await read('a', [1, 2])).toBe(5);
    expect(await read('b', [3])).toBe(4);
    cache.notify('*');
    expect(await read('b', [3])).toBe(6);
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.size).toBe(0);
    expect(await read('b', [3])).toBe(7);
  });

  it('does not keep a read that an invalidation overtook', async () => {
    const cache = new AnswerCache(60_000);
    cache.setLive(true);
    let value = 'old';
    const first = cache.read(
      'a',
      () => [1],
      async () => {
        const seen = value;
        cache.notify('1'); // the member changed while the query ran
        value = 'new';
        return seen;
      },
    );
    expect(await first).toBe('old');
    expect(
      await cache.read(
        'a',
        () => [1],
        async () => value,
      ),
    ).toBe('new');
  });
});

describe('answer cache in the app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ env: CACHED });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (url: string, cookie: string, server = app) => {
    const res = await server.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const post = (url: string, cookie: string, payload: unknown) =>
    app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: payload as object });
  /** PostgreSQL delivers a notification a moment after the commit: wait for it (PGlite: at once) */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  };

  it('serves user.php from memory, and a like another member gives is counted on the next one', async () => {
    const a = await createMember(app);
    const b = await createMember(app);
    const [ca, cb] = [await loginCookie(app, a.user.id), await loginCookie(app, b.user.id)];
    expect((await get('/api/user.php', ca)).user.new_likes).toBe(0);
    const before = app.answers.size;
    expect((await get('/api/user.php', ca)).user.new_likes).toBe(0);
    expect(app.answers.size).toBe(before);
    expect((await post('/api/like.php', cb, { id: a.user.id })).statusCode).toBe(200);
    expect(await eventually(async () => (await get('/api/user.php', ca)).user.new_likes === 1)).toBe(true);
  });

  it('a changed photo and changed credits are in the next user.php', async () => {
    const a = await createMember(app, { user: { credits: 5 } });
    const ca = await loginCookie(app, a.user.id);
    const [photo] = await app.dbHandle.query<{ id: number }>(
      `insert into photos (user_id, filename, thumb_filename, match_filename, status, width, height) values ($1, 'p1.jpg', 'p1t.jpg', 'p1m.jpg', 'active', 10, 10) returning id`,
      [a.user.id],
    );
    await app.dbHandle.query(`update profiles set main_photo_id = $1 where user_id = $2`, [photo?.id, a.user.id]);
    const first = (await get('/api/user.php', ca)).user;
    expect(first.credits).toBe(5);
    expect(JSON.stringify(first.profile)).toContain('p1.jpg');
    // a moderator's or the image pipeline's change of the photo row, not the member's request
    await app.dbHandle.query(`update photos set filename = 'p2.jpg' where id = $1`, [photo?.id]);
    expect(await eventually(async () => JSON.stringify((await get('/api/user.php', ca)).user.profile).includes('p2.jpg'))).toBe(true);
    // a payment's webhook or a refund changes the balance (users.credits) outside the member's requests
    await app.dbHandle.query(`update users set credits = 12 where id = $1`, [a.user.id]);
    expect(await eventually(async () => (await get('/api/user.php', ca)).user.credits === 12)).toBe(true);
  });

  it('user.php from memory counts the time bonus down and ends it on time, and shows a changed fictional icon of the site', async () => {
    // a non-paying member whose sign-up time bonus (TIME_BONUS_SECONDS) has 2 seconds left
    const signupAt = new Date(Date.now() - (TIME_BONUS_SECONDS - 2) * 1000);
    const a = await createMember(app, { user: { signupAt, paidUser: false } });
    const ca = await loginCookie(app, a.user.id);
    const first = (await get('/api/user.php', ca)).user;
    expect(first.time_bonus?.seconds_left).toBeGreaterThan(0);
    expect(first.time_bonus?.seconds_left).toBeLessThanOrEqual(2);
    // the member's rows did not change (the answer is kept for a minute here): only the clock did,
    // by 2.1 s (jest's fake Date only: timers, performance.now and the database run as ever)
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      jest.setSystemTime(Date.now() + 2100);
      expect((await get('/api/user.php', ca)).user.time_bonus).toBeNull();
    } finally {
      jest.useRealTimers();
    }

    // the back office changes the site's fictional icon: the next answers carry it
    const [site] = await app.dbHandle.query<{ id: number; settings: Record<string, unknown> }>(
      `select id, settings from sites where id = $1`,
      [a.user.siteId],
    );
    const icon = '/static/fictional-new.svg';
    try {
      await app.dbHandle.query(`update sites set settings = $1 where id = $2`, [
        JSON.stringify({ ...site?.settings, fictional_icon: icon }),
        site?.id,
      ]);
      expect(await eventually(async () => (await get('/api/user.php', ca)).user.fictional_icon === icon)).toBe(true);
    } finally {
      await app.dbHandle.query(`update sites set settings = $1 where id = $2`, [JSON.stringify(site?.settings), site?.id]);
    }
  });

  it("the member's own like is in the next likes.php at once; another member's new name and a block follow", async () => {
    const a = await createMember(app);
    const b = await createMember(app, { name: 'Bea' });
    const c = await createMember(app);
    const [ca, cc] = [await loginCookie(app, a.user.id), await loginCookie(app, c.user.id)];
    expect((await get('/api/likes.php', ca)).liked).toEqual([]);
    expect((await post('/api/like.php', ca, { id: b.user.id })).statusCode).toBe(200);
    // no waiting: this instance forgets the member's answers before the like's answer leaves
    const likes = await get('/api/likes.php', ca);
    expect(likes.liked).toEqual([b.user.id]);
    expect(likes.profiles.map((p: { name: string }) => p.name)).toEqual(['Bea']);
    await app.dbHandle.query(`update profiles set name = 'Beatrix' where user_id = $1`, [b.user.id]);
    expect(await eventually(async () => (await get('/api/likes.php', ca)).profiles[0]?.name === 'Beatrix')).toBe(true);

    // c likes a, a sees it; then c blocks a: c is gone from a's likes
    expect((await post('/api/like.php', cc, { id: a.user.id })).statusCode).toBe(200);
    expect(await eventually(async () => (await get('/api/likes.php', ca)).liked_by.some((l: { id: number }) => l.id === c.user.id))).toBe(
      true,
    );
    expect((await post('/api/block.php', cc, { id: a.user.id })).statusCode).toBe(200);
    expect(await eventually(async () => !(await get('/api/likes.php', ca)).liked_by.some((l: { id: number }) => l.id === c.user.id))).toBe(
      true,
    );
  });

  it('a member who likes you confirming their e-mail address (who may see whom) shows up', async () => {
    const a = await createMember(app);
    const d = await createMember(app, { user: { emailConfirmed: false } });
    const [ca, cd] = [await loginCookie(app, a.user.id), await loginCookie(app, d.user.id)];
    expect((await post('/api/like.php', cd, { id: a.user.id })).statusCode).toBe(200);
    expect((await get('/api/user.php', ca)).user.new_likes).toBe(0); // held until d confirms
    await app.dbHandle.query(`update users set email_confirmed = true where id = $1`, [d.user.id]);
    expect(await eventually(async () => (await get('/api/user.php', ca)).user.new_likes === 1)).toBe(true);
  });

  it('a message is in the next chats.php and user.php of both, and reading it clears the unread count', async () => {
    const a = await member(app, 100);
    const b = await member(app, 100);
    expect((await get('/api/chats.php', b.cookie)).chats).toEqual([]);
    expect((await get('/api/user.php', b.cookie)).user.unread_messages).toBe(0);
    expect((await send(app, a, { profile: b.id, body: 'Hoi!' })).statusCode).toBe(200);
    // the sender's own write: at once
    expect((await get('/api/chats.php', a.cookie)).chats[0]?.last_message?.body).toBe('Hoi!');
    const unread = async () =>
      (await get('/api/chats.php', b.cookie)).chats[0]?.num_unread_messages === 1 &&
      (await get('/api/user.php', b.cookie)).user.unread_messages === 1;
    expect(await eventually(unread)).toBe(true);
    const conversation = (await get('/api/chats.php', b.cookie)).chats[0].conversation;
    await get(`/api/messages.php?conversation=${conversation}`, b.cookie); // marks read: at once
    expect((await get('/api/user.php', b.cookie)).user.unread_messages).toBe(0);
    expect((await get('/api/chats.php', b.cookie)).chats[0]?.num_unread_messages).toBe(0);
  });

  (onPostgres ? it : it.skip)('a like given on another instance of the same database is counted here too', async () => {
    const url = (app.dbHandle.connection as { url: string }).url;
    const second = await buildTestApp({ databaseUrl: url, env: CACHED });
    try {
      const a = await createMember(app, { user: { credits: 1 } });
      const b = await createMember(app);
      const [ca, cb] = [await loginCookie(app, a.user.id), await loginCookie(app, b.user.id)];
      expect((await get('/api/user.php', ca, second)).user.new_likes).toBe(0);
      expect((await get('/api/user.php', ca, second)).user.new_likes).toBe(0);
      expect((await post('/api/like.php', cb, { id: a.user.id })).statusCode).toBe(200);
      expect(await eventually(async () => (await get('/api/user.php', ca, second)).user.new_likes === 1)).toBe(true);
      await app.dbHandle.query(`update users set credits = 9 where id = $1`, [a.user.id]);
      expect(await eventually(async () => (await get('/api/user.php', ca, second)).user.credits === 9)).toBe(true);
    } finally {
      await second.close();
    }
  });

  (onPostgres ? it : it.skip)(
    'a paid message sent on another instance is in the next user.php and chats.php here (its notifications go out after the commit)',
    async () => {
      const url = (app.dbHandle.connection as { url: string }).url;
      const second = await buildTestApp({ databaseUrl: url, env: CACHED });
      try {
        const a = await member(app, 100);
        const b = await member(app, 100);
        // both answers kept in the second instance's memory
        expect((await get('/api/user.php', a.cookie, second)).user.credits).toBe(100);
        expect((await get('/api/user.php', b.cookie, second)).user.unread_messages).toBe(0);
        expect((await get('/api/chats.php', b.cookie, second)).chats).toEqual([]);
        const sent = await send(app, a, { profile: b.id, body: 'Hallo daar' });
        expect(sent.statusCode).toBe(200);
        const balance = sent.json().credits as number;
        expect(balance).toBeLessThan(100);
        // the balance alone changed on the sender's row ('c'), a message arrived for both ('m')
        expect(await eventually(async () => (await get('/api/user.php', a.cookie, second)).user.credits === balance)).toBe(true);
        expect(await eventually(async () => (await get('/api/user.php', b.cookie, second)).user.unread_messages === 1)).toBe(true);
        expect((await get('/api/chats.php', b.cookie, second)).chats[0]?.last_message?.body).toBe('Hallo daar');
      } finally {
        await second.close();
      }
    },
  );
});
