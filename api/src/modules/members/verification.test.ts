/**
 * Verified photos (issue 26 part 2) over real HTTP, real multipart and real sharp, on PGlite (and
 * PostgreSQL with DATABASE_URL): the pose, the selfie's privacy (never under /uploads/, staff
 * only, no metadata), one pending request (ten parallel posts: one), the moderators' queue and
 * decision (two at once: one wins), the badge on the profile and the "only verified" search, a new
 * main photo ending it, fictional profiles, the deletion job and the export.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { VERIFICATION_POSES } from '@dating/shared-kit/contracts';
import { memberVerifications, photos, profiles, staffAudit } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { SELFIE_JOB } from './verification';

let app: FastifyInstance;
let selfie: Buffer;
let selfieDir: string;

beforeAll(async () => {
  app = await buildTestApp();
  selfieDir = path.join(app.config.DATA_DIR_ABS, 'verification', 'uploads');
  selfie = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#d09070' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Copyright: 'Selfie Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();
}, 180_000);
afterAll(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json' };
const get = (cookie: string | null, url: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (cookie: string, url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie, ...json }, payload });

function form(parts: { pose?: string; file?: Buffer; filename?: string }) {
  const boundary = '----verification-test';
  const chunks: Buffer[] = [];
  if (parts.pose !== undefined)
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pose"\r\n\r\n${parts.pose}\r\n`));
  if (parts.file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="selfie"; filename="${parts.filename ?? 'selfie.jpg'}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    );
    chunks.push(parts.file, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
const send = (cookie: string, parts: { pose?: string; file?: Buffer; filename?: string }) => {
  const body = form(parts);
  return app.inject({
    method: 'POST',
    url: '/api/verification.php',
    headers: { cookie, 'content-type': body.contentType, 'x-request-type': 'web' },
    payload: body.payload,
  });
};

let seq = 0;
/** an approved photo row (files are not needed here), made the main photo when `main` */
async function addPhoto(userId: number, main = true) {
  seq += 1;
  const [row] = await app.db
    .insert(photos)
    .values({
      userId,
      status: 'active',
      width: 600,
      height: 750,
      filename: `ver-${seq}.jpg`,
      thumbFilename: `ver-${seq}-t.jpg`,
      matchFilename: `ver-${seq}-m.jpg`,
    })
    .returning();
  if (!row) throw new Error('photo');
  if (main) await app.db.update(profiles).set({ mainPhotoId: row.id }).where(eq(profiles.userId, userId));
  return row;
}

async function member(opts: { photo?: boolean; fictional?: boolean } = {}) {
  const m = await createMember(app, { user: { fictional: opts.fictional ?? false } });
  if (opts.photo !== false) await addPhoto(m.user.id);
  return { id: m.user.id, cookie: await loginCookie(app, m.user.id) };
}

/** A member with a pending request; returns the request id and the selfie's file name. */
async function pendingMember() {
  const me = await member();
  const { pose } = (await get(me.cookie, '/api/verification.php')).json();
  const res = await send(me.cookie, { pose, file: selfie });
  expect(res.statusCode).toBe(201);
  const [row] = await app.db.select().from(memberVerifications).where(eq(memberVerifications.userId, me.id));
  if (!row?.selfieFile) throw new Error('no request');
  return { ...me, requestId: row.id, file: row.selfieFile };
}

