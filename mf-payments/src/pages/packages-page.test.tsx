import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { serve } from '@dating/shared-kit/testing';
import { discounted, loginAs, makeCredits, renderAt, resetBrowserState, useSiteSettings } from '../test-utils';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
/** the `index`th package card of the list */
function card(list: HTMLElement, index: number): HTMLElement {
  const item = within(list).getAllByRole('listitem')[index];
  if (!item) throw new Error(`no package ${index}`);
  return item;
}

beforeEach(() => {
  resetBrowserState();
  useSiteSettings();
});

describe('/credits', () => {
  it('shows p0-p3 with price, price per credit, the popular ribbon, the try-out package, refund period and return policy', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/credits');
    expect(screen.getByRole('heading', { level: 1, name: 'Credits kopen' })).toBeInTheDocument();
    expect(document.title).toBe('Credits kopen');

    const list = await screen.findByRole('list', { name: 'Pakketten' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      '50 credits',
      '100 credits',
      '250 credits',
      '600 credits',
    ]);
    const p1 = card(list, 1);
    expect(plain(p1.textContent)).toContain('€ 19,99');
    expect(plain(p1.textContent)).toContain('€ 0,20 per credit');
    expect(within(p1).getByText('Populair')).toBeInTheDocument();
    expect(within(card(list, 0)).queryByText('Populair')).not.toBeInTheDocument();
    expect(within(p1).getByRole('link', { name: /^Kopen: 100 credits voor/ })).toHaveAttribute('href', '/credits/p1');

    const tryout = screen.getByRole('list', { name: 'Probeer het uit' });
    expect(plain(tryout.textContent)).toContain('10 credits');
    expect(plain(tryout.textContent)).toContain('€ 1,99');

    expect(screen.getByText('Eenmalige betaling, geen abonnement.')).toBeInTheDocument();
    expect(screen.getByText(/Je hebt 14 dagen bedenktijd/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lees ons retourbeleid' })).toHaveAttribute('href', '/pages/return-policy');
  });

  it('shows the discount ribbon with the old price struck through and the new one', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => discounted(makeCredits(), 25, 'WELCOME25') });
    await renderAt('/credits');
    const list = await screen.findByRole('list', { name: 'Pakketten' });
    const p1 = card(list, 1);
    expect(within(p1).getByText('25% korting')).toBeInTheDocument();
    const old = p1.querySelector('del');
    expect(plain(old?.textContent ?? null)).toBe('Was € 19,99');
    expect(plain(p1.textContent)).toContain('Nu € 14,99');
  });

  it('checks a discount code: the server says why it is refused, an accepted one reprices the packages', async () => {
    loginAs();
    const calls = serve({
      'GET /api/credits.php': (url) =>
        url.searchParams.get('discount_code') === 'SAVE10' ? discounted(makeCredits(), 10, 'SAVE10') : makeCredits(),
      'GET /api/discountcode.php': (url) => {
        const code = url.searchParams.get('code');
        if (code === 'USED') return { status: 409, body: { error: 'code_used', message: 'Code reeds gebruikt' } };
        if (code !== 'SAVE10') return { status: 404, body: { error: 'code_not_found', message: 'Code niet gevonden' } };
        return { code: 'SAVE10', percentage: 10, minimum_order_value: 0, country: null };
      },
    });
    await renderAt('/credits');
    await screen.findByRole('list', { name: 'Pakketten' });
    const user = userEvent.setup({ delay: null });
    const field = screen.getByLabelText('Kortingscode');

    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(await screen.findByText('Code niet gevonden')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Code niet gevonden');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'USED');
    await user.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(await screen.findByText('Code reeds gebruikt')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(await screen.findByText('Kortingscode SAVE10 is toegepast')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Pakketten' });
    await waitFor(() => expect(plain(card(list, 1).textContent)).toContain('€ 17,99'));
    expect(calls.some((c) => c.url.pathname === '/api/credits.php' && c.url.searchParams.get('discount_code') === 'SAVE10')).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('payments.discount_code') ?? 'null')).toBe('SAVE10');

    await user.click(screen.getByRole('button', { name: 'Code verwijderen' }));
    await waitFor(() => expect(plain(card(screen.getByRole('list', { name: 'Pakketten' }), 1).textContent)).toContain('€ 19,99'));
  });
});

describe('/premium and /pricing', () => {
  it('/premium lists what premium gives', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/premium');
    expect(screen.getByRole('heading', { level: 1, name: 'Word premium lid' })).toBeInTheDocument();
    const benefits = screen.getByRole('list', { name: 'Voordelen van premium' });
    expect(benefits).toHaveTextContent("Bekijk alle foto's van alle leden");
    expect(await screen.findByRole('list', { name: 'Pakketten' })).toBeInTheDocument();
  });

  it('/premium tells a premium member so instead of selling premium', async () => {
    loginAs({ paid_user: true });
    serve({ 'GET /api/credits.php': () => makeCredits() });
    await renderAt('/premium');
    expect(screen.getByText('Je bent al premium lid. Hier koop je extra credits.').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Voordelen van premium' })).not.toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Pakketten' })).toBeInTheDocument();
  });

  it('/pricing works logged out: prices shown, the buy buttons open the signup', async () => {
    serve({ 'GET /api/credits.php': () => makeCredits() });
    const opened = jest.fn();
    const off = bus.on('signup:open', opened);
    await renderAt('/pricing');
    expect(screen.getByRole('heading', { level: 1, name: 'Prijzen' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Pakketten' });
    expect(plain(list.textContent)).toContain('€ 79,99');
    expect(screen.queryByLabelText('Kortingscode')).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(list).getByRole('button', { name: 'Meld je gratis aan om 100 credits te kopen' }));
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('names everything in the member language', async () => {
    loginAs();
    serve({ 'GET /api/credits.php': () => makeCredits({ currency: 'GBP' }) });
    await renderAt('/credits');
    await act(async () => {
      const { i18n } = await import('@dating/shared-kit/i18n');
      await i18n.changeLanguage('en');
    });
    const list = await screen.findByRole('list', { name: 'Packages' });
    expect(plain(card(list, 1).textContent)).toContain('£19.99');
    expect(screen.getByRole('heading', { level: 1, name: 'Buy credits' })).toBeInTheDocument();
  });
});
