/**
 * A member's preferences (GET/PUT /api/preferences.php, served by members/routes.ts): the
 * notification switches (email, push) and, stored beside them, invisibility and location.
 * They live here because the notifications read them for every push and mail; members, which
 * imports notifications, serves the page.
 */
import { eq } from 'drizzle-orm';
import type { Preferences, PreferencesUpdate } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { memberPreferences, users } from '../../db/schema';

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
