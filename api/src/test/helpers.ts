/**
 * Test helpers for every server test. Usage:
 *
 *   import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
 *
 *   let app: FastifyInstance;
 *   beforeAll(async () => { app = await buildTestApp(); });   // one app per test file (~1-2 s)
 *   afterAll(async () => { await app.close(); });
 *
 *   const { user } = await createMember(app, { email: 'ann@example.com', gender: 'female' });
 *   const cookie = await loginCookie(app, user.id);
 *   const res = await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
 *
 * The app uses in-memory PGlite with every migration applied and the demo sites + interests
 * inserted (site `localhost` is the default site; pass `headers: { host: 'example.de' }` for
 * another). With DATABASE_URL=postgres://... set, each app gets a fresh, uniquely named database
 * on that server (dropped again at app.close()), so parallel test files never collide. Either way
 * the database starts as a clone of a migrated template (test/template.ts), not empty.
 * Uploads go to a temporary DATA_DIR. State-changing requests need a JSON body or an
 * `x-request-type` header (the Origin check of app.ts), as from the real client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { BuildAppOptions } from '../app';
import { profiles, sessions, sites, users } from '../db/schema';
import { readEnv } from '../env';
import { hashToken, newToken, SESSION_COOKIE } from '../platform/session';
import { createPgDatabase, isPostgresUrl, pgliteTemplate } from './template';
import { eq } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

/** A fully built app on a fresh database (see the note at the top of this file). */
export async function buildTestApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env = readEnv();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dating-api-test-'));
  let databaseUrl = options.databaseUrl ?? 'memory://';
  let drop: (() => Promise<void>) | null = null;
  let loadDataDir: Blob | undefined;
  if (options.databaseUrl === undefined && isPostgresUrl(env.DATABASE_URL)) {
    const created = await createPgDatabase(env.DATABASE_URL);
    databaseUrl = created.url;
    drop = created.drop;
  } else if (options.databaseUrl === undefined) {
    loadDataDir = await pgliteTemplate();
  }
  const app = await buildApp({
    logger: false,
    loadDataDir,
    ...options,
    env: { NODE_ENV: 'test', ...options.env },
    dataDir,
    databaseUrl,
    // after the app's own close (the database last): a running job or notification still finds its database
    onClosed: async () => {
      if (drop) await drop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      await options.onClosed?.();
    },
  });
  return app;
}

export interface MemberOverrides {
  email?: string;
  password?: string;
  siteDomain?: string;
  user?: Partial<typeof users.$inferInsert>;
  profile?: Partial<typeof profiles.$inferInsert>;
  /** shorthand for profile fields */
  name?: string;
  gender?: 'male' | 'female';
  dateOfBirth?: string;
  country?: string;
}

let memberSeq = 0;
const hashCache = new Map<string, string>();

/**
 * Insert a member (users + profiles rows) directly, status active and e-mail confirmed unless
 * overridden. The password (default 'secret-pass-123') is stored as an argon2id hash.
 */
export async function createMember(
  app: FastifyInstance,
  overrides: MemberOverrides = {},
): Promise<{ user: UserRow; profile: ProfileRow; password: string }> {
  memberSeq += 1;
  const password = overrides.password ?? 'secret-pass-123';
  let passwordHash = hashCache.get(password);
  if (!passwordHash) {
    passwordHash = await hash(password);
    hashCache.set(password, passwordHash);
  }
  const domain = overrides.siteDomain ?? 'localhost';
  const [site] = await app.db.select().from(sites).where(eq(sites.domain, domain)).limit(1);
  if (!site) throw new Error(`no site ${domain}`);
  return app.withTx(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        siteId: site.id,
        email: overrides.email ?? `member${memberSeq}-${crypto.randomBytes(3).toString('hex')}@example.com`,
        passwordHash: passwordHash as string,
        language: 'nl',
        status: 'active',
        emailConfirmed: true,
        ...overrides.user,
      })
      .returning();
    if (!user) throw new Error('insert user failed');
    const [profile] = await tx
      .insert(profiles)
      .values({
        userId: user.id,
        siteId: site.id,
        name: overrides.name ?? `Member${memberSeq}`,
        gender: overrides.gender ?? 'female',
        dateOfBirth: overrides.dateOfBirth ?? '1990-05-17',
        country: overrides.country ?? 'NL',
        region: 'Noord-Holland',
        city: 'Amsterdam',
        ...overrides.profile,
      })
      .returning();
    if (!profile) throw new Error('insert profile failed');
    return { user, profile, password };
  });
}

/** A `cookie` header value for a new session of this user (as after a login). */
export async function loginCookie(app: FastifyInstance, userId: number): Promise<string> {
  const token = newToken();
  await app.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** A staff member with `roles` (issue 15: moderator, operator, payments, admin) and a session cookie. */
export async function createStaff(
  app: FastifyInstance,
  roles: readonly ('moderator' | 'operator' | 'payments' | 'release' | 'admin')[],
  overrides: MemberOverrides = {},
): Promise<{ user: UserRow; cookie: string }> {
  const { user } = await createMember(app, { ...overrides, user: { isStaff: true, staffRoles: [...roles], ...overrides.user } });
  return { user, cookie: await loginCookie(app, user.id) };
}

/** The value, or a failed test naming `what` when there is none (instead of a `!` assertion). */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}
