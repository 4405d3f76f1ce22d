/**
 * Photo variants (issue 14): a stored photo is also served as WebP in the widths the pages ask
 * for in `srcset` (`<name>.w320.webp`), made by sharp once and stored, without metadata, never
 * wider than its source, to exactly whom may see the photo itself, with the same cache policy,
 * and removed with the photo.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { photoVariantUrl } from '@dating/shared-kit/contracts';
import { photos, profiles } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A JPEG as an old upload might have kept it: with EXIF (a copyright line, a camera). */
const jpeg = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'secret owner', Model: 'Camera 3000' } })
    .toBuffer();

async function photo(userId: number, status: string) {
  const [filename, thumbFilename, matchFilename] = await Promise.all([
    jpeg(800).then((b) => app.storage.put(b, 'jpg')),
    jpeg(200).then((b) => app.storage.put(b, 'jpg')),
    jpeg(400).then((b) => app.storage.put(b, 'jpg')),
  ]);
  const [row] = await app.db
    .insert(photos)
    .values({
      userId,
      filename: filename as string,
      thumbFilename: thumbFilename as string,
      matchFilename: matchFilename as string,
      status,
      width: 800,
      height: 800,
    })
    .returning();
  if (!row) throw new Error('no photo');
  return row;
}

const get = (file: string, cookie?: string) => app.inject({ method: 'GET', url: `/uploads/${file}`, headers: cookie ? { cookie } : {} });
const stored = (name: string) => fs.existsSync(path.join(app.storage.dir, name));

it('serves a public photo as WebP in the asked width, without metadata, made once and cached like the photo', async () => {
  const { user } = await createMember(app);
  const main = await photo(user.id, 'active');
  await app.db.update(profiles).set({ mainPhotoId: main.id }).where(eq(profiles.userId, user.id));

  const name = photoVariantUrl(main.matchFilename, 320);
  expect(name).toMatch(/\.w320\.webp$/);
  const res = await get(name);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=86400');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.width, meta.height]).toEqual([320, 320]);
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(res.rawPayload.toString('latin1')).not.toContain('secret owner');
  // smaller than the JPEG it was made from
  expect(res.rawPayload.length).toBeLessThan((await get(main.matchFilename)).rawPayload.length);
  // stored: the next visitor gets the same bytes without another encoding
  expect(stored(name)).toBe(true);
  expect((await get(name)).rawPayload.equals(res.rawPayload)).toBe(true);

  // never enlarged: the 200 px thumbnail asked at 400 stays 200 wide
  const thumb = await get(photoVariantUrl(main.thumbFilename, 400));
  expect(thumb.statusCode).toBe(200);
  expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);

  // a width the pages never ask for, or no such photo: 404
  expect((await get(main.matchFilename.replace(/\.jpg$/, '.w999.webp'))).statusCode).toBe(404);
  expect((await get('nosuchphotoatall.w320.webp')).statusCode).toBe(404);

  // removed along with the photo
  const owner = await loginCookie(app, user.id);
  const del = await app.inject({
    method: 'DELETE',
    url: `/api/photos.php?id=${main.id}`,
    headers: { cookie: owner, 'x-requested-with': 'fetch' },
  });
  expect(del.statusCode).toBe(200);
  expect(stored(name)).toBe(false);
  expect((await get(name, owner)).statusCode).toBe(404);
});

it('keeps the photo rules for variants: pending and locked photos are not public, and nothing is made for whom may not see them', async () => {
  const { user } = await createMember(app);
  const main = await photo(user.id, 'active');
  const locked = await photo(user.id, 'active');
  const pending = await photo(user.id, 'pending');
  await app.db.update(profiles).set({ mainPhotoId: main.id }).where(eq(profiles.userId, user.id));
  const owner = await loginCookie(app, user.id);
  const free = await loginCookie(app, (await createMember(app)).user.id);
  const premium = await loginCookie(app, (await createMember(app, { user: { paidUser: true } })).user.id);

  const pendingVariant = photoVariantUrl(pending.matchFilename, 400);
  const anon = await get(pendingVariant);
  expect(anon.statusCode).toBe(404);
  expect(anon.headers['cache-control']).toBe('no-store');
  expect(stored(pendingVariant)).toBe(false);
  expect((await get(pendingVariant, free)).statusCode).toBe(404);
  expect((await get(pendingVariant, premium)).statusCode).toBe(404);
  const own = await get(pendingVariant, owner);
  expect(own.statusCode).toBe(200);
  expect(own.headers['cache-control']).toBe('private, max-age=3600');

  const lockedVariant = photoVariantUrl(locked.thumbFilename, 200);
  expect((await get(lockedVariant)).statusCode).toBe(404);
  expect((await get(lockedVariant, free)).statusCode).toBe(404);
  const paid = await get(lockedVariant, premium);
  expect(paid.statusCode).toBe(200);
  expect(paid.headers['cache-control']).toBe('private, max-age=3600');
});
