/**
 * The built-in Mollie simulator, mounted under /mollie-sim when MOLLIE_API_KEY is unset:
 *
 *   /mollie-sim/v2/...                 the part of Mollie's v2 REST API the site uses (payments,
 *                                      methods, customers, mandates), Bearer key, Idempotency-Key,
 *                                      Mollie's JSON, statuses and error bodies
 *   /mollie-sim/checkout/test-mode     the hosted checkout (Paid / Failed / Canceled / Expired / Open)
 *   /mollie-sim/dashboard/payments/:id/refunds|chargebacks[/:id/reverse]
 *                                      POST (Bearer key): a refund made in Mollie's dashboard, a
 *                                      chargeback by the consumer's bank (and its reversal); then
 *                                      the webhook is called
 *
 * The site talks to it only through the official @mollie/api-client (modules/payments/psp.ts), as
 * it would talk to Mollie. After the checkout the browser goes to the payment's redirectUrl and the
 * simulator calls the webhookUrl with the id only (webhooks.ts: Mollie's retry schedule).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listSimMethods, simMethod, toMinor, toValue } from './catalog';
import type { SequenceType, SimMethod } from './catalog';
import { checkoutPage, messagePage } from './checkout-page';
import { errorBody, HAL, list, SimError, withCustomerLinks, withMandateLinks, withPaymentChildLinks, withPaymentLinks } from './json';
import type { Bases, Obj } from './json';
import {
  cancelPayment,
  CHECKOUT_OUTCOMES,
  createCustomer,
  createMandate,
  createPayment,
  FINAL,
  finishCheckout,
  publicView,
  settleRecurring,
} from './service';
import type { CheckoutOutcome } from './service';
import { createChargeback, createRefund, reverseChargeback } from './money-back';
import {
  claimIdempotencyKey,
  getCustomerObject,
  getObject,
  listObjects,
  listOfPayment,
  patchObject,
  rememberAnswer,
  simApiKey,
} from './store';
import { deliverWebhook, storeWebhook, EXPIRE_JOB, scaled, SETTLE_JOB, SETTLE_SECONDS, WEBHOOK_JOB } from './webhooks';
import type { WebhookDeps } from './webhooks';

export const SIM_PREFIX = '/mollie-sim';

/** What the rest of the server (and tests) may ask of the simulator. */
export interface MollieSim {
  /** the API key the official client must send */
  apiKey(): Promise<string>;
  /** resolves when every webhook call started so far has finished (tests, benchmark) */
  settled(): Promise<void>;
  /** how many API requests this instance answered, per `METHOD /route` (e.g. `GET /v2/payments/:id`) */
  requests(route: string): number;
}

/** One simulator per server (keyed by its HTTP server, which every plugin context of an app shares). */
const sims = new WeakMap<object, MollieSim>();

/** The app's built-in Mollie simulator; null when MOLLIE_API_KEY is set. */
export function mollieSimOf(app: FastifyInstance): MollieSim | null {
  return sims.get(app.server) ?? null;
}

const q = (req: FastifyRequest) => (req.query ?? {}) as Record<string, string | undefined>;

function methodJson(m: SimMethod, currency: string, withIssuers: boolean, b: Bases): Obj {
  const image = (id: string) => ({
    size1x: `https://www.mollie.com/external/icons/payment-methods/${id}.png`,
    size2x: `https://www.mollie.com/external/icons/payment-methods/${id}%402x.png`,
    svg: `https://www.mollie.com/external/icons/payment-methods/${id}.svg`,
  });
  return {
    resource: 'method',
    id: m.id,
    description: m.description,
    minimumAmount: { value: toValue(m.minimum), currency },
    maximumAmount: { value: toValue(m.maximum), currency },
    image: image(m.id),
    status: 'activated',
    ...(withIssuers && m.issuers
      ? {
          issuers: m.issuers.map((i) => ({
            resource: 'issuer',
            id: i.id,
            name: i.name,
            image: image(`ideal-issuers/${i.id.replace(/^ideal_/, '')}`),
          })),
        }
      : {}),
    _links: {
      self: { href: `${b.api}/methods/${m.id}`, type: HAL },
      documentation: { href: 'https://docs.mollie.com/reference/get-method', type: 'text/html' },
    },
  };
}

