/**
 * The demo logins: one demo member and one staff account per role, made before the members so
 * they work even when the seed is stopped, and printed as a table by `npm start` and the seed
 * command.
 */
import { profileInterests, profiles, users } from './schema';
import type { Db } from './client';
import { ABOUT, REASONS } from './seed-data/people';
import { grantDemoCredits, LOGIN_CREDITS } from './seed-payments';

export const DEMO_LOGIN = { email: 'demo@example.com', password: 'demo-demo-123' } as const;
export const STAFF_LOGIN = { email: 'staff@example.com', password: 'staff-staff-123', roles: ['admin'] } as const;
/** One demo login per staff role (issue 15; README "Demo logins"); the all-round staff login is the admin. */
export const STAFF_LOGINS = [
  STAFF_LOGIN,
  { email: 'moderator@example.com', password: 'moderator-staff-123', roles: ['moderator'] },
  { email: 'operator@example.com', password: 'operator-staff-123', roles: ['operator'] },
  { email: 'payments@example.com', password: 'payments-staff-123', roles: ['payments'] },
] as const;

/**
 * The demo logins as a small text table (printed by `npm start` and the seed command, outside the
 * JSON log: a newcomer copies them from the terminal).
 */
export function demoLoginsTable(url: string): string {
  const rows = [
    ['who', 'e-mail', 'password'],
    ['demo member', DEMO_LOGIN.email, DEMO_LOGIN.password],
    ...STAFF_LOGINS.map((l) => [`staff (${l.roles.join(', ')})`, l.email, l.password]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    `  ${r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('   ')
      .trimEnd()}`;
  return (
    [`Demo logins for ${url}:`, line(rows[0] as string[]), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n') +
    '\n'
  );
}

export type SeedLogin = typeof DEMO_LOGIN | (typeof STAFF_LOGINS)[number];
export const SEED_LOGINS: readonly SeedLogin[] = [DEMO_LOGIN, ...STAFF_LOGINS];

/**
 * Makes the given logins, each in its own transaction: an account on `siteId` with a profile in
 * Amsterdam and its starting credits. `hashes[n]` is the password hash of `toMake[n]`. Returns
 * the demo member's id if it was among them.
 */
export async function createLogins(
  db: Db,
  toMake: readonly SeedLogin[],
  hashes: readonly string[],
  fallbackHash: string,
  siteId: number,
): Promise<number | null> {
  let demoId: number | null = null;
  for (const [n, login] of toMake.entries()) {
    const roles: string[] = 'roles' in login ? [...login.roles] : [];
    const name = roles.length ? `Staff ${roles[0]}` : 'Demo';
    const gender = roles.length ? 'female' : 'male';
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId,
          email: login.email,
          passwordHash: hashes[n] ?? fallbackHash,
          language: 'nl',
          status: 'active',
          emailConfirmed: true,
          isStaff: roles.length > 0,
          staffRoles: roles,
        })
        .returning({ id: users.id, siteId: users.siteId });
      if (!user) throw new Error('seed: user insert failed');
      await grantDemoCredits(tx, user.id, LOGIN_CREDITS);
      await tx.insert(profiles).values({
        userId: user.id,
        siteId: user.siteId,
        name,
        gender,
        sexuality: 'hetero',
        dateOfBirth: '1988-04-12',
        country: 'NL',
        region: 'NH',
        city: 'Amsterdam',
        reason: REASONS.nl[0],
        about: ABOUT.nl[0],
        hairColor: 'brown',
        eyeColor: 'blue',
        bodyType: 'normal',
        relationshipStatus: 'single',
        tattoos: false,
        status: 'active',
      });
      await tx.insert(profileInterests).values([
        { userId: user.id, slug: 'travel' },
        { userId: user.id, slug: 'music' },
        { userId: user.id, slug: 'food' },
      ]);
      if (login === DEMO_LOGIN) demoId = user.id;
    });
  }
  return demoId;
}
