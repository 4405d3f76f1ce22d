/**
 * Account deletion and reactivation: a deleted account is kept for DELETE_GRACE_DAYS, during which
 * the mailed reactivation link brings it back; afterwards purge.ts removes it.
 */
import { and, eq, gte, isNull } from 'drizzle-orm';
import { DELETE_GRACE_DAYS } from '@dating/shared-kit/contracts';
import type { User } from '@dating/shared-kit/contracts';
import { accountDeletions, profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { createSession, revokeAllSessions } from '../../platform/session';
import { baseUrl, deliver, nameOf, queueFor, type Ctx } from './mail-queue';
import type { UserRow } from './serialize-user';
import { currentUser } from './service';
import { consumeToken, issueToken, revokeTokens } from './tokens';

export async function deleteAccount(ctx: Ctx, me: UserRow, reason: string, remarks: string): Promise<Date> {
  const now = new Date();
  const purgeAfter = new Date(now.getTime() + DELETE_GRACE_DAYS * 86_400_000);
  const ids = await ctx.app.withTx(async (tx) => {
    await tx.update(users).set({ status: 'deleted', deletedAt: now }).where(eq(users.id, me.id));
    await tx.update(profiles).set({ status: 'deleted' }).where(eq(profiles.userId, me.id));
    await tx.insert(accountDeletions).values({ userId: me.id, reason, remarks, deletedAt: now, purgeAfter });
    await revokeTokens(tx, me.id, 'reactivation');
    await revokeAllSessions(tx, me.id);
    const name = await nameOf(tx, me.id);
    const { token } = await issueToken(tx, me.id, 'reactivation', { now, ttlMs: purgeAfter.getTime() - now.getTime() });
    const link = `${baseUrl(ctx)}/account-deleted?token=${token}`;
    return [await queueFor(tx, ctx, 'reactivation', me.email, me, name, link, DELETE_GRACE_DAYS)];
  });
  ctx.req.sessionId = null;
  ctx.req.user = null;
  ctx.reply.clearCookie('sid', { path: '/' });
  await deliver(ctx, ids);
  return purgeAfter;
}

export async function reactivate(ctx: Ctx, token: string): Promise<User> {
  const userId = await ctx.app.withTx(async (tx) => {
    const row = await consumeToken(tx, token, 'reactivation');
    if (!row) throw new AppError('reactivation_invalid', { status: 400, field: 'token' });
    const [u] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    const [deletion] = await tx
      .select()
      .from(accountDeletions)
      .where(
        and(
          eq(accountDeletions.userId, row.userId),
          isNull(accountDeletions.reactivatedAt),
          isNull(accountDeletions.purgedAt),
          gte(accountDeletions.purgeAfter, new Date()),
        ),
      )
      .limit(1);
    if (!u || u.status !== 'deleted' || !deletion) throw new AppError('reactivation_invalid', { status: 400, field: 'token' });
    await tx
      .update(users)
      .set({ status: u.emailConfirmed ? 'active' : 'not_confirmed', deletedAt: null })
      .where(eq(users.id, u.id));
    await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, u.id));
    await tx.update(accountDeletions).set({ reactivatedAt: new Date() }).where(eq(accountDeletions.id, deletion.id));
    return u.id;
  });
  await createSession(ctx.reply, userId);
  return currentUser(ctx, userId);
}
