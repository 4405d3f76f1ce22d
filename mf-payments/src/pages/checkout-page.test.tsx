import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '@dating/shared-kit/testing';
import { getSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { navigation } from '../components/checkout';
import { POLL_FOR_MS, POLL_INTERVAL_MS } from '../components/payment-result';
import { discounted, loginAs, makeCredits, makePayment, renderAt, resetBrowserState, useSiteSettings } from '../test-utils';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
let assign: jest.SpyInstance;

beforeEach(() => {
  resetBrowserState();
  useSiteSettings();
  assign = jest.spyOn(navigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
  jest.useRealTimers();
});

describe('/credits/:id/:paymentmethod?', () => {
  it('offers the methods of the country, asks for the bank of iDEAL, then goes to the hosted checkout', async () => {
    loginAs();
    const calls = serve({
      'GET /api/credits.php': () => makeCredits(),
      'POST /api/payment.php': () => ({
        payment_id: 7,
        checkout_url: 'http://localhost/psp/checkout/tr_abc',
        amount: 1999,
        currency: 'EUR',
        discount: null,
      }),
    });
    await renderAt('/credits/p1');
    expect(screen.getByRole('heading', { level: 1, name: 'Kies je betaalmethode' })).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Betaalmethode' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['ideal', 'creditcard', 'paypal', 'sdd']);
    expect(plain(screen.getByRole('region', { name: 'Je pakket' }).textContent)).toContain('100 credits€ 19,99');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'iDEAL' }));
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/credits/p1/ideal');
    expect(screen.getByRole('radio', { name: 'iDEAL' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Betalen met iDEAL' }));
    const bank = screen.getByRole('combobox', { name: 'Kies je bank' });
    expect(bank).toHaveAccessibleDescription('Kies eerst je bank');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(bank, 'ING');
    await user.click(screen.getByRole('button', { name: 'Betalen met iDEAL' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/psp/checkout/tr_abc'));
    // the browser names the package and method, never a price
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ package: 'p1', method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(screen.getByRole('link', { name: 'Lees ons retourbeleid' })).toHaveAttribute('href', '/pages/return-policy');
  });

  it('sends the entered discount code with the payment and shows the lowered price', async () => {
    loginAs();
    sessionStorage.setItem('payments.discount_code', JSON.stringify('SAVE10'));
    const calls = serve({
      'GET /api/credits.php': (url) =>
        url.searchParams.get('discount_code') === 'SAVE10' ? discounted(makeCredits(), 10, 'SAVE10') : makeCredits(),
      'POST /api/payment.php': () => ({
        payment_id: 8,
        checkout_url: 'http://localhost/psp/checkout/tr_1',
        amount: 3599,
        currency: 'EUR',
        discount: null,
      }),
    });
    await renderAt('/credits/p2/paypal');
    const summary = await screen.findByRole('region', { name: 'Je pakket' });
    expect(plain(summary.textContent)).toContain('Was € 39,99');
    expect(plain(summary.textContent)).toContain('Nu € 35,99');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Betalen met PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ package: 'p2', method: 'paypal', discount_code: 'SAVE10' });
  });

  it('sends SEPA direct debit to its own form, and says so for a method the country does not have', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/credits/p1/sdd');
    expect(await screen.findByRole('link', { name: 'Verder met automatische incasso' })).toHaveAttribute('href', '/directdebit?package=p1');
  });

  it('tells about an unknown package or a method not offered', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/credits/p1/blik');
    expect(await screen.findByText('Deze betaalmethode is in jouw land niet beschikbaar. Kies een andere.')).toBeInTheDocument();
  });

  it('an unknown package', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/credits/p9');
    expect(await screen.findByText('Dit pakket bestaat niet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kies een pakket' })).toHaveAttribute('href', '/credits');
  });
});

