/**
 * The built-in Mollie simulator against Mollie's documented answers (fixtures/), its statuses,
 * Idempotency-Key, errors and webhook retries — over real HTTP, and through the official client.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/helpers';
import { createPsp } from '../payments';
import { mollieSimOf } from './routes';
import { finishCheckout } from './service';
import { fixture, sameShape } from './test-shape';
import { queueWebhook, RETRY_MINUTES, WEBHOOK_JOB } from './webhooks';

type Json = Record<string, unknown>;

let app: FastifyInstance;
let base: string;
let key: string;
const hooks: { body: string; type: string | undefined }[] = [];
let hookFailures = 0;
let hookServer: http.Server;
let hookUrl: string;

beforeAll(async () => {
  app = await buildTestApp({ env: { MOLLIE_SIM_TIME_SCALE: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  key = (await mollieSimOf(app)?.apiKey()) ?? '';
  // a site whose webhook fails `hookFailures` times before it answers 200
  hookServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hooks.push({ body, type: req.headers['content-type'] });
      res.statusCode = hookFailures > 0 ? 500 : 200;
      if (hookFailures > 0) hookFailures -= 1;
      res.end();
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/webhook`;
}, 60_000);
afterAll(async () => {
  await mollieSimOf(app)?.settled();
  hookServer.close();
  await app.close();
});

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/mollie-sim/v2/${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, type: res.headers.get('content-type'), body: (res.status === 204 ? null : await res.json()) as Json };
}

async function choose(id: string, status: string) {
  const res = await fetch(`${base}/mollie-sim/checkout/test-mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${id}&status=${status}`,
    redirect: 'manual',
  });
  await mollieSimOf(app)?.settled();
  return res;
}

const newPayment = (extra: Json = {}) => ({
  amount: { value: '19.95', currency: 'EUR' },
  description: 'Order #1',
  redirectUrl: 'https://shop.example/return',
  webhookUrl: hookUrl,
  method: 'ideal',
  locale: 'nl_NL',
  metadata: { order_id: '1' },
  ...extra,
});

describe('answers shaped as Mollie documents them', () => {
  it('payments: created open, paid after the checkout; customers, mandates, methods, errors', async () => {
    const created = await api('POST', 'payments', newPayment());
    expect(created.status).toBe(201);
    expect(created.type).toContain('application/hal+json');
    expect(sameShape(created.body, fixture('payment-open'))).toEqual([]);
    const id = String(created.body.id);
    expect(id).toMatch(/^tr_\w{10}$/);

    expect((await choose(id, 'paid')).status).toBe(303);
    const paid = await api('GET', `payments/${id}`);
    expect(paid.body.status).toBe('paid');
    expect(sameShape(paid.body, fixture('payment-paid'))).toEqual([]);
    expect((paid.body._links as Json).checkout).toBeUndefined();

    const customer = await api('POST', 'customers', { name: 'John Doe', email: 'customer@example.org' });
    expect(sameShape(customer.body, fixture('customer'))).toEqual([]);
    const mandate = await api('POST', `customers/${String(customer.body.id)}/mandates`, {
      method: 'directdebit',
      consumerName: 'John Doe',
      consumerAccount: 'NL55INGB0000000000',
      mandateReference: 'REF-1',
    });
    expect(mandate.status).toBe(201);
    expect(sameShape(mandate.body, fixture('mandate-directdebit'))).toEqual([]);

    const methods = await api('GET', 'methods?include=issuers&amount%5Bvalue%5D=19.95&amount%5Bcurrency%5D=EUR');
    const ideal = {
      ...methods.body,
      _embedded: { methods: ((methods.body._embedded as Json).methods as Json[]).filter((m) => m.id === 'ideal') },
    };
    expect(sameShape(ideal, fixture('methods-list'))).toEqual([]);
    const gbp = await api('GET', 'methods?amount%5Bvalue%5D=10.00&amount%5Bcurrency%5D=GBP');
    expect(((gbp.body._embedded as Json).methods as Json[]).map((m) => m.id)).not.toContain('ideal');

    const tooMuch = await api('POST', 'payments', newPayment({ amount: { value: '99999.00', currency: 'EUR' } }));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.field).toBe('amount');
    expect(sameShape(tooMuch.body, fixture('error-422'))).toEqual([]);
    const missing = await api('GET', 'payments/tr_I_dont_exist');
    expect(missing.status).toBe(404);
    expect(sameShape(missing.body, fixture('error-404'))).toEqual([]);
    const noKey = await fetch(`${base}/mollie-sim/v2/payments/${id}`);
    expect(noKey.status).toBe(401);
    expect(sameShape(await noKey.json(), fixture('error-401'))).toEqual([]);
    const wrongKey = await api('GET', `payments/${id}`, undefined, { authorization: 'Bearer test_wrongwrongwrongwrongwrongwrong' });
    expect(wrongKey.status).toBe(401);
  });

  it('refuses what Mollie refuses: bad amounts, methods, issuers, currencies, sequence types', async () => {
    const cases: [Json, string][] = [
      [newPayment({ amount: { value: '-1.00', currency: 'EUR' } }), 'amount.value'],
      [newPayment({ amount: { value: '1.5', currency: 'EUR' } }), 'amount.value'],
      [newPayment({ method: 'bitcoin' }), 'method'],
      [newPayment({ method: 'ideal', amount: { value: '10.00', currency: 'GBP' } }), 'method'],
      [newPayment({ issuer: 'ideal_EVIL' }), 'issuer'],
      [newPayment({ redirectUrl: 'javascript:alert(1)' }), 'redirectUrl'],
      [newPayment({ webhookUrl: 'ftp://x' }), 'webhookUrl'],
      [newPayment({ sequenceType: 'first' }), 'customerId'],
      [newPayment({ method: 'giropay' }), 'method'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', 'payments', body);
      expect([res.status, res.body.field]).toEqual([422, field]);
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer; the same key with another request is a 422', async () => {
    const a = await api('POST', 'payments', newPayment(), { 'idempotency-key': 'key-1' });
    const b = await api('POST', 'payments', newPayment(), { 'idempotency-key': 'key-1' });
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const c = await api('POST', 'payments', newPayment({ description: 'other' }), { 'idempotency-key': 'key-1' });
    expect(c.status).toBe(422);
  });

  it('the official client: same idempotencyKey, one payment', async () => {
    const client = await createPsp(app).client();
    const params = {
      amount: { value: '9.95', currency: 'EUR' },
      description: 'x',
      redirectUrl: 'https://shop.example/r',
      method: 'ideal' as never,
      idempotencyKey: 'client-key-1',
    };
    const one = await client.payments.create(params);
    const two = await client.payments.create(params);
    expect(two.id).toBe(one.id);
    expect(one.getCheckoutUrl()).toContain('/mollie-sim/checkout/test-mode');
    const fetched = await client.payments.get(one.id);
    expect(fetched.status).toBe('open');
    await expect(client.payments.get('tr_nothere123')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('statuses and the webhook', () => {
  it('each checkout outcome; only an open payment moves; Open leaves it open', async () => {
    for (const outcome of ['failed', 'canceled', 'expired']) {
      const p = await api('POST', 'payments', newPayment({ webhookUrl: undefined }));
      await choose(String(p.body.id), outcome);
      expect((await api('GET', `payments/${String(p.body.id)}`)).body.status).toBe(outcome);
      await choose(String(p.body.id), 'paid');
      expect((await api('GET', `payments/${String(p.body.id)}`)).body.status).toBe(outcome);
    }
    const open = await api('POST', 'payments', newPayment({ webhookUrl: undefined }));
    await choose(String(open.body.id), 'open');
    expect((await api('GET', `payments/${String(open.body.id)}`)).body.status).toBe('open');
    const page = await (await fetch(`${base}/mollie-sim/checkout/test-mode?token=${String(open.body.id)}`)).text();
    for (const label of ['Paid', 'Failed', 'Canceled', 'Expired', 'Open', 'Continue']) expect(page).toContain(label);
  });

  it('calls the webhook with the id only, and retries on Mollie’s schedule until it gets a 200', async () => {
    expect(RETRY_MINUTES.length).toBe(9); // 10 calls in all
    expect(RETRY_MINUTES.reduce((s, m) => s + m, 0) / 60).toBeCloseTo(25.85, 1); // about 26 hours
    hooks.length = 0;
    hookFailures = 2;
    const p = await api('POST', 'payments', newPayment());
    await choose(String(p.body.id), 'paid');
    expect(hooks).toHaveLength(1);
    await app.jobs.drain();
    await mollieSimOf(app)?.settled();
    expect(hooks.map((h) => h.body)).toEqual(Array(3).fill(`id=${String(p.body.id)}`));
    expect(hooks[0]?.type).toBe('application/x-www-form-urlencoded');
    await app.jobs.drain();
    expect(hooks).toHaveLength(3); // a 200 ends it
  });

  it('stops after 10 calls', async () => {
    hooks.length = 0;
    hookFailures = 100;
    const p = await api('POST', 'payments', newPayment());
    await choose(String(p.body.id), 'failed');
    for (let i = 0; i < 12; i += 1) await app.jobs.drain();
    expect(hooks.filter((h) => h.body === `id=${String(p.body.id)}`)).toHaveLength(10);
    hookFailures = 0;
  });

  it('recurring on a mandate: pending, then settled (paid, or failed when the card was set to fail)', async () => {
    const customer = await api('POST', 'customers', { name: 'R' });
    const cid = String(customer.body.id);
    const first = await api(
      'POST',
      'payments',
      newPayment({ method: 'creditcard', sequenceType: 'first', customerId: cid, webhookUrl: undefined }),
    );
    await fetch(`${base}/mollie-sim/checkout/test-mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${String(first.body.id)}&status=paid&recurring=failed`,
      redirect: 'manual',
    });
    const paidFirst = await api('GET', `payments/${String(first.body.id)}`);
    expect(paidFirst.body.mandateId).toMatch(/^mdt_/);
    const recurring = await api('POST', 'payments', {
      amount: { value: '5.00', currency: 'EUR' },
      description: 'again',
      sequenceType: 'recurring',
      customerId: cid,
    });
    expect(recurring.body).toMatchObject({ status: 'pending', method: 'creditcard', mandateId: paidFirst.body.mandateId });
    await app.jobs.drain();
    expect((await api('GET', `payments/${String(recurring.body.id)}`)).body.status).toBe('failed');
    const noMandate = await api('POST', 'payments', {
      amount: { value: '5.00', currency: 'EUR' },
      description: 'x',
      sequenceType: 'recurring',
      customerId: String((await api('POST', 'customers', {})).body.id),
    });
    expect([noMandate.status, noMandate.body.field]).toEqual([422, 'customerId']);
  });
});

describe('every webhook call is a stored job (a crash loses none)', () => {
  /** The simulator's webhook jobs of one payment, oldest first. */
  const webhookJobs = async (paymentId: string) =>
    (
      await app.dbHandle.query<{ attempt: string; state: string }>(
        "SELECT data->>'attempt' AS attempt, state FROM pgboss.job WHERE name = $1 AND data->>'paymentId' = $2 ORDER BY created_on, data->>'attempt'",
        [WEBHOOK_JOB, paymentId],
      )
    ).map((j) => [Number(j.attempt), j.state]);

  it('the first call is stored before it is made (cancelled once made); a failed one is retried by a job', async () => {
    hooks.length = 0;
    hookFailures = 1;
    const p = await api('POST', 'payments', newPayment());
    const id = String(p.body.id);
    await choose(id, 'paid');
    expect(hooks).toHaveLength(1); // made at once, and failed
    expect(await webhookJobs(id)).toEqual([
      [1, 'cancelled'],
      [2, 'created'],
    ]);
    await app.jobs.drain();
    expect(hooks.map((h) => h.body)).toEqual([`id=${id}`, `id=${id}`]);
    expect(await webhookJobs(id)).toEqual([
      [1, 'cancelled'],
      [2, 'completed'],
    ]);

    hooks.length = 0;
    const ok = await api('POST', 'payments', newPayment());
    await choose(String(ok.body.id), 'failed');
    expect(hooks).toHaveLength(1);
    expect(await webhookJobs(String(ok.body.id))).toEqual([[1, 'cancelled']]);
    await app.jobs.drain();
    expect(hooks).toHaveLength(1); // made once

    // nothing changed (the payment is no longer open): the stored call is dropped, none is made
    hooks.length = 0;
    await choose(String(ok.body.id), 'paid');
    expect(await webhookJobs(String(ok.body.id))).toEqual([
      [1, 'cancelled'],
      [1, 'cancelled'],
    ]);
    await app.jobs.drain();
    expect(hooks).toHaveLength(0);
  });

  it('a call the process did not live to make is made by its stored job', async () => {
    hooks.length = 0;
    const p = await api('POST', 'payments', newPayment());
    const id = String(p.body.id);
    // as the checkout does (store the call, then change the status), but the process dies right
    // after the change: no call made in-process
    await queueWebhook({ db: app.db, jobs: app.jobs, log: app.log, timeScale: 0 }, id, 0);
    expect((await finishCheckout(app.db, id, 'paid'))?.status).toBe('paid');
    expect(hooks).toHaveLength(0);
    await app.jobs.drain();
    expect(hooks.map((h) => h.body)).toEqual([`id=${id}`]);
  });
});
