/** The staff side of the shell (issue 15): the staff layout, its menu by role, "Beheer" in the account menu. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { ShellRoutes } from '../app';
import { renderInShell } from '../test/render';
import { withUnreachableRemotes } from '../test/unreachable-remotes';

withUnreachableRemotes();

describe('the back office in the shell', () => {
  it('shows a moderator only the moderation areas and loads the owning remote in the staff layout', async () => {
    act(() => setSession(makeUser({ is_staff: true, staff_roles: ['moderator'] })));
    renderInShell(<ShellRoutes />, { path: '/backoffice/photos' });
    const menu = screen.getByRole('navigation', { name: 'Beheeronderdelen' });
    const areas = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(areas).toEqual(["Foto's", 'Leden', 'Blokkeringen', 'Meldingen', 'Verificaties', 'Klachten', 'Vastgehouden berichten']);
    expect(within(menu).getByRole('link', { name: "Foto's" })).toHaveAttribute('aria-current', 'page');
    // the member site's navigation and footer are not there
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
    // mf_members is unreachable in this test: its page is contained
    expect(await within(screen.getByRole('main')).findByRole('alert')).toBeInTheDocument();
  });

  it('sends /backoffice to the first area of the roles, and an admin sees every area', async () => {
    act(() => setSession(makeUser({ is_staff: true, staff_roles: ['admin'] })));
    renderInShell(<ShellRoutes />, { path: '/backoffice' });
    const menu = screen.getByRole('navigation', { name: 'Beheeronderdelen' });
    expect(within(menu).getAllByRole('link')).toHaveLength(14);
    expect(within(menu).getByRole('link', { name: "Foto's" })).toHaveAttribute('aria-current', 'page');
  });

  it('shows members and staff without the role "staff only" instead of the page', async () => {
    act(() => setSession(makeUser()));
    renderInShell(<ShellRoutes />, { path: '/backoffice/codes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Alleen voor medewerkers' })).toBeInTheDocument();
    act(() => setSession(makeUser({ is_staff: true, staff_roles: ['operator'] })));
    expect(screen.getByRole('heading', { level: 1, name: 'Alleen voor medewerkers' })).toBeInTheDocument();
  });

  it('asks a visitor to log in', () => {
    renderInShell(<ShellRoutes />, { path: '/backoffice/operator' });
    expect(screen.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login?redirect=%2Fbackoffice%2Foperator');
  });

  it('offers "Beheer" in the account menu to staff only', async () => {
    act(() => setSession(makeUser({ is_staff: true, staff_roles: ['payments'] })));
    const { unmount } = renderInShell(<ShellRoutes />, { path: '/pages/faq' });
    await userEvent.click(screen.getByRole('button', { name: /Accountmenu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Beheer' }));
    expect(
      within(screen.getByRole('navigation', { name: 'Beheeronderdelen' })).getByRole('link', { name: 'Kortingscodes' }),
    ).toHaveAttribute('aria-current', 'page');
    unmount();
    act(() => setSession(makeUser()));
    renderInShell(<ShellRoutes />, { path: '/pages/faq' });
    await userEvent.click(screen.getByRole('button', { name: /Accountmenu/ }));
    expect(screen.queryByRole('menuitem', { name: 'Beheer' })).not.toBeInTheDocument();
  });
});
