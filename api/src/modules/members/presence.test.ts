/**
 * Presence on profiles (issue 14: the page-hidden beacon used for something real): a member who is
 * active shows as online; once their page-hidden beacon came they show "last seen" at that minute
 * (rounded down); visitors get no presence at all.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { presenceOf, toMinute } from './presence';

let app: FastifyInstance;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function viewPresence(cookie: string | undefined, id: number) {
  const res = await app.inject({ method: 'GET', url: `/api/member.php?id=${id}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json().presence as { online: boolean; last_seen: string | null } | undefined;
}

describe('presence on a profile', () => {
  it('online while active; after the page-hidden beacon "last seen" at that minute', async () => {
    const viewer = await createMember(app, { gender: 'male' });
    const viewerCookie = await loginCookie(app, viewer.user.id);
    const anna = await createMember(app);
    expect(await viewPresence(viewerCookie, anna.user.id)).toEqual({ online: false, last_seen: null });

    const annaCookie = await loginCookie(app, anna.user.id); // a fresh session: active now
    expect(await viewPresence(viewerCookie, anna.user.id)).toEqual({ online: true, last_seen: null });

    const hidden = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { ...json, cookie: annaCookie },
      payload: '{}',
    });
    expect(hidden.statusCode).toBe(204);
    const presence = await viewPresence(viewerCookie, anna.user.id);
    expect(presence?.online).toBe(false);
    const [row] = await app.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, anna.user.id));
    expect(presence?.last_seen).toBe(toMinute(row?.at as Date));
    expect(presence?.last_seen).toMatch(/:00\.000Z$/);
  });

  it('is not given to visitors', async () => {
    const anna = await createMember(app);
    expect(await viewPresence(undefined, anna.user.id)).toBeUndefined();
  });

  it('counts activity older than 10 minutes as gone, and an open socket as online', async () => {
    const anna = await createMember(app);
    await loginCookie(app, anna.user.id);
    const old = new Date(Date.now() - 60 * 60_000);
    await app.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, anna.user.id));
    expect(await presenceOf(app.db, anna.user.id, false)).toEqual({ online: false, last_seen: toMinute(old) });
    expect(await presenceOf(app.db, anna.user.id, true)).toEqual({ online: true, last_seen: null });
  });
});
