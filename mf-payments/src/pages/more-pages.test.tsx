import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '@dating/shared-kit/testing';
import { navigation } from '../components/checkout';
import { loginAs, makeCredits, makePayment, renderAt, resetBrowserState, useSiteSettings } from '../test-utils';

// typing whole forms on a busy machine: give each journey some room
jest.setTimeout(30_000);

let assign: jest.SpyInstance;
beforeEach(() => {
  resetBrowserState();
  useSiteSettings();
  assign = jest.spyOn(navigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

const savedCard = { label: 'Visa', last4: '4242', expires: '2030-12' };

describe('/credits/repeat-order', () => {
  it('buys again in one click on the saved card; a failed recurring payment offers retry or PayPal', async () => {
    loginAs({ paid_user: true });
    let next = 50;
    const calls = serve({
      'GET /api/credits.php': () => makeCredits({ saved_card: savedCard }),
      'POST /api/repeat-order.php': () => ({
        payment: makePayment({ id: ++next, status: 'pending', method: 'creditcard', kind: 'repeat' }),
      }),
      'GET /api/payment.php': (url) =>
        makePayment({ id: Number(url.searchParams.get('id')), status: 'failed', method: 'creditcard', kind: 'repeat' }),
      'POST /api/payment.php': () => ({
        payment_id: 60,
        checkout_url: 'http://localhost/psp/paypal',
        amount: 1999,
        currency: 'EUR',
        discount: null,
      }),
    });
    await renderAt('/credits/repeat-order');
    expect(screen.getByRole('heading', { level: 1, name: 'Herhaalbestelling' })).toBeInTheDocument();
    expect(await screen.findByText(/Visa •••• 4242/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Nu kopen: 100 credits voor/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Creditcard betaling mislukt');
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/credits/repeat-order?payment_id=51');

    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('payment_id=52'));
    await user.click(await screen.findByRole('button', { name: 'Betalen met PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/psp/paypal'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/repeat-order.php', { package: 'p1' }],
      ['/api/repeat-order.php', { package: 'p1' }],
      ['/api/payment.php', { package: 'p1', method: 'paypal' }],
    ]);
  });

  it('without a saved card it says so', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/credits/repeat-order');
    expect(await screen.findByText('Je hebt nog geen opgeslagen kaart. Betaal eerst één keer met een creditcard.')).toBeInTheDocument();
  });
});

describe('/directdebit', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, iban = 'NL91 ABNA 0417 1643 00') {
    await user.type(screen.getByLabelText('Naam rekeninghouder'), 'Jan Jansen');
    await user.type(screen.getByLabelText('IBAN'), iban);
    await user.type(screen.getByLabelText('Mobiel telefoonnummer'), '+31612345678');
  }

  it('checks the form here (required fields, IBAN checksum, consent), then SMS code -> confirm -> result', async () => {
    loginAs();
    const calls = serve({
      'GET /api/credits.php': () => makeCredits(),
      'POST /api/directdebit.php': (_url, init) => {
        const body = init.json as { otp?: string };
        if (body.otp === undefined)
          return { step: 'otp', phone: '+31 6** *** *78', expires: '2026-11-24T06:00:00Z', amount: 1999, currency: 'EUR' };
        if (body.otp !== '123456') return { status: 400, body: { error: 'sms_code_invalid', message: 'Code ongeldig', field: 'otp' } };
        return { step: 'done', payment: makePayment({ id: 77, status: 'pending', method: 'sdd', kind: 'directdebit' }) };
      },
      'GET /api/payment.php': () => makePayment({ id: 77, status: 'pending', method: 'sdd', kind: 'directdebit' }),
    });
    await renderAt('/directdebit?package=p2');
    expect(screen.getByRole('heading', { level: 1, name: 'Automatische incasso' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Pakket' })).toHaveValue('p2');
    // no address is asked for (issue 25): the mandate needs none
    for (const gone of ['Straat', 'Huisnummer', 'Postcode', 'Plaats']) expect(screen.queryByLabelText(gone)).toBeNull();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Stuur mij de sms-code' }));
    expect(screen.getByLabelText('Naam rekeninghouder')).toHaveAccessibleDescription('Dit veld is verplicht');
    expect(screen.getByRole('checkbox', { name: /Ik geef toestemming/ })).toHaveAccessibleDescription(
      'Geef toestemming voor de automatische incasso',
    );

    await fill(user, 'NL92 ABNA 0417 1643 00');
    await user.click(screen.getByRole('checkbox', { name: /Ik geef toestemming/ }));
    await user.click(screen.getByRole('button', { name: 'Stuur mij de sms-code' }));
    expect(screen.getByLabelText('IBAN')).toHaveAccessibleDescription('Dit IBAN-nummer klopt niet. Controleer het nummer.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), 'nl91 abna 0417 1643 00');
    await user.click(screen.getByRole('button', { name: 'Stuur mij de sms-code' }));
    const code = await screen.findByLabelText('Sms-code');
    expect(screen.getByText(/\+31 6\*\* \*\*\* \*78/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      account_holder: 'Jan Jansen',
      iban: 'NL91ABNA0417164300',
      phone: '+31612345678',
      package: 'p2',
      consent: true,
    });

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(code).toHaveAccessibleDescription('Code ongeldig');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Code ongeldig'));
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Je betaling wordt verwerkt')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/directdebit?payment_id=77');
  });

  it.each([
    [403, 'direct_debit_blocked', 'Je account is geblokkeerd voor automatische incasso.'],
    [409, 'direct_debit_limit', 'Uw limiet voor automatische incasso betalingen is bereikt.'],
  ])('shows the server refusal %s %s with the way out', async (status, error, message) => {
    loginAs();
    serve({
      'GET /api/credits.php': () => makeCredits(),
      'POST /api/directdebit.php': () => ({ status, body: { error, message } }),
    });
    await renderAt('/directdebit');
    await screen.findByRole('combobox', { name: 'Pakket' });
    const user = userEvent.setup({ delay: null });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: /Ik geef toestemming/ }));
    await user.click(screen.getByRole('button', { name: 'Stuur mij de sms-code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Kies een goedkoper pakket of een andere betaalmethode' })).toHaveAttribute(
      'href',
      '/credits/p1',
    );
  });
});

describe('/transactions/:id?', () => {
  const answer = {
    payments: [
      makePayment({ id: 41, status: 'paid', credits: 100, paid_at: '2026-11-24T05:01:00.000Z' }),
      makePayment({ id: 40, status: 'failed', method: 'creditcard', package: 'p0', package_credits: 25, amount: 1299 }),
    ],
    usage: [
      { id: 3, delta: -5, balance_after: 95, reason: 'message', payment_id: null, created_at: '2026-11-24T05:10:00.000Z' },
      { id: 2, delta: 100, balance_after: 100, reason: 'purchase', payment_id: 41, created_at: '2026-11-24T05:01:00.000Z' },
    ],
  };

  it('lists payments (status, method, amount, credits) and the use of credits; one payment in detail', async () => {
    loginAs();
    serve({ 'GET /api/transactions.php': () => answer });
    await renderAt('/transactions');
    const payments = await screen.findByRole('table', { name: 'Betalingen' });
    const rows = within(payments).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // the package as the buy page names it, not "Pakket M" (issue 29 item 9)
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^60 credits$/);
    expect(within(rows[2] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^25 credits$/);
    expect(rows[1]).toHaveTextContent('iDEAL');
    expect(rows[1]).toHaveTextContent('+100');
    expect(rows[1]).toHaveTextContent('Betaald');
    expect(rows[2]).toHaveTextContent('Creditcard');
    expect(rows[2]).toHaveTextContent('Mislukt');
    const usage = screen.getByRole('table', { name: 'Gebruik van credits' });
    expect(within(usage).getAllByRole('row')[1]).toHaveTextContent('Bericht verstuurd-5');

    const user = userEvent.setup({ delay: null });
    const links = within(payments).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/transactions/41');
    await user.click(links[0] as HTMLElement);
    const detail = await screen.findByRole('region', { name: 'Betaling' });
    expect(detail).toHaveTextContent('Referentie41');
    expect(detail).toHaveTextContent('StatusBetaald');
  });

  it('an unknown payment id', async () => {
    loginAs();
    serve({ 'GET /api/transactions.php': () => answer });
    await renderAt('/transactions/999');
    expect(await screen.findByText('Deze betaling is niet gevonden.')).toBeInTheDocument();
  });
});
