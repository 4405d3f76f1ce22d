/**
 * The moderators' back office (issue 15) over real HTTP and a real WebSocket: the photo queue
 * (oldest first, paged), approve and reject with a reason, what the member sees (photos.php, the
 * member page, a live photo:moderated frame), and every refusal: unknown ids, twice, no reason,
 * members and staff without the role - a translated 4xx, nothing changed, the refusal audited.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MODERATION_PAGE_SIZE } from '@dating/shared-kit/contracts';
import { photos, profiles, staffAudit } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { TestSocket } from '../chat/test-helpers';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp({ env: { AUTO_APPROVE_PHOTOS: false } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json' };
const post = (cookie: string, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(payload ? json : { 'x-requested-with': 'fetch' }) },
    ...(payload ? { payload } : {}),
  });
const get = (cookie: string | null, url: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

let seq = 0;
/** A stored photo row (the files are not needed here), created `ageMinutes` ago. */
async function photo(userId: number, status: 'pending' | 'active' | 'rejected', ageMinutes = 0) {
  seq += 1;
  const [row] = await app.db
    .insert(photos)
    .values({
      userId,
      status,
      width: 600,
      height: 750,
      filename: `mod-${seq}.jpg`,
      thumbFilename: `mod-${seq}-t.jpg`,
      matchFilename: `mod-${seq}-m.jpg`,
      createdAt: new Date(Date.now() - ageMinutes * 60_000),
    })
    .returning();
  if (!row) throw new Error('insert photo failed');
  return row;
}

async function auditOf(staffId: number) {
  return app.db.select().from(staffAudit).where(eq(staffAudit.staffId, staffId)).orderBy(staffAudit.id);
}

