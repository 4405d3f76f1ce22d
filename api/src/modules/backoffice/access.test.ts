/**
 * The back office's gate (issue 15): every /api/backoffice/* call checks the role on the server,
 * and every staff action, done or refused, is in the audit log that only admins read.
 */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
const json = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function call(cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...(payload ? json : {}) }, ...(payload ? { payload } : {}) });
}

describe('back office roles', () => {
  it('refuses visitors, members and staff without the role; admins may do everything', async () => {
    const member = await createMember(app);
    const memberCookie = await loginCookie(app, member.user.id);
    const moderator = await createStaff(app, ['moderator']);
    const payments = await createStaff(app, ['payments']);
    const admin = await createStaff(app, ['admin']);

    const visitor = await call(null, 'GET', '/api/backoffice/payments/codes');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toMatchObject({ error: 'authentication_required', authentication_required: true });

    // a member is refused whatever the input, before it is read
    for (const [method, url] of [
      ['GET', '/api/backoffice/payments/codes'],
      ['GET', '/api/backoffice/audit?page=nonsense'],
      ['GET', '/api/backoffice/photos'],
    ] as const) {
      const res = await call(memberCookie, method, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('staff_only');
    }
    const asMember = await call(memberCookie, 'POST', '/api/backoffice/payments/codes', {
      code: 'MEMBER10',
      percentage: 10,
      minimum_order_value: 0,
    });
    expect(asMember.statusCode).toBe(403);

    const wrongRole = await call(moderator.cookie, 'POST', '/api/backoffice/payments/codes', {
      code: 'MOD10',
      percentage: 10,
      minimum_order_value: 0,
    });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json()).toMatchObject({ error: 'staff_role_required', message: expect.stringContaining('payments') });
    expect((await call(moderator.cookie, 'GET', '/api/backoffice/audit')).json().error).toBe('staff_role_required');

    expect(
      (await call(payments.cookie, 'POST', '/api/backoffice/payments/codes', { code: 'PAY10', percentage: 10, minimum_order_value: 0 }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(admin.cookie, 'POST', '/api/backoffice/payments/codes', { code: 'ADMIN10', percentage: 10, minimum_order_value: 0 }))
        .statusCode,
    ).toBe(201);
    const codes = (await call(admin.cookie, 'GET', '/api/backoffice/payments/codes')).json().codes.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['PAY10', 'ADMIN10']));
    expect(codes).not.toEqual(expect.arrayContaining(['MEMBER10']));
    expect(codes).not.toEqual(expect.arrayContaining(['MOD10']));
  });

  it('writes done and refused staff actions to the audit log, which admins can search', async () => {
    const payments = await createStaff(app, ['payments'], { email: 'audit-payments@example.com' });
    const admin = await createStaff(app, ['admin']);
    const made = await call(payments.cookie, 'POST', '/api/backoffice/payments/codes', {
      code: 'AUDIT25',
      percentage: 25,
      minimum_order_value: 1000,
    });
    expect(made.statusCode).toBe(201);
    // a percentage over 100: a translated 400, nothing made, the refusal audited
    const bad = await call(payments.cookie, 'POST', '/api/backoffice/payments/codes', {
      code: 'AUDIT150',
      percentage: 150,
      minimum_order_value: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const off = await call(payments.cookie, 'PUT', '/api/backoffice/payments/codes', { id: made.json().id, active: false });
    expect(off.json().active).toBe(false);

    const log = await call(admin.cookie, 'GET', '/api/backoffice/audit?q=audit-payments');
    expect(log.statusCode).toBe(200);
    const entries = log.json().entries as {
      action: string;
      outcome: string;
      target: string | null;
      error: string | null;
      staff_email: string;
      after: unknown;
      before: unknown;
    }[];
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ['codes.set_active', 'done'],
      ['codes.create', 'refused'],
      ['codes.create', 'done'],
    ]);
    expect(entries[0]).toMatchObject({
      target: 'code:AUDIT25',
      before: { active: true },
      after: { active: false },
      staff_email: 'audit-payments@example.com',
    });
    expect(entries[1]).toMatchObject({ error: 'validation' });
    expect(entries[2]).toMatchObject({
      target: 'code:AUDIT25',
      after: expect.objectContaining({ percentage: 25, minimum_order_value: 1000 }),
    });
    const codes = (await call(admin.cookie, 'GET', '/api/backoffice/payments/codes')).json().codes.map((c: { code: string }) => c.code);
    expect(codes).not.toContain('AUDIT150');
  });

  it('tells the front end which roles a staff member has (and none for members)', async () => {
    const operator = await createStaff(app, ['operator']);
    const me = (await call(operator.cookie, 'GET', '/api/user.php')).json().user;
    expect(me).toMatchObject({ is_staff: true, staff_roles: ['operator'] });
    const member = await createMember(app, { user: { staffRoles: ['admin'] } });
    const them = (await call(await loginCookie(app, member.user.id), 'GET', '/api/user.php')).json().user;
    expect(them).toMatchObject({ is_staff: false, staff_roles: [] });
  });
});
