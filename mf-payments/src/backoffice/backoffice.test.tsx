/** The payments staff pages (issue 15): payments and refunds, discount codes, blocked accounts. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '@dating/shared-kit/testing';
import type { AdminDiscountCode, AdminPayment } from '@dating/shared-kit/contracts';
import { loginAs, renderAt, resetBrowserState, useSiteSettings } from '../test-utils';

jest.setTimeout(30_000);

beforeEach(() => {
  resetBrowserState();
  useSiteSettings();
  loginAs({ is_staff: true, staff_roles: ['payments'] });
});

const payment = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 12,
  status: 'paid',
  amount: 1995,
  currency: 'EUR',
  package: 'p1',
  method: 'ideal',
  kind: 'checkout',
  credits: 60,
  discount: null,
  created_at: '2026-11-24T08:00:00.000Z',
  paid_at: '2026-11-24T08:01:00.000Z',
  user_id: 7,
  user_email: 'jan@example.com',
  psp_id: 'tr_abc',
  country: 'NL',
  package_credits: 60,
  refunded_at: null,
  refund_psp_id: null,
  ...over,
});

describe('/backoffice/payments', () => {
  it('lists payments, searches, and refunds a paid one after confirming; a refusal shows in the dialog', async () => {
    let refunded = false;
    let spent = true;
    const calls = serve({
      'GET /api/backoffice/payments': (url) => ({
        payments:
          url.searchParams.get('q') === 'nobody'
            ? []
            : [
                payment(refunded ? { refunded_at: '2026-11-24T09:00:00.000Z', refund_psp_id: 're_1' } : {}),
                payment({ id: 11, status: 'failed', credits: undefined, paid_at: null }),
              ],
        total: url.searchParams.get('q') === 'nobody' ? 0 : 2,
        page: 1,
        per_page: 50,
      }),
      'POST /api/backoffice/payments/refund': () => {
        if (spent)
          return {
            status: 409,
            body: {
              error: 'refund_credits_spent',
              message:
                'Niet terugbetaald: het lid heeft de credits van deze aankoop al uitgegeven (60 credits gekocht, saldo nu 50). Credits gaan nooit onder 0.',
            },
          };
        refunded = true;
        return { payment: payment({ refunded_at: '2026-11-24T09:00:00.000Z', refund_psp_id: 're_1' }), credits_taken: 60, balance: 0 };
      },
    });
    await renderAt('/backoffice/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Betalingen' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '2 betalingen' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // only the paid payment can be refunded
    expect(within(table).queryByRole('button', { name: 'Order 11 terugbetalen' })).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByRole('button', { name: 'Order 12 terugbetalen' }));
    const dialog = screen.getByRole('dialog', { name: 'Order 12 terugbetalen?' });
    expect(dialog).toHaveTextContent('jan@example.com');
    expect(dialog).toHaveTextContent('60 credits');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, terugbetalen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('saldo nu 50');
    spent = false;
    await user.click(within(dialog).getByRole('button', { name: 'Ja, terugbetalen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Order 12 is terugbetaald: 60 credits van het saldo afgehaald, nieuw saldo 0.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Terugbetaald')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ id: 12 }, { id: 12 }]);

    await user.type(screen.getByRole('searchbox', { name: /Zoek op e-mail/ }), 'nobody{enter}');
    expect(await screen.findByText('Geen betalingen gevonden.')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('nobody');
  });
});

describe('/backoffice/codes', () => {
  it('makes a code, shows the server refusal at the field, switches a code off after confirming', async () => {
    const codes: AdminDiscountCode[] = [
      {
        id: 1,
        code: 'SUMMER15',
        kind: 'code',
        percentage: 15,
        minimum_order_value: 0,
        country: 'NL',
        active: true,
        valid_until: null,
        uses: 2,
      },
    ];
    const calls = serve({
      'GET /api/backoffice/payments/codes': () => ({ codes }),
      'POST /api/backoffice/payments/codes': (_url, init) => {
        const body = init.json as { code: string; percentage: number; minimum_order_value: number };
        if (body.percentage > 100)
          return { status: 400, body: { error: 'validation', field: 'percentage', message: 'Ongeldige waarde: percentage' } };
        const made = {
          id: 2,
          code: body.code.toUpperCase(),
          kind: 'code' as const,
          percentage: body.percentage,
          minimum_order_value: body.minimum_order_value,
          country: null,
          active: true,
          valid_until: null,
          uses: 0,
        };
        codes.unshift(made);
        return made;
      },
      'PUT /api/backoffice/payments/codes': (_url, init) => {
        const { id, active } = init.json as { id: number; active: boolean };
        const code = codes.find((c) => c.id === id);
        if (code) code.active = active;
        return code;
      },
      'GET /api/backoffice/payments/codes/1/uses': () => ({
        uses: [{ user_id: 7, user_email: 'jan@example.com', payment_id: 12, used_at: '2026-11-24T08:00:00.000Z' }],
      }),
    });
    await renderAt('/backoffice/codes');
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: '1 kortingscodes' });
    // the country's name in the UI's language, not 'NL' (issue 29 item 9)
    expect(within(table).getByRole('row', { name: /SUMMER15/ })).toHaveTextContent('Nederland');
    expect(within(screen.getByRole('combobox', { name: 'Land' })).getByRole('option', { name: 'Duitsland' })).toHaveValue('DE');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'winter');
    await user.type(screen.getByRole('spinbutton', { name: 'Korting (%)' }), '150');
    await user.clear(screen.getByRole('spinbutton', { name: 'Minimale orderwaarde' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Minimale orderwaarde' }), '19.95');
    await user.click(screen.getByRole('button', { name: 'Code maken' }));
    expect(await screen.findByText('Ongeldige waarde: percentage')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Korting (%)' })).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByRole('spinbutton', { name: 'Korting (%)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Korting (%)' }), '20');
    await user.click(screen.getByRole('button', { name: 'Code maken' }));
    expect(await screen.findByText('Kortingscode WINTER is gemaakt.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({
      code: 'winter',
      percentage: 20,
      minimum_order_value: 1995,
      country: null,
    });
    await screen.findByRole('table', { name: '2 kortingscodes' });

    await user.click(screen.getByRole('button', { name: 'SUMMER15: 2 keer gebruikt, toon wie' }));
    const uses = screen.getByRole('dialog', { name: 'Gebruik van SUMMER15' });
    expect(await within(uses).findByText('jan@example.com')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'SUMMER15 uitschakelen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'SUMMER15 uitschakelen' })).getByRole('button', { name: 'Uitschakelen' }));
    expect(await screen.findByText('SUMMER15 is uitgeschakeld.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 1, active: false });
  });
});

describe('long staff lists', () => {
  it('pages through 60 discount codes and finds one by its code', async () => {
    const codes: AdminDiscountCode[] = Array.from({ length: 60 }, (_, i) => ({
      id: 60 - i,
      code: `CODE${60 - i}`,
      kind: 'code',
      percentage: 10,
      minimum_order_value: 0,
      country: i % 2 ? 'NL' : 'DE',
      active: true,
      valid_until: null,
      uses: 0,
    }));
    serve({ 'GET /api/backoffice/payments/codes': () => ({ codes }) });
    await renderAt('/backoffice/codes');
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: '60 kortingscodes' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await user.click(within(screen.getByRole('navigation', { name: 'Pagina 1 van 2' })).getByRole('button', { name: 'Volgende' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(11);
    await user.type(screen.getByRole('searchbox', { name: 'Zoek op code of land' }), 'code42{enter}');
    expect(within(screen.getByRole('table', { name: '1 kortingscodes' })).getByText('CODE42')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /Pagina/ })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Zoek op code of land' }));
    await user.type(screen.getByRole('searchbox', { name: 'Zoek op code of land' }), 'nothing{enter}');
    expect(screen.getByText('Geen kortingscodes gevonden.')).toBeInTheDocument();
  });
});

describe('/backoffice/blocked', () => {
  it('blocks an IBAN, shows a refused one at the field, and unblocks after confirming', async () => {
    const blocked = [{ id: 1, kind: 'phone' as const, value: '+31612345678', note: 'fraude', created_at: '2026-11-20T08:00:00.000Z' }];
    const calls = serve({
      'GET /api/backoffice/payments/blocked': () => ({ blocked }),
      'POST /api/backoffice/payments/blocked': (_url, init) => {
        const body = init.json as { kind: 'iban'; value: string };
        if (body.value.startsWith('NL00'))
          return { status: 400, body: { error: 'iban_invalid', field: 'value', message: 'Ongeldig IBAN' } };
        const made = { id: 2, kind: body.kind, value: body.value.replace(/\s/g, ''), note: null, created_at: '2026-11-24T08:00:00.000Z' };
        blocked.unshift(made as never);
        return made;
      },
      'DELETE /api/backoffice/payments/blocked': (_url, init) => {
        const { id } = init.json as { id: number };
        blocked.splice(
          blocked.findIndex((b) => b.id === id),
          1,
        );
        return { ok: true };
      },
    });
    await renderAt('/backoffice/blocked');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: '1 geblokkeerd' });
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'NL00 BANK 0000');
    await user.click(screen.getByRole('button', { name: 'Blokkeren' }));
    expect(await screen.findByText('Ongeldig IBAN')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'IBAN' }));
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'NL44RABO0123456789');
    await user.click(screen.getByRole('button', { name: 'Blokkeren' }));
    expect(await screen.findByText(/NL44RABO0123456789 is geblokkeerd/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'NL44RABO0123456789 deblokkeren' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deblokkeren' }));
    expect(await screen.findByText('NL44RABO0123456789 is gedeblokkeerd.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ id: 2 });
  });
});
