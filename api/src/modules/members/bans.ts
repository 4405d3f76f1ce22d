/**
 * Members and bans (issue 15, role moderator): find a member by e-mail, name or id; their
 * profile, photos and what others reported (blocks: there is no report table); ban with a reason
 * and unban; the list of banned members.
 *
 * A ban sets users.status (and profiles.status) to 'disabled' and records who, why and when in
 * member_bans, in the staff action's transaction. From that commit on the member is logged out
 * everywhere: loadSession refuses a disabled user's session on every request; the users row's
 * trigger (migration 0010) makes every instance's session cache forget the member; the
 * WebSocket's `account:banned` frame (NOTIFY 'ban:<id>', platform/realtime/hub.ts) sends every open tab
 * of the member to /pages/ban and closes the socket. The session rows stay, logging nobody in:
 * they are how GET /api/ban.php recognises the banned browser and shows its owner the personal
 * notice. Unban gives back the earlier status and revokes those sessions, so the member logs in
 * anew.
 *
 * Staff accounts: only an admin may ban one (a moderator gets 403 `ban_staff_forbidden`), and
 * nobody can ban themselves (400 `ban_self`).
 */
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { BanInfo, BanList, BanReason, StaffMemberDetail, StaffMemberList, StaffMemberRow } from '@dating/shared-kit/contracts';
import { hasStaffRole, STAFF_MEMBERS_PAGE_SIZE, ZBanReason } from '@dating/shared-kit/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { blocks, memberBans, photos, profiles, sites, users } from '../../db/schema';
import { AppError } from '../../errors';
import { revokeAllSessions } from '../../platform/session';
import type { UserRow } from '../../platform/session';
import { forgetUserEverywhere } from '../../platform/session-cache';
import { notifyRealtime } from '../../platform/realtime/notify';
import { toRejectReason } from './photos';
import { ageFromDateOfBirth, toImage } from './serialize-profile';

type Status = StaffMemberRow['status'];

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toBan(row: typeof memberBans.$inferSelect): BanInfo {
  const reason = ZBanReason.safeParse(row.reason);
  return {
    reason: reason.success ? reason.data : 'other',
    note: row.note,
    staff_email: row.staffEmail,
    created_at: row.createdAt.toISOString(),
  };
}

