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
 * - `syncUnheardPayments`, in the same job: a payment at the PSP that is not final some minutes
 *   after it was made, and was not asked about lately, is asked about (the PSP's webhook may have
 *   been lost: ten failed calls, our server down, a crash in the simulator between the checkout and
 *   its stored call). Asked again after a pause that grows with its age (a tenth of it, at least 5
 *   minutes), so a bank transfer open for 12 days costs a few dozen calls, not thousands.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { releaseHolds } from './holds';
import type { PaymentRow } from './sync';

export const PSP_CHECK_SECONDS = 5;
export const STALE_OPEN_MINUTES = 5;
export const PSP_SWEEP_JOB = 'payments.psp-sweep';
/** a payment at the PSP not final this long after it was made is asked about by the sweep */
export const UNHEARD_MINUTES = 2;
const SWEEP_BATCH = 50;

/** May this request ask the PSP about the payment now? (true for exactly one request per PSP_CHECK_SECONDS) */
export async function claimPspCheck(db: DbOrTx, paymentId: number, seconds = PSP_CHECK_SECONDS): Promise<boolean> {
  const won = await db
    .update(payments)
    .set({ pspCheckedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, paymentId),
        or(isNull(payments.pspCheckedAt), lt(payments.pspCheckedAt, sql`now() - make_interval(secs => ${seconds})`)),
      ),
    )
    .returning({ id: payments.id });
  return won.length > 0;
}

/** Mark payments open without a PSP id for more than `minutes` expired (holds given back); returns their ids. */
export async function expireStalePayments(app: FastifyInstance, minutes = STALE_OPEN_MINUTES): Promise<number[]> {
  return app.withTx(async (tx) => {
    const stale = await tx
      .update(payments)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(
        and(isNull(payments.pspId), eq(payments.status, 'open'), lt(payments.createdAt, sql`now() - make_interval(mins => ${minutes})`)),
      )
      .returning({ id: payments.id });
    const ids = stale.map((p) => p.id);
    for (const id of ids) await releaseHolds(tx, id);
    return ids;
  });
}

/** Ask the PSP about payments not final UNHEARD_MINUTES after they were made (`sync`: service.ts syncFromPsp); returns how many were asked about. */
export async function syncUnheardPayments(app: FastifyInstance, sync: (row: PaymentRow) => Promise<unknown>): Promise<number> {
  const rows = await app.db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.pspId),
        inArray(payments.status, ['open', 'pending', 'authorized']),
        lt(payments.createdAt, sql`now() - make_interval(mins => ${UNHEARD_MINUTES})`),
        or(
          isNull(payments.pspCheckedAt),
          lt(payments.pspCheckedAt, sql`now() - greatest(interval '5 minutes', (now() - ${payments.createdAt}) / 10)`),
        ),
      ),
    )
    .orderBy(sql`${payments.pspCheckedAt} asc nulls first`, asc(payments.id))
    .limit(SWEEP_BATCH);
  let asked = 0;
  for (const row of rows) {
    // the same claim as the result page's poll: one instance asks
    if (!(await claimPspCheck(app.db, row.id))) continue;
    asked += 1;
    await sync(row).catch((err: unknown) => app.log.warn({ err, payment: row.id }, 'PSP status not fetched by the sweep'));
  }
  return asked;
}

export async function registerPaymentSweeps(app: FastifyInstance, sync: (row: PaymentRow) => Promise<unknown>): Promise<void> {
  app.jobs.work(PSP_SWEEP_JOB, async () => {
    const ids = await expireStalePayments(app);
    if (ids.length > 0) app.log.warn({ payments: ids }, 'payments left open without a PSP id (a crash while creating them): expired');
    await syncUnheardPayments(app, sync);
  });
  await app.jobs.schedule(PSP_SWEEP_JOB, '* * * * *');
}
