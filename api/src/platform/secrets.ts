/**
 * Secrets the server makes itself, once, and keeps in the database (`app_secrets`), so every
 * instance and every restart uses the same: the VAPID key pair of Web Push (platform/push.ts) and
 * the signing key of one-click unsubscribe links (modules/notifications/unsubscribe.ts).
 * The first instance to get there writes it; any other (a concurrent start) reads that one.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSecrets } from '../db/schema';

export async function storedSecret(db: DbOrTx, name: string, make: () => string): Promise<string> {
  const [found] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (found) return found.value;
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
