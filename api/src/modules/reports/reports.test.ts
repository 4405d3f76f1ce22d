/**
 * Reports over HTTP (issue 26 part 1): a member reports a member (201, evidence frozen, also
 * block), bad input is a translated 400 naming the field, 409 for a second open report, 429
 * after REPORTS_PER_HOUR; moderators work the queue (order, search, roles) and resolve a report
 * (dismiss, warn, remove photo / text, ban), one of two moderators wins; the reporter gets a
 * notice and a mail in their language, the warned member a warning once; three distinct
 * reporters within 24 hours take a member out of search until a moderator decides.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { blocks, conversations, mailOutbox, messages, photos, profiles, reports, staffAudit, users } from '../../db/schema';
import { buildTestApp, createMember, createStaff, loginCookie, must } from '../../test/helpers';
import { REPORTS_PER_HOUR } from './routes';

let app: FastifyInstance;
let moderator: { user: { id: number }; cookie: string };
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  app = await buildTestApp();
  moderator = await createStaff(app, ['moderator'], { email: 'reports-mod@example.com' });
});
afterAll(async () => {
  await app.close();
});

interface M {
  id: number;
  cookie: string;
  name: string;
}
async function member(over: Parameters<typeof createMember>[1] = {}): Promise<M> {
  const m = await createMember(app, over);
  return { id: m.user.id, cookie: await loginCookie(app, m.user.id), name: m.profile.name };
}
const report = (from: M | { cookie: string }, payload: object) =>
  app.inject({ method: 'POST', url: '/api/report.php', headers: { cookie: from.cookie, ...json }, payload });
const queue = (query = '', cookie = moderator.cookie) =>
  app.inject({ method: 'GET', url: `/api/backoffice/reports${query}`, headers: { cookie } });
const detail = (id: number | string, cookie = moderator.cookie) =>
  app.inject({ method: 'GET', url: `/api/backoffice/reports/${id}`, headers: { cookie } });
const resolve = (id: number | string, payload: object, cookie = moderator.cookie) =>
  app.inject({ method: 'POST', url: `/api/backoffice/reports/${id}/resolve`, headers: { cookie, ...json }, payload });
const notices = (m: M) => app.inject({ method: 'GET', url: '/api/notices.php', headers: { cookie: m.cookie } });

/** A conversation between a and b with `n` text messages, alternating, oldest first; their ids. */
async function chat(a: M, b: M, n: number): Promise<{ conversation: number; ids: number[] }> {
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  const [c] = await app.db.insert(conversations).values({ userA: low, userB: high, startedBy: a.id }).returning();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
    const [m] = await app.db
      .insert(messages)
      .values({
        conversationId: must(c).id,
        senderId: from.id,
        recipientId: to.id,
        type: 'text',
        body: `bericht ${i}`,
        clientId: crypto.randomUUID(),
      })
      .returning();
    ids.push(must(m).id);
  }
  return { conversation: must(c).id, ids };
}

/** A photo of `m` with real files in storage. */
async function photo(m: M): Promise<number> {
  const [full, thumb, match] = await Promise.all(
    ['full', 'thumb', 'match'].map((k) => app.storage.put(Buffer.from(`jpeg-${k}-${m.id}`), 'jpg')),
  );
  const [row] = await app.db
    .insert(photos)
    .values({
      userId: m.id,
      filename: must(full),
      thumbFilename: must(thumb),
      matchFilename: must(match),
      status: 'active',
      width: 600,
      height: 800,
    })
    .returning();
  await app.db
    .update(profiles)
    .set({ mainPhotoId: must(row).id })
    .where(eq(profiles.userId, m.id));
  return must(row).id;
}

