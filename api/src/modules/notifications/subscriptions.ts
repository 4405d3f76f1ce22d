/**
 * Web Push subscriptions (POST /api/user.php?push=1): stored per member after the checks of
 * platform/push.ts (https endpoint on a public host that does not resolve to an internal address,
 * or http loopback with PUSH_ALLOW_LOOPBACK=1; keys a browser makes). A rejected subscription is a translated 400 `subscription_invalid`, and
 * nothing is stored. A member keeps at most MAX_SUBSCRIPTIONS (one per browser/device); the oldest
 * go first. The same endpoint again (the browser re-subscribed, or another member logged in on it)
 * moves to the caller.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../errors';
import type { LookupFunction } from 'node:net';
import { acceptableEndpointNow, acceptableKeys } from '../../platform/push';

export const MAX_SUBSCRIPTIONS = 10;

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export async function saveSubscription(
  db: Db,
  userId: number,
  sub: SubscriptionInput,
  allowLoopback: boolean,
  lookup?: LookupFunction,
): Promise<void> {
  if (!(await acceptableEndpointNow(sub.endpoint, { allowLoopback, ...(lookup ? { lookup } : {}) }))) {
    throw new AppError('validation', {
      status: 400,
      field: 'subscription.endpoint',
      messageCode: 'subscription_invalid',
      extra: { code: 'subscription_invalid' },
    });
  }
  if (!acceptableKeys(sub.keys)) {
    throw new AppError('validation', {
      status: 400,
      field: 'subscription.keys',
      messageCode: 'subscription_invalid',
      extra: { code: 'subscription_invalid' },
    });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: sub.endpoint, keys: sub.keys })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, keys: sub.keys, createdAt: new Date() } });
    const keep = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_SUBSCRIPTIONS);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        notInArray(
          pushSubscriptions.id,
          keep.map((k) => k.id),
        ),
      ),
    );
  });
}

/** Whether the member has a push subscription (push_subscriptions_user_idx). */
export async function hasSubscription(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return rows.length > 0;
}

export async function subscriptionsOf(db: Db, userId: number) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function removeSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