describe('the result page (back from the checkout)', () => {
  it('loading, then processing while pending, then completed with the credits added; the member is premium', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    loginAs({ credits: 0, paid_user: false });
    let status = 'open';
    serve({
      'GET /api/payment.php': () => makePayment({ status: status as 'open', credits: status === 'paid' ? 100 : undefined }),
      'GET /api/user.php': () => ({ user: makeUser({ credits: 100, paid_user: true }) }),
    });
    await renderAt('/credits/p1/ideal?payment_id=41');
    expect(screen.getByRole('heading', { level: 1, name: 'Je betaling' })).toBeInTheDocument();
    expect(screen.getByText('Je betaling wordt opgehaald…').closest('[role="status"]')).not.toBeNull();
    expect((await screen.findByText('Je betaling wordt verwerkt')).closest('[role="status"]')).not.toBeNull();
    status = 'paid';
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(await screen.findByText('Betaling gelukt!')).toBeInTheDocument();
    expect(screen.getByText('100 credits zijn aan je account toegevoegd.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Je hebt nu 100 credits.')).toBeInTheDocument());
    expect(getSession()).toMatchObject({ credits: 100, paid_user: true });
  });

  it('paid but not yet credited stays "processing" until the credits are there', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    loginAs({ credits: 0 });
    const psp: { credits?: number } = {};
    serve({
      'GET /api/payment.php': () => makePayment({ status: 'paid', credits: psp.credits }),
      'GET /api/user.php': () => ({ user: makeUser({ credits: 60, paid_user: true }) }),
    });
    await renderAt('/credits/p1/ideal?payment_id=41');
    expect(await screen.findByText('Je betaling wordt verwerkt')).toBeInTheDocument();
    psp.credits = 60;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(await screen.findByText('60 credits zijn aan je account toegevoegd.')).toBeInTheDocument();
  });

  it('stops asking after a while of pending and offers to check again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    loginAs();
    let status = 'pending';
    const calls = serve({
      'GET /api/payment.php': () => makePayment({ status: status as 'pending', credits: status === 'paid' ? 60 : undefined }),
    });
    await renderAt('/credits/p1/ideal?payment_id=41');
    expect(await screen.findByText('Je betaling wordt verwerkt')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_FOR_MS + POLL_INTERVAL_MS);
    });
    const asked = calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    });
    expect(calls.length).toBe(asked);
    status = 'paid';
    await userEvent
      .setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) })
      .click(screen.getByRole('button', { name: 'Opnieuw controleren' }));
    expect(await screen.findByText('Betaling gelukt!')).toBeInTheDocument();
  });

  it('a canceled iDEAL payment: headed "Betaling geannuleerd" (not "mislukt") and another method', async () => {
    loginAs();
    serve({ 'GET /api/payment.php': () => makePayment({ status: 'canceled' }) });
    await renderAt('/credits/p1/ideal?payment_id=41');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Betaling geannuleerd');
    expect(alert).not.toHaveTextContent('Betaling mislukt');
    expect(alert).toHaveTextContent('De betaling is geannuleerd.');
    expect(screen.getByRole('link', { name: 'Probeer een andere betaalmethode' })).toHaveAttribute('href', '/credits/p1');
  });

  it('a failed card payment: "Creditcard betaling mislukt" with retry and PayPal', async () => {
    loginAs();
    const calls = serve({
      'GET /api/payment.php': () => makePayment({ status: 'failed', method: 'creditcard' }),
      'POST /api/payment.php': (_url, init) => ({
        payment_id: 9,
        checkout_url: `http://localhost/psp/${(init.json as { method: string }).method}`,
        amount: 1999,
        currency: 'EUR',
        discount: null,
      }),
    });
    await renderAt('/credits/p1/creditcard?payment_id=41');
    expect(await screen.findByRole('alert')).toHaveTextContent('Creditcard betaling mislukt');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Betalen met PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith('http://localhost/psp/paypal'));
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith('http://localhost/psp/creditcard'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { package: 'p1', method: 'paypal' },
      { package: 'p1', method: 'creditcard' },
    ]);
  });

  it("someone else's payment: the server's refusal", async () => {
    loginAs();
    serve({ 'GET /api/payment.php': () => ({ status: 404, body: { error: 'payment_not_found', message: 'Betaling niet gevonden' } }) });
    await renderAt('/credits/p1/ideal?payment_id=99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Betaling niet gevonden');
  });
});
