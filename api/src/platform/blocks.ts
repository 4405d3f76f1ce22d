/**
 * Whether two members blocked each other, either way. Members (likes, search), chat (conversations,
 * realtime) and notifications (no news of a blocked actor) all ask; the blocks themselves are
 * written by members (service.ts blockMember).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { blocks } from '../db/schema';

export async function isBlockedBetween(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}