describe('POST /api/report.php', () => {
  it('files a report with the evidence as it was: the last 20 messages and the reported ones, the profile texts, copies of the photos', async () => {
    const [reporter, reported] = [await member(), await member({ profile: { about: 'Stuur me een cadeaukaart', reason: 'geld' } })];
    const { ids } = await chat(reporter, reported, 30);
    const photoId = await photo(reported);
    const res = await report(reporter, { profile: reported.id, reason: 'scam', message_ids: [ids[1], ids[29]], note: 'Vraagt om geld' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), status: 'open', blocked: false });
    const id = res.json().id as number;

    // the member deletes everything afterwards: photo (row and files), texts, a message
    const [p] = await app.db.delete(photos).where(eq(photos.id, photoId)).returning();
    await app.storage.remove(must(p).filename);
    await app.db.update(profiles).set({ about: null, reason: null }).where(eq(profiles.userId, reported.id));
    await app.db
      .update(messages)
      .set({ body: null, deletedAt: new Date() })
      .where(eq(messages.id, must(ids[29])));

    const d = (await detail(id)).json();
    expect(d.report).toMatchObject({
      id,
      reason: 'scam',
      status: 'open',
      note: 'Vraagt om geld',
      reporters: 1,
      reporter: { id: reporter.id },
      reported: { id: reported.id, fictional: false },
    });
    expect(d.evidence.profile).toMatchObject({ about: 'Stuur me een cadeaukaart', reason: 'geld', name: reported.name });
    const evidenceIds = d.evidence.messages.map((m: { id: number }) => m.id);
    expect(evidenceIds).toEqual([ids[1], ...ids.slice(10)]);
    expect(d.evidence.messages.filter((m: { reported: boolean }) => m.reported).map((m: { id: number }) => m.id)).toEqual([
      ids[1],
      ids[29],
    ]);
    expect(d.evidence.messages.at(-1)).toMatchObject({ body: 'bericht 29', from_reported: true, deleted: false });
    expect(d.evidence.photos).toHaveLength(1);
    expect(d.evidence.photos[0]).toMatchObject({ main: true, current_photo_id: null });
    const file = await app.inject({ method: 'GET', url: d.evidence.photos[0].url, headers: { cookie: moderator.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.body).toBe(`jpeg-full-${reported.id}`);
    // the copies are the moderators' only
    expect((await app.inject({ method: 'GET', url: d.evidence.photos[0].url, headers: { cookie: reported.cookie } })).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/backoffice/reports/${id}/files/${must(p).thumbFilename}`,
          headers: { cookie: moderator.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('one open report per reporter and member (409, also ten at once); "also block" blocks; the reported member learns nothing (races: proven on PostgreSQL)', async () => {
    const [reporter, reported] = [await member(), await member()];
    const results = await Promise.all(
      Array.from({ length: 10 }, () => report(reporter, { profile: reported.id, reason: 'harassment', block: true })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const refused = must(
      results.find((r) => r.statusCode === 409),
      'a 409 answer',
    );
    expect(refused.json()).toMatchObject({
      error: 'report_exists',
      field: 'profile',
      message: 'Je hebt dit profiel al gemeld. We bekijken je melding zo snel mogelijk.',
    });
    expect(await app.db.select().from(reports).where(eq(reports.reportedId, reported.id))).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(blocks)
        .where(and(eq(blocks.blockerId, reporter.id), eq(blocks.blockedId, reported.id))),
    ).toHaveLength(1);
    expect((await notices(reported)).json()).toEqual({ notices: [] });
    // in English too
    const en = await app.inject({
      method: 'POST',
      url: '/api/report.php?lang=en',
      headers: { cookie: reporter.cookie, ...json },
      payload: { profile: reported.id, reason: 'scam' },
    });
    expect(en.json().message).toBe('You have already reported this profile. We will look at your report as soon as we can.');
  });

  it('bad input is a translated 400 naming the field and files nothing; unknown member 404; visitors 403', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const other = await chat(b, c, 2);
    const cases: [object, string][] = [
      [{ profile: b.id, reason: 'boring' }, 'reason'],
      [{ profile: b.id }, 'reason'],
      [{ reason: 'scam' }, 'profile'],
      [{ profile: 'abc', reason: 'scam' }, 'profile'],
      [{ profile: b.id, reason: 'other' }, 'note'],
      [{ profile: b.id, reason: 'other', note: '   ' }, 'note'],
      [{ profile: b.id, reason: 'other', note: 'x'.repeat(1001) }, 'note'],
      [{ profile: b.id, reason: 'scam', message_ids: [other.ids[0]] }, 'message_ids'],
      [{ profile: b.id, reason: 'scam', message_ids: ['x'] }, 'message_ids'],
      [{ profile: b.id, reason: 'scam', block: 'yes' }, 'block'],
      [{ profile: b.id, reason: 'scam', extra: 1 }, 'extra'],
      [{ profile: a.id, reason: 'scam' }, 'profile'],
    ];
    for (const [payload, field] of cases) {
      const res = await report(a, payload);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(res.json()).toMatchObject({ field });
      expect(res.json().message).toBeTruthy();
    }
    expect((await report(a, { profile: b.id, reason: 'other' })).json().message).toBe(
      'Beschrijf wat er aan de hand is (maximaal 1000 tekens).',
    );
    expect((await report(a, { profile: 2_000_000_000, reason: 'scam' })).statusCode).toBe(404);
    expect((await report({ cookie: '' }, { profile: b.id, reason: 'scam' })).statusCode).toBe(403);
    expect(await app.db.select().from(reports).where(eq(reports.reporterId, a.id))).toHaveLength(0);
    expect((await report(a, { profile: b.id, reason: 'other', note: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it(`at most ${REPORTS_PER_HOUR} reports an hour per member (429), refused ones do not count`, async () => {
    const a = await member();
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => member()));
    for (const t of targets.slice(0, REPORTS_PER_HOUR))
      expect((await report(a, { profile: t.id, reason: 'fake_profile' })).statusCode).toBe(201);
    expect((await report(a, { profile: must(targets[0]).id, reason: 'fake_profile' })).statusCode).toBe(409);
    const over = await report(a, { profile: must(targets[REPORTS_PER_HOUR]).id, reason: 'fake_profile' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'report_rate_limited', minutes: expect.any(Number) });
  });
});

describe('the moderators: queue, detail, resolve', () => {
  it('open first, underage and scam first, then oldest; search by name, e-mail or id; moderators only', async () => {
    const reporter = await member();
    const tag = `q${crypto.randomBytes(3).toString('hex')}`;
    const targets = await Promise.all(
      ['one', 'two', 'three', 'four'].map((n) => member({ name: `${tag}-${n}`, email: `${tag}-${n}@example.com` })),
    );
    const ids: number[] = [];
    for (const [t, reason] of [
      [targets[0], 'fake_profile'],
      [targets[1], 'underage'],
      [targets[2], 'offensive'],
      [targets[3], 'scam'],
    ] as const) {
      ids.push((await report(reporter, { profile: must(t).id, reason })).json().id);
    }
    expect((await resolve(must(ids[1]), { action: 'dismiss', note: 'Klopt niet' })).statusCode).toBe(200);
    const page = (await queue(`?status=all&q=${tag}`)).json();
    expect(page.reports.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[0], ids[2], ids[1]]);
    expect(page).toMatchObject({ total: 4, page: 1, per_page: 25 });
    expect(page.reports[3]).toMatchObject({ status: 'handled', action: 'dismiss', handled_by_email: 'reports-mod@example.com' });
    expect((await queue(`?q=${tag}`)).json().reports.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[0], ids[2]]);
    expect((await queue(`?status=all&q=${must(targets[2]).id}`)).json().reports.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    expect((await queue(`?q=${tag}-four@example`)).json().reports.map((r: { id: number }) => r.id)).toEqual([ids[3]]);
    expect((await queue('?status=bogus')).statusCode).toBe(400);
    expect((await queue('?page=0')).statusCode).toBe(400);

    const payments = await createStaff(app, ['payments']);
    expect((await queue('', payments.cookie)).json().error).toBe('staff_role_required');
    expect((await detail(must(ids[0]), payments.cookie)).statusCode).toBe(403);
    expect((await resolve(must(ids[0]), { action: 'warn' }, payments.cookie)).statusCode).toBe(403);
    expect((await queue('', reporter.cookie)).json().error).toBe('staff_only');
    const admin = await createStaff(app, ['admin']);
    expect((await queue(`?q=${tag}`, admin.cookie)).statusCode).toBe(200);
    expect((await detail(999_999_999)).statusCode).toBe(404);
    expect((await detail('abc')).statusCode).toBe(404);
  });

  it('a fictional profile (chatpal) is reported into the same queue, marked', async () => {
    const reporter = await member();
    const chatpal = await member({ user: { fictional: true } });
    const id = (await report(reporter, { profile: chatpal.id, reason: 'fake_profile' })).json().id;
    expect((await detail(id)).json().report.reported).toMatchObject({ id: chatpal.id, fictional: true });
  });

  it('dismiss needs a note; the reporter gets a notice and a mail in their language (handled, not how); audited', async () => {
    const reporter = await member({ user: { language: 'de' }, name: 'Hans' });
    const reported = await member({ name: 'Lotte' });
    const id = (await report(reporter, { profile: reported.id, reason: 'harassment' })).json().id;
    const empty = await resolve(id, { action: 'dismiss', note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation', field: 'note' });
    expect((await resolve(id, { action: 'shout' })).json()).toMatchObject({ field: 'action' });
    expect((await app.db.select().from(reports).where(eq(reports.id, id)))[0]?.status).toBe('open');

    const res = await resolve(id, { action: 'dismiss', note: 'Geen overtreding gevonden' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id, status: 'handled', action: 'dismiss' });

    const mine = (await notices(reporter)).json().notices;
    expect(mine).toEqual([{ id: expect.any(Number), kind: 'report_handled', created_at: expect.any(String) }]);
    const [user] = await app.db.select().from(users).where(eq(users.id, reporter.id));
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, must(user).email))
      .orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ kind: 'report_handled', subject: 'Deine Meldung bei Flirtlokaal wurde bearbeitet' });
    expect(mail?.text).toContain('Hallo Hans,');
    expect(mail?.text).toContain('Lotte');
    expect(mail?.text).not.toContain('Geen overtreding');
    // shown once
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/notices.php',
          headers: { cookie: reporter.cookie, ...json },
          payload: { ids: [mine[0].id] },
        })
      ).json(),
    ).toEqual({ ok: true, seen: 1 });
    expect((await notices(reporter)).json().notices).toEqual([]);
    // the reported member is told nothing of a dismissed report
    expect((await notices(reported)).json().notices).toEqual([]);

    const [audit] = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.target, `report:${id}`), eq(staffAudit.outcome, 'done')));
    expect(audit).toMatchObject({
      action: 'reports.resolve',
      staffEmail: 'reports-mod@example.com',
      before: { status: 'open' },
      after: { status: 'handled', action: 'dismiss', note: 'Geen overtreding gevonden' },
    });
    const refused = await app.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.target, `report:${id}`), eq(staffAudit.outcome, 'refused')));
    expect(refused.length).toBeGreaterThanOrEqual(1);
  });

  it('warn: the member sees a warning once, without who reported; remove_text and remove_photo change the profile; ban bans', async () => {
    const reporter = await member();
    const [warned, texted, pictured, banned] = await Promise.all(
      [1, 2, 3, 4].map(() => member({ profile: { about: 'Bel me op 0612345678' } })),
    );
    const file = async (t: M) => (await report(reporter, { profile: t.id, reason: 'offensive' })).json().id as number;

    expect((await resolve(await file(must(warned)), { action: 'warn' })).statusCode).toBe(200);
    const warning = (await notices(must(warned))).json();
    // nothing but the kind and the time: not who reported, nor why
    expect(warning.notices).toEqual([{ id: expect.any(Number), kind: 'warning', created_at: expect.any(String) }]);
    await app.inject({
      method: 'POST',
      url: '/api/notices.php',
      headers: { cookie: must(warned).cookie, ...json },
      payload: { ids: [warning.notices[0].id] },
    });
    expect((await notices(must(warned))).json().notices).toEqual([]);
    // someone else's notice cannot be marked
    const reporterNotice = (await notices(reporter)).json().notices[0];
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/notices.php',
          headers: { cookie: must(warned).cookie, ...json },
          payload: { ids: [reporterNotice.id] },
        })
      ).json().seen,
    ).toBe(0);

    expect((await resolve(await file(must(texted)), { action: 'remove_text' })).statusCode).toBe(200);
    expect(
      (
        await app.db
          .select()
          .from(profiles)
          .where(eq(profiles.userId, must(texted).id))
      )[0]?.about,
    ).toBeNull();

    const photoId = await photo(must(pictured));
    const pid = await file(must(pictured));
    expect((await resolve(pid, { action: 'remove_photo' })).json()).toMatchObject({ field: 'photo_id' });
    expect((await resolve(pid, { action: 'remove_photo', photo_id: photoId })).statusCode).toBe(200);
    expect(await app.db.select().from(photos).where(eq(photos.id, photoId))).toEqual([]);
    expect(
      (
        await app.db
          .select()
          .from(profiles)
          .where(eq(profiles.userId, must(pictured).id))
      )[0]?.mainPhotoId,
    ).toBeNull();
    // the evidence keeps its copy
    const evidence = (await detail(pid)).json().evidence.photos[0];
    expect((await app.inject({ method: 'GET', url: evidence.url, headers: { cookie: moderator.cookie } })).statusCode).toBe(200);

    const bid = await file(must(banned));
    expect((await resolve(bid, { action: 'ban', note: 'Herhaaldelijk' })).statusCode).toBe(200);
    expect(
      (
        await app.db
          .select()
          .from(users)
          .where(eq(users.id, must(banned).id))
      )[0]?.status,
    ).toBe('disabled');
    const d = (await detail(bid)).json();
    expect(d.bans).toEqual([
      expect.objectContaining({ reason: 'offensive_content', note: 'Herhaaldelijk', by: 'reports-mod@example.com', current: true }),
    ]);
  });

  it('two moderators resolving one report at once: one wins, the other gets 409; one notice, one mail', async () => {
    const reporter = await member();
    const reported = await member();
    const other = await createStaff(app, ['moderator']);
    const id = (await report(reporter, { profile: reported.id, reason: 'scam' })).json().id;
    const results = await Promise.all([resolve(id, { action: 'warn' }), resolve(id, { action: 'dismiss', note: 'Niets' }, other.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      must(
        results.find((r) => r.statusCode === 409),
        'a 409 answer',
      ).json(),
    ).toMatchObject({ error: 'report_already_handled', message: 'Deze melding is al afgehandeld.' });
    expect((await notices(reporter)).json().notices).toHaveLength(1);
    const [user] = await app.db.select().from(users).where(eq(users.id, reporter.id));
    expect(
      await app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, must(user).email)),
    ).toHaveLength(1);
  });
});

describe('under review', () => {
  it('three distinct reporters within 24 hours take a member out of search until a moderator decides', async () => {
    const target = await member({ gender: 'male', country: 'AT', name: 'Reviewed' });
    const viewer = await member({ gender: 'female', country: 'AT' });
    const search = async () =>
      (await app.inject({ method: 'GET', url: '/api/members.php?gender=male&country=AT', headers: { cookie: viewer.cookie } }))
        .json()
        .results.map((p: { id: number }) => p.id);
    expect(await search()).toContain(target.id);
    const reporters = await Promise.all([1, 2, 3].map(() => member()));
    const ids: number[] = [];
    for (const r of reporters.slice(0, 2)) ids.push((await report(r, { profile: target.id, reason: 'scam' })).json().id);
    expect(await search()).toContain(target.id);
    ids.push((await report(must(reporters[2]), { profile: target.id, reason: 'scam' })).json().id);
    expect(await search()).not.toContain(target.id);
    const row = (await queue(`?q=${target.id}`)).json().reports[0];
    expect(row).toMatchObject({ reporters: 3, under_review: true });
    // the profile itself stays reachable (only search hides it)
    expect(
      (await app.inject({ method: 'GET', url: `/api/member.php?id=${target.id}`, headers: { cookie: viewer.cookie } })).statusCode,
    ).toBe(200);

    expect((await resolve(must(ids[0]), { action: 'warn' })).statusCode).toBe(200);
    expect(await search()).toContain(target.id);
    expect((await queue(`?q=${target.id}`)).json().reports[0]).toMatchObject({ under_review: false });
    expect(await app.db.select().from(reports).where(inArray(reports.id, ids))).toHaveLength(3);
  });
});
