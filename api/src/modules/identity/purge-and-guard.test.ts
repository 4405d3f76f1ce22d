/**
 * Purge removes the member's likes, blocks and swipes in both directions (and leaves other members'
 * rows alone); the login guard never locks the owner out: after a distributed guess (failures from
 * many sources) an address that failed is slowed down, a new one and the owner's known one are not.
 */
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blocks, likes, loginAttempts, memberSwipes } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { FAILS_PER_ACCOUNT, FAILS_PER_SOURCE, LOCK_MINUTES, lockRemainingMs, recordAttempt, SLOW_SECONDS } from './login-guard';
import { purgeDeletedAccounts } from './purge';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { SMTP_URL: undefined } });
});
afterAll(async () => {
  await app.close();
});

describe('purge', () => {
  it("removes the purged member's likes, blocks and swipes both ways, and nothing of the others", async () => {
    const { user: gone } = await createMember(app);
    const { user: a } = await createMember(app);
    const { user: b } = await createMember(app);
    await app.db.insert(likes).values([
      { likerId: gone.id, likedId: a.id },
      { likerId: b.id, likedId: gone.id },
      { likerId: a.id, likedId: b.id },
    ]);
    await app.db.insert(blocks).values([
      { blockerId: gone.id, blockedId: b.id },
      { blockerId: a.id, blockedId: gone.id },
      { blockerId: b.id, blockedId: a.id },
    ]);
    await app.db.insert(memberSwipes).values([
      { userId: gone.id, targetId: a.id, liked: true },
      { userId: b.id, targetId: gone.id, liked: false },
    ]);

    const cookie = await loginCookie(app, gone.id);
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { reason: 'other', remarks: '' },
    });
    expect(del.statusCode).toBe(200);
    expect(await purgeDeletedAccounts(app, new Date(Date.now() + 15 * 86_400_000))).toContain(gone.id);

    expect(
      await app.db
        .select()
        .from(likes)
        .where(or(eq(likes.likerId, gone.id), eq(likes.likedId, gone.id))),
    ).toHaveLength(0);
    expect(
      await app.db
        .select()
        .from(blocks)
        .where(or(eq(blocks.blockerId, gone.id), eq(blocks.blockedId, gone.id))),
    ).toHaveLength(0);
    expect(
      await app.db
        .select()
        .from(memberSwipes)
        .where(or(eq(memberSwipes.userId, gone.id), eq(memberSwipes.targetId, gone.id))),
    ).toHaveLength(0);
    // the other members' own rows stay
    expect(
      await app.db
        .select()
        .from(likes)
        .where(and(eq(likes.likerId, a.id), eq(likes.likedId, b.id))),
    ).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(blocks)
        .where(and(eq(blocks.blockerId, b.id), eq(blocks.blockedId, a.id))),
    ).toHaveLength(1);
  });
});

describe('login guard: the owner is never locked out', () => {
  it("after failures from many sources, a source that failed waits SLOW_SECONDS; a new one and the owner's known one try at once", async () => {
    const { user, password } = await createMember(app);
    const ownerIp = '198.51.100.20';
    const key = (ip: string) => ({ siteId: user.siteId, email: user.email, ip });
    // the owner logged in from home last week
    await recordAttempt(app.db, key(ownerIp), true, new Date(Date.now() - 7 * 86_400_000));
    // a distributed guess: one failure from each of FAILS_PER_ACCOUNT addresses
    for (let i = 0; i < FAILS_PER_ACCOUNT; i++) await recordAttempt(app.db, key(`203.0.113.${i + 1}`), false);

    const attacker = await lockRemainingMs(app.db, key('203.0.113.1'));
    expect(attacker).toBeGreaterThan(0);
    expect(attacker).toBeLessThanOrEqual(SLOW_SECONDS * 1000);
    expect(await lockRemainingMs(app.db, key('192.0.2.99'))).toBe(0);
    expect(await lockRemainingMs(app.db, key(ownerIp))).toBe(0);

    // over HTTP: an attacking address gets the lock text (1 min, Retry-After), the owner logs in from home
    const post = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: { 'content-type': 'application/json' },
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    const stranger = await post('203.0.113.2');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ error: 'login_locked', minutes: 1 });
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(SLOW_SECONDS);
    expect((await post(ownerIp)).statusCode).toBe(200);

    // below the account threshold a single failure slows nobody down
    const { user: other } = await createMember(app);
    for (let i = 0; i < FAILS_PER_ACCOUNT - 1; i++) {
      await recordAttempt(app.db, { siteId: other.siteId, email: other.email, ip: `203.0.113.${i + 1}` }, false);
    }
    expect(await lockRemainingMs(app.db, { siteId: other.siteId, email: other.email, ip: '203.0.113.1' })).toBe(0);
    await app.db.delete(loginAttempts).where(eq(loginAttempts.email, other.email.toLowerCase()));
  });

  it('locks one source after FAILS_PER_SOURCE failures for LOCK_MINUTES, and counts an IPv6 /64 as one source', async () => {
    const { user } = await createMember(app);
    const key = (ip: string) => ({ siteId: user.siteId, email: user.email, ip });
    for (let i = 0; i < FAILS_PER_SOURCE; i++) await recordAttempt(app.db, key(`2001:db8:1:2::${i + 1}`), false);
    expect(await lockRemainingMs(app.db, key('2001:db8:1:2:ffff::9'))).toBeGreaterThan((LOCK_MINUTES - 1) * 60_000);
    expect(await lockRemainingMs(app.db, key('2001:db8:1:3::1'))).toBe(0);
  });
});
