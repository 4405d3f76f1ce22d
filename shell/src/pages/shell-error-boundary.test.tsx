import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { i18n } from '@dating/shared-kit/i18n';
import { renderInShell } from '../test/render';
import { ShellErrorBoundary } from './shell-error-boundary';

/** A page that fails to render on /broken and works elsewhere. */
function Page() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('render failed');
  return (
    <main>
      <h1>Pagina {pathname}</h1>
      <Link to="/broken">Kapot</Link>
    </main>
  );
}

beforeEach(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});

describe('the shell error page', () => {
  it('shows the translated error with status 500 and a way home, and recovers on the next page', async () => {
    renderInShell(
      <ShellErrorBoundary>
        <Page />
      </ShellErrorBoundary>,
      { path: '/likes' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Kapot' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Er is een fout opgetreden, probeer het later opnieuw.' })).toBeInTheDocument();
    expect(document.documentElement.dataset.httpStatus).toBe('500');
    expect(document.title).toBe('Er is een fout opgetreden, probeer het later opnieuw.');

    await userEvent.click(screen.getByRole('link', { name: 'Terug naar de homepage' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina /' })).toBeInTheDocument();
    expect(document.documentElement.dataset.httpStatus).toBeUndefined();
  });
});
