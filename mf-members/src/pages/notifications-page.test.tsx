import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '@dating/shared-kit/state';
import { makeProfile, makeUser } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import { NotificationsPage } from './notifications-page';

const prefs = {
  email: { messages: true, likes: true, matches: true, newsletter: false },
  push: { messages: true, likes: true, matches: true },
  invisible: false,
  location: { use_geolocation: false, show_city: true },
};

type GeoSuccess = (pos: { coords: { latitude: number; longitude: number } }) => void;
type GeoError = (err: { code: number; PERMISSION_DENIED: number }) => void;

function setGeolocation(impl: ((ok: GeoSuccess, fail: GeoError) => void) | null) {
  Object.defineProperty(window.navigator, 'geolocation', {
    configurable: true,
    value: impl ? { getCurrentPosition: impl } : undefined,
  });
}

describe('NotificationsPage', () => {
  afterEach(() => setGeolocation(null));

  it('says when this browser cannot receive push notifications (no push here: jsdom has no service worker)', async () => {
    loginAs();
    serve({ 'GET /api/preferences.php': () => ({ preferences: prefs }), 'GET /api/block.php': () => ({ blocked: [] }) });
    renderAt('/notifications', [{ path: '/notifications', element: <NotificationsPage /> }]);
    expect(await screen.findByText('Deze browser kan geen pushmeldingen ontvangen.')).toBeInTheDocument();
  });

  it('saves a changed preference and invisible mode', async () => {
    loginAs();
    const calls = serve({
      'GET /api/preferences.php': () => ({ preferences: prefs }),
      'PUT /api/preferences.php': (_u, init) => ({
        preferences: { ...prefs, ...(init.json as object), email: { ...prefs.email, ...((init.json as { email?: object }).email ?? {}) } },
      }),
      'GET /api/block.php': () => ({ blocked: [{ id: 9, name: 'Kees' }] }),
    });
    renderAt('/notifications', [{ path: '/notifications', element: <NotificationsPage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('E-mail bij nieuwe likes'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: { likes: false } }));
    expect(await screen.findByText('Je instellingen zijn opgeslagen.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Onzichtbare modus'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ invisible: true }));
    expect(await screen.findByRole('button', { name: 'Deblokkeer Kees' })).toBeInTheDocument();
  });

  it('turning mails back on reloads the user, so the notifications-disabled alert can go away at once', async () => {
    loginAs({ notifications_disabled: ['listunsubscribe'] });
    const off = { ...prefs, email: { messages: false, likes: false, matches: false, newsletter: false } };
    const calls = serve({
      'GET /api/preferences.php': () => ({ preferences: off }),
      'PUT /api/preferences.php': () => ({ preferences: { ...off, email: { ...off.email, messages: true } } }),
      'GET /api/block.php': () => ({ blocked: [] }),
      'GET /api/user.php': () => ({ user: makeUser({ notifications_disabled: [] }) }),
    });
    renderAt('/notifications', [{ path: '/notifications', element: <NotificationsPage /> }]);
    await userEvent.setup().click(await screen.findByLabelText('E-mail bij nieuwe berichten'));
    await waitFor(() => expect(getSession()?.notifications_disabled).toEqual([]));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('GET /api/user.php');
  });

  it('geolocation button: active after the city was found, error when permission is denied', async () => {
    loginAs();
    const calls = serve({
      'GET /api/preferences.php': () => ({ preferences: prefs }),
      'PUT /api/preferences.php': () => ({ preferences: { ...prefs, location: { use_geolocation: true, show_city: true } } }),
      'GET /api/block.php': () => ({ blocked: [] }),
      'GET /api/geocode.php': () => ({ country: 'NL', region: 'UT', city: 'Utrecht' }),
      'PUT /api/profile.php': () => ({ profile: makeProfile({ city: 'Utrecht', region: 'UT' }) }),
      'GET /api/user.php': () => ({ user: null }),
    });
    // the browser's exact position; only a rounded one (2 decimals, ~1 km) may leave the device
    setGeolocation((ok) => ok({ coords: { latitude: 52.0907374, longitude: 5.1214201 } }));
    renderAt('/notifications', [{ path: '/notifications', element: <NotificationsPage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bepaal mijn locatie' }));
    expect(await screen.findByRole('button', { name: 'Locatie bepaald' })).toHaveAttribute('data-state', 'active');
    expect(screen.getAllByText('Je woonplaats is ingesteld op Utrecht.').length).toBeGreaterThan(0);
    const geocode = calls.find((c) => c.url.pathname === '/api/geocode.php');
    expect(geocode?.url.searchParams.get('lat')).toBe('52.09');
    expect(geocode?.url.searchParams.get('lon')).toBe('5.12');
    expect(JSON.stringify(calls.map((c) => [c.url.href, c.body]))).not.toMatch(/52\.0907|5\.1214/);

    setGeolocation((_ok, fail) => fail({ code: 1, PERMISSION_DENIED: 1 }));
    await user.click(screen.getByRole('button', { name: 'Locatie bepaald' }));
    expect(await screen.findByRole('button', { name: 'Locatie niet bepaald, probeer opnieuw' })).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('Je hebt geen toestemming gegeven om je locatie te gebruiken.');
  });
});