export async function registerMollieSim(app: FastifyInstance, publicBase: string): Promise<void> {
  const pending = new Set<Promise<unknown>>();
  const requestCounts = new Map<string, number>();
  let key: string | null = null;
  const apiKey = async () => (key ??= await simApiKey(app.db));
  const deps: WebhookDeps = { db: app.db, jobs: app.jobs, log: app.log, timeScale: app.config.MOLLIE_SIM_TIME_SCALE };
  const track = <T>(p: Promise<T>) => {
    const run = p.catch((err: unknown) => app.log.error({ err }, 'mollie simulator: background step failed'));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };
  sims.set(app.server, {
    apiKey,
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    requests: (route) => requestCounts.get(route) ?? 0,
  });

  /**
   * A change Mollie announces by the payment's webhook (a final status; money of a paid payment
   * going back): the call is stored as a job before the change, made after it, dropped when
   * nothing changed (webhooks.ts).
   */
  const announced = async <T>(paymentId: string, change: () => Promise<T>, changed: (result: T) => boolean = () => true): Promise<T> => {
    const webhook = await storeWebhook(deps, paymentId);
    let result: T;
    try {
      result = await change();
    } catch (err) {
      await webhook.drop();
      throw err;
    }
    if (changed(result)) track(webhook.deliver());
    else await webhook.drop();
    return result;
  };
  const isFinal = (payment: Obj | null) => payment !== null && FINAL.has(String(payment.status));
  app.jobs.work<{ paymentId: string; attempt: number }>(WEBHOOK_JOB, async (data) => {
    await deliverWebhook(deps, data.paymentId, data.attempt);
  });
  app.jobs.work<{ paymentId: string }>(SETTLE_JOB, async (data) => {
    await announced(data.paymentId, () => settleRecurring(app.db, data.paymentId), isFinal);
  });
  app.jobs.work<{ paymentId: string }>(EXPIRE_JOB, async (data) => {
    await announced(data.paymentId, () => finishCheckout(app.db, data.paymentId, 'expired'), isFinal);
  });

  const plugin: FastifyPluginAsync = async (sim) => {
    await sim.register(formbody, { bodyLimit: 4096 });
    const bases = (req: FastifyRequest): Bases => ({
      api: `${req.protocol}://${req.host}${SIM_PREFIX}/v2`,
      pages: `${publicBase}${SIM_PREFIX}`,
    });
    const hal = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).type(HAL).send(body);

    sim.setErrorHandler((err, req, reply) => {
      if (err instanceof SimError) return hal(reply, err.status, err.body());
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500)
        return hal(reply, status, errorBody(status, err instanceof Error ? err.message : 'Bad request'));
      req.log.error({ err }, 'mollie simulator failed');
      return hal(reply, 500, errorBody(500, 'An internal server error occurred while processing your request.'));
    });
    sim.setNotFoundHandler((req, reply) => hal(reply, 404, errorBody(404, 'The resource does not exist.')));

    sim.addHook('onRequest', async (req) => {
      if (!req.url.startsWith(`${SIM_PREFIX}/v2/`) && !req.url.startsWith(`${SIM_PREFIX}/dashboard/`)) return;
      const route = `${req.method} ${(req.routeOptions.url ?? '').slice(SIM_PREFIX.length)}`;
      requestCounts.set(route, (requestCounts.get(route) ?? 0) + 1);
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${await apiKey()}`) throw new SimError(401, 'Missing authentication, or failed to authenticate');
    });

    /** POST/DELETE with an Idempotency-Key: the first answer is kept and replayed (store.ts). */
    async function idempotent(req: FastifyRequest, reply: FastifyReply, status: number, run: () => Promise<unknown>) {
      const header = req.headers['idempotency-key'];
      const idemKey = typeof header === 'string' && header ? header.slice(0, 200) : null;
      if (idemKey) {
        const replay = await claimIdempotencyKey(app.db, idemKey, req.method, req.url, req.body);
        if (replay) return hal(reply, replay.status, replay.body);
      }
      try {
        const body = await run();
        if (idemKey) await rememberAnswer(app.db, idemKey, status, body);
        return hal(reply, status, body);
      } catch (err) {
        if (idemKey) {
          const answer = err instanceof SimError ? { status: err.status, body: err.body() } : { status: 500, body: null };
          await rememberAnswer(app.db, idemKey, answer.status, answer.body);
        }
        throw err;
      }
    }

    // ---- payments ------------------------------------------------------------------------------
    sim.post('/v2/payments', async (req, reply) =>
      idempotent(req, reply, 201, async () => {
        const { payment, settle } = await createPayment(app.db, req.body);
        const id = String(payment.id);
        if (settle)
          await app.jobs.send(SETTLE_JOB, { paymentId: id }, { startAfter: scaled(SETTLE_SECONDS, deps.timeScale), retryLimit: 3 });
        if (typeof payment.expiresAt === 'string') {
          // at its expiresAt (not scaled: a test's checkout must not expire under it)
          await app.jobs.send(EXPIRE_JOB, { paymentId: id }, { startAfter: new Date(payment.expiresAt), retryLimit: 3 });
        }
        return withPaymentLinks(publicView(payment), bases(req));
      }),
    );
    sim.get<{ Params: { id: string } }>('/v2/payments/:id', async (req, reply) => {
      const payment = await getObject(app.db, req.params.id, 'payment');
      if (!payment) throw new SimError(404, `No payment exists with token ${req.params.id}.`);
      return hal(reply, 200, withPaymentLinks(publicView(payment), bases(req)));
    });
    sim.delete<{ Params: { id: string } }>('/v2/payments/:id', async (req, reply) =>
      idempotent(req, reply, 200, async () => {
        const payment = await announced(req.params.id, () => cancelPayment(app.db, req.params.id));
        return withPaymentLinks(publicView(payment), bases(req));
      }),
    );

    sim.post<{ Params: { id: string } }>('/v2/payments/:id/refunds', async (req, reply) =>
      idempotent(req, reply, 201, async () => {
        const refund = await announced(req.params.id, () => createRefund(app.db, req.params.id, req.body));
        return withPaymentChildLinks(refund, bases(req));
      }),
    );
    for (const kind of ['refunds', 'chargebacks'] as const) {
      const resource = kind === 'refunds' ? 'refund' : 'chargeback';
      sim.get<{ Params: { id: string } }>(`/v2/payments/:id/${kind}`, async (req, reply) => {
        if (!(await getObject(app.db, req.params.id, 'payment'))) throw new SimError(404, `No payment exists with token ${req.params.id}.`);
        const items = (await listOfPayment(app.db, resource, req.params.id)).map((o) => withPaymentChildLinks(o, bases(req)));
        return hal(reply, 200, list(kind, items, `${bases(req).api}/payments/${req.params.id}/${kind}`, `list-${kind}`));
      });
      sim.get<{ Params: { pid: string; id: string } }>(`/v2/payments/:pid/${kind}/:id`, async (req, reply) => {
        const item = await getObject(app.db, req.params.id, resource);
        if (!item || item.paymentId !== req.params.pid) throw new SimError(404, `No ${resource} exists with token ${req.params.id}.`);
        return hal(reply, 200, withPaymentChildLinks(item, bases(req)));
      });
    }

    // ---- the dashboard and the consumer's bank (test hooks: Bearer key) --------------------------
    sim.post<{ Params: { id: string } }>('/dashboard/payments/:id/refunds', async (req, reply) => {
      const body = { description: 'Refund from the dashboard', ...((req.body ?? {}) as Obj) };
      const refund = await announced(req.params.id, () => createRefund(app.db, req.params.id, body, new Date(), true));
      return hal(reply, 201, withPaymentChildLinks(refund, bases(req)));
    });
    sim.post<{ Params: { id: string } }>('/dashboard/payments/:id/chargebacks', async (req, reply) => {
      const chargeback = await announced(req.params.id, () => createChargeback(app.db, req.params.id, req.body));
      return hal(reply, 201, withPaymentChildLinks(chargeback, bases(req)));
    });
    sim.post<{ Params: { pid: string; id: string } }>('/dashboard/payments/:pid/chargebacks/:id/reverse', async (req, reply) => {
      const chargeback = await announced(req.params.pid, () => reverseChargeback(app.db, req.params.pid, req.params.id));
      return hal(reply, 200, withPaymentChildLinks(chargeback, bases(req)));
    });

    // ---- methods -------------------------------------------------------------------------------
    const methodQuery = (req: FastifyRequest) => {
      const query = q(req);
      const currency = query['amount[currency]'] ?? 'EUR';
      const value = query['amount[value]'];
      const amount = value === undefined ? null : toMinor(value);
      if (value !== undefined && amount === null) throw new SimError(400, 'The amount contains an invalid value', 'amount.value');
      const sequenceType = (query.sequenceType ?? 'oneoff') as SequenceType;
      if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) throw new SimError(400, 'The sequence type is invalid', 'sequenceType');
      return {
        currency,
        amount,
        sequenceType,
        includeWallets: (query.includeWallets ?? '').split(',').includes('applepay'),
        issuers: (query.include ?? '').split(',').includes('issuers'),
      };
    };
    sim.get('/v2/methods', async (req, reply) => {
      const m = methodQuery(req);
      const items = listSimMethods(m).map((def) => methodJson(def, m.currency, m.issuers, bases(req)));
      return hal(reply, 200, list('methods', items, `${bases(req).api}/methods`, 'list-methods'));
    });
    sim.get<{ Params: { id: string } }>('/v2/methods/:id', async (req, reply) => {
      const m = methodQuery(req);
      const def = simMethod(req.params.id);
      if (!def) throw new SimError(404, 'The payment method does not exist.');
      return hal(reply, 200, methodJson(def, m.currency, m.issuers, bases(req)));
    });

    // ---- customers and mandates -----------------------------------------------------------------
    sim.post('/v2/customers', async (req, reply) =>
      idempotent(req, reply, 201, async () => withCustomerLinks(await createCustomer(app.db, req.body), bases(req))),
    );
    sim.get<{ Params: { id: string } }>('/v2/customers/:id', async (req, reply) => {
      const customer = await getObject(app.db, req.params.id, 'customer');
      if (!customer) throw new SimError(404, `No customer exists with token ${req.params.id}.`);
      return hal(reply, 200, withCustomerLinks(customer, bases(req)));
    });
    sim.post<{ Params: { cid: string } }>('/v2/customers/:cid/mandates', async (req, reply) =>
      idempotent(req, reply, 201, async () =>
        withMandateLinks(publicView(await createMandate(app.db, req.params.cid, req.body)), req.params.cid, bases(req)),
      ),
    );
    sim.get<{ Params: { cid: string; id: string } }>('/v2/customers/:cid/mandates/:id', async (req, reply) => {
      const mandate = await getCustomerObject(app.db, req.params.id, 'mandate', req.params.cid);
      if (!mandate) throw new SimError(404, `No mandate exists with token ${req.params.id}.`);
      return hal(reply, 200, withMandateLinks(publicView(mandate), req.params.cid, bases(req)));
    });
    sim.get<{ Params: { cid: string } }>('/v2/customers/:cid/mandates', async (req, reply) => {
      if (!(await getObject(app.db, req.params.cid, 'customer')))
        throw new SimError(404, `No customer exists with token ${req.params.cid}.`);
      const items = (await listObjects(app.db, 'mandate', req.params.cid)).map((m) =>
        withMandateLinks(publicView(m), req.params.cid, bases(req)),
      );
      return hal(reply, 200, list('mandates', items, `${bases(req).api}/customers/${req.params.cid}/mandates`, 'list-mandates'));
    });
    sim.delete<{ Params: { cid: string; id: string } }>('/v2/customers/:cid/mandates/:id', async (req, reply) => {
      const mandate = await getCustomerObject(app.db, req.params.id, 'mandate', req.params.cid);
      if (!mandate) throw new SimError(404, `No mandate exists with token ${req.params.id}.`);
      await patchObject(app.db, req.params.id, { status: 'invalid' });
      return reply.status(204).send();
    });

    // ---- hosted checkout --------------------------------------------------------------------------
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

    sim.get('/checkout/test-mode', async (req, reply) => {
      const token = q(req).token ?? '';
      const payment = /^tr_\w{1,40}$/.test(token) ? await getObject(app.db, token, 'payment') : null;
      if (!payment) return html(reply, 404, messagePage('Payment not found', 'This payment does not exist.'));
      if (payment.status !== 'open') {
        return html(
          reply,
          200,
          messagePage('Payment already handled', `This payment is ${String(payment.status)}.`, payment.redirectUrl as string | undefined),
        );
      }
      return html(reply, 200, checkoutPage(publicView(payment)));
    });
    sim.post('/checkout/test-mode', async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const token = typeof body.token === 'string' ? body.token : '';
      const status = body.status as CheckoutOutcome;
      if (!(CHECKOUT_OUTCOMES as readonly string[]).includes(status))
        return html(reply, 400, messagePage('Choose a status', 'Select the payment status and press Continue.'));
      const before = /^tr_\w{1,40}$/.test(token) ? await getObject(app.db, token, 'payment') : null;
      if (!before) return html(reply, 404, messagePage('Payment not found', 'This payment does not exist.'));
      const after = await announced(
        token,
        () => finishCheckout(app.db, token, status, body.recurring === 'failed' ? 'failed' : 'paid'),
        isFinal,
      );
      const target = (after?.status === 'canceled' && typeof before.cancelUrl === 'string' ? before.cancelUrl : before.redirectUrl) as
        string | undefined;
      if (!target) return html(reply, 200, messagePage('Done', `The payment is ${String(after?.status ?? before.status)}.`));
      return reply.status(303).header('location', target).send();
    });
  };
  await app.register(plugin, { prefix: SIM_PREFIX });
}
