import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useRoutes } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { i18n, LANGUAGES } from '@dating/shared-kit/i18n';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import { ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '@dating/shared-kit/theme';
import { routes } from './routes';
import { cleanPhone } from './pages/legal-pages';

/** The footer's legal links (shell/src/layouts/footer.tsx) that open pages of this module. */
const LEGAL_LINKS = [
  { key: 'terms', to: '/pages/terms' },
  { key: 'privacy', to: '/pages/privacy' },
  { key: 'cookies', to: '/pages/cookies' },
  { key: 'ban', to: '/pages/ban' },
  { key: 'complaints', to: '/complaints' },
  { key: 'returnPolicy', to: '/pages/return-policy' },
  { key: 'faq', to: '/pages/faq' },
  { key: 'support', to: '/pages/service' },
] as const;
import { siteLanguages } from './pages/lang-config-page';

function App() {
  // the members overview belongs to mf_members; stand in for it here
  return useRoutes([
    ...routes,
    { path: '/members', element: <p>Member overview</p> },
    { path: '/account/delete', element: <p>Account delete page</p> },
  ]);
}

/** As the shell renders a remote: inside its ThemeProvider and router. */
function Shell({ path, children }: { path: string; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </ThemeProvider>
  );
}

function renderAt(path: string) {
  return render(
    <Shell path={path}>
      <App />
    </Shell>,
  );
}

beforeEach(async () => {
  store.set(
    settingsAtom,
    makeSettings({ name: 'Flirtlokaal', refund_days: 14, support_email: 'help@example.com', support_phone: '+31 20-123 4567' }),
  );
  act(() => setSession(null));
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});

/**
 * The network of these page tests: the API answers the legal pages ask for, as the server gives
 * them (the server side of both calls is tested against the real app in api/). Anything else fails.
 */
const COMPANY = {
  name: 'Flirtlokaal B.V.',
  address: 'Keizersgracht 123',
  registration_number: 'KvK 12345678',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Flirtlokaal'],
  vat_numbers: ['NL123456789B01'],
  support_phone: '+31 20-123 4567',
  delete_discount: 50,
  added: '2024-01-15T12:00:00Z',
};
let banned = false;
beforeEach(() => {
  banned = false;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost/');
    if (url.pathname === '/api/companyinfo.php') return Response.json({ companyinfo: COMPANY });
    if (url.pathname === '/api/ban.php') return Response.json({ banned });
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  });
});

