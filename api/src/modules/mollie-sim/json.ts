/**
 * Mollie's v2 JSON: HAL links, the error body, the objects' time format. The stored objects hold
 * Mollie's fields; `_links` are added per answer from the simulator's own base URL.
 */
export type Obj = Record<string, unknown>;

export const HAL = 'application/hal+json';
const DOCS = 'https://docs.mollie.com/reference';

const link = (href: string, type = HAL) => ({ href, type });

/** Mollie's error body (https://docs.mollie.com/overview/handling-errors). */
export function errorBody(status: number, detail: string, field?: string): Obj {
  const title: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized Request',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    410: 'Gone',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
  };
  return {
    status,
    title: title[status] ?? 'Error',
    detail,
    ...(field ? { field } : {}),
    _links: { documentation: link('https://docs.mollie.com/overview/handling-errors', 'text/html') },
  };
}

export class SimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
  body(): Obj {
    return errorBody(this.status, this.message, this.field);
  }
}

/** Mollie's timestamps: ISO 8601 with +00:00. */
export function mollieTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export interface Bases {
  /** `<origin>/mollie-sim/v2` as the caller reached it */
  api: string;
  /** `<public origin>/mollie-sim` for pages a browser opens */
  pages: string;
}

export function withPaymentLinks(p: Obj, b: Bases): Obj {
  const id = String(p.id);
  const links: Obj = {
    self: link(`${b.api}/payments/${id}`),
    dashboard: link(`${b.pages}/dashboard/payments/${id}`, 'text/html'),
    documentation: link(`${DOCS}/get-payment`, 'text/html'),
  };
  if (p.status === 'open' && p.sequenceType !== 'recurring') {
    links.checkout = link(`${b.pages}/checkout/test-mode?method=${String(p.method ?? '')}&token=${id}`, 'text/html');
  }
  const moreThanZero = (amount: unknown) =>
    typeof amount === 'object' && amount !== null && !/^0+\.00$/.test(String((amount as Obj).value));
  if (moreThanZero(p.amountRefunded)) links.refunds = link(`${b.api}/payments/${id}/refunds`);
  if (moreThanZero(p.amountChargedBack)) links.chargebacks = link(`${b.api}/payments/${id}/chargebacks`);
  if (p.customerId) links.customer = link(`${b.api}/customers/${String(p.customerId)}`);
  if (p.mandateId && p.customerId) links.mandate = link(`${b.api}/customers/${String(p.customerId)}/mandates/${String(p.mandateId)}`);
  return { ...p, _links: links };
}

export function withCustomerLinks(c: Obj, b: Bases): Obj {
  const id = String(c.id);
  return {
    ...c,
    _links: {
      self: link(`${b.api}/customers/${id}`),
      dashboard: link(`${b.pages}/dashboard/customers/${id}`, 'text/html'),
      mandates: link(`${b.api}/customers/${id}/mandates`),
      payments: link(`${b.api}/customers/${id}/payments`),
      documentation: link(`${DOCS}/get-customer`, 'text/html'),
    },
  };
}

/** A refund or a chargeback of a payment. */
export function withPaymentChildLinks(o: Obj, b: Bases): Obj {
  const paymentId = String(o.paymentId);
  const kind = o.resource === 'chargeback' ? 'chargebacks' : 'refunds';
  return {
    ...o,
    _links: {
      self: link(`${b.api}/payments/${paymentId}/${kind}/${String(o.id)}`),
      payment: link(`${b.api}/payments/${paymentId}`),
      documentation: link(`${DOCS}/${o.resource === 'chargeback' ? 'get-chargeback' : 'get-refund'}`, 'text/html'),
    },
  };
}

export function withMandateLinks(m: Obj, customerId: string, b: Bases): Obj {
  return {
    ...m,
    customerId,
    _links: {
      self: link(`${b.api}/customers/${customerId}/mandates/${String(m.id)}`),
      customer: link(`${b.api}/customers/${customerId}`),
      documentation: link(`${DOCS}/get-mandate`, 'text/html'),
    },
  };
}

export function list(name: string, items: Obj[], selfHref: string, doc: string): Obj {
  return {
    count: items.length,
    _embedded: { [name]: items },
    _links: { self: link(selfHref), previous: null, next: null, documentation: link(`${DOCS}/${doc}`, 'text/html') },
  };
}
