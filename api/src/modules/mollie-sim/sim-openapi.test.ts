/**
 * Every object the simulator answers has every field Mollie's OpenAPI description requires
 * (fixtures/openapi-required.json, from github:mollie/openapi specs.yaml), in every state the site
 * meets: payments open, paid, failed, canceled, pending (recurring), refunded and charged back;
 * refunds, chargebacks, methods, customers, mandates, their lists, and errors. Plus the shape of
 * Mollie's documented refund and chargeback examples (fixtures/refund.json, chargeback.json).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/helpers';
import { mollieSimOf } from './routes';
import { fixture, missingRequired, sameShape } from './test-shape';
import type { MollieObject } from './test-shape';

type Json = Record<string, unknown>;
let app: FastifyInstance;
let base: string;
let key: string;

beforeAll(async () => {
  app = await buildTestApp({ env: { MOLLIE_SIM_TIME_SCALE: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/mollie-sim`;
  key = (await mollieSimOf(app)?.apiKey()) ?? '';
}, 60_000);
afterAll(async () => {
  await mollieSimOf(app)?.settled();
  await app.close();
});

async function call(method: string, url: string, body?: unknown, auth = true): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}/${url}`, {
    method,
    headers: { ...(auth ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (res.status === 204 ? {} : await res.json()) as Json };
}
const v2 = (method: string, url: string, body?: unknown) => call(method, `v2/${url}`, body);
const checkout = (id: string, status: string) =>
  fetch(`${base}/checkout/test-mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${id}&status=${status}`,
    redirect: 'manual',
  });
const payment = (extra: Json = {}) => ({
  amount: { value: '20.00', currency: 'EUR' },
  description: 'Order',
  redirectUrl: 'https://shop.example/r',
  method: 'ideal',
  ...extra,
});

/** Every answer checked, with what it lacks (empty when conformant). */
const seen: [string, MollieObject, Json][] = [];
const check = (what: string, schema: MollieObject, body: Json) => seen.push([what, schema, body]);
const checkList = (what: string, name: string, schema: MollieObject, body: Json) => {
  check(what, 'list', body);
  for (const item of ((body._embedded as Json | undefined)?.[name] ?? []) as Json[]) check(`${what} item`, schema, item);
};

