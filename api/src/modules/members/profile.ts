/**
 * Own profile (GET/PUT /api/profile.php) and preferences (GET/PUT /api/preferences.php).
 * Region is checked against the country's regions (the data /api/regions.php serves), interests
 * against the interests table, date of birth for validity and the minimum age.
 */
import { eq, inArray } from 'drizzle-orm';
import { MIN_MEMBER_AGE } from '@dating/shared-kit/contracts';
import type { Preferences, PreferencesUpdate, Profile, ProfileUpdate } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { interests, memberPreferences, profileInterests, profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { regionOfCountry } from '../sites/regions';
import { ageFromDateOfBirth } from './serialize-profile';
import { loadProfiles } from './service';

export async function ownProfile(db: DbOrTx, userId: number, cdnPrefix: string): Promise<Profile> {
  const [profile] = await loadProfiles(db, [userId], { viewerId: userId, cdnPrefix });
  if (!profile) throw new AppError('member_not_found', { status: 404 });
  return profile;
}

function checkDateOfBirth(value: string): void {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value || d.getUTCFullYear() < 1900) {
    throw new AppError('members_date_of_birth_invalid', { status: 400, field: 'date_of_birth' });
  }
  const age = ageFromDateOfBirth(value);
  if (age < MIN_MEMBER_AGE) {
    throw new AppError('members_min_age', { status: 400, field: 'date_of_birth', params: { min_age: MIN_MEMBER_AGE } });
  }
  if (age > 120) throw new AppError('members_date_of_birth_invalid', { status: 400, field: 'date_of_birth' });
}

export async function updateProfile(db: Db, userId: number, input: ProfileUpdate, cdnPrefix: string): Promise<Profile> {
  const [current] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!current) throw new AppError('member_not_found', { status: 404 });

  if (input.date_of_birth !== undefined) checkDateOfBirth(input.date_of_birth);
  const country = input.country ?? current.country;
  let region = current.region;
  if (input.country !== undefined && input.country !== current.country) region = null;
  if (input.region !== undefined) region = regionOfCountry(country, input.region);
  let slugs: string[] | undefined;
  if (input.interests !== undefined) {
    slugs = [...new Set(input.interests)];
    if (slugs.length) {
      const known = await db.select({ slug: interests.slug }).from(interests).where(inArray(interests.slug, slugs));
      if (known.length !== slugs.length) throw new AppError('unknown_interest', { status: 400, field: 'interests' });
    }
  }

  await db.transaction(async (tx) => {
    const set: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date(), country, region };
    if (input.name !== undefined) set.name = input.name;
    if (input.gender !== undefined) set.gender = input.gender;
    if (input.sexuality !== undefined) set.sexuality = input.sexuality;
    if (input.date_of_birth !== undefined) set.dateOfBirth = input.date_of_birth;
    if (input.city !== undefined) set.city = input.city || null;
    if (input.reason !== undefined) set.reason = input.reason || null;
    if (input.about !== undefined) set.about = input.about || null;
    if (input.hair_color !== undefined) set.hairColor = input.hair_color;
    if (input.eye_color !== undefined) set.eyeColor = input.eye_color;
    if (input.body_type !== undefined) set.bodyType = input.body_type;
    if (input.relationship_status !== undefined) set.relationshipStatus = input.relationship_status;
    if (input.tattoos !== undefined) set.tattoos = input.tattoos;
    await tx.update(profiles).set(set).where(eq(profiles.userId, userId));
    if (slugs !== undefined) {
      await tx.delete(profileInterests).where(eq(profileInterests.userId, userId));
      if (slugs.length) await tx.insert(profileInterests).values(slugs.map((slug) => ({ userId, slug })));
    }
  });
  return ownProfile(db, userId, cdnPrefix);
}

export const DEFAULT_PREFERENCES: Omit<Preferences, 'invisible'> = {
  email: { messages: true, likes: true, matches: true, newsletter: false },
  push: { messages: true, likes: true, matches: true },
  location: { use_geolocation: false, show_city: true },
};

export async function getPreferences(db: DbOrTx, userId: number): Promise<Preferences> {
  const [row] = await db.select().from(memberPreferences).where(eq(memberPreferences.userId, userId));
  const [user] = await db.select({ invisible: users.invisible }).from(users).where(eq(users.id, userId));
  return {
    email: { ...DEFAULT_PREFERENCES.email, ...(row?.email ?? {}) },
    push: { ...DEFAULT_PREFERENCES.push, ...(row?.push ?? {}) },
    invisible: user?.invisible ?? false,
    location: { ...DEFAULT_PREFERENCES.location, ...(row?.location ?? {}) },
  };
}

export async function updatePreferences(db: Db, userId: number, input: PreferencesUpdate): Promise<Preferences> {
  const current = await getPreferences(db, userId);
  const next: Preferences = {
    email: { ...current.email, ...input.email },
    push: { ...current.push, ...input.push },
    invisible: input.invisible ?? current.invisible,
    location: { ...current.location, ...input.location },
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(memberPreferences)
      .values({ userId, email: next.email, push: next.push, location: next.location })
      .onConflictDoUpdate({
        target: memberPreferences.userId,
        set: { email: next.email, push: next.push, location: next.location, updatedAt: new Date() },
      });
    if (next.invisible !== current.invisible) await tx.update(users).set({ invisible: next.invisible }).where(eq(users.id, userId));
    if (input.email !== undefined && Object.values(next.email).some(Boolean)) await clearOptOuts(tx, userId);
  });
  return next;
}

/**
 * Reasons in users.notifications_disabled that the member lifts by saving e-mail preferences with
 * mails on: a spam complaint (fbl) and an unsubscribe from the mail client (listunsubscribe) were
 * the member's own choice, and the alert sends them to /notifications to undo it. A bounce is not:
 * the address does not work, and only a new address (mail change) clears it.
 */
export const OPT_OUT_REASONS: readonly string[] = ['fbl', 'listunsubscribe'];

async function clearOptOuts(tx: DbOrTx, userId: number): Promise<void> {
  const [row] = await tx.select({ reasons: users.notificationsDisabled }).from(users).where(eq(users.id, userId));
  if (!row || !row.reasons.some((r) => OPT_OUT_REASONS.includes(r))) return;
  await tx
    .update(users)
    .set({ notificationsDisabled: row.reasons.filter((r) => !OPT_OUT_REASONS.includes(r)) })
    .where(eq(users.id, userId));
}
