/**
 * Purge of accounts deleted more than 14 days ago (scheduled job `identity.purge`, hourly).
 *
 * What goes: photo files and rows, the profile, interests, likes, blocks, messages and every other
 * row that points at the user, sessions, tokens, push subscriptions, login attempts, the mails
 * sent to them, the deletion remarks. What stays: the credits ledger (`credit_ledger`) and the `users` row, anonymised (no e-mail, no
 * password, no tracking), because payment records must be kept for the law (bookkeeping) and
 * reference it; payment tables are recognised by name (payment/transaction/ledger/invoice/order/credit)
 * and left untouched.
 *
 * Tables are found through the foreign keys that reference users(id) in the database itself, so a
 * capability that adds a table (chat messages, ...) is covered without editing this file.
 */
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliverMails, senderFor, type Mailer } from '../../platform/mail';
import { accountDeletions, accountTokens, loginAttempts, mailOutbox, photos, profiles, sites, users } from '../../db/schema';
import { attemptsOfAccount } from './login-guard';
import { columnsReferencingUsers, rowsOfUser } from './user-references';

export const PURGE_JOB = 'identity.purge';
/** tables kept by law (payment records): the credits ledger by name, others recognised by name pattern */
const KEEP_TABLES = new Set(['credit_ledger']);
const KEEP_TABLE = /payment|transaction|ledger|invoice|order|credit|mandate|directdebit/i;
const keepsRows = (table: string) => KEEP_TABLES.has(table) || KEEP_TABLE.test(table);
/** our own bookkeeping of the deletion itself (its remarks are blanked instead) */
const SKIP_TABLE = new Set(['users', 'account_deletions', 'mail_outbox', 'login_attempts']);

/** Purge every account whose grace period ended before `now`. Returns the purged user ids. */
export async function purgeDeletedAccounts(app: FastifyInstance, now: Date = new Date()): Promise<number[]> {
  const due = await app.db
    .select({ id: accountDeletions.id, userId: accountDeletions.userId })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .where(
      and(
        lte(accountDeletions.purgeAfter, now),
        isNull(accountDeletions.reactivatedAt),
        isNull(accountDeletions.purgedAt),
        eq(users.status, 'deleted'),
      ),
    );
  if (due.length === 0) return [];
  const refs = (await columnsReferencingUsers(app.db)).filter((r) => !SKIP_TABLE.has(r.table_name) && !keepsRows(r.table_name));
  const purged: number[] = [];
  for (const d of due) {
    const files = await app.db.select().from(photos).where(eq(photos.userId, d.userId));
    await app.withTx(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, d.userId)).for('update');
      if (!u || u.status !== 'deleted') return;
      // profiles first would cascade its children; delete every referencing row explicitly
      for (const ref of refs.filter((r) => r.table_name !== 'profiles')) {
        await tx.execute(sql`delete ${rowsOfUser(ref, d.userId)}`);
      }
      await tx.delete(profiles).where(eq(profiles.userId, d.userId));
      await tx.delete(mailOutbox).where(eq(mailOutbox.userId, d.userId));
      await tx.delete(loginAttempts).where(attemptsOfAccount(u.siteId, u.email));
      await tx
        .update(users)
        .set({
          email: `purged-${u.id}@invalid.invalid`,
          passwordHash: '',
          tracking: null,
          notificationsDisabled: [],
          lastSeenAt: null,
          invisible: true,
        })
        .where(eq(users.id, u.id));
      await tx.update(accountDeletions).set({ purgedAt: now, remarks: '' }).where(eq(accountDeletions.userId, u.id));
    });
    for (const f of files) {
      for (const name of [f.filename, f.thumbFilename, f.matchFilename]) await app.storage.remove(name).catch(() => undefined);
    }
    purged.push(d.userId);
  }
  return purged;
}

/** Login attempts and used or expired tokens are kept 30 days (lock decisions need 15 minutes). */
export const HOUSEKEEPING_DAYS = 30;

export async function cleanUpIdentityRows(app: FastifyInstance, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - HOUSEKEEPING_DAYS * 86_400_000);
  await app.db.delete(loginAttempts).where(lte(loginAttempts.createdAt, before));
  await app.db.delete(accountTokens).where(lte(accountTokens.expiresAt, before));
}

export const MAIL_RETRY_JOB = 'identity.mail-retry';

/** Deliver mails whose SMTP delivery failed (or never ran) in the last day; returns how many went. */
export async function retryUndelivered(app: FastifyInstance, mailer: Mailer, now: Date = new Date()): Promise<number> {
  if (mailer.transport !== 'smtp') return 0;
  const rows = await app.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        gte(mailOutbox.createdAt, new Date(now.getTime() - 86_400_000)),
        lte(mailOutbox.createdAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .limit(100);
  const names = new Map((await app.db.select().from(sites)).map((s) => [s.id, (s.settings as { name?: string }).name ?? 'Flirtlokaal']));
  const result = await deliverMails(
    app.db,
    mailer,
    rows.map((r) => r.id),
    (siteId) => senderFor(app.config.MAIL_FROM, names.get(siteId ?? -1) ?? 'Flirtlokaal'),
  );
  return result.sent;
}

/** Register the hourly purge and the mail retry (called once from the routes plugin). */
export async function schedulePurge(app: FastifyInstance, mailer?: Mailer): Promise<void> {
  if (mailer) {
    app.jobs.work(MAIL_RETRY_JOB, async () => {
      const sent = await retryUndelivered(app, mailer);
      if (sent) app.log.info({ sent }, 'delivered mails on retry');
    });
    await app.jobs.schedule(MAIL_RETRY_JOB, '*/5 * * * *');
  }
  app.jobs.work(PURGE_JOB, async () => {
    const ids = await purgeDeletedAccounts(app);
    if (ids.length) app.log.info({ purged: ids.length }, 'purged deleted accounts');
    await cleanUpIdentityRows(app);
  });
  await app.jobs.schedule(PURGE_JOB, '17 * * * *');
}
