/**
 * SMS adapter. Every SMS is written to the `sms_outbox` table inside the caller's transaction
 * (like mail.ts: a rolled-back request sends nothing). There is no SMS provider configured in this
 * product yet, so the outbox is the delivery: outside production it is readable at /dev/mailbox
 * beside the mails (identity/routes.ts), which is how a tester or an e2e test reads a code.
 */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { smsOutbox } from '../db/schema';

export interface SmsInput {
  to: string;
  text: string;
  kind: string;
  userId: number | null;
}

export async function queueSms(db: DbOrTx, sms: SmsInput): Promise<number> {
  const [row] = await db.insert(smsOutbox).values(sms).returning({ id: smsOutbox.id });
  if (!row) throw new Error('sms not queued');
  return row.id;
}

/** The newest SMS, optionally to one number (the developer mailbox). */
export async function listSms(db: DbOrTx, to?: string) {
  const rows = await db.select().from(smsOutbox).where(to ? eq(smsOutbox.to, to) : undefined).orderBy(desc(smsOutbox.id)).limit(100);
  return rows.map((r) => ({ id: r.id, to: r.to, text: r.text, kind: r.kind, created_at: r.createdAt.toISOString() }));
}
