/**
 * The one place where a profile row becomes the wire shape `ZProfile` (shared-kit contracts).
 *
 *   toProfile(profileRow, { photos, interests, viewer, isOwner, fictional, cdnPrefix })
 *
 * Rules:
 * - `age` is derived from date_of_birth (UTC, on `now`); `date_of_birth` itself only for the owner.
 * - `city` only when the member shows it (preferences.location.show_city, passed as `showCity`);
 *   the owner always sees their own city.
 * - `main_image` only when the main photo is `active` and so is the profile (the owner also sees a
 *   pending/rejected main photo, with its status, so the own-profile screen can say "under
 *   inspection"). A banned or deleted member's files are refused (photo-files.ts): their URL
 *   would be a broken image in the other member's chat, so the others get none (a placeholder).
 * - Image URLs are `<cdn_prefix>/uploads/<file>` (cdn_prefix of the request's site; '' -> `/uploads/...`).
 * - Never coordinates: the profile table has none, and nothing here adds any.
 */
import type { Image, Profile } from '@dating/shared-kit/contracts';
import type { photos as photosTable, profiles as profilesTable } from '../../db/schema/core';

export type ProfileRow = typeof profilesTable.$inferSelect;
export type PhotoRow = typeof photosTable.$inferSelect;
/** The part of a photo row the wire needs (what profileFields selects as json for a main photo). */
export type PhotoRef = Pick<PhotoRow, 'id' | 'filename' | 'thumbFilename' | 'matchFilename' | 'status'>;

export interface ToProfileOptions {
  /** the member's photos (any status); the main image is picked from them by profiles.main_photo_id */
  photos?: readonly PhotoRow[];
  /** alternatively, the main photo row itself (or null) when the full list was not loaded */
  mainPhoto?: PhotoRef | null;
  /** interest slugs of the member */
  interests?: readonly string[];
  /** who looks (null: logged out). Only used to decide `isOwner` when that is not given. */
  viewer?: { id: number } | null;
  /** the owner sees date_of_birth and a not-yet-active main photo */
  isOwner?: boolean;
  /** the member's preferences.location.show_city (default true); false hides the city from others */
  showCity?: boolean;
  /** users.fictional of the member */
  fictional: boolean;
  /** the site's settings.cdn_prefix ('' = same origin) */
  cdnPrefix?: string;
  /** clock for the age (tests) */
  now?: Date;
}

/** `<cdn_prefix>/uploads/<file>`, tolerant of a prefix that already ends in /uploads or a slash. */
export function uploadUrl(cdnPrefix: string | undefined, file: string): string {
  let prefix = (cdnPrefix ?? '').replace(/\/+$/, '');
  if (!prefix.endsWith('/uploads')) prefix = `${prefix}/uploads`;
  return `${prefix}/${file}`;
}

/** Full years between the ISO date `dateOfBirth` (YYYY-MM-DD) and `now` (UTC). */
export function ageFromDateOfBirth(dateOfBirth: string, now: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age -= 1;
  return Math.max(0, age);
}

/** A photo row on the wire (ZImage), URLs under the CDN prefix. */
export function toImage(photo: PhotoRef, cdnPrefix?: string): Image {
  return {
    id: photo.id,
    filename: uploadUrl(cdnPrefix, photo.filename),
    thumb_filename: uploadUrl(cdnPrefix, photo.thumbFilename),
    status: photo.status as Image['status'],
    match: uploadUrl(cdnPrefix, photo.matchFilename),
  };
}

export function toProfile(row: ProfileRow, options: ToProfileOptions): Profile {
  const isOwner = options.isOwner ?? (options.viewer != null && options.viewer.id === row.userId);
  let main: PhotoRef | null | undefined = options.mainPhoto;
  if (main === undefined && options.photos && row.mainPhotoId != null) {
    main = options.photos.find((p) => p.id === row.mainPhotoId) ?? null;
  }
  const showMain = main != null && ((main.status === 'active' && row.status === 'active') || isOwner);

  const profile: Profile = {
    id: row.userId,
    name: row.name,
    age: ageFromDateOfBirth(row.dateOfBirth, options.now),
    gender: row.gender as Profile['gender'],
    sexuality: (row.sexuality ?? null) as Profile['sexuality'],
    country: row.country,
    region: row.region ?? null,
    city: isOwner || options.showCity !== false ? (row.city ?? null) : null,
    reason: row.reason ?? null,
    about: row.about ?? null,
    interests: [...(options.interests ?? [])],
    hair_color: (row.hairColor ?? null) as Profile['hair_color'],
    eye_color: (row.eyeColor ?? null) as Profile['eye_color'],
    body_type: (row.bodyType ?? null) as Profile['body_type'],
    relationship_status: (row.relationshipStatus ?? null) as Profile['relationship_status'],
    tattoos: row.tattoos ?? null,
    status: row.status as Profile['status'],
    fictional: options.fictional,
    // approved selfie (issue 26); a fictional profile is never verified
    verified: !options.fictional && row.verifiedAt != null,
    main_image: showMain && main ? toImage(main, options.cdnPrefix) : null,
  };
  if (isOwner) profile.date_of_birth = row.dateOfBirth;
  return profile;
}
