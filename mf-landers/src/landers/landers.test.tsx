import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { ThemeProvider } from '@emotion/react';
import { bus } from '@dating/shared-kit/bus';
import { i18n } from '@dating/shared-kit/i18n';
import { landerPathKnown } from '@dating/shared-kit/contracts';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeProfile, makeSettings, serve } from '@dating/shared-kit/testing';
import { theme } from '@dating/shared-kit/theme';
import { NotFoundPage } from '@dating/shared-kit/ui';
import { routes } from '../routes';
import { registry } from './registry';

const MEMBERS = [
  makeProfile({ id: 11, name: 'Anna', age: 27, city: 'Utrecht' }),
  makeProfile({ id: 12, name: 'Lotte', age: 33, city: 'Delft', fictional: true }),
  makeProfile({ id: 13, name: 'Sanne', age: 29, city: 'Leiden' }),
  makeProfile({ id: 14, name: 'Eva', age: 41, city: 'Gouda', main_image: null }),
  makeProfile({ id: 15, name: 'Iris', age: 35, city: 'Breda' }),
  makeProfile({ id: 16, name: 'Noor', age: 24, city: 'Zwolle' }),
];
const page = (results: unknown[]) => ({ results, numResults: results.length, pageNumber: 1, pageSize: 20 });

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}
function App() {
  return (
    <>
      {useRoutes([...routes, { path: '/signup', element: <p>Sign-up page</p> }]) ?? <NotFoundPage />}
      <Where />
    </>
  );
}
function renderAt(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[url]}>
        <App />
      </MemoryRouter>
    </ThemeProvider>,
  );
}
function desktop(matches: boolean) {
  window.matchMedia = ((query: string) => ({
    matches,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

let calls: ReturnType<typeof serve>;
beforeEach(async () => {
  store.set(settingsAtom, makeSettings({ fictional_warning: 'Dit profiel is fictief en niet beschikbaar voor fysiek contact' }));
  act(() => setSession(null));
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
  desktop(false);
  calls = serve({
    'GET /api/members.php': () => ({ ...page(MEMBERS), similar: page([]) }),
    'GET /api/member.php': (url) =>
      url.searchParams.get('id') === '11'
        ? { profile: MEMBERS[0], photos: [], photo_count: 1, liked: false, liked_me: false, match: false, blocked: false, related: [] }
        : { status: 404, body: { error: 'member_not_found', message: 'Dit lid bestaat niet (meer)' } },
  });
});

describe('the lander variants', () => {
  it.each(registry.variants.map((v) => v.name))(
    '%s: its own headline, demo members from the server, the chatpal labelled',
    async (name) => {
      renderAt(`/landers/${name}`);
      const nl = i18n.getFixedT('nl', 'landers');
      expect(await screen.findByRole('heading', { level: 1, name: nl(`landers.variants.${name}.title`) })).toBeInTheDocument();
      expect((await screen.findAllByText(/Anna, 27|Lotte, 33/)).length).toBeGreaterThan(0);
      expect(document.title).toBe(nl(`landers.variants.${name}.title`));
      // every shown chatpal carries the label, named by the site's warning
      const chatpals = screen.queryAllByText('Lotte, 33');
      expect(
        screen.queryAllByRole('img', { name: 'Dit profiel is fictief en niet beschikbaar voor fysiek contact' }).length,
      ).toBeGreaterThanOrEqual(chatpals.length);
      expect(screen.getAllByRole('button', { name: /aanmelden|gezelschap/i }).length).toBeGreaterThan(0);
    },
  );

  it('a slug picks its copy and its members: /landers/gallery/vrouwen', async () => {
    renderAt('/landers/gallery/vrouwen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leuke vrouwen bij jou in de buurt' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/members.php')?.url.searchParams.get('gender')).toBe('female');
    // near you: the server picks the visitor's country (else the site's)
    expect(calls.find((c) => c.url.pathname === '/api/members.php')?.url.searchParams.get('near')).toBe('1');
  });

  it('on a phone the call to action opens /signup with the tracking of the lander URL', async () => {
    renderAt('/landers/gallery?network=adnet&sub1=summer&sub2=x&other=drop');
    await screen.findByText('Anna, 27');
    await userEvent.click(screen.getAllByRole('button', { name: 'Gratis aanmelden' })[0] as HTMLElement);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/signup?network=adnet&sub1=summer&sub2=x');
    expect(screen.getByText('Sign-up page')).toBeInTheDocument();
  });

  it('on a desktop the call to action opens the sign-up modal on the lander itself (its URL keeps the tracking)', async () => {
    desktop(true);
    const opened = jest.fn();
    const off = bus.on('signup:open', opened);
    renderAt('/landers/video?network=adnet');
    await screen.findByText('Anna, 27');
    await userEvent.click(screen.getAllByRole('button', { name: 'Gratis aanmelden' })[0] as HTMLElement);
    expect(opened).toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/landers/video?network=adnet');
    off();
  });

  it.each(['/landers/nope', '/landers/gallery/nope', '/landers/tinderswipe/vrouwen', '/members/11/landing2/nope'])(
    '%s is the 404 page',
    async (url) => {
      renderAt(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Deze pagina kon niet worden gevonden' })).toBeInTheDocument();
    },
  );
});

describe('the member landings', () => {
  it.each([
    ['/members/11/landing', 'Maak kennis met Anna'],
    ['/members/11/landing2', 'Anna wil met je chatten'],
    ['/members/11/landing3/vanavond', 'Vanavond nog iemand ontmoeten?'],
    ['/members/11/signup', 'Meld je aan en ontmoet Anna'],
  ])('%s is built around the member', async (url, title) => {
    renderAt(url);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto van Anna' })).toHaveAttribute('width', '400');
  });

  it.each(['/members/99/landing', '/members/99/signup', '/members/abc/landing3'])(
    '%s of a member the server does not show is the 404 page',
    async (url) => {
      renderAt(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Deze pagina kon niet worden gevonden' })).toBeInTheDocument();
    },
  );
});

describe('the registry', () => {
  it('has one folder per variant and one variant per folder', () => {
    const folders = fs.readdirSync(path.join(__dirname, 'variants')).sort();
    expect(registry.variants.map((v) => v.name).sort()).toEqual(folders);
  });

  it('is what the server checks URLs against (the shared landerPathKnown)', () => {
    expect(landerPathKnown(registry, '/landers/gallery/vrouwen')).toBe(true);
    expect(landerPathKnown(registry, '/landers/Gallery')).toBe(true);
    expect(landerPathKnown(registry, '/landers/gallery/vrouwen/extra')).toBe(false);
    expect(landerPathKnown(registry, '/landers/tinderswipe/vrouwen')).toBe(false);
    expect(landerPathKnown(registry, '/pages/terms')).toBeNull();
  });
});
