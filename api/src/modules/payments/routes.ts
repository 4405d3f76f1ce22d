/**
 * Routes of credits and payments: credits.php, payment.php, payment-webhook.php,
 * repeat-order.php, directdebit.php, transactions.php, discountcode.php. Inputs are checked by the
 * route schemas (the shared contracts); a failed payments rule answers its own code (`iban_invalid`,
 * `package_unknown`, ...) with `field`, translated (platform/errors.ts).
 */
import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreditsQuery,
  ZCreditsResponse,
  ZDirectDebitResponse,
  ZDiscountCode,
  ZDiscountCodeQuery,
  ZAdminDiscountCode,
  ZAdminDiscountCodes,
  ZAdminPayments,
  ZAdminPaymentsQuery,
  ZBlockedAccount,
  ZDiscountCodeUses,
  ZRefundRequest,
  ZRefundResult,
  ZBlockedCreate,
  ZBlockedList,
  ZDiscountCodeCreate,
  ZDiscountCodeUpdate,
  ZIdBody,
  ZOk,
  ZPayment,
  ZPaymentCreated,
  ZPaymentQuery,
  ZPaymentRequest,
  ZRepeatOrderRequest,
  ZRepeatOrderResponse,
  ZTransactionsResponse,
} from '@dating/shared-kit/contracts';
import type { DiscountCode } from '@dating/shared-kit/contracts';
import { AppError } from '../../errors';
import { emptyBodyAsObject, membersOnly } from '../../platform/route-guards';
import { createSmsSender } from '../../platform/sms';
import { requireRole, staffAction, staffRoute, writeAudit } from '../backoffice';
import {
  addBlocked,
  addCode,
  adminPayment,
  codeUses,
  listBlocked,
  listCodes,
  listPayments,
  removeBlocked,
  setCodeActive,
} from './backoffice';
import { claimRefund, recordRefund, sendRefund, undoRefund } from './refunds';
import { registerMollieSim } from '../mollie-sim';
import { directDebit, ZDirectDebitBody } from './direct-debit';
import { checkCode, welcomeDiscount } from './discounts';
import { createOfferCache } from './methods';
import { isCountry } from './pricing';
import { createPsp } from './psp';
import { registerPaymentSweeps } from './psp-poll';
import { creditsOverview, handleWebhook, memberOf, paymentOf, repeatOrder, startPayment, syncFromPsp, transactionsOf } from './service';
import type { Ctx } from './service';

const docs = <
  P extends { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; response?: Record<number, z.core.$ZodType> },
>(
  summary: string,
  parts: P,
) => ({ schema: { tags: ['payments'], summary, ...parts } });

