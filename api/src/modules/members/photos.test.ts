/**
 * Photo upload through real multipart + real sharp: content checks, EXIF/GPS gone, limits,
 * main image, ownership, moderation.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { photos as photoRows } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
let jpegWithGps: Buffer;
let png: Buffer;

async function makeJpeg(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();
}

beforeAll(async () => {
  app = await buildTestApp({ env: { AUTO_APPROVE_PHOTOS: false } });
  jpegWithGps = await makeJpeg('#c04080');
  png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3060a0' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
});

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----dating-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(cookie: string, file: Buffer, filename = 'me.jpg', type = 'image/jpeg') {
  const body = multipart(file, filename, type);
  return app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: { cookie, 'content-type': body.contentType, 'x-request-type': 'web' },
    payload: body.payload,
  });
}

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(app, overrides);
  return { id: m.user.id, cookie: await loginCookie(app, m.user.id) };
}

describe('photos.php upload', () => {
  it('re-encodes the image (EXIF and GPS gone), makes a thumbnail and a match crop, pending until approved', async () => {
    const me = await member();
    const res = await upload(me.cookie, jpegWithGps);
    expect(res.statusCode).toBe(200);
    const { photo, photos, max_photos } = res.json();
    expect(photo).toMatchObject({ status: 'pending', is_main: true });
    expect(photos).toHaveLength(1);
    expect(max_photos).toBe(3);
    const stored = path.join(app.storage.dir, path.basename(photo.filename));
    const bytes = fs.readFileSync(stored);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Owner'))).toBe(false);
    const thumb = await sharp(fs.readFileSync(path.join(app.storage.dir, path.basename(photo.thumb_filename)))).metadata();
    expect(thumb.width).toBeLessThanOrEqual(400);

    // others don't see it until staff approve it
    const other = await member();
    const before = (await app.inject({ method: 'GET', url: `/api/member.php?id=${me.id}`, headers: { cookie: other.cookie } })).json();
    expect(before.photo_count).toBe(0);
    const staff = await member({ user: { isStaff: true, staffRoles: ['moderator'] } });
    const notStaff = await app.inject({
      method: 'POST',
      url: `/api/backoffice/photos/${photo.id}/approve`,
      headers: { cookie: other.cookie, 'x-request-type': 'web' },
    });
    expect(notStaff.statusCode).toBe(403);
    const queue = (await app.inject({ method: 'GET', url: '/api/backoffice/photos', headers: { cookie: staff.cookie } })).json();
    expect(queue.photos.find((p: { id: number }) => p.id === photo.id)).toMatchObject({ status: 'pending', member: { id: me.id } });
    expect((await app.inject({ method: 'GET', url: '/api/backoffice/photos', headers: { cookie: other.cookie } })).statusCode).toBe(403);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/backoffice/photos/${photo.id}/approve`,
      headers: { cookie: staff.cookie, 'x-request-type': 'web' },
    });
    expect(ok.json()).toEqual({ ok: true, id: photo.id, status: 'active', rejection_reason: null });
    const after = (await app.inject({ method: 'GET', url: `/api/member.php?id=${me.id}`, headers: { cookie: other.cookie } })).json();
    expect(after.photo_count).toBe(1);
    expect(after.profile.main_image.match).toBe(photo.match);
    // rejecting takes it away again; unknown ids are a 404
    await app.inject({
      method: 'POST',
      url: `/api/backoffice/photos/${photo.id}/reject`,
      headers: { cookie: staff.cookie, 'content-type': 'application/json' },
      payload: { reason: 'low_quality' },
    });
    const rejected = (await app.inject({ method: 'GET', url: `/api/member.php?id=${me.id}`, headers: { cookie: other.cookie } })).json();
    expect(rejected.photo_count).toBe(0);
    expect(rejected.profile.main_image).toBeNull();
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/backoffice/photos/999999/approve',
          headers: { cookie: staff.cookie, 'x-request-type': 'web' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('checks the content, not the name: a text file named .jpg is refused, so is a PNG named .gif', async () => {
    const me = await member();
    const renamed = await upload(me.cookie, png, 'holiday.gif', 'image/gif');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ error: 'image_wrong_extension', field: 'photo' });
    // the declared MIME type does not matter, nor the case of the extension, nor a missing one
    expect((await upload(me.cookie, png, 'HOLIDAY.PNG', 'application/octet-stream')).statusCode).toBe(200);
    const fake = await upload(me.cookie, Buffer.from('this is not an image at all, just text'), 'photo.jpg', 'image/jpeg');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ error: 'image_invalid', field: 'photo' });
    const empty = await upload(me.cookie, Buffer.alloc(0), 'empty.jpg');
    expect(empty.statusCode).toBe(400);
    const list = (await app.inject({ method: 'GET', url: '/api/photos.php', headers: { cookie: me.cookie } })).json();
    expect(list.photos).toHaveLength(1);
    expect((await upload(me.cookie, jpegWithGps, 'camera-upload', 'image/jpeg')).statusCode).toBe(200);
  });

  it('refuses files over the size limit with 413', async () => {
    const me = await member();
    const huge = Buffer.alloc(11 * 1024 * 1024, 0xff);
    const res = await upload(me.cookie, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('image_too_large');
  });

  it('refuses a pixel flood (small file, huge dimensions) with 413 before decoding it', async () => {
    const me = await member();
    const flood = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flood.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(me.cookie, flood, 'flood.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'image_too_large', field: 'photo' });
    expect((await app.inject({ method: 'GET', url: '/api/photos.php', headers: { cookie: me.cookie } })).json().photos).toHaveLength(0);
  });

  it('a request without a file is a 400', async () => {
    const me = await member();
    const res = await app.inject({
      method: 'POST',
      url: '/api/photos.php',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('a broken multipart body (no boundary, cut off) is a translated 400 on the photo field, nothing stored', async () => {
    const me = await member();
    const post = (contentType: string, payload: Buffer | string) =>
      app.inject({
        method: 'POST',
        url: '/api/photos.php',
        headers: { cookie: me.cookie, 'content-type': contentType, 'x-request-type': 'web' },
        payload,
      });
    const noBoundary = await post('multipart/form-data', 'garbage');
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({ field: 'photo' });
    const whole = multipart(Buffer.alloc(5000, 0xff), 'me.jpg', 'image/jpeg');
    const cutOff = await post(whole.contentType, whole.payload.subarray(0, 3000));
    expect(cutOff.statusCode).toBe(400);
    expect(cutOff.json()).toMatchObject({ field: 'photo', message: expect.any(String) });
    expect((await app.inject({ method: 'GET', url: '/api/photos.php', headers: { cookie: me.cookie } })).json().photos).toHaveLength(0);
  });

  it('3 photos for free members, 25 for premium', async () => {
    const free = await member();
    for (let i = 0; i < 3; i++) expect((await upload(free.cookie, png, `p${i}.png`, 'image/png')).statusCode).toBe(200);
    const fourth = await upload(free.cookie, png, 'p4.png', 'image/png');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ error: 'photo_limit', max_photos: 3 });
    const premium = await member({ user: { paidUser: true } });
    for (let i = 0; i < 4; i++) expect((await upload(premium.cookie, png, `p${i}.png`, 'image/png')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/photos.php', headers: { cookie: premium.cookie } })).json().max_photos).toBe(25);
  });
});

describe('photos.php main image and delete', () => {
  it("sets the main image, deletes photos, and treats someone else's photo ids as unknown", async () => {
    const me = await member();
    const a = (await upload(me.cookie, png, 'a.png', 'image/png')).json().photo;
    const b = (await upload(me.cookie, png, 'b.png', 'image/png')).json().photo;
    await app.db.update(photoRows).set({ status: 'active' }).where(eq(photoRows.id, b.id)); // approved
    const setMain = await app.inject({
      method: 'PUT',
      url: '/api/photos.php',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      payload: { id: b.id },
    });
    expect(setMain.statusCode).toBe(200);
    expect(setMain.json().photos.find((p: { id: number }) => p.id === b.id).is_main).toBe(true);

    const other = await member();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: '/api/photos.php',
        headers: { cookie: other.cookie, 'content-type': 'application/json' },
        payload: { id: a.id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('photo_not_found');
    }
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      payload: { id: 'x' },
    });
    expect(bad.statusCode).toBe(400);

    const del = await app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      payload: { id: b.id },
    });
    expect(del.statusCode).toBe(200);
    const left = del.json().photos;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: a.id, is_main: true });
    expect(fs.existsSync(path.join(app.storage.dir, path.basename(b.filename)))).toBe(false);
  });

  it('a photo still under inspection cannot be made the main photo (400, translated); once approved it can', async () => {
    const me = await member();
    const a = (await upload(me.cookie, png, 'a.png', 'image/png')).json().photo;
    await app.db.update(photoRows).set({ status: 'active' }).where(eq(photoRows.id, a.id));
    const b = (await upload(me.cookie, png, 'b.png', 'image/png')).json().photo;
    expect(b.status).toBe('pending');
    const setMain = () =>
      app.inject({
        method: 'PUT',
        url: '/api/photos.php',
        headers: { cookie: me.cookie, 'content-type': 'application/json' },
        payload: { id: b.id },
      });
    const refused = await setMain();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'photo_not_active',
      field: 'id',
      message: 'Deze foto wordt nog gecontroleerd. Na goedkeuring kun je hem als hoofdfoto kiezen.',
    });
    const list = (await app.inject({ method: 'GET', url: '/api/photos.php', headers: { cookie: me.cookie } })).json().photos;
    expect(list.find((p: { is_main: boolean }) => p.is_main).id).toBe(a.id);
    await app.db.update(photoRows).set({ status: 'active' }).where(eq(photoRows.id, b.id));
    expect((await setMain()).statusCode).toBe(200);
  });
});
