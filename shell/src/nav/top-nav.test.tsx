import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, LANGUAGE_COOKIE } from '@dating/shared-kit/i18n';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import { cssRulesFor, cssValue } from '../test/css-rules';
import { renderInShell } from '../test/render';
import { TopNav } from './top-nav';

beforeEach(async () => {
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
  store.set(settingsAtom, makeSettings({ name: 'Flirtlokaal' }));
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});

afterEach(() => {
  act(() => setSession(null));
});

describe('top navigation', () => {
  it('shows a login button to visitors', () => {
    act(() => setSession(null));
    renderInShell(<TopNav />);
    expect(screen.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: /Berichten/ })).not.toBeInTheDocument();
  });

  it("keeps a visitor's header on one row on a small phone: the language word folds into the globe, the login button tightens", () => {
    act(() => setSession(null));
    renderInShell(<TopNav />);
    // the select keeps its name, and the globe stays visible as its label
    const select = screen.getByRole('combobox', { name: 'Taal' });
    const word = screen.getByText('Taal');
    expect(select).toBeInTheDocument();
    expect(cssValue(word, 'position', '(max-width: 575.98px)')).toBe('absolute');
    expect(cssValue(word, 'position')).toBe('');
    const login = screen.getByRole('link', { name: 'Inloggen' });
    expect(cssValue(login, 'padding')).toBe('0.45rem 0.65rem');
    expect(cssValue(login, 'padding', '(min-width: 576px)')).toBe('0.5rem 1.1rem');
  });

  it('shows members their sections with unread and new-like badges, capped at 99+', () => {
    act(() => setSession(makeUser({ unread_messages: 150, new_likes: 5, paid_user: false })));
    renderInShell(<TopNav />);
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: /Leden zoeken/ })).toHaveAttribute('href', '/members');
    const messages = within(nav).getByRole('link', { name: /Berichten/ });
    expect(messages).toHaveTextContent('99+');
    expect(messages).toHaveAttribute('href', '/chats');
    expect(within(nav).getByRole('link', { name: /Likes/ })).toHaveTextContent('5');
    expect(within(nav).getByRole('link', { name: /Word premium/ })).toHaveAttribute('href', '/premium');
    expect(within(nav).queryByRole('link', { name: /^Credits/ })).not.toBeInTheDocument();
  });

  it('shows no badge at zero and credits for paying members', () => {
    act(() => setSession(makeUser({ unread_messages: 0, new_likes: 0, paid_user: true, credits: 42 })));
    renderInShell(<TopNav />);
    expect(screen.getByRole('link', { name: /Berichten/ })).toHaveTextContent(/^.?\s*Berichten$/);
    expect(screen.getByRole('link', { name: /Credits/ })).toHaveTextContent('42');
  });

  it('colours a low credit balance (warning at 1-10, danger at 0)', () => {
    act(() => setSession(makeUser({ paid_user: true, credits: 0 })));
    const { container } = renderInShell(<TopNav />);
    expect(screen.getByRole('link', { name: /Credits/ })).toHaveTextContent('0');
    expect(container.querySelector('[data-tone="danger"]')).toHaveTextContent('0');
  });

  it('has an account menu button that opens and closes with aria-expanded', async () => {
    act(() => setSession(makeUser({ profile: { ...makeUser().profile, name: 'Sanne' } })));
    renderInShell(<TopNav />);
    const button = screen.getByRole('button', { name: /Sanne/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mijn profiel', 'Instellingen', 'Account', 'Uitloggen']);
    expect(within(menu).getByRole('menuitem', { name: 'Mijn profiel' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Instellingen' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('tells screen readers the badge counts in the right singular or plural form', async () => {
    act(() => setSession(makeUser({ unread_messages: 1, new_likes: 1, paid_user: false })));
    const { unmount } = renderInShell(<TopNav />);
    expect(screen.getByRole('link', { name: /Berichten\s*1 ongelezen bericht$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Likes\s*1 nieuwe like$/ })).toBeInTheDocument();
    unmount();

    act(() => setSession(makeUser({ unread_messages: 3, new_likes: 5, paid_user: false })));
    await act(async () => {
      await i18n.changeLanguage('pl');
    });
    renderInShell(<TopNav />);
    expect(screen.getByRole('link', { name: /3 nieprzeczytane wiadomości$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /5 nowych polubień$/ })).toBeInTheDocument();
  });
});

describe('member sections on small and large screens', () => {
  const wide = '(min-width: 1200px)';

  it('keep the bottom tab bar below 1200 px (the top bar wrapped to three rows on tablets) and sit in the top bar from 1200 px', () => {
    act(() => setSession(makeUser({ paid_user: false })));
    renderInShell(<TopNav />);
    const sections = within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).getByRole('list');
    expect(cssValue(sections, 'position')).toBe('fixed');
    expect(cssValue(sections, 'bottom')).toBe('0');
    expect(cssValue(sections, 'position', wide)).toBe('static');
    // nothing moves the tab bar back into the top bar at a narrower width
    expect(
      cssRulesFor(sections)
        .filter((rule) => rule.style.getPropertyValue('position') === 'static')
        .map((rule) => rule.media),
    ).toEqual([wide]);
  });

  it('let a long label wrap inside its quarter of the tab bar instead of running off the screen', async () => {
    act(() => setSession(makeUser({ paid_user: false })));
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    renderInShell(<TopNav />);
    const sections = within(screen.getByRole('navigation', { name: 'Hauptmenü' })).getByRole('list');
    expect(cssValue(sections, 'grid-template-columns')).toBe('repeat(4, minmax(0, 1fr))');
    const premium = screen.getByRole('link', { name: /Premium werden/ });
    expect(cssValue(premium, 'white-space')).toBe('normal');
    // between words; a word splits only when it cannot fit the quarter on its own
    expect(cssValue(premium, 'overflow-wrap')).toBe('break-word');
    expect(cssValue(premium, 'white-space', wide)).toBe('nowrap');
  });

  it('put a count at the corner of the icon in the tab bar, so "Berichten" keeps its line (issue 29 item 4), and after the label in the top bar', () => {
    act(() => setSession(makeUser({ unread_messages: 7, paid_user: true, credits: 42 })));
    renderInShell(<TopNav />);
    for (const [name, count] of [
      [/Berichten/, '7'],
      [/Credits/, '42'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      const badge = within(link).getByText(count).closest('[data-nav-badge]') as HTMLElement;
      expect(badge).not.toBeNull();
      // not in the label's line: the label alone decides its width
      expect(within(link).getByText(name).contains(badge)).toBe(false);
      expect(cssValue(badge, 'position')).toBe('absolute');
      expect(cssValue(badge, 'position', wide)).toBe('static');
    }
  });
});

describe('language switcher', () => {
  it('offers the 7 languages and switches the page language, storing the cookie', async () => {
    act(() => setSession(null));
    renderInShell(<TopNav />);
    const select = screen.getByRole('combobox', { name: 'Taal' });
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['nl', 'en', 'de', 'es', 'fr', 'it', 'pl']);
    await userEvent.selectOptions(select, 'de');
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });
});

describe('installed app', () => {
  it('shows a back button in the installed app on member, likes and credits pages only', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(display-mode: standalone)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
    try {
      act(() => setSession(makeUser()));
      for (const path of ['/members/7', '/likes', '/credits']) {
        const { unmount } = renderInShell(<TopNav />, { path });
        expect(screen.getByRole('button', { name: /Terug/ })).toBeInTheDocument();
        unmount();
      }
      for (const path of ['/members', '/chats', '/']) {
        const { unmount } = renderInShell(<TopNav />, { path });
        expect(screen.queryByRole('button', { name: /Terug/ })).not.toBeInTheDocument();
        unmount();
      }
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows no back button in a browser tab', () => {
    act(() => setSession(makeUser()));
    renderInShell(<TopNav />, { path: '/likes' });
    expect(screen.queryByRole('button', { name: /Terug/ })).not.toBeInTheDocument();
  });
});
