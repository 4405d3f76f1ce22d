/**
 * A banned member's session is refused on every call that loads a session: 403 `account_banned`
 * with `authentication_required`, never a visitor's answer (issue 25 item 5: GET /api/user.php was
 * 200 `{user:null}`, members.php, member.php and credits.php answered as to a visitor). Logging in
 * as someone else and logging out still work from that browser; ban.php still recognises it.
 */
import type { FastifyInstance } from 'fastify';
import { mollieSimOf } from '../modules/mollie-sim/routes';
import { buildTestApp, createMember, createStaff, loginCookie } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  // the session cache on, as in production: the ban must reach a cached session too
  app = await buildTestApp({ env: { SESSION_CACHE_MS: 60_000, MOLLIE_SIM_TIME_SCALE: 0 } });
  // credits.php asks the payment simulator, served by this app
  await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await mollieSimOf(app)?.settled();
  await app.close();
});

const json = { 'content-type': 'application/json' };

it('answers every call of a banned session 403 account_banned, in the member’s language', async () => {
  const { user } = await createMember(app);
  const { user: other, password: otherPassword } = await createMember(app);
  const cookie = await loginCookie(app, user.id);
  const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
    { method: 'GET', url: '/api/user.php' },
    { method: 'GET', url: '/api/members.php' },
    { method: 'GET', url: `/api/member.php?id=${other.id}` },
    { method: 'GET', url: '/api/credits.php' },
    { method: 'GET', url: '/api/chats.php' },
    { method: 'GET', url: `/api/messages.php?profile=${other.id}` },
    { method: 'GET', url: '/api/likes.php' },
    { method: 'GET', url: '/api/account-export.php' },
    { method: 'PUT', url: '/api/user.php', payload: { language: 'de' } },
    { method: 'POST', url: '/api/like.php', payload: { id: other.id } },
  ];
  // before the ban: the member's answers (a visitor's or the member's, never the refusal)
  for (const c of calls.slice(0, 4)) {
    const res = await app.inject({ ...c, headers: { cookie, ...json } });
    expect([c.url, res.statusCode]).toEqual([c.url, 200]);
  }
  expect((await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user.id).toBe(user.id);

  const moderator = await createStaff(app, ['moderator']);
  const ban = await app.inject({
    method: 'POST',
    url: `/api/backoffice/members/${user.id}/ban`,
    headers: { cookie: moderator.cookie, ...json },
    payload: { reason: 'harassment' },
  });
  expect(ban.statusCode).toBe(200);
  for (const c of calls) {
    const res = await app.inject({ ...c, headers: { cookie: `${cookie}; lang=en`, ...json } });
    expect([c.method, c.url, res.statusCode, res.json().error, res.json().authentication_required]).toEqual([
      c.method,
      c.url,
      403,
      'account_banned',
      true,
    ]);
    expect(res.json().message).toEqual(expect.stringContaining('ban policy'));
  }
  // the ban page still recognises the browser; the public settings answer as to anyone
  expect((await app.inject({ method: 'GET', url: '/api/ban.php', headers: { cookie } })).json()).toEqual({ banned: true });
  expect((await app.inject({ method: 'GET', url: '/api/settings.php', headers: { cookie } })).statusCode).toBe(200);

  // someone else may log in on that browser; logging out works
  const login = await app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { cookie, ...json },
    payload: { email: other.email, password: otherPassword },
  });
  expect([login.statusCode, login.json().user?.id]).toEqual([200, other.id]);
  const logout = await app.inject({ method: 'GET', url: '/api/logout.php', headers: { cookie } });
  expect(logout.statusCode).toBe(200);
});
