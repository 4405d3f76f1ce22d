/**
 * Members and bans in the back office (issue 15): find a member by e-mail, name or id; their
 * detail (profile, photos, reports); a ban logs the member out everywhere at once (with the
 * session cache on, and on a second instance of the same PostgreSQL database), closes their
 * sockets with `account:banned`, and the ban page recognises them; unban; every refusal.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blocks, memberBans, sessions, staffAudit, users } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';
import { TestSocket } from '../chat/test-helpers';

const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  // the session cache on (as in production): a ban must not wait for a cached session to expire
  app = await buildTestApp({ env: { SESSION_CACHE_MS: 60_000 } });
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
const get = (cookie: string | null, url: string, on = app) => on.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('finding members', () => {
  it('finds by a part of the e-mail or the name, or by id, newest first, paged; the detail shows photos and reports', async () => {
    const moderator = await createStaff(app, ['moderator']);
    const { user } = await createMember(app, { email: 'Findable.Person@example.com', name: 'Rosalinde' });
    const blockers = await Promise.all([createMember(app), createMember(app)]);
    await app.db.insert(blocks).values(blockers.map((b) => ({ blockerId: b.user.id, blockedId: user.id })));
    const byMail = (await get(moderator.cookie, '/api/backoffice/members?q=findable.person')).json();
    expect(byMail.members).toEqual([
      expect.objectContaining({ id: user.id, email: 'Findable.Person@example.com', name: 'Rosalinde', status: 'active', is_staff: false }),
    ]);
    expect((await get(moderator.cookie, '/api/backoffice/members?q=osalind')).json().members.map((m: { id: number }) => m.id)).toEqual([
      user.id,
    ]);
    expect((await get(moderator.cookie, `/api/backoffice/members?q=${user.id}`)).json().members.map((m: { id: number }) => m.id)).toContain(
      user.id,
    );
    // LIKE wildcards are plain text
    expect((await get(moderator.cookie, '/api/backoffice/members?q=%25%25%25')).json().members).toEqual([]);
    const all = (await get(moderator.cookie, '/api/backoffice/members')).json();
    expect(all.per_page).toBe(20);
    expect(all.total).toBeGreaterThan(3);
    expect(all.members[0].id).toBeGreaterThan(all.members[1].id);
    expect((await get(moderator.cookie, '/api/backoffice/members?page=0')).statusCode).toBe(400);

    const detail = (await get(moderator.cookie, `/api/backoffice/members/${user.id}`)).json();
    expect(detail).toMatchObject({
      member: { id: user.id, name: 'Rosalinde', site: 'localhost', profile: { country: 'NL', city: 'Amsterdam' } },
      photos: [],
      reports: { blocked_by: 2, blocking: 0 },
      ban: null,
    });
    for (const id of ['999999', 'abc']) {
      const res = await get(moderator.cookie, `/api/backoffice/members/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('member_not_found');
    }
  });
});

describe('banning', () => {
  it('logs the member out everywhere at once, closes their sockets and shows them the ban page; unban lets them log in again', async () => {
    const moderator = await createStaff(app, ['moderator'], { email: 'ban-moderator@example.com' });
    const { user, password } = await createMember(app, { email: 'to-ban@example.com', name: 'Banned Bob' });
    const cookie = await loginCookie(app, user.id);
    const otherDevice = await loginCookie(app, user.id);
    // both sessions are in the cache now
    expect((await get(cookie, '/api/likes.php')).statusCode).toBe(200);
    expect((await get(otherDevice, '/api/likes.php')).statusCode).toBe(200);
    const socket = await TestSocket.open(base, { id: user.id, cookie });

    const res = await post(moderator.cookie, `/api/backoffice/members/${user.id}/ban`, { reason: 'harassment', note: 'threats in chat' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      id: user.id,
      status: 'disabled',
      ban: { reason: 'harassment', note: 'threats in chat', staff_email: 'ban-moderator@example.com' },
    });

    expect(await socket.next((f) => f.type === 'account:banned')).toEqual({ type: 'account:banned' });
    expect((await socket.whenClosed()).code).toBe(4003);
    for (const c of [cookie, otherDevice]) {
      const refused = await app.inject({ method: 'GET', url: '/api/likes.php', headers: { cookie: `${c}; lang=en` } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'account_banned',
        authentication_required: true,
        message: expect.stringContaining('ban policy'),
      });
      expect((await get(c, '/api/user.php')).json().error).toBe('account_banned'); // issue 25: not a visitor's {user:null}
      expect((await get(c, '/api/ban.php')).json()).toEqual({ banned: true });
    }
    expect((await get(null, '/api/ban.php')).json()).toEqual({ banned: false });
    // logging in again: the account-banned text
    const login = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { ...json, 'x-request-type': 'web' },
      payload: { email: 'to-ban@example.com', password },
    });
    expect(login.json().error).toBe('account_banned');
    // gone from the search and the member page
    const viewer = await loginCookie(app, (await createMember(app)).user.id);
    expect((await get(viewer, `/api/member.php?id=${user.id}`)).statusCode).toBe(404);

    const bans = (await get(moderator.cookie, '/api/backoffice/bans')).json();
    expect(bans.bans[0]).toMatchObject({
      id: user.id,
      email: 'to-ban@example.com',
      name: 'Banned Bob',
      ban: { reason: 'harassment', staff_email: 'ban-moderator@example.com' },
    });
    expect((await get(moderator.cookie, `/api/backoffice/members/${user.id}`)).json()).toMatchObject({
      member: { status: 'disabled' },
      ban: { reason: 'harassment' },
    });
    // twice: 409, nothing changed
    const again = await post(moderator.cookie, `/api/backoffice/members/${user.id}/ban`, { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('member_already_banned');

    const lifted = await post(moderator.cookie, `/api/backoffice/members/${user.id}/unban`);
    expect(lifted.json()).toMatchObject({ ok: true, status: 'active', ban: null });
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await get(cookie, '/api/likes.php')).json().error).toBe('authentication_required');
    const back = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { ...json, 'x-request-type': 'web' },
      payload: { email: 'to-ban@example.com', password },
    });
    expect(back.statusCode).toBe(200);
    expect((await get(viewer, `/api/member.php?id=${user.id}`)).statusCode).toBe(200);
    expect((await get(moderator.cookie, '/api/backoffice/bans')).json().bans.map((b: { id: number }) => b.id)).not.toContain(user.id);
    expect((await post(moderator.cookie, `/api/backoffice/members/${user.id}/unban`)).json().error).toBe('member_not_banned');

    const log = await app.db.select().from(staffAudit).where(eq(staffAudit.staffId, moderator.user.id)).orderBy(staffAudit.id);
    expect(log.map((e) => [e.action, e.outcome])).toEqual([
      ['members.ban', 'done'],
      ['members.ban', 'refused'],
      ['members.unban', 'done'],
      ['members.unban', 'refused'],
    ]);
    expect(log[0]).toMatchObject({
      target: `user:${user.id}`,
      before: { status: 'active' },
      after: { status: 'disabled', reason: 'harassment', note: 'threats in chat' },
    });
    expect(log[2]).toMatchObject({
      before: { status: 'disabled', reason: 'harassment', banned_by: 'ban-moderator@example.com' },
      after: { status: 'active' },
    });
  });

  it('refuses a ban without a valid reason, of unknown members, of oneself, and of staff unless by an admin', async () => {
    const moderator = await createStaff(app, ['moderator'], { user: { language: 'fr' } });
    const admin = await createStaff(app, ['admin']);
    const colleague = await createStaff(app, ['operator']);
    const { user } = await createMember(app);
    for (const body of [undefined, {}, { reason: 'rude' }, { reason: 'other', note: 'x'.repeat(501) }]) {
      const res = await post(moderator.cookie, `/api/backoffice/members/${user.id}/ban`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ban_reason_required', field: 'reason', message: expect.stringContaining('500') });
    }
    expect((await post(moderator.cookie, '/api/backoffice/members/999999/ban', { reason: 'other' })).statusCode).toBe(404);
    expect((await post(moderator.cookie, '/api/backoffice/members/999999/unban')).statusCode).toBe(404);
    const self = await post(moderator.cookie, `/api/backoffice/members/${moderator.user.id}/ban`, { reason: 'other' });
    expect([self.statusCode, self.json().error]).toEqual([400, 'ban_self']);
    const staff = await post(moderator.cookie, `/api/backoffice/members/${colleague.user.id}/ban`, { reason: 'other' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({
      error: 'ban_staff_forbidden',
      message: 'C’est un compte du personnel : seul un administrateur peut le bloquer.',
    });
    const [untouched] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(untouched?.status).toBe('active');
    expect(await app.db.select().from(memberBans).where(eq(memberBans.userId, colleague.user.id))).toEqual([]);
    const log = await app.db.select().from(staffAudit).where(eq(staffAudit.staffId, moderator.user.id));
    expect(log).toHaveLength(8);
    expect(log.every((e) => e.outcome === 'refused' && e.action.startsWith('members.'))).toBe(true);
    // an admin may ban a staff account (and lift it)
    expect(
      (await post(admin.cookie, `/api/backoffice/members/${colleague.user.id}/ban`, { reason: 'other', note: 'left the company' }))
        .statusCode,
    ).toBe(200);
    expect((await get(colleague.cookie, '/api/backoffice/audit')).json().error).toBe('account_banned');
    expect((await post(admin.cookie, `/api/backoffice/members/${colleague.user.id}/unban`)).statusCode).toBe(200);
  });

  (onPostgres ? it : it.skip)('a ban on one instance logs the member out on another instance of the same database at once', async () => {
    const url = (app.dbHandle.connection as { url: string }).url;
    const second = await buildTestApp({ databaseUrl: url, env: { SESSION_CACHE_MS: 60_000 } });
    try {
      const moderator = await createStaff(app, ['moderator']);
      const { user } = await createMember(app);
      const cookie = await loginCookie(app, user.id);
      expect((await get(cookie, '/api/likes.php', second)).statusCode).toBe(200);
      expect((await post(moderator.cookie, `/api/backoffice/members/${user.id}/ban`, { reason: 'spam_or_scam' })).statusCode).toBe(200);
      let code = 200;
      for (let i = 0; i < 50 && code === 200; i += 1) {
        code = (await get(cookie, '/api/likes.php', second)).statusCode;
        if (code === 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(code).toBe(403);
    } finally {
      await second.close();
    }
  });
});
