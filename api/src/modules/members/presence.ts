/**
 * Presence on a member's profile (GET /api/member.php `presence`, logged-in viewers only): "online"
 * or "last seen" at a time rounded down to the minute (never the exact second of someone's visit).
 *
 * Made of three signals:
 *   - the page-hidden beacon (POST /api/page-hidden.php) stamps users.last_seen_at when the
 *     member's tab goes to the background or closes: the moment they left;
 *   - sessions.last_seen_at, touched by their requests (at most every 5 minutes, platform/session.ts):
 *     they were active then;
 *   - an open realtime socket on this instance (the site is open in a tab right now).
 * Online: a socket here, or activity within ONLINE_MS that came after the last "left".
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const ONLINE_MS = 10 * 60_000;

export interface Presence {
  online: boolean;
  /** ISO time rounded down to the minute; null when never seen (or online) */
  last_seen: string | null;
}

export function toMinute(at: Date): string {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
}

export async function presenceOf(db: DbOrTx, userId: number, connected: boolean, now = new Date()): Promise<Presence> {
  const [row] = await db
    .select({
      left: users.lastSeenAt,
      active: sql<
        string | Date | null
      >`(select max(s.last_seen_at) from ${sessions} s where s.user_id = ${userId} and s.expires_at > ${now.toISOString()})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { online: false, last_seen: null };
  const active = row.active ? new Date(row.active) : null;
  const left = row.left;
  const online = connected || (active !== null && now.getTime() - active.getTime() < ONLINE_MS && (left === null || active > left));
  if (online) return { online: true, last_seen: null };
  const last = [active, left].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  return { online: false, last_seen: last ? toMinute(last) : null };
}
