/**
 * Demo data for an empty database (first `npm start`, or `npm run seed -w @dating/api`): the demo
 * sites and interests (seed-sites.ts), the demo logins (seed-logins.ts: one demo member and one
 * staff account per role, whose logins are printed), then `members` realistic members
 * (seed-members.ts, their credits seed-payments.ts) and the demo member's likes and conversations
 * (seed-conversations.ts).
 * Idempotent and resumable: a database with users but without the demo login is someone's real
 * data and is left alone; a seed that was stopped (Ctrl-C on the first start, `shouldStop`) goes
 * on where it stopped at the next start. The logins come first, so they always work.
 * Deterministic (seeded PRNG, seed-random.ts): member i always gets the same name, e-mail and looks.
 */
import { hash } from '@node-rs/argon2';
import crypto from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { Storage } from '../platform/storage';
import type { Db } from './client';
import { profiles, sites, users } from './schema';
import { enlivenDemoMember } from './seed-conversations';
import { createLogins, DEMO_LOGIN, SEED_LOGINS, STAFF_LOGINS } from './seed-logins';
import { planMembers, seedMembers } from './seed-members';
import { prng } from './seed-random';
import { ensureSites } from './seed-sites';

export { DEMO_LOGIN, demoLoginsTable, STAFF_LOGIN, STAFF_LOGINS } from './seed-logins';

export interface SeedTarget {
  db: Db;
  storage: Storage;
}

export interface SeedResult {
  seeded: boolean;
  /** the demo and staff logins are there (seeded now or before): the start prints them (demoLoginsTable) */
  demoLogins: boolean;
  members: number;
  photos: number;
  ms: number;
}

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) > 0;
}

export interface SeedOptions {
  members: number;
  log?: (line: string) => void;
  seed?: number;
  /** asked between members: true stops the seed (the next start goes on from there) */
  shouldStop?: () => boolean;
}

/** Seed the demo data, or the rest of it; returns { seeded: false } when there was nothing to do. */
export async function seedDemo(target: SeedTarget, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const shouldStop = options.shouldStop ?? (() => false);
  const { db, storage } = target;
  await ensureSites(db);
  const nothing = (demoLogins = false) => ({ seeded: false, demoLogins, members: 0, photos: 0, ms: Date.now() - started });
  // the demo and staff logins (and whether the demo member has his photo yet), in one query
  const logins = await db
    .select({ id: users.id, email: users.email, mainPhotoId: profiles.mainPhotoId })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.email, [DEMO_LOGIN.email, ...STAFF_LOGINS.map((l) => l.email)]));
  const demoRow = logins.find((l) => l.email === DEMO_LOGIN.email);
  // users but no demo login: a real site's data, never mixed with demo members
  if (!demoRow && (await hasUsers(db))) return nothing();

  const total = options.members;
  const plans = planMembers(prng(options.seed ?? 20250101), total);
  // members seeded by an earlier, stopped run are kept; only the missing ones are made
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(like(users.email, '%@members.example'))).map((u) => u.email),
  );
  const missing = plans.filter((p) => !existing.has(p.email));
  // a complete seed (every later start): nothing to hash, draw or write
  if (missing.length === 0 && logins.length === 1 + STAFF_LOGINS.length && demoRow?.mainPhotoId != null) return nothing(true);

  const siteRows = await db.select({ id: sites.id, domain: sites.domain }).from(sites);
  const siteId = (domain: string) => siteRows.find((s) => s.domain === domain)?.id ?? siteRows[0]?.id ?? 1;
  // Seeded members cannot log in: their hash is of a random secret nobody knows.
  const toMake = SEED_LOGINS.filter((login) => !logins.some((l) => l.email === login.email));
  const [memberHash, ...loginHashes] = await Promise.all([
    hash(crypto.randomBytes(24).toString('base64url')),
    ...toMake.map((l) => hash(l.password)),
  ]);

  // the demo member and the staff accounts first: their logins work even if the seed is stopped
  const madeDemoId = await createLogins(db, toMake, loginHashes, memberHash, siteId('localhost'));
  const demoId = demoRow?.id ?? madeDemoId;

  if (missing.length > 0 && missing.length < total)
    log(`resuming the demo seed: ${total - missing.length} of ${total} members are there already`);
  if (missing.length > 0) log(`seeding ${missing.length} demo members (with generated photos)...`);
  const { done, photos: photoCount } = await seedMembers(
    { db, storage, passwordHash: memberHash, siteId, total, log, shouldStop },
    missing,
  );
  if (shouldStop()) {
    log(`demo seed stopped at ${total - missing.length + done}/${total} members; the next start goes on from there`);
    return { seeded: done > 0, demoLogins: true, members: done, photos: photoCount, ms: Date.now() - started };
  }

  // the demo member's photo and likes come last, when the women they point at are there
  if (demoId !== null && demoRow?.mainPhotoId == null) await enlivenDemoMember(db, storage, demoId);
  // fresh statistics for the planner: without them the first queries walk whole tables (the
  // embedded PGlite has no autovacuum to do this later; the maintenance job repeats it)
  await db.execute(sql`analyze`);

  const ms = Date.now() - started;
  log(`seeded ${done} members with ${photoCount} photos in ${(ms / 1000).toFixed(1)} s`);
  return { seeded: true, demoLogins: true, members: done, photos: photoCount, ms };
}
