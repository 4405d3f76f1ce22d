/**
 * The one place where a users row (+ its profile) becomes the wire shape `ZUser`.
 *
 *   toUser(userRow, profileRow, { site, mainPhoto, interests, unreadMessages, newLikes })
 *   loadUser(db, userId, site)  -> the User of a member (own view), or null
 *   loadUserRow / userOfRow     -> the same in two steps
 *   UserJson.of(row, site, now) -> GET /api/user.php's answer as checked JSON text (what the answer
 *                                  cache keeps); .answer(now) adds the time bonus of the moment
 *
 * The profile part comes from members' `toProfile` (own view: date_of_birth and a pending main
 * photo are included).
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Placeholder } from 'drizzle-orm';
import { STAFF_ROLES, ZUser, ZUserTimeBonus } from '@dating/shared-kit/contracts';
import type { Language, StaffRole, User } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profiles, users } from '../../db/schema';
import { newLikesCount, profileFields, toProfile, type MemberId, type PhotoRef, type ProfileRow } from '../members';
import { historySince, unreadMessagesSql } from '../chat';
import type { SiteContext } from '../sites';
import { timeBonusOf, type TimeBonusSubject } from '../payments';

export type UserRow = typeof users.$inferSelect;

export interface ToUserOptions {
  site: Pick<SiteContext, 'settings'>;
  mainPhoto?: PhotoRef | null;
  interests?: readonly string[];
  unreadMessages?: number;
  newLikes?: number;
  /** the moment of the answer (age, time bonus); default now */
  now?: Date;
}

const USER_STATUSES = ['not_confirmed', 'active', 'disabled', 'deleted'] as const;
const REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;

function timeBonusSubject(row: UserRow, profileRow: ProfileRow): TimeBonusSubject {
  return { id: row.id, paidUser: row.paidUser, signupAt: row.signupAt, country: profileRow.country };
}

export function toUser(row: UserRow, profileRow: ProfileRow, options: ToUserOptions): User {
  const status = (USER_STATUSES as readonly string[]).includes(row.status) ? (row.status as User['status']) : 'deleted';
  return {
    id: row.id,
    email: row.email,
    profile: toProfile(profileRow, {
      isOwner: true,
      fictional: row.fictional,
      mainPhoto: options.mainPhoto ?? null,
      interests: options.interests ?? [],
      cdnPrefix: options.site.settings.cdn_prefix,
      now: options.now,
    }),
    credits: row.credits,
    paid_user: row.paidUser,
    fictional_icon: options.site.settings.fictional_icon,
    language: row.language as Language,
    status,
    notifications_disabled: row.notificationsDisabled.filter((r): r is User['notifications_disabled'][number] =>
      (REASONS as readonly string[]).includes(r),
    ),
    email_confirmed: row.emailConfirmed,
    signup_at: row.signupAt.toISOString(),
    unread_messages: options.unreadMessages ?? 0,
    new_likes: options.newLikes ?? 0,
    is_staff: row.isStaff,
    staff_roles: row.isStaff ? (row.staffRoles.filter((r) => (STAFF_ROLES as readonly string[]).includes(r)) as StaffRole[]) : [],
    time_bonus: timeBonusOf(timeBonusSubject(row, profileRow), options.now),
  };
}

function userQuery(db: DbOrTx, userId: MemberId, since: Placeholder | string) {
  return db
    .select({
      ...profileFields,
      user: users,
      newLikes: sql<number>`(${newLikesCount(db, userId)})`,
      unread: sql<number>`${unreadMessagesSql(userId, since)}`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
}

/** The rows `toUser` needs for one member (what user.php's answer cache keeps: answer-cache.ts). */
export type UserAnswerRow = Awaited<ReturnType<typeof userQuery>>[number];

/**
 * Load everything `toUser` needs for one member in one query (the profile's wire columns of
 * profileFields, the new-likes and unread-messages counts as subqueries). Undefined when the user
 * or profile is missing. On the app's own handle the query is a prepared statement (user.php runs
 * it on every page).
 */
export async function loadUserRow(db: DbOrTx, userId: number, site: Pick<SiteContext, 'settings'>): Promise<UserAnswerRow | undefined> {
  const since = historySince(site.settings).toISOString();
  const rows = !('rollback' in db)
    ? await prepared(db as Db, 'load_user', (d) =>
        userQuery(d, sql.placeholder('id'), sql.placeholder('since')).prepare('load_user'),
      ).execute({ id: userId, since })
    : await userQuery(db, userId, since);
  return rows[0];
}

/** The wire User of a row of loadUserRow, for `site` and `now` (time bonus, age). */
export function userOfRow(row: UserAnswerRow, site: Pick<SiteContext, 'settings'>, now?: Date): User {
  return toUser(row.user, row.profile, {
    site,
    now,
    mainPhoto: row.main,
    interests: [...row.interests].sort(),
    newLikes: Number(row.newLikes),
    unreadMessages: Number(row.unread),
  });
}

const ZTimeBonusAnswer = z.nullable(ZUserTimeBonus);

/**
 * GET /api/user.php's answer `{"user":{...}}` as JSON text, checked by ZUser as the route's
 * response schema would, built once and kept by the answer cache (the search's ProfileJson does
 * the same for profiles): building, checking and serializing the whole User was most of the
 * call's own work. Valid for the site's look (CDN prefix, fictional icon) and the UTC day (the
 * age) it was built for, which the cache key names (identity/routes.ts). Only the time bonus,
 * whose countdown runs by the second, is made, checked and serialized per answer.
 */
export class UserJson {
  private constructor(
    /** the checked User without `time_bonus`, as JSON text */
    private readonly head: string,
    private readonly bonus: TimeBonusSubject,
  ) {}

  static of(row: UserAnswerRow, site: Pick<SiteContext, 'settings'>, now = new Date()): UserJson {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { time_bonus, ...rest } = ZUser.parse(userOfRow(row, site, now));
    return new UserJson(JSON.stringify(rest), timeBonusSubject(row.user, row.profile));
  }

  /** The answer's text with the time bonus of `now`. */
  answer(now = new Date()): string {
    const bonus = JSON.stringify(ZTimeBonusAnswer.parse(timeBonusOf(this.bonus, now)));
    return `{"user":${this.head.slice(0, -1)},"time_bonus":${bonus}}}`;
  }
}

/** The User of a member (own view), or null. */
export async function loadUser(db: DbOrTx, userId: number, site: Pick<SiteContext, 'settings'>): Promise<User | null> {
  const row = await loadUserRow(db, userId, site);
  return row ? userOfRow(row, site) : null;
}