describe('the photo queue', () => {
  it('lists pending photos oldest first, a page at a time, with whose they are', async () => {
    const moderator = await createStaff(app, ['moderator']);
    const { user } = await createMember(app, { name: 'Queue Owner', email: 'queue-owner@example.com' });
    const oldest = await photo(user.id, 'pending', 60 * 24);
    const rows = [];
    for (let i = 0; i < MODERATION_PAGE_SIZE; i += 1) rows.push(await photo(user.id, 'pending', 60 - i));
    await photo(user.id, 'active', 60 * 48);
    const first = (await get(moderator.cookie, '/api/backoffice/photos')).json();
    expect(first.total).toBeGreaterThanOrEqual(MODERATION_PAGE_SIZE + 1);
    expect(first.photos).toHaveLength(MODERATION_PAGE_SIZE);
    const mine = first.photos.filter((p: { member: { id: number } }) => p.member.id === user.id);
    expect(mine[0]).toMatchObject({ id: oldest.id, status: 'pending', member: { name: 'Queue Owner', email: 'queue-owner@example.com' } });
    const times = first.photos.map((p: { created_at: string }) => Date.parse(p.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const second = (await get(moderator.cookie, '/api/backoffice/photos?page=2')).json();
    expect(second.page).toBe(2);
    expect(second.photos.map((p: { id: number }) => p.id)).toContain(rows[rows.length - 1]?.id);
    expect(first.photos.some((p: { status: string }) => p.status !== 'pending')).toBe(false);
    // a page beyond the end is empty, a nonsense page a 400
    expect((await get(moderator.cookie, '/api/backoffice/photos?page=999')).json().photos).toEqual([]);
    expect((await get(moderator.cookie, '/api/backoffice/photos?page=abc')).statusCode).toBe(400);
    await app.db.delete(photos).where(eq(photos.userId, user.id));
  });
});

describe('approve and reject', () => {
  it('an approved photo becomes visible and the main image; the member hears it live', async () => {
    const moderator = await createStaff(app, ['moderator'], { user: { language: 'en' } });
    const { user } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const viewer = await loginCookie(app, (await createMember(app)).user.id);
    const pending = await photo(user.id, 'pending');
    const socket = await TestSocket.open(base, { id: user.id, cookie });
    try {
      expect((await get(viewer, `/api/member.php?id=${user.id}`)).json().photo_count).toBe(0);
      const ok = await post(moderator.cookie, `/api/backoffice/photos/${pending.id}/approve`);
      expect(ok.json()).toEqual({ ok: true, id: pending.id, status: 'active', rejection_reason: null });
      expect(await socket.next((f) => f.type === 'photo:moderated')).toEqual({
        type: 'photo:moderated',
        photo: pending.id,
        status: 'active',
        rejection_reason: null,
      });
      const own = (await get(cookie, '/api/photos.php')).json().photos;
      expect(own).toEqual([expect.objectContaining({ id: pending.id, status: 'active', is_main: true, rejection_reason: null })]);
      const seen = (await get(viewer, `/api/member.php?id=${user.id}`)).json();
      expect(seen.photo_count).toBe(1);
      expect(seen.profile.main_image.id).toBe(pending.id);
      // approving twice: 409, nothing changed, the refusal audited
      const again = await post(moderator.cookie, `/api/backoffice/photos/${pending.id}/approve`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'photo_already_moderated', message: expect.stringContaining('already been reviewed') });
      const log = await auditOf(moderator.user.id);
      expect(log.map((e) => [e.action, e.outcome, e.target])).toEqual([
        ['photos.approve', 'done', `photo:${pending.id}`],
        ['photos.approve', 'refused', `photo:${pending.id}`],
      ]);
      expect(log[0]).toMatchObject({
        before: { status: 'pending', rejection_reason: null, user_id: user.id },
        after: { status: 'active', rejection_reason: null },
      });
      expect(log[1]?.error).toBe('photo_already_moderated');
    } finally {
      socket.close();
    }
  });

  it('a rejection carries its reason to the member; a rejected main photo gives way to the next', async () => {
    const moderator = await createStaff(app, ['moderator']);
    const { user } = await createMember(app);
    const cookie = await loginCookie(app, user.id);
    const main = await photo(user.id, 'active', 10);
    const next = await photo(user.id, 'active', 5);
    await app.db.update(profiles).set({ mainPhotoId: main.id }).where(eq(profiles.userId, user.id));
    const socket = await TestSocket.open(base, { id: user.id, cookie });
    try {
      const res = await post(moderator.cookie, `/api/backoffice/photos/${main.id}/reject`, { reason: 'contact_details' });
      expect(res.json()).toEqual({ ok: true, id: main.id, status: 'rejected', rejection_reason: 'contact_details' });
      expect(await socket.next((f) => f.type === 'photo:moderated')).toMatchObject({
        photo: main.id,
        status: 'rejected',
        rejection_reason: 'contact_details',
      });
      const own = (await get(cookie, '/api/photos.php')).json().photos;
      expect(own.find((p: { id: number }) => p.id === main.id)).toMatchObject({
        status: 'rejected',
        rejection_reason: 'contact_details',
        is_main: false,
      });
      expect(own.find((p: { id: number }) => p.id === next.id)).toMatchObject({ is_main: true, rejection_reason: null });
      // twice: 409; approving a rejected photo: 409 as well
      expect((await post(moderator.cookie, `/api/backoffice/photos/${main.id}/reject`, { reason: 'other' })).statusCode).toBe(409);
      expect((await post(moderator.cookie, `/api/backoffice/photos/${main.id}/approve`)).statusCode).toBe(409);
      const [row] = await app.db.select().from(photos).where(eq(photos.id, main.id));
      expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'contact_details' });
    } finally {
      socket.close();
    }
  });

  it('refuses a missing or unknown reason and unknown photos: translated, nothing changed, audited', async () => {
    const moderator = await createStaff(app, ['moderator'], { user: { language: 'de' } });
    const { user } = await createMember(app);
    const pending = await photo(user.id, 'pending');
    for (const body of [undefined, {}, { reason: 'ugly' }, { reason: '' }, { reason: ['nudity'] }]) {
      const res = await post(moderator.cookie, `/api/backoffice/photos/${pending.id}/reject`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'reject_reason_required',
        field: 'reason',
        message: 'Wähle einen Grund für die Ablehnung aus der Liste.',
      });
    }
    for (const id of ['999999', 'abc', '-1', '0', '99999999999']) {
      const res = await post(moderator.cookie, `/api/backoffice/photos/${id}/approve`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('photo_not_found');
    }
    const [row] = await app.db.select().from(photos).where(eq(photos.id, pending.id));
    expect(row).toMatchObject({ status: 'pending', rejectionReason: null, moderatedAt: null });
    const log = await auditOf(moderator.user.id);
    expect(log).toHaveLength(10);
    expect(log.every((e) => e.outcome === 'refused')).toBe(true);
    expect(log[0]).toMatchObject({ action: 'photos.reject', target: `photo:${pending.id}`, error: 'reject_reason_required' });
    expect(log[9]).toMatchObject({ action: 'photos.approve', error: 'photo_not_found' });
  });

  it('is for moderators and admins only: members 403, staff without the role 403 (audited), visitors 403', async () => {
    const { user } = await createMember(app);
    const pending = await photo(user.id, 'pending');
    const memberCookie = await loginCookie(app, (await createMember(app)).user.id);
    const operator = await createStaff(app, ['operator']);
    const admin = await createStaff(app, ['admin']);
    for (const [method, url] of [
      ['GET', '/api/backoffice/photos'],
      ['POST', `/api/backoffice/photos/${pending.id}/approve`],
      ['GET', '/api/backoffice/members?q=a'],
      ['GET', `/api/backoffice/members/${user.id}`],
      ['POST', `/api/backoffice/members/${user.id}/ban`],
      ['GET', '/api/backoffice/bans'],
    ] as const) {
      const asMember = await app.inject({
        method,
        url,
        headers: { cookie: memberCookie, ...json },
        ...(method === 'POST' ? { payload: { reason: 'other' } } : {}),
      });
      expect([url, asMember.statusCode, asMember.json().error]).toEqual([url, 403, 'staff_only']);
      const asVisitor = await app.inject({ method, url, headers: json, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(asVisitor.json()).toMatchObject({ error: 'authentication_required', authentication_required: true });
      const asOperator = await app.inject({
        method,
        url,
        headers: { cookie: operator.cookie, ...json },
        ...(method === 'POST' ? { payload: { reason: 'other' } } : {}),
      });
      expect([url, asOperator.statusCode, asOperator.json().error]).toEqual([url, 403, 'staff_role_required']);
    }
    expect((await auditOf(operator.user.id)).map((e) => e.outcome)).toEqual(Array(6).fill('refused'));
    const [still] = await app.db.select().from(photos).where(eq(photos.id, pending.id));
    expect(still?.status).toBe('pending');
    expect((await post(admin.cookie, `/api/backoffice/photos/${pending.id}/approve`)).statusCode).toBe(200);
  });
});
