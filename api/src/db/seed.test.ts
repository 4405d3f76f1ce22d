import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildTestApp, createMember, loginCookie } from '../test/helpers';
import { creditLedger, photos, profileInterests, profiles, users } from './schema';
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH } from './demo-portraits';
import { DEMO_LOGIN, demoLoginsTable, seedDemo } from './seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('seedDemo', () => {
  it('creates realistic members with photos, chatpals and a demo login, and only once', async () => {
    const lines: string[] = [];
    const first = await seedDemo(app, { members: 20, log: (l) => lines.push(l) });
    expect(first.seeded).toBe(true);
    expect(lines).toContain('seeding members 20/20');
    // the logins are not in a log line: the start prints them as a table (issue 29 item 17)
    expect(lines.join('\n')).not.toContain(DEMO_LOGIN.password);
    expect(first.demoLogins).toBe(true);
    const table = demoLoginsTable('http://localhost:3000').split('\n');
    expect(table[0]).toBe('Demo logins for http://localhost:3000:');
    expect(table.find((l) => l.includes(DEMO_LOGIN.email))).toMatch(/^ {2}demo member +demo@example\.com +demo-demo-123$/);
    expect(table.find((l) => l.includes('moderator@example.com'))).toMatch(
      /^ {2}staff \(moderator\) +moderator@example\.com +moderator-staff-123$/,
    );

    const all = await app.db.select().from(users);
    expect(all).toHaveLength(25); // 20 members + demo + 4 staff logins (one per role)
    const staffRoles = Object.fromEntries(all.filter((u) => u.isStaff).map((u) => [u.email, u.staffRoles]));
    expect(staffRoles).toEqual({
      'staff@example.com': ['admin'],
      'moderator@example.com': ['moderator'],
      'operator@example.com': ['operator'],
      'payments@example.com': ['payments'],
    });
    const members = await app.db.select().from(profiles);
    expect(new Set(members.map((p) => p.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(members.map((p) => p.country)).size).toBeGreaterThanOrEqual(10);
    for (const p of members) {
      expect(p.city).toBeTruthy();
      expect(p.region).toBeTruthy();
      expect(p.about).toBeTruthy();
      expect(p.hairColor && p.eyeColor && p.bodyType && p.relationshipStatus).toBeTruthy();
    }
    expect(all.filter((u) => u.fictional)).toHaveLength(2);
    // every demo balance is explained by the ledger (no credits without a ledger row)
    const sums = await app.db
      .select({ userId: creditLedger.userId, total: sql<number>`sum(${creditLedger.delta})::int` })
      .from(creditLedger)
      .groupBy(creditLedger.userId);
    const ledgerTotal = new Map(sums.map((r) => [r.userId, r.total]));
    for (const u of all) expect(ledgerTotal.get(u.id) ?? 0).toBe(u.credits);
    expect(all.find((u) => u.email === DEMO_LOGIN.email)?.credits).toBe(100);

    const seededMembers = members.filter((p) => p.name !== 'Demo' && !p.name.startsWith('Staff '));
    for (const p of seededMembers) {
      expect(p.mainPhotoId).not.toBeNull();
      const n = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(profileInterests)
        .where(eq(profileInterests.userId, p.userId));
      expect(n[0]?.n).toBeGreaterThanOrEqual(2);
      expect(n[0]?.n).toBeLessThanOrEqual(6);
    }
    const photoRows = await app.db.select().from(photos);
    expect(photoRows.length).toBeGreaterThanOrEqual(20);
    const file = path.join(app.storage.dir, photoRows[0]?.matchFilename ?? 'x');
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 400]);
    // the photo itself is a portrait the size of a phone photo (DiceBear, demo-portraits.ts), not a 360 px drawing
    const full = await sharp(fs.readFileSync(path.join(app.storage.dir, photoRows[0]?.filename ?? 'x'))).metadata();
    expect([full.width, full.height]).toEqual([PORTRAIT_WIDTH, PORTRAIT_HEIGHT]);
    expect(new Set(photoRows.map((p) => fs.statSync(path.join(app.storage.dir, p.filename)).size)).size).toBeGreaterThan(
      photoRows.length / 2,
    );

    const again = await seedDemo(app, { members: 20 });
    expect(again.seeded).toBe(false);
    expect(await app.db.select().from(users)).toHaveLength(25);
  });

  it('the demo member has a main photo, new likes and a match waiting on /likes', async () => {
    const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email));
    if (!demo) throw new Error('no demo member');
    const cookie = await loginCookie(app, demo.id);
    const me = await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
    expect(me.json().user.profile.main_image).toMatchObject({ status: 'active', filename: expect.stringMatching(/\.jpg$/) });
    const res = await app.inject({ method: 'GET', url: '/api/likes.php', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { liked_by: { id: number; like_new: boolean }[]; liked: number[]; matches: number[] };
    // a seed of 20 has only a few women on the demo's site: the match first, then new likes
    expect(body.matches).toHaveLength(1);
    expect(body.liked).toEqual(expect.arrayContaining(body.matches));
    const fresh = body.liked_by.filter((l) => l.like_new);
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(me.json().user.new_likes).toBe(fresh.length); // the badge in the navigation
  });

  it('the demo member has conversations: one with a chatpal, one unread', async () => {
    const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email));
    if (!demo) throw new Error('no demo member');
    const cookie = await loginCookie(app, demo.id);
    const res = await app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie } });
    const { chats } = res.json() as { chats: { profile: { fictional: boolean }; num_unread_messages: number }[] };
    expect(chats.length).toBeGreaterThanOrEqual(2);
    expect(chats.some((c) => c.profile.fictional)).toBe(true);
    expect(chats.filter((c) => c.num_unread_messages > 0)).toHaveLength(1);
    const me = await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
    expect(me.json().user.unread_messages).toBe(1);
  });

  it('the operator console opens on members waiting for an answer from a chatpal', async () => {
    const [operator] = await app.db.select().from(users).where(eq(users.email, 'operator@example.com'));
    if (!operator) throw new Error('no operator login');
    const cookie = await loginCookie(app, operator.id);
    const res = await app.inject({ method: 'GET', url: '/api/backoffice/operator/inbox', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const inbox = res.json() as { items: { member: { id: number }; chatpal: { id: number } }[]; total: number };
    expect(inbox.total).toBeGreaterThanOrEqual(1);
    const writers = await app.db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          inbox.items.map((i) => i.member.id),
        ),
      );
    expect(writers.every((w) => !w.fictional && w.email !== DEMO_LOGIN.email)).toBe(true);
  });

  it('lets the demo member log in (password hash is argon2id)', async () => {
    const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email));
    expect(demo?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(demo?.emailConfirmed).toBe(true);
  });

  it('a seed stopped halfway (Ctrl-C on the first start) keeps its logins and goes on at the next start', async () => {
    const fresh = await buildTestApp();
    try {
      let asked = 0;
      const lines: string[] = [];
      const stopped = await seedDemo(fresh, { members: 12, log: (l) => lines.push(l), shouldStop: () => ++asked > 5 });
      expect(lines.join('\n')).toMatch(/demo seed stopped at \d+\/12 members/);
      const part = await fresh.db.select().from(users);
      const partMembers = part.filter((u) => u.email.endsWith('@members.example'));
      expect(partMembers.length).toBeGreaterThan(0);
      expect(partMembers.length).toBeLessThan(12);
      expect(stopped.members).toBe(partMembers.length);
      // the logins are there from the start
      expect(part.map((u) => u.email)).toEqual(expect.arrayContaining([DEMO_LOGIN.email, 'staff@example.com']));

      const resumed: string[] = [];
      const rest = await seedDemo(fresh, { members: 12, log: (l) => resumed.push(l) });
      expect(resumed).toContain(`resuming the demo seed: ${partMembers.length} of 12 members are there already`);
      expect(rest.members).toBe(12 - partMembers.length);
      const all = await fresh.db.select().from(users);
      expect(all).toHaveLength(17);
      expect(new Set(all.map((u) => u.email)).size).toBe(17);
      expect(all.filter((u) => u.email === DEMO_LOGIN.email)).toHaveLength(1);
      const [demoProfile] = await fresh.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, all.find((u) => u.email === DEMO_LOGIN.email)?.id ?? 0));
      expect(demoProfile?.mainPhotoId).not.toBeNull();

      expect((await seedDemo(fresh, { members: 12 })).seeded).toBe(false);
      expect(await fresh.db.select().from(users)).toHaveLength(17);
    } finally {
      await fresh.close();
    }
  });

  it('leaves a database with real members and no demo login alone', async () => {
    const real = await buildTestApp();
    try {
      await createMember(real, { email: 'real.person@example.nl' });
      expect((await seedDemo(real, { members: 5 })).seeded).toBe(false);
      expect((await real.db.select().from(users)).map((u) => u.email)).toEqual(['real.person@example.nl']);
    } finally {
      await real.close();
    }
  });
});
