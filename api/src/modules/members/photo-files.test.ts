/**
 * Photo files are served to whom may see the photo (issue 13 item 6): an approved photo a free
 * member sees is public (CDN-cacheable for a day); a pending or rejected photo only to its owner
 * and staff; a locked one (beyond the first approved) to premium members too, not to free ones;
 * a deleted photo to nobody. Thumbnails and match crops alike.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { photos, profiles } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function photo(userId: number, status: string) {
  const [filename, thumbFilename, matchFilename] = await Promise.all(
    ['full', 'thumb', 'match'].map((k) => app.storage.put(Buffer.from(`${k}-${status}`), 'jpg')),
  );
  const [row] = await app.db
    .insert(photos)
    .values({
      userId,
      filename: filename as string,
      thumbFilename: thumbFilename as string,
      matchFilename: matchFilename as string,
      status,
      width: 1,
      height: 1,
    })
    .returning();
  if (!row) throw new Error('no photo');
  return row;
}

const get = (file: string, cookie?: string) => app.inject({ method: 'GET', url: `/uploads/${file}`, headers: cookie ? { cookie } : {} });

it('serves each photo only to whom may see it, with caching to match', async () => {
  const { user: owner } = await createMember(app);
  const main = await photo(owner.id, 'active');
  const locked = await photo(owner.id, 'active');
  const pending = await photo(owner.id, 'pending');
  const rejected = await photo(owner.id, 'rejected');
  await app.db.update(profiles).set({ mainPhotoId: main.id }).where(eq(profiles.userId, owner.id));

  const ownerCookie = await loginCookie(app, owner.id);
  const free = await loginCookie(app, (await createMember(app)).user.id);
  const premium = await loginCookie(app, (await createMember(app, { user: { paidUser: true } })).user.id);
  const staff = await loginCookie(app, (await createMember(app, { user: { isStaff: true, staffRoles: ['moderator'] } })).user.id);

  // the main photo: everyone, cacheable by a CDN
  for (const file of [main.filename, main.thumbFilename, main.matchFilename]) {
    const res = await get(file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  }
  // a locked photo: premium members, the owner and staff, not free members or visitors
  for (const file of [locked.filename, locked.thumbFilename]) {
    expect((await get(file)).statusCode).toBe(404);
    expect((await get(file, free)).statusCode).toBe(404);
    const paid = await get(file, premium);
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['cache-control']).toBe('private, max-age=3600');
    expect((await get(file, ownerCookie)).statusCode).toBe(200);
    expect((await get(file, staff)).statusCode).toBe(200);
  }
  // pending and rejected: the owner and staff only
  for (const file of [pending.filename, pending.thumbFilename, rejected.filename, rejected.matchFilename]) {
    const anon = await get(file);
    expect(anon.statusCode).toBe(404);
    expect(anon.headers['cache-control']).toBe('no-store');
    expect((await get(file, free)).statusCode).toBe(404);
    expect((await get(file, premium)).statusCode).toBe(404);
    expect((await get(file, ownerCookie)).statusCode).toBe(200);
    expect((await get(file, staff)).statusCode).toBe(200);
  }
  // rejected after approval: no longer public
  await app.inject({
    method: 'POST',
    url: `/api/backoffice/photos/${main.id}/reject`,
    headers: { cookie: staff, 'content-type': 'application/json' },
    payload: { reason: 'nudity' },
  });
  expect((await get(main.filename)).statusCode).toBe(404);
  // the next approved photo took its place and is public now
  expect((await get(locked.filename)).statusCode).toBe(200);
  // deleted: nobody (the owner neither)
  const del = await app.inject({
    method: 'DELETE',
    url: `/api/photos.php?id=${locked.id}`,
    headers: { cookie: ownerCookie, 'x-requested-with': 'fetch' },
  });
  expect(del.statusCode).toBe(200);
  expect((await get(locked.filename, ownerCookie)).statusCode).toBe(404);
  // a stored file no photo (or chat message) owns
  expect((await get(await app.storage.put(Buffer.from('stray'), 'jpg'))).statusCode).toBe(404);
});

it("a deleted account's photos are no longer public", async () => {
  const { user } = await createMember(app);
  const main = await photo(user.id, 'active');
  await app.db.update(profiles).set({ mainPhotoId: main.id }).where(eq(profiles.userId, user.id));
  expect((await get(main.filename)).statusCode).toBe(200);
  await app.db.update(profiles).set({ status: 'deleted' }).where(eq(profiles.userId, user.id));
  expect((await get(main.filename)).statusCode).toBe(404);
});
