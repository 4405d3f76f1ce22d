/**
 * How often the site asks the PSP about a payment it has not heard the end of (issue 25, 5-6).
 *
 * - `claimPspCheck`: the result page polls GET /api/payment.php every 2 s; the PSP is asked at most
 *   once per payment per PSP_CHECK_SECONDS across all instances. One conditional update of
 *   `payments.psp_checked_at` (`... where psp_checked_at is null or < now() - interval`) picks the
 *   one request that may ask; the others answer the stored status. A final payment is never asked
 *   about here (the webhook brings its chargebacks and refunds).
 * - `expireStalePayments`, a job every minute: a payment still `open` without a PSP id some minutes
 *   after it was made was never created at the PSP (the server died between our insert and the
 *   PSP's answer; a refusal deletes the row). Nobody can pay it, so it is marked expired: its holds
 *   go back and it no longer counts towards the direct-debit limit.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { releaseHolds } from './holds';

export const PSP_CHECK_SECONDS = 5;
export const STALE_OPEN_MINUTES = 5;
export const STALE_OPEN_JOB = 'payments.expire-stale-open';

/** May this request ask the PSP about the payment now? (true for exactly one request per PSP_CHECK_SECONDS) */
export async function claimPspCheck(db: DbOrTx, paymentId: number, seconds = PSP_CHECK_SECONDS): Promise<boolean> {
  const won = await db
    .update(payments)
    .set({ pspCheckedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), or(isNull(payments.pspCheckedAt), lt(payments.pspCheckedAt, sql`now() - make_interval(secs => ${seconds})`))))
    .returning({ id: payments.id });
  return won.length > 0;
}

/** Mark payments open without a PSP id for more than `minutes` expired (holds given back); returns their ids. */
export async function expireStalePayments(app: FastifyInstance, minutes = STALE_OPEN_MINUTES): Promise<number[]> {
  return app.withTx(async (tx) => {
    const stale = await tx
      .update(payments)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(and(isNull(payments.pspId), eq(payments.status, 'open'), lt(payments.createdAt, sql`now() - make_interval(mins => ${minutes})`)))
      .returning({ id: payments.id });
    const ids = stale.map((p) => p.id);
    for (const id of ids) await releaseHolds(tx, id);
    return ids;
  });
}

export async function registerPaymentSweeps(app: FastifyInstance): Promise<void> {
  app.jobs.work(STALE_OPEN_JOB, async () => {
    const ids = await expireStalePayments(app);
    if (ids.length > 0) app.log.warn({ payments: ids }, 'payments left open without a PSP id (a crash while creating them): expired');
  });
  await app.jobs.schedule(STALE_OPEN_JOB, '* * * * *');
}