describe('asking to be verified', () => {
  it('gives one of the 8 poses, the same until used, and takes the selfie in that pose', async () => {
    const me = await member();
    const first = await get(me.cookie, '/api/verification.php');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'none', may_request: true });
    const pose = first.json().pose as string;
    expect(VERIFICATION_POSES).toContain(pose);
    expect((await get(me.cookie, '/api/verification.php')).json().pose).toBe(pose);

    const other = VERIFICATION_POSES.find((p) => p !== pose) as string;
    const wrong = await send(me.cookie, { pose: other, file: selfie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'verification_pose_mismatch', field: 'pose' });
    const nonsense = await send(me.cookie, { pose: 'handstand', file: selfie });
    expect(nonsense.json()).toMatchObject({ error: 'verification_pose_invalid', field: 'pose' });
    const noFile = await send(me.cookie, { pose });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ field: 'selfie' });
    const notImage = await send(me.cookie, { pose, file: Buffer.from('not an image at all'.repeat(20)) });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ field: 'selfie' });
    // a refused upload leaves no request behind
    expect((await get(me.cookie, '/api/verification.php')).json()).toMatchObject({ status: 'none', pose });

    const ok = await send(me.cookie, { pose, file: selfie });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ status: 'pending', may_request: true });
    expect((await get(me.cookie, '/api/verification.php')).json()).toEqual({ status: 'pending', may_request: true });
    const again = await send(me.cookie, { pose, file: selfie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('verification_pending');
    // the texts are translated
    expect(again.json().message).toContain('moderator');
  });

  it('needs a profile photo to compare with, and a logged-in member', async () => {
    const me = await member({ photo: false });
    const { pose } = (await get(me.cookie, '/api/verification.php')).json();
    const res = await send(me.cookie, { pose, file: selfie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'verification_needs_photo', field: 'selfie' });
    expect((await get(null, '/api/verification.php')).json()).toMatchObject({ error: 'authentication_required' });
  });

  it('ten parallel posts: one request, nine 409 (races: proven on PostgreSQL)', async () => {
    const me = await member();
    const { pose } = (await get(me.cookie, '/api/verification.php')).json();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(me.cookie, { pose, file: selfie })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await app.db.select().from(memberVerifications).where(eq(memberVerifications.userId, me.id))).toHaveLength(1);
  });

  it('a fictional profile is never verified: no pose, refused at the request and at an approval', async () => {
    const chatpal = await member({ fictional: true });
    expect((await get(chatpal.cookie, '/api/verification.php')).json()).toEqual({ status: 'none', may_request: false });
    const res = await send(chatpal.cookie, { pose: 'thumb_up', file: selfie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('verification_not_allowed');
    // a request made while the account was not yet fictional cannot be approved
    const [row] = await app.db.insert(memberVerifications).values({ userId: chatpal.id, pose: 'wave', selfieFile: 'gone.jpg' }).returning();
    const moderator = await createStaff(app, ['moderator']);
    const decide = await post(moderator.cookie, `/api/backoffice/verifications/${row?.id}/decide`, { approve: true });
    expect(decide.statusCode).toBe(409);
    expect(decide.json().error).toBe('verification_not_allowed');
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, chatpal.id));
    expect(profile?.verifiedAt).toBeNull();
  });
});

describe('the selfie is private', () => {
  it('is re-encoded without metadata, stored apart, never under /uploads/, and only staff read it', async () => {
    const p = await pendingMember();
    expect(fs.existsSync(path.join(selfieDir, p.file))).toBe(true);
    expect(fs.existsSync(path.join(app.storage.dir, p.file))).toBe(false);
    const meta = await sharp(fs.readFileSync(path.join(selfieDir, p.file))).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    const other = await member();
    const moderator = await createStaff(app, ['moderator']);
    // not as an upload: for nobody, the owner and staff included
    for (const cookie of [null, other.cookie, p.cookie, moderator.cookie]) {
      expect((await get(cookie, `/uploads/${p.file}`)).statusCode).toBe(404);
    }
    const url = `/api/backoffice/verifications/${p.requestId}/selfie`;
    expect((await get(null, url)).statusCode).toBe(403);
    expect((await get(other.cookie, url)).statusCode).toBe(403);
    expect((await get(p.cookie, url)).statusCode).toBe(403);
    const operator = await createStaff(app, ['operator']);
    expect((await get(operator.cookie, url)).statusCode).toBe(403);
    const seen = await get(moderator.cookie, url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['cache-control']).toBe('no-store');
    expect((await sharp(seen.rawPayload).metadata()).width).toBe(480);
    // the member's profile, seen by another member, carries no trace of it
    const page = (await get(other.cookie, `/api/member.php?id=${p.id}`)).body;
    expect(page).not.toContain(p.file);
  });
});