/** A discount code's id in the URL, checked as the body's id would be. */
const ZCodeIdParams = z.object({ id: ZIdBody.shape.id });

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  emptyBodyAsObject(app);
  if (!app.config.MOLLIE_API_KEY) {
    if (app.config.NODE_ENV === 'production' && !app.config.MOLLIE_SIMULATOR) {
      throw new Error(
        'MOLLIE_API_KEY is not set: in production payments need it. For a demo that lets anyone choose "Paid" in the built-in simulator, set MOLLIE_SIMULATOR=true.',
      );
    }
    if (app.config.NODE_ENV === 'production')
      app.log.warn('MOLLIE_SIMULATOR=true: payments go to the built-in simulator, where anyone can choose "Paid"');
    // its pages open in the browser: the local site's public address (as server.ts prints it)
    await registerMollieSim(app, (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/+$/, ''));
  }
  const psp = createPsp(app);
  await registerPaymentSweeps(app, (row) => syncFromPsp({ app, psp }, row));
  const offer = createOfferCache(psp);
  const sms = createSmsSender(app.config);
  if (!sms.delivers) app.log.warn('SMS_URL is not set: direct debit (confirmed by an SMS code) is not offered');
  const ctx = (req: FastifyRequest): Ctx => ({ app, psp, offer, sms, req });

  app.get(
    '/api/credits.php',
    docs('Packages, methods and banks for the payment country', { querystring: ZCreditsQuery, response: { 200: ZCreditsResponse } }),
    async (req) => creditsOverview(ctx(req), req.query),
  );

  app.post(
    '/api/payment.php',
    { ...docs('Start a payment: the hosted checkout URL', { body: ZPaymentRequest, response: { 200: ZPaymentCreated } }), ...membersOnly },
    async (req) => startPayment(ctx(req), req.body),
  );

  app.get(
    '/api/payment.php',
    { ...docs('A payment of the member (owner only)', { querystring: ZPaymentQuery, response: { 200: ZPayment } }), ...membersOnly },
    async (req) => paymentOf(ctx(req), req.query.id),
  );

  app.post(
    '/api/repeat-order.php',
    {
      ...docs('Buy again on the saved card (recurring payment on its mandate)', {
        body: ZRepeatOrderRequest,
        response: { 200: ZRepeatOrderResponse },
      }),
      ...membersOnly,
    },
    async (req) => ({ payment: await repeatOrder(ctx(req), req.body.package) }),
  );

  app.post(
    '/api/directdebit.php',
    {
      ...docs('SEPA direct debit: step 1 the form (SMS code sent), step 2 {otp}', {
        body: ZDirectDebitBody,
        response: { 200: ZDirectDebitResponse },
      }),
      ...membersOnly,
      config: app.limit('mail'),
    },
    async (req) => directDebit(ctx(req), req.body),
  );

  app.get('/api/transactions.php', docs('Own payments and credit usage', { response: { 200: ZTransactionsResponse } }), async (req) =>
    transactionsOf(ctx(req)),
  );

  app.get(
    '/api/discountcode.php',
    docs('Check a discount code, or ?welcome=true for the welcome discount', {
      querystring: ZDiscountCodeQuery,
      response: { 200: ZDiscountCode },
    }),
    async (req): Promise<DiscountCode> => {
      const query = req.query;
      const member = req.user ? await memberOf(app, req.user) : null;
      const siteCountry = req.site.settings.countries.find(isCountry) ?? 'NL';
      const country = member?.country ?? siteCountry;
      const found =
        query.welcome === 'true'
          ? member
            ? await welcomeDiscount(app.db, member)
            : null
          : query.code
            ? await checkCode(app.db, query.code, member, country)
            : null;
      if (!found) throw new AppError('discount_code_not_found', { field: query.welcome === 'true' ? 'welcome' : 'code' });
      return {
        code: found.code,
        percentage: found.percentage,
        minimum_order_value: found.minimumOrderValue,
        country: found.country,
        kind: found.kind,
        expires: found.expires ? found.expires.toISOString() : null,
      };
    },
  );

  // ---- back office (staff only) ----------------------------------------------------------------
  app.get(
    '/api/backoffice/payments',
    {
      ...docs('Staff: the payments, newest first (search, status, paging)', {
        querystring: ZAdminPaymentsQuery,
        response: { 200: ZAdminPayments },
      }),
      ...staffRoute('payments'),
    },
    async (req) => listPayments(app.db, req.query),
  );
  app.post(
    '/api/backoffice/payments/refund',
    {
      ...docs('Staff: refund a paid payment; its credits come off the balance', { body: ZRefundRequest, response: { 200: ZRefundResult } }),
      ...staffRoute('payments', 'payments.refund'),
    },
    async (req) => {
      const claim = await staffAction(req, { role: 'payments', action: 'payments.refund' }, async (tx, staff) => {
        const { id } = req.body;
        req.auditTarget = `payment:${id}`;
        const claimed = await claimRefund(tx, id, staff.id);
        return {
          result: claimed,
          target: `payment:${id}`,
          before: { refunded_at: null },
          after: { credits_taken: claimed.credits, balance: claimed.balance },
        };
      });
      app.sessionCache.forgetUser(claim.userId);
      app.answers.forgetMember(claim.userId);
      let refundId: string;
      try {
        refundId = await sendRefund(psp, claim);
      } catch (error) {
        await app.withTx(async (tx) => {
          await undoRefund(tx, claim);
          await writeAudit(tx, requireRole(req, 'payments'), {
            action: 'payments.refund_undone',
            target: `payment:${claim.paymentId}`,
            after: { credits_back: claim.credits },
          });
        });
        app.sessionCache.forgetUser(claim.userId);
        app.answers.forgetMember(claim.userId);
        throw error;
      }
      await app.withTx((tx) => recordRefund(tx, claim, refundId));
      return { payment: await adminPayment(app.db, claim.paymentId), credits_taken: claim.credits, balance: claim.balance };
    },
  );
  app.get(
    '/api/backoffice/payments/blocked',
    docs('Staff: blocked IBANs and phone numbers (direct debit)', { response: { 200: ZBlockedList } }),
    async (req) => {
      requireRole(req, 'payments');
      return { blocked: await listBlocked(app.db) };
    },
  );
  app.post(
    '/api/backoffice/payments/blocked',
    {
      ...docs('Staff: block an IBAN or a phone number', { body: ZBlockedCreate, response: { 201: ZBlockedAccount } }),
      ...staffRoute('payments', 'payments.block'),
    },
    async (req, reply) => {
      const made = await staffAction(req, { role: 'payments', action: 'payments.block' }, async (tx) => {
        const body = req.body;
        const row = await addBlocked(tx, body.kind, body.value, body.note);
        return { result: row, after: row, target: `${row.kind}:${row.value}` };
      });
      return reply.status(201).send(made);
    },
  );
  app.delete(
    '/api/backoffice/payments/blocked',
    { ...docs('Staff: unblock', { body: ZIdBody, response: { 200: ZOk } }), ...staffRoute('payments', 'payments.unblock') },
    async (req) =>
      staffAction(req, { role: 'payments', action: 'payments.unblock' }, async (tx) => {
        const gone = await removeBlocked(tx, req.body.id);
        return { result: { ok: true as const }, before: gone, target: `${gone.kind}:${gone.value}` };
      }),
  );
  app.get(
    '/api/backoffice/payments/codes/:id/uses',
    {
      ...docs('Staff: who used a discount code', { params: ZCodeIdParams, response: { 200: ZDiscountCodeUses } }),
      ...staffRoute('payments'),
    },
    async (req) => ({ uses: await codeUses(app.db, req.params.id) }),
  );
  app.get(
    '/api/backoffice/payments/codes',
    docs('Staff: discount codes and their uses', { response: { 200: ZAdminDiscountCodes } }),
    async (req) => {
      requireRole(req, 'payments');
      return { codes: await listCodes(app.db) };
    },
  );
  app.post(
    '/api/backoffice/payments/codes',
    {
      ...docs('Staff: a new discount code', { body: ZDiscountCodeCreate, response: { 201: ZAdminDiscountCode } }),
      ...staffRoute('payments', 'codes.create'),
    },
    async (req, reply) => {
      const made = await staffAction(req, { role: 'payments', action: 'codes.create' }, async (tx) => {
        const code = await addCode(tx, req.body);
        return { result: code, after: code, target: `code:${code.code}` };
      });
      return reply.status(201).send(made);
    },
  );
  app.put(
    '/api/backoffice/payments/codes',
    {
      ...docs('Staff: switch a discount code on or off', { body: ZDiscountCodeUpdate, response: { 200: ZAdminDiscountCode } }),
      ...staffRoute('payments', 'codes.set_active'),
    },
    async (req) =>
      staffAction(req, { role: 'payments', action: 'codes.set_active' }, async (tx) => {
        const body = req.body;
        const code = await setCodeActive(tx, body.id, body.active);
        return { result: code, before: { active: !code.active }, after: { active: code.active }, target: `code:${code.code}` };
      }),
  );

  // The PSP's webhook: a bare form post with `id` only (no CSRF header, no session). Its body is
  // never trusted: the payment is fetched from the PSP. Unknown or malformed ids: 200, nothing done.
  await app.register(async (hook) => {
    await hook.register(formbody, { bodyLimit: 1024 });
    hook.post(
      '/api/payment-webhook.php',
      { config: { csrf: false }, schema: { tags: ['payments'], summary: 'PSP webhook: form id=tr_...' } },
      async (req, reply) => {
        const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
        try {
          await handleWebhook({ app, psp }, body.id);
        } catch (err) {
          app.metrics.webhookCalls.inc({ outcome: 'error' });
          throw err;
        }
        app.metrics.webhookCalls.inc({ outcome: 'ok' });
        return reply.status(200).type('text/plain').send('');
      },
    );
  });
};

export default paymentsRoutes;
