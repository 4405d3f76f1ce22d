import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { settingsAtom, store } from '@dating/shared-kit/state';
import { makeProfile, makeSettings } from '@dating/shared-kit/testing';
import { provideRemoteLoader } from '@dating/shared-kit/ui';
import { loginAs, renderAt, serve } from '../test-utils';
import { Suspense } from 'react';
import { routes } from '../routes';
import { SearchPage } from './search-page';

const page = (results: ReturnType<typeof makeProfile>[], numResults: number, similar: ReturnType<typeof makeProfile>[] = []) => ({
  results,
  numResults,
  pageNumber: 1,
  pageSize: 12,
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
      'GET /api/regions.php': () => ({
        country: 'NL',
        kind: 'province',
        label: 'Provincie',
        regions: [
          { code: 'UT', name: 'Utrecht' },
          { code: 'NH', name: 'Noord-Holland' },
        ],
      }),
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

  it("passes a visitor's traffic source along (logged_out_search_trafficsource)", async () => {
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

  it('an impossible age range shows the error and no longer the old results', async () => {
    loginAs();
    serve({
      'GET /api/members.php': (url) =>
        Number(url.searchParams.get('min_age')) > Number(url.searchParams.get('max_age') || 99)
          ? {
              status: 400,
              body: { error: 'age_range_invalid', field: 'min_age', message: 'De minimale leeftijd is hoger dan de maximale.' },
            }
          : page([makeProfile({ id: 2, name: 'Sanne' })], 1),
    });
    renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 1' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Minimale leeftijd'), '50');
    await user.selectOptions(screen.getByLabelText('Maximale leeftijd'), '30');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('De minimale leeftijd is hoger dan de maximale.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gevonden leden: 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Zoekresultaten' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sanne, 31')).not.toBeInTheDocument();
    // the filters stay open to correct the range
    expect(screen.getByRole('form', { name: 'Zoekfilters' })).not.toHaveAttribute('data-folded');
  });

  it("the similar members' pager sits in their own boxed section and names it", async () => {
    loginAs();
    const many = Array.from({ length: 12 }, (_, i) => makeProfile({ id: 100 + i, name: `Lid${i}` }));
    serve({
      'GET /api/members.php': () => ({ ...page([], 0), similar: { results: many, numResults: 30, pageNumber: 1, pageSize: 12 } }),
    });
    renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
    const section = await screen.findByRole('region', { name: 'Vergelijkbare leden' });
    const pager = within(section).getByRole('navigation', { name: "Pagina's van de vergelijkbare leden" });
    expect(pager).toHaveTextContent('Vergelijkbare leden: pagina 1 van 3');
    // the main results have no pager of their own here (nothing to page)
    expect(screen.queryByRole('navigation', { name: "Pagina's van de zoekresultaten" })).not.toBeInTheDocument();
  });

  it('from the members routes, asks for the results beside the page itself, once', async () => {
    loginAs();
    const calls = serve({ 'GET /api/members.php': () => page([makeProfile({ id: 2, name: 'Sanne' })], 1) });
    const search = routes.find((r) => r.path === '/members');
    renderAt('/members', [{ path: '/members', element: <Suspense fallback={null}>{search?.element}</Suspense> }]);
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    const searches = calls.filter((c) => c.url.pathname === '/api/members.php');
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(searches[0]?.url.searchParams ?? [])).toEqual({
      gender: 'female',
      country: 'NL',
      page: '1',
      similar_page: '1',
    });
  });

  it("loads the first row's photos at once (the first two first), the rest and the similar members' when scrolled to", async () => {
    loginAs();
    const profiles = Array.from({ length: 8 }, (_, i) => makeProfile({ id: 200 + i, name: `Lid${i}` }));
    const similar = [makeProfile({ id: 300, name: 'Noor' })];
    serve({ 'GET /api/members.php': () => page(profiles, 8, similar) });
    renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    // the cards name the member, so their photos are decorative
    const photos = within(results).getAllByRole('presentation');
    expect(photos.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ]);
    const others = within(screen.getByRole('region', { name: 'Vergelijkbare leden' })).getByRole('presentation');
    expect(others).toHaveAttribute('loading', 'lazy');
    expect(others).not.toHaveAttribute('fetchpriority');
  });

  it('once results show, the filters fold behind a "Filters" button (phones; the button is hidden from 768 px)', async () => {
    loginAs();
    serve({ 'GET /api/members.php': () => page([makeProfile({ id: 2, name: 'Sanne' })], 1) });
    renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 1' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const form = screen.getByRole('form', { name: 'Zoekfilters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    expect(form).toHaveAttribute('data-folded', 'true');
    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(form).not.toHaveAttribute('data-folded');
    // searching folds them again
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  describe('the cams/resell tile (site setting member_resell)', () => {
    const profiles = [1, 2, 3, 4, 5].map((id) => makeProfile({ id, name: `Lid ${id}` }));
    // the shell's federation loader, standing in for mf_landers' ./ResellTile (its own tests: mf-landers)
    const requested: string[] = [];
    beforeEach(() => {
      requested.length = 0;
      provideRemoteLoader(async (id) => {
        requested.push(id);
        return { default: () => <a href="https://partner.example/">Advertentie Live cams</a> };
      });
    });

    it('stands among the results, after the third profile, when the site sells it', async () => {
      loginAs();
      act(() => store.set(settingsAtom, makeSettings({ member_resell: true })));
      serve({ 'GET /api/members.php': () => page(profiles, 5) });
      renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
      const tile = await screen.findByRole('link', { name: 'Advertentie Live cams' });
      const items = within(screen.getByRole('list', { name: 'Zoekresultaten' })).getAllByRole('listitem');
      expect(items).toHaveLength(6);
      expect(items[3]).toContainElement(tile);
      expect(requested).toEqual(['mf_landers/ResellTile']);
    });

    it('keeps its cell while mf-landers loads, so the cards after it do not move when it arrives', async () => {
      let arrive: (module: unknown) => void = () => undefined;
      provideRemoteLoader(() => new Promise((resolve) => (arrive = resolve)));
      loginAs();
      act(() => store.set(settingsAtom, makeSettings({ member_resell: true })));
      serve({ 'GET /api/members.php': () => page(profiles, 5) });
      renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
      expect(await screen.findByRole('link', { name: /Lid 5/ })).toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Zoekresultaten' });
      // the fourth cell is held (not empty, so not hidden), the fourth profile stands fifth already
      const cell = list.querySelectorAll(':scope > li')[3];
      expect(cell).not.toBeEmptyDOMElement();
      expect(within(list).getAllByRole('listitem')[4]).toHaveTextContent('Lid 4');
      await act(async () => {
        arrive({ default: () => <a href="https://partner.example/">Advertentie Live cams</a> });
        await Promise.resolve();
      });
      expect(await within(list).findByRole('link', { name: 'Advertentie Live cams' })).toBeInTheDocument();
      expect(within(list).getAllByRole('listitem')[3]).toContainElement(screen.getByRole('link', { name: 'Advertentie Live cams' }));
    });

    it('is not there when the setting is off', async () => {
      loginAs();
      act(() => store.set(settingsAtom, makeSettings({ member_resell: false })));
      serve({ 'GET /api/members.php': () => page(profiles, 5) });
      renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
      expect(await screen.findByRole('link', { name: /Lid 5/ })).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Zoekresultaten' })).getAllByRole('listitem')).toHaveLength(5);
      expect(screen.queryByRole('link', { name: /Advertentie/ })).not.toBeInTheDocument();
      expect(requested).toEqual([]);
    });
  });
});
