/**
 * Reports, the service the scam defences call too: fileReport keeps one open report per reporter
 * and member (409 report_exists, also for ten at once), and puts a member under review once the
 * site's threshold of distinct reporters within the window is reached, until a moderator decides.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { reportHolds, reports } from '../../db/schema';
import { buildTestApp, createMember, must } from '../../test/helpers';
import { fileReport, isUnderReview } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const file = (reporterId: number | null, reportedId: number, over: object = {}) =>
  app.withTx((tx) => fileReport(tx, { reporterId, reportedId, reason: 'scam', source: 'member', ...over }));
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? String(e),
  );
const settings = { report_hold_threshold: 3, report_hold_window_hours: 24 };

describe('fileReport', () => {
  it('keeps one open report per reporter and member, also for ten at once; the evidence has the profile texts (races: proven on PostgreSQL)', async () => {
    const [a, b] = [await createMember(app), await createMember(app, { profile: { about: 'Stuur me geld via Western Union' } })];
    const results = await Promise.all(Array.from({ length: 10 }, () => codeOf(file(a.user.id, b.user.id))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'report_exists')).toHaveLength(9);
    const rows = await app.db.select().from(reports).where(eq(reports.reportedId, b.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.evidence.profile).toMatchObject({ name: b.profile.name, about: 'Stuur me geld via Western Union' });
    expect(await codeOf(file(a.user.id, a.user.id))).toBe('validation');
    expect(await codeOf(file(a.user.id, 2_000_000_000))).toBe('member_not_found');
  });

  it('a site-filed report (held message) needs no reporter and may come twice', async () => {
    const [a] = [await createMember(app)];
    expect(await codeOf(file(null, a.user.id, { source: 'held_message', note: 'Rejected: stuur geld' }))).toBe('ok');
    expect(await codeOf(file(null, a.user.id, { source: 'held_message' }))).toBe('ok');
    expect(await isUnderReview(app.db, a.user.id, settings)).toBe(false);
  });
});

describe('isUnderReview', () => {
  it('three distinct reporters within 24 hours (at once, too) put a member under review; a moderator decision ends it', async () => {
    const target = await createMember(app);
    const reporters = await Promise.all([1, 2, 3].map(() => createMember(app)));
    await file(must(reporters[0]).user.id, target.user.id);
    expect(await isUnderReview(app.db, target.user.id, settings)).toBe(false);
    await Promise.all(reporters.slice(1).map((r) => file(r.user.id, target.user.id, { reason: 'fake_profile' })));
    expect(await isUnderReview(app.db, target.user.id, settings)).toBe(true);
    expect(await app.db.select().from(reportHolds).where(eq(reportHolds.userId, target.user.id))).toHaveLength(1);

    // a decision: the hold goes, and the reports before it no longer count
    await app.db
      .update(reports)
      .set({ status: 'handled', action: 'dismiss', handledAt: new Date() })
      .where(eq(reports.reportedId, target.user.id));
    await app.db.delete(reportHolds).where(eq(reportHolds.userId, target.user.id));
    expect(await isUnderReview(app.db, target.user.id, settings)).toBe(false);
  });

  it('reports older than the window do not count; a lower threshold of the site counts at once', async () => {
    const target = await createMember(app);
    const reporters = await Promise.all([1, 2, 3].map(() => createMember(app)));
    for (const r of reporters) await file(r.user.id, target.user.id);
    await app.db.delete(reportHolds).where(eq(reportHolds.userId, target.user.id));
    await app.db.execute(sql`update reports set created_at = now() - interval '25 hours' where reported_id = ${target.user.id}`);
    expect(await isUnderReview(app.db, target.user.id, settings)).toBe(false);
    expect(await isUnderReview(app.db, target.user.id, { ...settings, report_hold_window_hours: 48 })).toBe(true);
    const other = await createMember(app);
    await file(must(reporters[0]).user.id, other.user.id);
    expect(await isUnderReview(app.db, other.user.id, { ...settings, report_hold_threshold: 1 })).toBe(true);
    expect(await isUnderReview(app.db, other.user.id, settings)).toBe(false);
  });
});
