import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { ShellRoutes } from './app';
import { cssValue } from './test/css-rules';
import { renderInShell } from './test/render';
import { withUnreachableRemotes } from './test/unreachable-remotes';

withUnreachableRemotes();

describe('the shell with every remote unreachable', () => {
  it('renders an unknown page as the 404 page inside the default layout, with a link home', async () => {
    renderInShell(<ShellRoutes />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Deze pagina kon niet worden gevonden' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Algemene voorwaarden' })).toHaveAttribute('href', '/pages/terms');
    expect(footer).toHaveTextContent('2025');
    await userEvent.click(screen.getByRole('link', { name: 'Terug naar de homepage' }));
    expect(screen.queryByRole('heading', { level: 1, name: 'Deze pagina kon niet worden gevonden' })).not.toBeInTheDocument();
  });

  it("shows a remote's area as unavailable with a retry, and keeps navigation and footer", async () => {
    renderInShell(<ShellRoutes />, { path: '/members' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent('Dit deel van de site is tijdelijk niet beschikbaar.');
    expect(within(main).getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('uses the chat layout for chats: no navigation, no footer', async () => {
    act(() => setSession(makeUser()));
    renderInShell(<ShellRoutes />, { path: '/chats/3' });
    expect(await within(screen.getByRole('main')).findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('starts every page from the site title', async () => {
    document.title = 'Something else';
    renderInShell(<ShellRoutes />, { path: '/members' });
    await within(screen.getByRole('main')).findByRole('alert');
    expect(document.title).toBe('Flirtlokaal - daten');
  });

  it('names the browser tab of the 404 page after the error, in the page language', async () => {
    renderInShell(<ShellRoutes />, { path: '/no-such-page' });
    expect(document.title).toBe('Deze pagina kon niet worden gevonden');
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    expect(document.title).toBe(i18n.getFixedT('de', 'common')('errors.notFound'));
    expect(document.title).not.toBe('Deze pagina kon niet worden gevonden');
  });

  it("keeps the footer clear of a member's bottom tab bar wherever the tab bar shows (below 1200 px)", () => {
    act(() => setSession(makeUser()));
    const { container } = renderInShell(<ShellRoutes />, { path: '/no-such-page' });
    const layout = container.querySelector('[data-layout="default"]');
    if (!layout) throw new Error('no default layout');
    expect(cssValue(layout, 'padding-bottom', '(max-width: 1199.98px)')).toBe('64px');
    act(() => setSession(null));
  });

  it('shows the disclaimer in the page language (English page on a Dutch site)', async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    renderInShell(<ShellRoutes />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(i18n.getFixedT('en', 'common')('disclaimer'));
    expect(footer).not.toHaveTextContent(i18n.getFixedT('nl', 'common')('disclaimer'));
    // English pages carry the US footer
    expect(footer).toHaveTextContent('18 U.S.C. 2257');
  });
});

describe('member pages without a session', () => {
  const MEMBER_PAGES = [
    '/profile',
    '/likes',
    '/likes/matches',
    '/likes/m/5',
    '/swipe-game',
    '/match-finder',
    '/notifications',
    '/account',
    '/account/password',
    '/complete-signup',
    '/chats',
    '/transactions',
  ];

  it.each(MEMBER_PAGES)('%s shows the login prompt once (never "Laden…"), with a way back here after login', (path) => {
    renderInShell(<ShellRoutes />, { path });
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(main).getByRole('heading', { level: 1, name: 'Log in om verder te gaan.' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(path)}`);
    expect(within(main).getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/signup');
    expect(within(main).queryByText(/laden/i)).not.toBeInTheDocument();
  });

  it.each([
    ['/chats', 'Log in om te chatten. Aanmelden is gratis.'],
    ['/members/7/chat', 'Log in om te chatten. Aanmelden is gratis.'],
    ['/members/7/chat?gift=1', 'Log in om een cadeau te sturen. Aanmelden is gratis.'],
  ])('%s says why to log in (chat, gift)', (path, text) => {
    renderInShell(<ShellRoutes />, { path });
    expect(within(screen.getByRole('main')).getByText(text)).toBeInTheDocument();
  });

  it('pages open to visitors (search, a profile, pricing) load their remote instead', async () => {
    for (const path of ['/members', '/members/7', '/pricing']) {
      const view = renderInShell(<ShellRoutes />, { path });
      expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
        'Dit deel van de site is tijdelijk niet beschikbaar.',
      );
      expect(screen.queryByRole('heading', { name: 'Log in om verder te gaan.' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('swaps a member page for the login prompt when a call ends the session (403 authentication_required)', async () => {
    act(() => setSession(makeUser()));
    renderInShell(<ShellRoutes />, { path: '/likes' });
    await within(screen.getByRole('main')).findByRole('alert'); // the (unreachable) remote's area
    act(() => setSession(null)); // what the api client does on 403/401 authentication_required
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Log in om verder te gaan.' })).toBeInTheDocument();
  });

  it('speaks the page language', async () => {
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    renderInShell(<ShellRoutes />, { path: '/profile' });
    const de = i18n.getFixedT('de', 'common');
    expect(screen.getByRole('heading', { level: 1, name: de('errors.loginRequired') })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent('Log in om verder te gaan.');
  });
});
