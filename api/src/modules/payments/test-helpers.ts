/**
 * What the payments tests share: calls as a logged-in member, the simulator's hosted checkout as a
 * browser uses it, the webhook, and the balance/ledger of a member. `kit(() => ({ app, base }))`
 * reads the app lazily, so a test file can build it in beforeAll.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creditLedger, users } from '../../db/schema';
import { buildTestApp, createMember, loginCookie } from '../../test/helpers';
import { mollieSimOf } from '../mollie-sim';

const json = { 'content-type': 'application/json' };

/**
 * A test app listening on 127.0.0.1 (the client, the hosted checkout and the webhook go over HTTP),
 * its simulator answering at once; `base` is its address.
 */
export async function startPaymentsApp(env: Record<string, unknown> = {}): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildTestApp({ env: { MOLLIE_SIM_TIME_SCALE: 0, ...env } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '' };
}

/** Let the simulator's pending webhooks finish, then close the app. */
export async function stopPaymentsApp(app: FastifyInstance | undefined): Promise<void> {
  if (!app) return;
  await mollieSimOf(app)?.settled();
  await app.close();
}

export function paymentsKit(get: () => { app: FastifyInstance; base: string }) {
  const call = async (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    get().app.inject({ method, url, headers: { cookie, ...(payload ? json : {}) }, ...(payload ? { payload: payload as object } : {}) });

  const member = async (overrides: Parameters<typeof createMember>[1] = {}) => {
    const { user } = await createMember(get().app, overrides);
    return { user, cookie: await loginCookie(get().app, user.id) };
  };

  /** The hosted checkout as a browser uses it: open the page, choose, Continue. */
  const checkout = async (checkoutUrl: string, status: string, recurring = 'paid') => {
    const { app, base } = get();
    const url = new URL(checkoutUrl);
    const page = await fetch(`${base}${url.pathname}${url.search}`);
    const html = await page.text();
    expect(html).toMatch(/Paid/);
    for (const label of ['Failed', 'Canceled', 'Expired', 'Open', 'Continue']) expect(html).toContain(label);
    const res = await fetch(`${base}${url.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: url.searchParams.get('token') ?? '', status, recurring }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    await mollieSimOf(app)?.settled();
    return res.headers.get('location') ?? '';
  };

  const ledgerSum = async (userId: number) => {
    const rows = await get().app.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return rows.reduce((s, r) => s + r.delta, 0);
  };

  const userRow = async (id: number) => {
    const [row] = await get().app.db.select().from(users).where(eq(users.id, id));
    return row;
  };

  const webhook = async (id: string) =>
    fetch(`${get().base}/api/payment-webhook.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${encodeURIComponent(id)}`,
    });

  return { call, member, checkout, ledgerSum, userRow, webhook };
}
