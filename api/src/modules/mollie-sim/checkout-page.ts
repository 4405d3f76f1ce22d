/**
 * The simulator's hosted checkout, made to look like Mollie's test-mode screen: the payment's
 * description and amount, the outcomes as labelled radio choices (Paid, Failed, Canceled, Expired,
 * Open: the English words Mollie shows) and a Continue button. A first card payment also asks how
 * later recurring payments on that card should end (to test a failing repeat order).
 */
import type { Obj } from './json';
import { CHECKOUT_OUTCOMES } from './service';

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const LABEL: Record<string, string> = { paid: 'Paid', failed: 'Failed', canceled: 'Canceled', expired: 'Expired', open: 'Open' };

const STYLE = `body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f4f5f7;color:#0e1e33}
.bar{background:#fff;border-bottom:1px solid #e3e6ea;padding:12px 24px;display:flex;gap:12px;align-items:center}
.badge{background:#ffe8a3;color:#5c4200;border-radius:4px;padding:2px 8px;font-size:13px;font-weight:600}
main{max-width:460px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(14,30,51,.08);padding:28px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;margin:8px 0 20px}
fieldset{border:1px solid #e3e6ea;border-radius:8px;margin:0 0 20px;padding:12px 16px}legend{font-weight:600;padding:0 4px}
label{display:flex;gap:10px;align-items:center;padding:6px 0;cursor:pointer}
button{width:100%;background:#0077ff;color:#fff;border:0;border-radius:8px;padding:12px;font-size:16px;font-weight:600;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #0e1e33;outline-offset:2px}.muted{color:#5b6775;font-size:14px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body>
<header class="bar"><strong>mollie</strong> <span class="badge">Test mode</span> <span class="muted">built-in simulator</span></header>
<main>${body}</main></body></html>`;
}

export function checkoutPage(payment: Obj): string {
  const amount = payment.amount as { value: string; currency: string };
  const card = payment.sequenceType === 'first' && (payment.method === 'creditcard' || payment.method === 'applepay');
  const outcomes = CHECKOUT_OUTCOMES.map(
    (o, i) => `<label><input type="radio" name="status" value="${o}"${i === 0 ? ' checked' : ''}> ${LABEL[o]}</label>`,
  ).join('');
  const recurring = card
    ? `<fieldset><legend>Later recurring payments on this card</legend>
<label><input type="radio" name="recurring" value="paid" checked> Paid</label>
<label><input type="radio" name="recurring" value="failed"> Failed</label></fieldset>`
    : '';
  return page(
    'Mollie test mode',
    `<h1>${esc(payment.description)}</h1><p class="muted">${esc(payment.method ?? 'any method')} · ${esc(payment.id)}</p>
<p class="amount">${esc(amount.currency)} ${esc(amount.value)}</p>
<form method="post" action="test-mode">
<input type="hidden" name="token" value="${esc(payment.id)}">
<fieldset><legend>Select the payment status</legend>${outcomes}</fieldset>${recurring}
<button type="submit">Continue</button></form>
<p class="muted">This is a test payment: no money changes hands.</p>`,
  );
}

export function messagePage(title: string, text: string, back?: string): string {
  return page(title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>${back ? `<p><a href="${esc(back)}">Back to the site</a></p>` : ''}`);
}