describe('the moderators decide', () => {
  it('queue oldest first with the member photos; approve: the badge on the profile and in the verified search; audited', async () => {
    const moderator = await createStaff(app, ['moderator']);
    const p = await pendingMember();
    const queue = (await get(moderator.cookie, '/api/backoffice/verifications')).json();
    const item = queue.requests.find((r: { id: number }) => r.id === p.requestId);
    expect(item).toMatchObject({
      selfie_url: `/api/backoffice/verifications/${p.requestId}/selfie`,
      member: { id: p.id, fictional: false },
    });
    expect(item.photos[0]).toMatchObject({ is_main: true, status: 'active' });
    const times = queue.requests.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await get(p.cookie, '/api/backoffice/verifications')).statusCode).toBe(403);

    const viewer = await member();
    const before = (await get(viewer.cookie, `/api/member.php?id=${p.id}`)).json();
    expect(before.profile.verified).toBe(false);
    const searchBefore = (await get(viewer.cookie, '/api/members.php?verified=1')).json();
    expect(searchBefore.results.map((r: { id: number }) => r.id)).not.toContain(p.id);

    const res = await post(moderator.cookie, `/api/backoffice/verifications/${p.requestId}/decide`, { approve: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: p.requestId, status: 'approved', reason: null });
    expect((await get(p.cookie, '/api/verification.php')).json()).toMatchObject({ status: 'verified', may_request: true });
    expect((await get(viewer.cookie, `/api/member.php?id=${p.id}`)).json().profile.verified).toBe(true);
    const search = (await get(viewer.cookie, '/api/members.php?verified=1')).json();
    const ids = search.results.map((r: { id: number }) => r.id);
    expect(ids).toContain(p.id);
    expect(search.results.every((r: { verified: boolean }) => r.verified)).toBe(true);
    expect(ids).not.toContain(viewer.id);
    const [audit] = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, moderator.user.id), eq(staffAudit.action, 'verifications.decide')));
    expect(audit).toMatchObject({ outcome: 'done', target: `verification:${p.requestId}` });

    // a new main photo ends it: status none, a new pose, no badge, out of the verified search
    const second = await addPhoto(p.id, false);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/photos.php',
      headers: { cookie: p.cookie, ...json },
      payload: { id: second.id },
    });
    expect(put.statusCode).toBe(200);
    const state = (await get(p.cookie, '/api/verification.php')).json();
    expect(state.status).toBe('none');
    expect(VERIFICATION_POSES).toContain(state.pose);
    expect((await get(viewer.cookie, `/api/member.php?id=${p.id}`)).json().profile.verified).toBe(false);
    const after = (await get(viewer.cookie, '/api/members.php?verified=1')).json();
    expect(after.results.map((r: { id: number }) => r.id)).not.toContain(p.id);
  });

  it('two moderators at once: one wins, the other gets 409 (audited as refused)', async () => {
    const [a, b] = await Promise.all([createStaff(app, ['moderator']), createStaff(app, ['admin'])]);
    const p = await pendingMember();
    const answers = await Promise.all([
      post(a.cookie, `/api/backoffice/verifications/${p.requestId}/decide`, { approve: true }),
      post(b.cookie, `/api/backoffice/verifications/${p.requestId}/decide`, { approve: false, reason: 'pose_mismatch' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.statusCode === 409);
    expect(lost?.json().error).toBe('verification_already_decided');
    const refused = await app.db
      .select()
      .from(staffAudit)
      .where(
        and(
          eq(staffAudit.action, 'verifications.decide'),
          eq(staffAudit.outcome, 'refused'),
          eq(staffAudit.target, `verification:${p.requestId}`),
        ),
      );
    expect(refused).toHaveLength(1);
  });

  it('reject needs a reason from the list; the member sees it and a new pose', async () => {
    const moderator = await createStaff(app, ['moderator']);
    const p = await pendingMember();
    const url = `/api/backoffice/verifications/${p.requestId}/decide`;
    const none = await post(moderator.cookie, url, { approve: false });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'reason' });
    expect((await post(moderator.cookie, url, { approve: false, reason: 'ugly' })).json()).toMatchObject({ field: 'reason' });
    expect((await post(moderator.cookie, '/api/backoffice/verifications/99999999/decide', { approve: true })).statusCode).toBe(404);
    expect((await post(moderator.cookie, '/api/backoffice/verifications/abc/decide', { approve: true })).statusCode).toBe(404);
    const res = await post(moderator.cookie, url, { approve: false, reason: 'face_not_visible' });
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'face_not_visible' });
    const state = (await get(p.cookie, '/api/verification.php')).json();
    expect(state).toMatchObject({ status: 'rejected', reason: 'face_not_visible', may_request: true });
    expect(VERIFICATION_POSES).toContain(state.pose);
    // and may ask again
    expect((await send(p.cookie, { pose: state.pose, file: selfie })).statusCode).toBe(201);
  });
});

