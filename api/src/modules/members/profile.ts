/**
 * Own profile (GET/PUT /api/profile.php); the preferences (GET/PUT /api/preferences.php) are
 * notifications/preferences.ts.
 * Region is checked against the country's regions (the data /api/regions.php serves), interests
 * against the interests table, date of birth for validity and the minimum age.
 */
import { eq, inArray } from 'drizzle-orm';
import { MIN_MEMBER_AGE } from '@dating/shared-kit/contracts';
import type { Profile, ProfileUpdate } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { interests, profileInterests, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { regionOfCountry } from '../sites';
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
