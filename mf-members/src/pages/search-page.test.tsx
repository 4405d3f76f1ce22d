import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import { SearchPage } from './search-page';

const page = (results: ReturnType<typeof makeProfile>[], numResults: number, similar: ReturnType<typeof makeProfile>[] = []) => ({
  results, numResults, pageNumber: 1, pageSize: 12,
  similar: { results: similar, numResults: similar.length, pageNumber: 1, pageSize: 12 },
});

describe('SearchPage', () => {
  it('shows labelled filters, the count, fictional badges and similar results; a search sends the filters', async () => {
    loginAs();
    const calls = serve({
      'GET /api/members.php': (url) =>
        url.searchParams.get('countryregion') === 'UT'
          ? page([makeProfile({ id: 5, name: 'Eva' })], 1, [makeProfile({ id: 6, name: 'Noor' })])
          : page([makeProfile({ id: 2, name: 'Sanne' }), makeProfile({ id: 3, name: 'Chatpal Lisa', fictional: true })], 30),
      'GET /api/regions.php': () => ({ country: 'NL', kind: 'province', label: 'Provincie', regions: [{ code: 'UT', name: 'Utrecht' }, { code: 'NH', name: 'Noord-Holland' }] }),
    });
    renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);

    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 30' })).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Zoekresultaten' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    expect(within(results).getByRole('img', { name: 'Dit profiel is fictief' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: "Pagina's van de zoekresultaten" })).toHaveTextContent('Pagina 1 van 3');
    // default search: the gender the member looks for, in their country
    expect(calls[0]?.url.searchParams.get('gender')).toBe('female');
    expect(calls[0]?.url.searchParams.get('country')).toBe('NL');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Minimale leeftijd'), '25');
    await user.selectOptions(await screen.findByLabelText('Provincie'), 'UT');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 1' })).toBeInTheDocument();
    const last = calls.filter((c) => c.url.pathname === '/api/members.php').at(-1);
    expect(last?.url.searchParams.get('min_age')).toBe('25');
    expect(last?.url.searchParams.get('countryregion')).toBe('UT');
    expect(screen.getByRole('heading', { name: 'Vergelijkbare leden' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Vergelijkbare leden' })).getByText('Noor, 31')).toBeInTheDocument();
  });

  it('passes a visitor\'s traffic source along (logged_out_search_trafficsource)', async () => {
    const { setSession } = await import('@dating/shared-kit/state');
    setSession(null);
    const calls = serve({ 'GET /api/members.php': () => page([], 0) });
    renderAt('/members?network=adnet', [{ path: '/members', element: <SearchPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 0' })).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('network')).toBe('adnet');
  });

  it('shows the server message when logged-out search is not allowed', async () => {
    serve({
      'GET /api/members.php': () => ({ status: 403, body: { error: 'search_login_required', message: 'Log in om leden te zoeken.' } }),
    });
    const { setSession } = await import('@dating/shared-kit/state');
    setSession(null);
    renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
    expect(await screen.findByText('Log in om leden te zoeken.')).toBeInTheDocument();
  });
});