/** Members by e-mail or name (parts, any case) or id; newest first, STAFF_MEMBERS_PAGE_SIZE a page. */
export async function findMembers(db: DbOrTx, q: string | undefined, page: number, cdnPrefix: string): Promise<StaffMemberList> {
  const text = q?.trim() ?? '';
  let where: SQL | undefined;
  if (text) {
    const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
    where = or(ilike(users.email, likeText(text)), ilike(profiles.name, likeText(text)), id ? eq(users.id, id) : undefined);
  }
  const mainPhoto = sql<typeof photos.$inferSelect | null>`(select row_to_json(p) from photos p where p.id = ${profiles.mainPhotoId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, name: profiles.name, main: mainPhoto })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(STAFF_MEMBERS_PAGE_SIZE)
      .offset((page - 1) * STAFF_MEMBERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
  ]);
  return {
    members: rows.map((r) => toRow(r.user, r.name, r.main ? mainFromJson(r.main as unknown as Record<string, unknown>, cdnPrefix) : null)),
    total: Number(total?.n ?? 0),
    page,
    per_page: STAFF_MEMBERS_PAGE_SIZE,
  };
}

function mainFromJson(p: Record<string, unknown>, cdnPrefix: string) {
  return toImage(
    {
      id: Number(p.id),
      filename: String(p.filename),
      thumbFilename: String(p.thumb_filename),
      matchFilename: String(p.match_filename),
      status: String(p.status),
    },
    cdnPrefix,
  );
}

function toRow(user: UserRow, name: string | null, main: StaffMemberRow['main_image']): StaffMemberRow {
  return {
    id: user.id,
    email: user.email,
    name,
    status: user.status as Status,
    is_staff: user.isStaff,
    fictional: user.fictional,
    signup_at: user.signupAt.toISOString(),
    main_image: main,
  };
}

async function loadUser(db: DbOrTx, id: number, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw new AppError('member_not_found', { status: 404, field: 'id' });
  return user;
}

/** One member as staff see them: account, profile, every photo with its status, reports, ban. */
export async function memberDetail(db: DbOrTx, id: number, cdnPrefix: string): Promise<StaffMemberDetail> {
  const user = await loadUser(db, id);
  const [[profile], photoRows, [blockedBy], [blocking], [ban], [site]] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, id)),
    db.select().from(photos).where(eq(photos.userId, id)).orderBy(photos.createdAt, photos.id),
    db.select({ n: count() }).from(blocks).where(eq(blocks.blockedId, id)),
    db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, id)),
    db.select().from(memberBans).where(eq(memberBans.userId, id)),
    db.select({ domain: sites.domain }).from(sites).where(eq(sites.id, user.siteId)),
  ]);
  const mainId = profile?.mainPhotoId ?? null;
  const main = photoRows.find((p) => p.id === mainId);
  return {
    member: {
      ...toRow(user, profile?.name ?? null, main ? toImage(main, cdnPrefix) : null),
      site: site?.domain ?? '',
      email_confirmed: user.emailConfirmed,
      paid_user: user.paidUser,
      credits: user.credits,
      staff_roles: [...user.staffRoles],
      last_seen_at: user.lastSeenAt ? user.lastSeenAt.toISOString() : null,
      profile: profile
        ? {
            gender: profile.gender,
            age: ageFromDateOfBirth(profile.dateOfBirth),
            country: profile.country,
            region: profile.region,
            city: profile.city,
            about: profile.about,
          }
        : null,
    },
    photos: photoRows.map((p) => ({
      ...toImage(p, cdnPrefix),
      is_main: p.id === mainId,
      created_at: p.createdAt.toISOString(),
      rejection_reason: p.status === 'rejected' ? toRejectReason(p.rejectionReason) : null,
    })),
    reports: { blocked_by: Number(blockedBy?.n ?? 0), blocking: Number(blocking?.n ?? 0) },
    ban: ban ? toBan(ban) : null,
  };
}

export interface BanChange {
  id: number;
  status: Status;
  ban: BanInfo | null;
  before: unknown;
  after: unknown;
}

/** Ban a member (see the top of this file for what it does and who may). */
export async function banMember(tx: Tx, staff: UserRow, id: number, reason: BanReason, note: string | null): Promise<BanChange> {
  if (id === staff.id) throw new AppError('ban_self', { status: 400, field: 'id' });
  const user = await loadUser(tx, id, true);
  if (user.isStaff && !hasStaffRole(staff.staffRoles, 'admin')) throw new AppError('ban_staff_forbidden', { status: 403, field: 'id' });
  if (user.status === 'disabled') throw new AppError('member_already_banned', { status: 409, field: 'id' });
  if (user.status === 'deleted') throw new AppError('member_deleted', { status: 409, field: 'id' });
  const [row] = await tx
    .insert(memberBans)
    .values({ userId: id, reason, note, previousStatus: user.status, staffId: staff.id, staffEmail: staff.email })
    .returning();
  if (!row) throw new AppError('internal', { status: 500 });
  await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, id));
  await tx
    .update(profiles)
    .set({ status: 'disabled', updatedAt: new Date() })
    .where(and(eq(profiles.userId, id), eq(profiles.status, 'active')));
  // every open tab of the member goes to the ban page (delivered at commit)
  await notifyRealtime(tx, `ban:${id}`);
  forgetUserEverywhere(id);
  const ban = toBan(row);
  return { id, status: 'disabled', ban, before: { status: user.status }, after: { status: 'disabled', reason, note } };
}

/** Lift a ban: the earlier status back, the old sessions revoked (the member logs in anew). */
export async function unbanMember(tx: Tx, id: number): Promise<BanChange> {
  const user = await loadUser(tx, id, true);
  const [ban] = await tx.delete(memberBans).where(eq(memberBans.userId, id)).returning();
  if (!ban || user.status !== 'disabled') throw new AppError('member_not_banned', { status: 409, field: 'id' });
  const status = (ban.previousStatus === 'not_confirmed' ? 'not_confirmed' : 'active') as Status;
  await tx.update(users).set({ status }).where(eq(users.id, id));
  await tx
    .update(profiles)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(profiles.userId, id), eq(profiles.status, 'disabled')));
  await revokeAllSessions(tx, id);
  return {
    id,
    status,
    ban: null,
    before: { status: 'disabled', reason: ban.reason, note: ban.note, banned_by: ban.staffEmail },
    after: { status },
  };
}

/** Banned members, most recent ban first. */
export async function listBans(db: DbOrTx, page: number): Promise<BanList> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ ban: memberBans, email: users.email, name: profiles.name })
      .from(memberBans)
      .innerJoin(users, eq(users.id, memberBans.userId))
      .leftJoin(profiles, eq(profiles.userId, memberBans.userId))
      .orderBy(desc(memberBans.createdAt), desc(memberBans.userId))
      .limit(STAFF_MEMBERS_PAGE_SIZE)
      .offset((page - 1) * STAFF_MEMBERS_PAGE_SIZE),
    db.select({ n: count() }).from(memberBans),
  ]);
  return {
    bans: rows.map((r) => ({ id: r.ban.userId, email: r.email, name: r.name, ban: toBan(r.ban) })),
    total: Number(total?.n ?? 0),
    page,
    per_page: STAFF_MEMBERS_PAGE_SIZE,
  };
}
