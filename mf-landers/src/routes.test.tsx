import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useRoutes } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import { ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '@dating/shared-kit/theme';
import { routes } from './routes';
import { cleanPhone } from './pages/legal-pages';
import { siteLanguages } from './pages/lang-config-page';

function App() {
  // the members overview belongs to mf_members; stand in for it here
  return useRoutes([...routes, { path: '/members', element: <p>Member overview</p> }]);
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
  store.set(settingsAtom, makeSettings({ name: 'Flirtlokaal', refund_days: 14, support_email: 'help@example.com', support_phone: '+31 20-123 4567' }));
  act(() => setSession(null));
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});

describe('static pages', () => {
  it.each([
    ['/pages/terms', 'Algemene voorwaarden'],
    ['/pages/privacy', 'Privacyverklaring'],
    ['/pages/cookies', 'Cookiebeleid'],
    ['/pages/ban', 'Account geblokkeerd'],
    ['/pages/faq', 'Veelgestelde vragen'],
    ['/pages/return-policy', 'Herroepingsrecht'],
    ['/pages/service', 'Klantenservice'],
    ['/complaints', 'Klachten'],
    ['/lang-config', 'Kies je taal'],
  ])('%s has its heading', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('shows the terms version date and the site name', () => {
    renderAt('/pages/terms');
    expect(screen.getByText('Versie: 1 december 2023')).toBeInTheDocument();
    expect(screen.getByText(/^Flirtlokaal is een dating- en chatdienst/)).toBeInTheDocument();
  });

  it('shows the refund days and the support phone cleaned of dashes and spaces', () => {
    renderAt('/pages/return-policy');
    expect(screen.getByText(/binnen 14 dagen/)).toBeInTheDocument();
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
    expect(within(suggested).getAllByRole('button').map((b) => b.textContent)).toEqual(['Nederlands', 'Français', 'Deutsch']);
    const other = screen.getByRole('list', { name: 'Andere talen' });
    expect(within(other).getAllByRole('button')).toHaveLength(4);
    expect(siteLanguages(['CH', 'AT'])).toEqual(['de', 'it', 'fr', 'en']);
    expect(siteLanguages(['XX'])).toEqual([]);
  });

  it('translates the pages', async () => {
    await act(async () => {
      await i18n.changeLanguage('pl');
    });
    renderAt('/pages/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Najczęstsze pytania' })).toBeInTheDocument();
  });
});

describe('index', () => {
  it('invites visitors to sign up: the modal on a desktop', async () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('min-width: 768px'), media: query })) as unknown as typeof window.matchMedia;
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

  it('shows lander placeholders with their title', () => {
    renderAt('/landers/video/summer');
    expect(screen.getByRole('heading', { level: 1, name: 'Landingspagina' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gratis aanmelden' })).toBeInTheDocument();
  });

  it('names the browser tab after the lander placeholder, as the static pages do', () => {
    document.title = 'Flirtlokaal - Daten en chatten met leuke singles';
    renderAt('/members/12/signup');
    expect(document.title).toBe('Meld je aan en ontmoet dit lid');
  });
});