describe('static pages', () => {
  it.each([
    ['/pages/terms', 'Algemene voorwaarden', 'Wie wij zijn'],
    ['/pages/privacy', 'Privacyverklaring', 'Wie is verantwoordelijk'],
    ['/pages/cookies', 'Cookiebeleid', 'Cookies'],
    ['/pages/ban', 'Blokkeringsbeleid', 'Waarvoor we een account blokkeren'],
    ['/pages/faq', 'Veelgestelde vragen', 'Chatpals'],
    ['/pages/return-policy', 'Retourbeleid', 'Je wettelijke herroepingsrecht van 14 dagen'],
  ])('%s: its heading, a table of contents and the sections of its text', async (path, title, section) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'Inhoud' });
    const link = within(toc).getByRole('link', { name: section });
    expect(document.getElementById(link.getAttribute('href')?.slice(1) ?? '')).toHaveTextContent(section);
    expect(document.title).toBe(title);
  });

  it.each([
    ['/pages/service', 'Klantenservice'],
    ['/complaints', 'Klachten'],
    ['/lang-config', 'Kies je taal'],
  ])('%s has its heading', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("link text = page title: every footer link's name is the title of the page it opens, in every language", async () => {
    for (const lng of LANGUAGES) {
      await act(async () => {
        await i18n.changeLanguage(lng);
      });
      for (const { key, to } of LEGAL_LINKS) {
        const view = renderAt(to);
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(i18n.getFixedT(lng, 'common')(`footer.${key}`));
        view.unmount();
      }
    }
  });

  it('terms: version date (the company added date when later than 2023-12-01), the company from companyinfo.php, the honest chatpal section', async () => {
    renderAt('/pages/terms');
    expect(await screen.findByText('Versie: 15 januari 2024')).toBeInTheDocument();
    expect(
      screen.getByText(/Flirtlokaal is een dienst van Flirtlokaal B\.V\., Keizersgracht 123, Amsterdam, Nederland/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Chatpals: fictieve profielen' })).toBeInTheDocument();
  });

  it('refund policy: the refund days of the site, one name ("Retourbeleid"), no "Herroepingsrecht" title', async () => {
    store.set(settingsAtom, makeSettings({ name: 'Flirtlokaal', refund_days: 30, support_email: 'help@example.com' }));
    renderAt('/pages/return-policy');
    expect(await screen.findByText(/tot 30 dagen na aankoop/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Herroepingsrecht' })).not.toBeInTheDocument();
  });

  it('privacy links the account export and deletion, followed in the app', async () => {
    renderAt('/pages/privacy');
    const exportLink = (await screen.findAllByRole('link', { name: 'je account' }))[0];
    expect(exportLink).toHaveAttribute('href', '/account');
    expect(screen.getAllByRole('link', { name: 'account verwijderen' })[0]).toHaveAttribute('href', '/account/delete');
    await userEvent.click(screen.getAllByRole('link', { name: 'account verwijderen' })[0] as HTMLElement);
    expect(screen.getByText('Account delete page')).toBeInTheDocument();
  });

  it('the ban page is the published policy for a visitor: no personal notice', async () => {
    renderAt('/pages/ban');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bezwaar maken' })).toBeInTheDocument();
    expect(screen.queryByText('Je account is geblokkeerd')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the ban page tells a banned member (the server says so) that their account is blocked, above the policy', async () => {
    banned = true;
    renderAt('/pages/ban');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Je account is geblokkeerd');
    expect(within(notice).getByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bezwaar maken' })).toBeInTheDocument();
  });

  it('shows the support phone cleaned of dashes and spaces', () => {
    renderAt('/pages/service');
    expect(screen.getByRole('link', { name: '+31201234567' })).toHaveAttribute('href', 'tel:+31201234567');
    expect(cleanPhone('030 - 12 34')).toBe('0301234');
  });

  it('switches language from /lang-config', async () => {
    renderAt('/lang-config');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("offers the languages of the site's countries first on /lang-config (Belgium: nl, fr, de)", () => {
    store.set(settingsAtom, makeSettings({ name: 'Flirtlokaal', countries: ['BE'] }));
    renderAt('/lang-config');
    const suggested = screen.getByRole('list', { name: 'Talen van deze site' });
    expect(
      within(suggested)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Nederlands', 'Français', 'Deutsch']);
    const other = screen.getByRole('list', { name: 'Andere talen' });
    expect(within(other).getAllByRole('button')).toHaveLength(4);
    expect(siteLanguages(['CH', 'AT'])).toEqual(['de', 'it', 'fr', 'en']);
    expect(siteLanguages(['XX'])).toEqual([]);
  });

  it('translates the pages: the Polish FAQ, in Polish, with its questions', async () => {
    await act(async () => {
      await i18n.changeLanguage('pl');
    });
    renderAt('/pages/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Najczęstsze pytania' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Czy rejestracja jest bezpłatna?' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(12);
  });
});

describe('index', () => {
  it('invites visitors to sign up: the modal on a desktop', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width: 768px'),
      media: query,
    })) as unknown as typeof window.matchMedia;
    const opened = jest.fn();
    const off = bus.on('signup:open', opened);
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Ontmoet nieuwe mensen bij jou in de buurt' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gratis aanmelden' }));
    expect(opened).toHaveBeenCalled();
    off();
  });

  it('sends logged-in members on to the member overview', () => {
    act(() => setSession(makeUser()));
    renderAt('/');
    expect(screen.getByText('Member overview')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Ontmoet nieuwe mensen bij jou in de buurt' })).not.toBeInTheDocument();
  });
});