it('answers every field the OpenAPI description requires, in every state', async () => {
  const open = await v2('POST', 'payments', payment());
  check('payment open', 'payment', open.body);
  const id = String(open.body.id);
  await checkout(id, 'paid');
  check('payment paid', 'payment', (await v2('GET', `payments/${id}`)).body);

  const refund = await v2('POST', `payments/${id}/refunds`, { amount: { value: '5.00', currency: 'EUR' }, description: 'part' });
  expect(refund.status).toBe(201);
  check('refund (API)', 'refund', refund.body);
  expect(sameShape(refund.body, fixture('refund'))).toEqual([]);
  const dashboardRefund = await call('POST', `dashboard/payments/${id}/refunds`, { amount: { value: '5.00', currency: 'EUR' } });
  expect(dashboardRefund.status).toBe(201);
  check('refund (dashboard)', 'refund', dashboardRefund.body);
  const chargeback = await call('POST', `dashboard/payments/${id}/chargebacks`, { amount: { value: '10.00', currency: 'EUR' } });
  expect(chargeback.status).toBe(201);
  check('chargeback', 'chargeback', chargeback.body);
  expect(sameShape(chargeback.body, fixture('chargeback'))).toEqual([]);
  const after = (await v2('GET', `payments/${id}`)).body;
  check('payment refunded and charged back', 'payment', after);
  expect(after).toMatchObject({
    status: 'paid',
    amountRefunded: { value: '10.00' },
    amountRemaining: { value: '10.00' },
    amountChargedBack: { value: '10.00' },
  });
  expect(Object.keys(after._links as Json)).toEqual(expect.arrayContaining(['refunds', 'chargebacks']));
  checkList('refunds list', 'refunds', 'refund', (await v2('GET', `payments/${id}/refunds`)).body);
  checkList('chargebacks list', 'chargebacks', 'chargeback', (await v2('GET', `payments/${id}/chargebacks`)).body);
  check('refund (get)', 'refund', (await v2('GET', `payments/${id}/refunds/${String(refund.body.id)}`)).body);
  check('chargeback (get)', 'chargeback', (await v2('GET', `payments/${id}/chargebacks/${String(chargeback.body.id)}`)).body);
  const reversed = await call('POST', `dashboard/payments/${id}/chargebacks/${String(chargeback.body.id)}/reverse`);
  expect(reversed.body.reversedAt).toEqual(expect.any(String));
  check('chargeback reversed', 'chargeback', reversed.body);
  expect((await v2('GET', `payments/${id}`)).body).toMatchObject({ amountChargedBack: { value: '0.00' } });

  for (const outcome of ['failed', 'canceled', 'expired']) {
    const p = await v2('POST', 'payments', payment({ method: 'creditcard' }));
    await checkout(String(p.body.id), outcome);
    check(`payment ${outcome}`, 'payment', (await v2('GET', `payments/${String(p.body.id)}`)).body);
  }

  const customer = await v2('POST', 'customers', { name: 'C', email: 'c@example.org' });
  check('customer (create)', 'customer', customer.body);
  const cid = String(customer.body.id);
  check('customer (get)', 'customer', (await v2('GET', `customers/${cid}`)).body);
  const sepa = await v2('POST', `customers/${cid}/mandates`, {
    method: 'directdebit',
    consumerName: 'C',
    consumerAccount: 'NL55INGB0000000000',
  });
  check('mandate (create)', 'mandate', sepa.body);
  expect(sepa.body.customerId).toBe(cid);
  expect(sameShape(sepa.body, fixture('mandate-directdebit'))).toEqual([]);
  const first = await v2('POST', 'payments', payment({ method: 'creditcard', sequenceType: 'first', customerId: cid }));
  await checkout(String(first.body.id), 'paid');
  const paidFirst = (await v2('GET', `payments/${String(first.body.id)}`)).body;
  check('payment first, paid', 'payment', paidFirst);
  check('mandate (card, get)', 'mandate', (await v2('GET', `customers/${cid}/mandates/${String(paidFirst.mandateId)}`)).body);
  checkList('mandates list', 'mandates', 'mandate', (await v2('GET', `customers/${cid}/mandates`)).body);
  const recurring = await v2('POST', 'payments', {
    amount: { value: '5.00', currency: 'EUR' },
    description: 'again',
    sequenceType: 'recurring',
    customerId: cid,
    mandateId: sepa.body.id,
  });
  check('payment recurring, pending', 'payment', recurring.body);

  checkList('methods list', 'methods', 'method', (await v2('GET', 'methods?include=issuers')).body);
  check('method (get)', 'method', (await v2('GET', 'methods/ideal?include=issuers')).body);

  const errors = [
    await v2('GET', 'payments/tr_nothere0000'),
    await v2('POST', 'payments', payment({ method: 'bitcoin' })),
    await call('GET', `v2/payments/${id}`, undefined, false),
    await v2('POST', `payments/${id}/refunds`, { amount: { value: '999.00', currency: 'EUR' } }),
    await call('POST', `dashboard/payments/${id}/chargebacks`, { amount: { value: '999.00', currency: 'EUR' } }),
    await v2('GET', `payments/${id}/chargebacks/chb_nothere000`),
  ];
  errors.push(await call('POST', `dashboard/payments/${id}/chargebacks/${String(chargeback.body.id)}/reverse`));
  expect(errors.map((e) => e.status)).toEqual([404, 422, 401, 422, 422, 404, 422]);
  errors.forEach((e, i) => check(`error ${i}`, 'error', e.body));

  const gaps = seen.flatMap(([what, schema, body]) => missingRequired(body, schema).map((path) => `${what}: ${path}`));
  expect(gaps).toEqual([]);
  expect(seen.length).toBeGreaterThan(40);
});

it('checks what it says: a missing required field, nested ones too, is found', () => {
  expect(missingRequired({ resource: 'refund' }, 'refund')).toEqual(expect.arrayContaining(['$.id', '$._links']));
  const refund = {
    resource: 'refund',
    id: 're_1',
    mode: 'test',
    amount: { value: '1.00' },
    status: 'pending',
    createdAt: 'x',
    description: '',
    metadata: null,
    paymentId: 'tr_1',
    _links: { self: { href: 'x', type: 'y' }, payment: { href: 'x', type: 'y' } },
  };
  expect(missingRequired(refund, 'refund')).toEqual(['$.amount.currency', '$._links.documentation']);
});
