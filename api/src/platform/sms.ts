/**
 * SMS adapter. Every SMS is written to the `sms_outbox` table inside the caller's transaction
 * (like mail.ts: a rolled-back request sends nothing), then delivered after commit:
 *
 *   SMS_URL set   -> an HTTP provider: `POST SMS_URL` with JSON `{"to": "+31612345678", "text": "..."}`
 *                    and `Authorization: Bearer SMS_KEY`; any 2xx is delivered. The stored copy has
 *                    the message's secret (a one-time code) masked: the code reaches only the
 *                    provider, never the database.
 *   SMS_URL unset -> the outbox is the delivery (development and tests): it keeps the full text,
 *                    readable at /dev/mailbox beside the mails (identity/routes.ts), which is how a
 *                    tester or an e2e test reads a code. In production nothing needs it: without a
 *                    provider direct debit (the only sender of codes) is not offered at all.
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

export interface QueuedSms {
  id: number;
  to: string;
  /** the full text, in memory only until delivered */
  text: string;
}

export interface SmsSender {
  /** 'http' when SMS_URL is set, else 'outbox' */
  transport: 'http' | 'outbox';
  /** Can a code reach a member's phone? (a provider, or outside production the developer outbox) */
  delivers: boolean;
  /** Store the SMS in the caller's transaction; `secret` (a code in `text`) is masked in the stored copy when a provider delivers. */
  queue(db: DbOrTx, sms: SmsInput & { secret?: string }): Promise<QueuedSms>;
  /** After commit: hand the SMS to the provider (throws when it does not take it). */
  deliver(sms: QueuedSms): Promise<void>;
}

export interface SmsConfig {
  SMS_URL?: string;
  SMS_KEY?: string;
  NODE_ENV: string;
}

const PROVIDER_TIMEOUT_MS = 10_000;

/** Write one outbox row (the stored copy). */
export async function queueSms(db: DbOrTx, sms: SmsInput): Promise<number> {
  const [row] = await db.insert(smsOutbox).values(sms).returning({ id: smsOutbox.id });
  if (!row) throw new Error('sms not queued');
  return row.id;
}

export function createSmsSender(config: SmsConfig): SmsSender {
  const url = config.SMS_URL;
  if (!url) {
    return {
      transport: 'outbox',
      delivers: config.NODE_ENV !== 'production',
      queue: async (db, { secret: _secret, ...sms }) => ({ id: await queueSms(db, sms), to: sms.to, text: sms.text }),
      deliver: async () => undefined,
    };
  }
  return {
    transport: 'http',
    delivers: true,
    async queue(db, { secret, ...sms }) {
      const stored = secret ? sms.text.split(secret).join('*'.repeat(secret.length)) : sms.text;
      return { id: await queueSms(db, { ...sms, text: stored }), to: sms.to, text: sms.text };
    },
    async deliver(sms) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(config.SMS_KEY ? { authorization: `Bearer ${config.SMS_KEY}` } : {}) },
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS provider answered ${res.status} for sms ${sms.id}`);
    },
  };
}

/** The newest SMS, optionally to one number (the developer mailbox). */
export async function listSms(db: DbOrTx, to?: string) {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(to ? eq(smsOutbox.to, to) : undefined)
    .orderBy(desc(smsOutbox.id))
    .limit(100);
  return rows.map((r) => ({ id: r.id, to: r.to, text: r.text, kind: r.kind, created_at: r.createdAt.toISOString() }));
}
