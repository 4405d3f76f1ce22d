/**
 * The simulator calls the webhook as Mollie does: a POST with the form body `id=tr_...` and
 * nothing else. Any answer but a 2xx within 15 s is a failure and is retried on Mollie's schedule:
 * 10 calls in all over about 26 hours (https://docs.mollie.com/overview/webhooks, "Retry
 * schema"), stretched by MOLLIE_SIM_TIME_SCALE (0.001 makes it about 90 s; 0: every retry at once),
 * as is the settlement of recurring payments; expiry stays at the payment's expiresAt.
 * Every call is a pg-boss job, and so are recurring settlements and expiries: they survive a
 * restart. The first call is stored (`storeWebhook`, due FIRST_CALL_BACKSTOP_SECONDS later) BEFORE
 * the change it announces is made; after the change this process makes the call at once and
 * cancels the stored one (or only cancels it when nothing changed). So a `kill -9` anywhere between
 * "paid" and the call delays the call by half a minute, and loses nothing; a crash before the
 * change costs one needless call, which the site answers by fetching an unchanged payment.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../platform/jobs';
import { getObject } from './store';

export const WEBHOOK_JOB = 'mollie-sim.webhook';
export const SETTLE_JOB = 'mollie-sim.settle';
export const EXPIRE_JOB = 'mollie-sim.expire';
/** Minutes between the calls after a failed one: 9 retries, the 10th call about 26 hours after the first. */
export const RETRY_MINUTES = [1, 5, 15, 30, 60, 120, 180, 360, 780] as const;
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** A recurring payment settles this long after it was created (before scaling). */
export const SETTLE_SECONDS = 3;

export interface WebhookDeps {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  timeScale: number;
}

/** The stored first call runs this long after it was queued unless this process made it (not scaled: longer than a call may take). */
export const FIRST_CALL_BACKSTOP_SECONDS = 30;

/** Seconds until a job, after scaling; 0 = now. */
export const scaled = (seconds: number, scale: number) => Math.max(0, Math.round(seconds * scale));

/** One webhook call: true when the site answered 2xx. */
export async function callWebhook(url: string, paymentId: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: '*/*', 'user-agent': 'Mollie HTTP Webhook (simulator)' },
      body: new URLSearchParams({ id: paymentId }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status >= 200 && res.status < 300;
  } catch {
    return false;
  }
}

/** Call the payment's webhook (attempt 1..10); on failure queue the next attempt. */
export async function deliverWebhook(deps: WebhookDeps, paymentId: string, attempt: number): Promise<boolean> {
  const payment = await getObject(deps.db, paymentId, 'payment');
  const url = typeof payment?.webhookUrl === 'string' ? payment.webhookUrl : null;
  if (!url) return true;
  const ok = await callWebhook(url, paymentId);
  if (ok) return true;
  const wait = RETRY_MINUTES[attempt - 1];
  if (wait === undefined) {
    deps.log.warn({ paymentId, attempts: attempt }, 'mollie simulator: webhook kept failing, no more retries');
    return false;
  }
  await deps.jobs.send(WEBHOOK_JOB, { paymentId, attempt: attempt + 1 }, { startAfter: scaled(wait * 60, deps.timeScale), retryLimit: 0 });
  return false;
}

/** Store the first call of a webhook as a job; returns the job's id (cancel it once the call was made). */
export async function queueWebhook(
  deps: WebhookDeps,
  paymentId: string,
  backstopSeconds = FIRST_CALL_BACKSTOP_SECONDS,
): Promise<string | null> {
  return deps.jobs.send(WEBHOOK_JOB, { paymentId, attempt: 1 }, { startAfter: backstopSeconds, retryLimit: 0 });
}

export interface StoredWebhook {
  /** make the first call now, then cancel the stored one (a failed call queues its retry) */
  deliver(): Promise<void>;
  /** nothing changed: cancel the stored call */
  drop(): Promise<void>;
}

/** Store the first call of a webhook before the change it announces (see above). */
export async function storeWebhook(deps: WebhookDeps, paymentId: string): Promise<StoredWebhook> {
  const jobId = await queueWebhook(deps, paymentId);
  const drop = async () => {
    if (jobId) await deps.jobs.cancel(WEBHOOK_JOB, jobId);
  };
  return {
    async deliver() {
      await deliverWebhook(deps, paymentId, 1);
      await drop();
    },
    drop,
  };
}
