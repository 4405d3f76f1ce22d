/**
 * Complaints (issue 15): the /complaints form is stored and feeds the moderators' queue (open
 * first, oldest first, search, paging); handling it with a note mails the complainant in the
 * language of the page they wrote from; bad input is a translated 4xx that changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { complaints, mailOutbox, staffAudit } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie } from '../../test/helpers';

let app: FastifyInstance;
let moderator: { cookie: string };
const json = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

beforeAll(async () => {
  app = await buildTestApp();
  moderator = await createStaff(app, ['moderator'], { email: 'complaints-mod@example.com' });
});
afterAll(async () => {
  await app.close();
});

const send = (payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/complaints.php', headers: { ...json, ...headers }, payload });
const queue = (query = '', cookie = moderator.cookie) =>
  app.inject({ method: 'GET', url: `/api/backoffice/complaints${query}`, headers: { cookie } });
const handle = (id: number | string, note: unknown, cookie = moderator.cookie) =>
  app.inject({ method: 'POST', url: `/api/backoffice/complaints/${id}/handle`, headers: { cookie, ...json }, payload: { note } });
const complaint = (over: object = {}) => ({
  name: 'Eva',
  email: 'eva@example.org',
  subject: 'Nep-profiel',
  message: 'Dit profiel stuurt mij steeds reclame.',
  language: 'nl',
  ...over,
});

describe('complaints', () => {
  it('stores what /complaints sends; bad input is a translated 400 and stores nothing', async () => {
    const made = await send(complaint({ email: 'Eva@Example.org' }), { host: 'example.de' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ id: expect.any(Number), status: 'open' });
    const [row] = await app.db.select().from(complaints).where(eq(complaints.id, made.json().id));
    expect(row).toMatchObject({ email: 'eva@example.org', status: 'open', language: 'nl', subject: 'Nep-profiel' });

    const before = (await app.db.select().from(complaints)).length;
    for (const bad of [
      complaint({ email: 'nope' }),
      complaint({ message: 'kort' }),
      complaint({ name: '' }),
      complaint({ language: 'xx' }),
      complaint({ extra: 1 }),
    ]) {
      const res = await send(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await send(complaint({ message: undefined }))).toMatchObject({ statusCode: 400 });
    expect((await app.db.select().from(complaints)).length).toBe(before);
  });

  it('feeds the queue: open first, oldest first, with search and paging; moderators only', async () => {
    const ids: number[] = [];
    for (const subject of ['Queue one', 'Queue two', 'Queue three'])
      ids.push((await send(complaint({ subject, email: 'queue@example.org' }))).json().id);
    const [first, second, third] = ids as [number, number, number];
    expect((await handle(first, 'Opgelost.')).statusCode).toBe(200);

    const page = (await queue('?q=queue@example')).json();
    expect(page.complaints.map((c: { subject: string }) => c.subject)).toEqual(['Queue two', 'Queue three', 'Queue one']);
    expect(page.complaints[2]).toMatchObject({
      id: first,
      status: 'handled',
      note: 'Opgelost.',
      handled_by_email: 'complaints-mod@example.com',
    });
    expect(page).toMatchObject({ total: 3, page: 1, per_page: 25 });
    expect((await queue('?q=queue@example&status=open')).json().complaints.map((c: { id: number }) => c.id)).toEqual([second, third]);
    expect((await queue('?q=nothing-like-this')).json()).toMatchObject({ complaints: [], total: 0 });
    expect((await queue('?page=2&q=queue@example')).json().complaints).toEqual([]);
    expect((await queue('?status=bogus')).statusCode).toBe(400);

    const payments = await createStaff(app, ['payments']);
    expect((await queue('', payments.cookie)).json().error).toBe('staff_role_required');
    expect((await handle(second, 'x', payments.cookie)).statusCode).toBe(403);
    const member = await createMember(app);
    expect((await queue('', await loginCookie(app, member.user.id))).json().error).toBe('staff_only');
    expect((await app.inject({ method: 'GET', url: '/api/backoffice/complaints' })).json().error).toBe('authentication_required');
    expect((await app.db.select().from(complaints).where(eq(complaints.id, second)))[0]?.status).toBe('open');
  });

  it('handled with a note: the complainant gets a mail in the page language, with the note; audited', async () => {
    const id = (
      await send(complaint({ name: 'Hans', email: 'hans@example.org', subject: 'Falsches Profil', language: 'de' }), { host: 'example.de' })
    ).json().id;
    const res = await handle(id, '  Wir haben das Profil gesperrt.  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'handled',
      note: 'Wir haben das Profil gesperrt.',
      site_domain: 'example.de',
      handled_at: expect.any(String),
    });

    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'hans@example.org')).orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({
      kind: 'complaint_handled',
      subject: 'Deine Beschwerde bei Flirtlokaal wurde bearbeitet',
      sentAt: expect.any(Date),
    });
    expect(mail?.text).toContain('Hallo Hans,');
    expect(mail?.text).toContain('„Falsches Profil“');
    expect(mail?.text).toContain('Wir haben das Profil gesperrt.');
    expect(mail?.text).toContain('example.de');

    const [audit] = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.target, `complaint:${id}`), eq(staffAudit.outcome, 'done')));
    expect(audit).toMatchObject({
      action: 'complaints.handle',
      staffEmail: 'complaints-mod@example.com',
      before: { status: 'open' },
      after: { status: 'handled', note: 'Wir haben das Profil gesperrt.' },
    });
  });

  it('refuses an empty note (400), an unknown complaint (404) and handling twice (409): nothing changed, no mail, refusals audited', async () => {
    const id = (await send(complaint({ email: 'twice@example.org' }))).json().id;
    const empty = await handle(id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation', field: 'note', message: 'Notitie is verplicht.' });
    expect((await handle(id, 42)).statusCode).toBe(400);
    expect((await app.db.select().from(complaints).where(eq(complaints.id, id)))[0]).toMatchObject({ status: 'open', note: null });

    const unknown = await handle(99_999_999, 'Klaar.');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'complaint_not_found', message: 'Deze klacht bestaat niet.' });
    expect((await handle('abc', 'Klaar.')).statusCode).toBe(400);

    expect((await handle(id, 'Klaar.')).statusCode).toBe(200);
    const again = await handle(id, 'Nog eens.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'complaint_already_handled', message: 'Deze klacht is al afgehandeld.' });
    expect((await app.db.select().from(complaints).where(eq(complaints.id, id)))[0]?.note).toBe('Klaar.');
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'twice@example.org'))).toHaveLength(1);

    const refused = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'complaints.handle'), eq(staffAudit.outcome, 'refused')));
    expect(refused.map((r) => r.error)).toEqual(expect.arrayContaining(['validation', 'complaint_not_found', 'complaint_already_handled']));
  });

  it('two moderators handling the same complaint at once: one wins, the other gets 409, one mail', async () => {
    const other = await createStaff(app, ['moderator']);
    const id = (await send(complaint({ email: 'race@example.org' }))).json().id;
    const results = await Promise.all([handle(id, 'Eerste.'), handle(id, 'Tweede.', other.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await app.db.select().from(complaints).where(eq(complaints.id, id));
    expect(['Eerste.', 'Tweede.']).toContain(row?.note);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'race@example.org'))).toHaveLength(1);
  });
});