describe('the selfie is deleted and not exported', () => {
  it('30 days after the decision (not before), and at once for a deleted account; the export holds only the fact and date', async () => {
    const moderator = await createStaff(app, ['moderator']);
    const old = await pendingMember();
    const recent = await pendingMember();
    const gone = await pendingMember();
    await post(moderator.cookie, `/api/backoffice/verifications/${old.requestId}/decide`, { approve: true });
    await post(moderator.cookie, `/api/backoffice/verifications/${recent.requestId}/decide`, { approve: false, reason: 'other' });
    await app.db
      .update(memberVerifications)
      .set({ decidedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(memberVerifications.id, old.requestId));
    await app.db
      .update(memberVerifications)
      .set({ decidedAt: new Date(Date.now() - 29 * 86_400_000) })
      .where(eq(memberVerifications.id, recent.requestId));
    const { users } = await import('../../db/schema');
    await app.db.update(users).set({ status: 'deleted', deletedAt: new Date() }).where(eq(users.id, gone.id));

    // the hourly job, as the scheduler would run it
    expect(await app.jobs.schedules()).toContainEqual(expect.objectContaining({ name: SELFIE_JOB, cron: '41 * * * *' }));
    await app.jobs.send(SELFIE_JOB, {});
    expect(await app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(selfieDir, old.file))).toBe(false);
    expect(fs.existsSync(path.join(selfieDir, gone.file))).toBe(false);
    expect(fs.existsSync(path.join(selfieDir, recent.file))).toBe(true);
    const [row] = await app.db.select().from(memberVerifications).where(eq(memberVerifications.id, old.requestId));
    expect(row).toMatchObject({ selfieFile: null, status: 'approved' });
    expect(row?.selfieDeletedAt).toBeInstanceOf(Date);
    const moderatorView = await get(moderator.cookie, `/api/backoffice/verifications/${old.requestId}/selfie`);
    expect(moderatorView.statusCode).toBe(404);

    const exported = await get(old.cookie, '/api/account-export.php');
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.verification).toMatchObject({ verified: true });
    expect(Date.parse(data.verification.verified_at)).toBeGreaterThan(0);
    expect(data.member_verifications).toBeUndefined();
    expect(data.verification_poses).toBeUndefined();
    expect(exported.body).not.toContain(old.file);
  });
});

/** true as soon as `check` is (asked every 50 ms), false when it is not within a second */
async function within1s(check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 1000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the "only verified" search with the answer cache on', () => {
  let cached: FastifyInstance;
  beforeAll(async () => {
    cached = await buildTestApp({ env: { ANSWER_CACHE_MS: 60_000, SESSION_CACHE_MS: 60_000 } });
  }, 180_000);
  afterAll(async () => {
    await cached.close();
  });

  it('a new verification and its end show in the shared lists at once, and the filtered list is not the unfiltered one', async () => {
    const search = async (cookie: string, query: string) =>
      (await cached.inject({ method: 'GET', url: `/api/members.php?${query}`, headers: { cookie } })).json().results as {
        id: number;
        verified: boolean;
      }[];
    const viewer = await createMember(cached, { gender: 'male' });
    const cookie = await loginCookie(cached, viewer.user.id);
    const target = await createMember(cached, { gender: 'female', dateOfBirth: '2007-01-02' });
    const other = await createMember(cached, { gender: 'female', dateOfBirth: '2006-03-04' });
    // both lists read (and kept) before the change
    expect((await search(cookie, 'gender=female&verified=1')).map((r) => r.id)).not.toContain(target.user.id);
    expect((await search(cookie, 'gender=female')).map((r) => r.id)).toContain(target.user.id);

    await cached.db.update(profiles).set({ verifiedAt: new Date() }).where(eq(profiles.userId, target.user.id));
    // well within the lists' 3 s: only the database's notification can make them show it this soon
    expect(await within1s(async () => (await search(cookie, 'gender=female&verified=1')).some((r) => r.id === target.user.id))).toBe(true);
    const all = await search(cookie, 'gender=female');
    expect(all.find((r) => r.id === target.user.id)?.verified).toBe(true);
    expect(all.find((r) => r.id === other.user.id)?.verified).toBe(false);
    expect((await search(cookie, 'gender=female&verified=1')).map((r) => r.id)).not.toContain(other.user.id);
    expect((await search(cookie, 'gender=female&verified=1')).every((r) => r.verified)).toBe(true);

    // a new main photo ends it: out of the verified list, no badge
    const [photo] = await cached.db
      .insert(photos)
      .values({
        userId: target.user.id,
        status: 'active',
        width: 600,
        height: 750,
        filename: 'cache-v.jpg',
        thumbFilename: 'cache-v-t.jpg',
        matchFilename: 'cache-v-m.jpg',
      })
      .returning();
    await cached.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, target.user.id));
    expect(await within1s(async () => !(await search(cookie, 'gender=female&verified=1')).some((r) => r.id === target.user.id))).toBe(true);
    expect((await search(cookie, 'gender=female')).find((r) => r.id === target.user.id)?.verified).toBe(false);
  });
});
