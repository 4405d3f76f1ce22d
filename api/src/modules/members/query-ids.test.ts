/**
 * Ids and numbers from the query string (issue 13 item 9): `DELETE /api/like.php?id=…` (and
 * photos.php, block.php) with no body works, with or without a JSON content type; an empty or
 * non-numeric number is a translated 400 naming the field, never a default of 0.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blocks, likes, photos, profiles } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function member() {
  const m = await createMember(app);
  return { id: m.user.id, cookie: await loginCookie(app, m.user.id) };
}

/** the two ways a client sends a DELETE without a body: a marker header, or a JSON type and nothing */
const bodiless = [{ 'x-requested-with': 'XMLHttpRequest' }, { 'content-type': 'application/json' }];

describe.each(bodiless)('a DELETE with the id in the query and no body (%o)', (headers) => {
  it('unlikes', async () => {
    const [ann, bob] = [await member(), await member()];
    await app.db.insert(likes).values({ likerId: ann.id, likedId: bob.id });
    const res = await app.inject({ method: 'DELETE', url: `/api/like.php?id=${bob.id}`, headers: { cookie: ann.cookie, ...headers } });
    expect(res.statusCode).toBe(200);
    expect(
      await app.db
        .select()
        .from(likes)
        .where(and(eq(likes.likerId, ann.id), eq(likes.likedId, bob.id))),
    ).toHaveLength(0);
  });

  it('unblocks', async () => {
    const [ann, bob] = [await member(), await member()];
    await app.db.insert(blocks).values({ blockerId: ann.id, blockedId: bob.id });
    const res = await app.inject({ method: 'DELETE', url: `/api/block.php?id=${bob.id}`, headers: { cookie: ann.cookie, ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, blocked: false });
  });

  it('deletes a photo', async () => {
    const ann = await member();
    const [photo] = await app.db
      .insert(photos)
      .values({ userId: ann.id, filename: 'a.jpg', thumbFilename: 'b.jpg', matchFilename: 'c.jpg', status: 'active', width: 1, height: 1 })
      .returning();
    if (!photo) throw new Error('no photo');
    await app.db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.userId, ann.id));
    const res = await app.inject({ method: 'DELETE', url: `/api/photos.php?id=${photo.id}`, headers: { cookie: ann.cookie, ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual([]);
  });
});

describe('numbers that are empty or no number are a 400 naming the field', () => {
  it.each([
    ['/api/geocode.php?lat=&lon=', 'lat'],
    ['/api/geocode.php?lat=52.37&lon=', 'lon'],
    ['/api/geocode.php?lat=%20&lon=4.9', 'lat'],
    ['/api/geocode.php?lat=0x10&lon=4.9', 'lat'],
    ['/api/member.php?id=', 'id'],
  ])('%s -> 400 on %s', async (url, field) => {
    const m = await member();
    const res = await app.inject({ method: 'GET', url, headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(res.json().message).toEqual(expect.any(String));
  });

  it.each([[true], [null], [[]], [''], ['  '], ['7abc']])('like.php with id %j -> 400 on id, no like stored', async (id) => {
    const m = await member();
    const res = await app.inject({
      method: 'POST',
      url: '/api/like.php',
      headers: { cookie: m.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ id }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'id' });
    expect(await app.db.select().from(likes).where(eq(likes.likerId, m.id))).toHaveLength(0);
  });

  it('the id from the query and a numeric string in the body still work', async () => {
    const [ann, bob] = [await member(), await member()];
    const res = await app.inject({
      method: 'POST',
      url: '/api/like.php',
      headers: { cookie: ann.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: String(bob.id) }),
    });
    expect(res.statusCode).toBe(200);
    const geo = await app.inject({ method: 'GET', url: '/api/geocode.php?lat=52.37&lon=4.89', headers: { cookie: ann.cookie } });
    expect(geo.statusCode).toBe(200);
    expect(geo.json().country).toBe('NL');
  });
});
