/**
 * Likes, matches, blocking, member page, swipe game, match finder: the rules a member notices.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { likes, memberSwipes, photos, profiles, users } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { countNewLikes } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json' };

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(app, overrides);
  return { ...m, id: m.user.id, cookie: await loginCookie(app, m.user.id) };
}

async function addPhotos(userId: number, n: number, status = 'active') {
  const rows = await app.db
    .insert(photos)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        filename: `f${userId}_${i}.jpg`,
        thumbFilename: `t${userId}_${i}.jpg`,
        matchFilename: `m${userId}_${i}.jpg`,
        status,
        width: 10,
        height: 10,
      })),
    )
    .returning();
  const [first] = rows;
  if (!first) throw new Error('no photo inserted');
  await app.db.update(profiles).set({ mainPhotoId: first.id }).where(eq(profiles.userId, userId));
  return rows;
}

const like = (cookie: string, id: unknown, method: 'POST' | 'DELETE' = 'POST') =>
  app.inject({ method, url: '/api/like.php', headers: { cookie, ...json }, payload: JSON.stringify({ id }) });

describe('like.php', () => {
  it('a like is not yet a match; the like back is, and the liked member gets a new like', async () => {
    const ann = await member({ gender: 'female' });
    const bob = await member({ gender: 'male' });
    const first = await like(ann.cookie, bob.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().match).toBe(false);
    expect(await countNewLikes(app.db, bob.id)).toBe(1);
    const back = await like(bob.cookie, ann.id);
    expect(back.json().match).toBe(true);
    // liking twice changes nothing
    expect((await like(bob.cookie, ann.id)).json().match).toBe(true);
  });

  it('liking oneself, an unknown, a deleted or a blocked member is a 4xx and changes nothing', async () => {
    const ann = await member();
    const gone = await member({ user: { status: 'deleted', deletedAt: new Date() } });
    const blocker = await member();
    await app.inject({ method: 'POST', url: '/api/block.php', headers: { cookie: blocker.cookie, ...json }, payload: { id: ann.id } });

    const self = await like(ann.cookie, ann.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: 'like_self', message: 'Je kunt jezelf niet liken.' });
    expect((await like(ann.cookie, 999999)).statusCode).toBe(404);
    expect((await like(ann.cookie, gone.id)).statusCode).toBe(404);
    expect((await like(ann.cookie, blocker.id)).statusCode).toBe(403);
    expect((await like(ann.cookie, 'abc')).statusCode).toBe(400);
    const rows = await app.db.select().from(likes).where(eq(likes.likerId, ann.id));
    expect(rows).toHaveLength(0);
  });

  it('needs a login (403 authentication_required)', async () => {
    const bob = await member();
    const res = await app.inject({ method: 'POST', url: '/api/like.php', headers: json, payload: { id: bob.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().authentication_required).toBe(true);
  });

  it('unlike removes the like and the match', async () => {
    const a = await member();
    const b = await member();
    await like(a.cookie, b.id);
    await like(b.cookie, a.id);
    const res = await like(a.cookie, b.id, 'DELETE');
    expect(res.statusCode).toBe(200);
    const list = (await app.inject({ method: 'GET', url: '/api/likes.php', headers: { cookie: b.cookie } })).json();
    expect(list.matches).toEqual([]);
    expect(list.liked).toEqual([a.id]);
  });
});

describe('likes of a member who has not confirmed their e-mail address', () => {
  const likesOf = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/likes.php', headers: { cookie } })).json();
  const memberPage = async (cookie: string, id: number) =>
    (await app.inject({ method: 'GET', url: `/api/member.php?id=${id}`, headers: { cookie } })).json();
  const me = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;

  it('are held (no badge, not in liked_by, no liked_me, no match for the other side) until they confirm', async () => {
    const fresh = await member({ gender: 'female', user: { status: 'not_confirmed', emailConfirmed: false } });
    const bob = await member({ gender: 'male' });
    await addPhotos(fresh.id, 1);

    const res = await like(fresh.cookie, bob.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().match).toBe(false);
    // a swipe-like is a like too
    const carl = await member({ gender: 'male' });
    const swiped = await app.inject({
      method: 'POST',
      url: '/api/swipe.php',
      headers: { cookie: fresh.cookie, ...json },
      payload: { id: carl.id, action: 'like' },
    });
    expect(swiped.statusCode).toBe(200);

    for (const other of [bob, carl]) {
      expect(await countNewLikes(app.db, other.id)).toBe(0);
      expect((await me(other.cookie)).new_likes).toBe(0);
      expect((await likesOf(other.cookie)).liked_by).toEqual([]);
      expect(
        (await app.inject({ method: 'GET', url: '/api/auto-like.php', headers: { cookie: other.cookie } })).json().profile?.id,
      ).not.toBe(fresh.id);
      expect((await memberPage(other.cookie, fresh.id)).liked_me).toBe(false);
    }
    // bob likes back: not a match for bob while fresh's like is held (no match modal gives it away)
    const back = await like(bob.cookie, fresh.id);
    expect(back.json().match).toBe(false);
    expect((await likesOf(bob.cookie)).matches).toEqual([]);

    // fresh confirms: the held likes arrive as new likes, the match is there for both
    await app.db.update(users).set({ emailConfirmed: true, status: 'active' }).where(eq(users.id, fresh.id));
    expect(await countNewLikes(app.db, bob.id)).toBe(1);
    expect(await countNewLikes(app.db, carl.id)).toBe(1);
    expect((await likesOf(bob.cookie)).liked_by).toEqual([{ id: fresh.id, like_new: true }]);
    expect((await likesOf(bob.cookie)).matches).toEqual([fresh.id]);
    expect((await likesOf(fresh.cookie)).matches).toEqual([bob.id]);
    expect((await memberPage(bob.cookie, fresh.id)).match).toBe(true);
  });

  it('the badge and the likes list agree: likes of invisible or blocked members count in neither', async () => {
    const target = await member();
    const hidden = await member();
    const blocked = await member();
    const seen = await member();
    for (const m of [hidden, blocked, seen]) await like(m.cookie, target.id);
    await app.db.update(users).set({ invisible: true }).where(eq(users.id, hidden.id));
    await app.inject({ method: 'POST', url: '/api/block.php', headers: { cookie: target.cookie, ...json }, payload: { id: blocked.id } });
    const list = await likesOf(target.cookie);
    expect(list.liked_by).toEqual([{ id: seen.id, like_new: true }]);
    expect(await countNewLikes(app.db, target.id)).toBe(1);
    expect((await me(target.cookie)).new_likes).toBe(1);
  });
});

describe('likes.php and member.php', () => {
  it('lists liked-by new first, with full profiles; opening a liker clears its new flag', async () => {
    const me = await member();
    const old = await member({ name: 'Oldliker' });
    const fresh = await member({ name: 'Freshliker' });
    await like(old.cookie, me.id);
    await like(fresh.cookie, me.id);
    // I saw the old one already
    expect((await app.inject({ method: 'GET', url: `/api/member.php?id=${old.id}`, headers: { cookie: me.cookie } })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/likes.php', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.liked_by).toEqual([
      { id: fresh.id, like_new: true },
      { id: old.id, like_new: false },
    ]);
    expect(body.profiles.map((p: { name: string }) => p.name).sort()).toEqual(['Freshliker', 'Oldliker']);
    expect(await countNewLikes(app.db, me.id)).toBe(1);
  });

  it('free members see the first photo, the rest locked without URLs; premium members see all', async () => {
    const owner = await member();
    await addPhotos(owner.id, 3);
    const free = await member();
    const premium = await member({ user: { paidUser: true } });
    const asFree = (await app.inject({ method: 'GET', url: `/api/member.php?id=${owner.id}`, headers: { cookie: free.cookie } })).json();
    expect(asFree.photo_count).toBe(3);
    expect(asFree.photos[0].locked).toBe(false);
    expect(asFree.photos[0].filename).toMatch(/^\/uploads\//);
    expect(asFree.photos.slice(1)).toEqual([
      { id: expect.any(Number), locked: true },
      { id: expect.any(Number), locked: true },
    ]);
    const asPremium = (
      await app.inject({ method: 'GET', url: `/api/member.php?id=${owner.id}`, headers: { cookie: premium.cookie } })
    ).json();
    expect(asPremium.photos.every((p: { locked: boolean; filename?: string }) => !p.locked && p.filename)).toBe(true);
    expect(asPremium.profile.date_of_birth).toBeUndefined();
    expect(JSON.stringify(asPremium)).not.toMatch(/"(lat|lon|lng|latitude|longitude|coordinates)"/);
  });

  it('pending photos are not shown to others', async () => {
    const owner = await member();
    await addPhotos(owner.id, 1, 'pending');
    const other = await member();
    const res = (await app.inject({ method: 'GET', url: `/api/member.php?id=${owner.id}`, headers: { cookie: other.cookie } })).json();
    expect(res.photo_count).toBe(0);
    expect(res.profile.main_image).toBeNull();
  });

  it("an invisible member's profile does not open for others (404); the member still sees their own", async () => {
    const hidden = await member();
    const viewer = await member();
    await app.db.update(users).set({ invisible: true }).where(eq(users.id, hidden.id));
    const other = await app.inject({ method: 'GET', url: `/api/member.php?id=${hidden.id}`, headers: { cookie: viewer.cookie } });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('member_not_found');
    expect((await app.inject({ method: 'GET', url: `/api/member.php?id=${hidden.id}` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/member.php?id=${hidden.id}`, headers: { cookie: hidden.cookie } })).statusCode,
    ).toBe(200);
  });

  it('unknown and bad ids: 404 / 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/member.php?id=987654' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/member.php?id=-1' })).statusCode).toBe(400);
  });
});

describe('block.php', () => {
  it('removes likes both ways and hides the two from each other, both ways; unblock restores', async () => {
    const a = await member({ gender: 'female', country: 'BE' });
    const b = await member({ gender: 'male', country: 'BE' });
    await like(a.cookie, b.id);
    await like(b.cookie, a.id);
    const block = await app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { cookie: a.cookie, ...json },
      payload: { id: b.id },
    });
    expect(block.statusCode).toBe(200);
    expect(await app.db.select().from(likes).where(eq(likes.likerId, b.id))).toHaveLength(0);
    expect(await app.db.select().from(likes).where(eq(likes.likerId, a.id))).toHaveLength(0);
    for (const [viewer, target] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(
        (await app.inject({ method: 'GET', url: `/api/member.php?id=${target.id}`, headers: { cookie: viewer.cookie } })).statusCode,
      ).toBe(404);
      const search = (
        await app.inject({
          method: 'GET',
          url: `/api/members.php?country=BE&gender=${target.profile.gender}`,
          headers: { cookie: viewer.cookie },
        })
      ).json();
      expect(search.results.map((p: { id: number }) => p.id)).not.toContain(target.id);
      expect((await like(viewer.cookie, target.id)).statusCode).toBe(403);
    }
    const list = (await app.inject({ method: 'GET', url: '/api/block.php', headers: { cookie: a.cookie } })).json();
    expect(list.blocked).toEqual([{ id: b.id, name: b.profile.name }]);
    const unblock = await app.inject({
      method: 'DELETE',
      url: '/api/block.php',
      headers: { cookie: a.cookie, ...json },
      payload: { id: b.id },
    });
    expect(unblock.json()).toEqual({ ok: true, blocked: false });
    expect((await app.inject({ method: 'GET', url: `/api/member.php?id=${a.id}`, headers: { cookie: b.cookie } })).statusCode).toBe(200);
  });

  it('blocking or unblocking oneself or an unknown member is a 4xx', async () => {
    const a = await member();
    for (const method of ['POST', 'DELETE'] as const) {
      expect(
        (await app.inject({ method, url: '/api/block.php', headers: { cookie: a.cookie, ...json }, payload: { id: a.id } })).statusCode,
      ).toBe(400);
      expect(
        (await app.inject({ method, url: '/api/block.php', headers: { cookie: a.cookie, ...json }, payload: { id: 424242 } })).statusCode,
      ).toBe(404);
    }
  });
});

describe('swipe.php', () => {
  it('allows 4 likes a day, says how many are left, then refuses', async () => {
    const me = await member({ gender: 'male', profile: { sexuality: 'hetero' } });
    const targets: { id: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const t = await member({ gender: 'female' });
      await addPhotos(t.id, 1);
      targets.push(t);
    }
    const game = (await app.inject({ method: 'GET', url: '/api/swipe.php', headers: { cookie: me.cookie } })).json();
    expect(game.likes_left).toBe(4);
    expect(game.likes_per_day).toBe(4);
    // when the likes come back: the next UTC midnight (the server counts per UTC day)
    const now = new Date();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
    expect(game.likes_reset_at).toBe(midnight);
    expect(game.profiles.length).toBeGreaterThan(0);
    expect(game.profiles.every((p: { gender: string }) => p.gender === 'female')).toBe(true);
    const swipe = (id: number, action = 'like') =>
      app.inject({ method: 'POST', url: '/api/swipe.php', headers: { cookie: me.cookie, ...json }, payload: { id, action } });
    expect((await swipe(targets[5]?.id ?? 0, 'skip')).json().likes_left).toBe(4);
    for (let i = 0; i < 4; i++) {
      const res = await swipe(targets[i]?.id ?? 0);
      expect(res.statusCode).toBe(200);
      expect(res.json().likes_left).toBe(3 - i);
    }
    const fifth = await swipe(targets[4]?.id ?? 0);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toBe('swipe_limit');
    expect(fifth.json().likes_reset_at).toBe(midnight);
    expect(fifth.json().message).toBe('Je hebt vandaag al 4 likes gegeven in het swipespel. Morgen kun je weer verder.');
    expect(await app.db.select().from(likes).where(eq(likes.likerId, me.id))).toHaveLength(4);
  });

  it('skipping follows the rules of a like: not oneself, not a blocked or invisible member (4xx, nothing stored)', async () => {
    const me = await member({ gender: 'male' });
    const blocked = await member({ gender: 'female' });
    const hidden = await member({ gender: 'female', user: { invisible: true } });
    await app.inject({ method: 'POST', url: '/api/block.php', headers: { cookie: blocked.cookie, ...json }, payload: { id: me.id } });
    const skip = (id: number) =>
      app.inject({ method: 'POST', url: '/api/swipe.php', headers: { cookie: me.cookie, ...json }, payload: { id, action: 'skip' } });
    expect((await skip(me.id)).statusCode).toBe(400);
    expect((await skip(blocked.id)).statusCode).toBe(403);
    expect((await skip(hidden.id)).statusCode).toBe(404);
    expect(await app.db.select().from(memberSwipes).where(eq(memberSwipes.userId, me.id))).toHaveLength(0);
  });
});

describe('match-finder.php', () => {
  it('answers profiles of the sought gender in the chosen age range', async () => {
    const me = await member({ gender: 'female', profile: { sexuality: 'hetero' } });
    await member({ gender: 'male', dateOfBirth: '1999-01-01' });
    await member({ gender: 'male', dateOfBirth: '1960-01-01' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/match-finder.php',
      headers: { cookie: me.cookie, ...json },
      payload: { age: '18-35', appearance: 'normal', race: 'other' },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().profiles as { gender: string; age: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.gender === 'male' && p.age <= 35)).toBe(true);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/match-finder.php',
      headers: { cookie: me.cookie, ...json },
      payload: { age: '99', appearance: 'normal', race: 'white' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('age');
  });
});

describe('auto-like.php', () => {
  it('returns a recent liker with a match image', async () => {
    const me = await member({ gender: 'male' });
    const liker = await member({ gender: 'female' });
    await addPhotos(liker.id, 1);
    await like(liker.cookie, me.id);
    const res = (await app.inject({ method: 'GET', url: '/api/auto-like.php', headers: { cookie: me.cookie } })).json();
    expect(res.profile.id).toBe(liker.id);
    expect(res.profile.main_image.match).toMatch(/^\/uploads\/m/);
    expect(res.profile.fictional).toBe(false);
  });

  it('otherwise lets a fictional member with a photo like me', async () => {
    const me = await member({ gender: 'female', country: 'PL' });
    const chatpal = await member({ gender: 'male', user: { fictional: true } });
    await addPhotos(chatpal.id, 1);
    const res = (await app.inject({ method: 'GET', url: '/api/auto-like.php', headers: { cookie: me.cookie } })).json();
    expect(res.profile).not.toBeNull();
    // the like popup labels a chatpal: the answer says it is one
    expect(res.profile).toMatchObject({ id: chatpal.id, fictional: true });
    expect(await countNewLikes(app.db, me.id)).toBe(1);
  });
});
