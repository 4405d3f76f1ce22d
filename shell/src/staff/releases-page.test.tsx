/** /backoffice/releases (issue 27 item 6): the registry per remote, its actions confirmed, 409s translated. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession } from '@dating/shared-kit/state';
import type { Release, RemoteReleases } from '@dating/shared-kit/contracts';
import { makeUser, serve } from '@dating/shared-kit/testing';
import { ShellRoutes } from '../app';
import { renderInShell } from '../test/render';
import { withUnreachableRemotes } from '../test/unreachable-remotes';

withUnreachableRemotes();

function release(build_id: string, overrides: Partial<Release> = {}): Release {
  return {
    build_id,
    status: 'ready',
    created_at: '2026-11-27T14:00:00.000Z',
    created_by: 'release@example.com',
    notes: null,
    shared: [{ package: 'react', version: '^19.2.0' }],
    first_load_bytes: 40_960,
    mounts_1h: 0,
    errors_1h: 0,
    error_rate_1h: null,
    rollback_reason: null,
    ...overrides,
  };
}

function payments(overrides: Partial<RemoteReleases> = {}): RemoteReleases {
  return {
    remote: 'mf-payments',
    live: { build_id: 'pay-2' },
    canary: { build_id: 'pay-3', percent: 10 },
    paused: false,
    version: 7,
    banner: null,
    releases: [
      release('pay-4', { notes: 'iDEAL-knop groter' }),
      release('pay-3', { status: 'canary', notes: 'Nieuwe kassa', mounts_1h: 200, errors_1h: 6, error_rate_1h: 30 }),
      release('pay-2', { status: 'live', mounts_1h: 2000, errors_1h: 2, error_rate_1h: 1 }),
      release('pay-1', { status: 'retired', notes: 'Eerste versie' }),
    ],
    ...overrides,
  };
}

function asReleaseStaff() {
  act(() => setSession(makeUser({ is_staff: true, staff_roles: ['release'] })));
}

describe('the releases page', () => {
  it('shows per remote the live release, the canary with its share, the history with notes, sizes and error rates beside the live one', async () => {
    asReleaseStaff();
    serve({
      'GET /api/backoffice/releases': () => ({
        remotes: [payments({ banner: 'Canary pay-5 teruggedraaid: 31 fouten per 1.000 mounts, live 1' })],
      }),
    });
    renderInShell(<ShellRoutes />, { path: '/backoffice/releases' });
    const menu = screen.getByRole('navigation', { name: 'Beheeronderdelen' });
    expect(within(menu).getByRole('link', { name: 'Releases' })).toHaveAttribute('aria-current', 'page');
    // the first render also loads the page's own chunk
    const section = await screen.findByRole('region', { name: 'mf-payments' }, { timeout: 5000 });
    expect(within(section).getByRole('alert')).toHaveTextContent('Automatisch teruggedraaid');
    expect(within(section).getByRole('alert')).toHaveTextContent('Canary pay-5 teruggedraaid');
    expect(section).toHaveTextContent('pay-3 voor 10% van de browsers');
    const table = within(section).getByRole('table', { name: 'Geschiedenis van mf-payments' });
    const canaryRow = within(table).getByRole('row', { name: /pay-3/ });
    expect(canaryRow).toHaveTextContent('Nieuwe kassa');
    expect(canaryRow).toHaveTextContent('40 kB');
    expect(canaryRow).toHaveTextContent('30 per 1.000 (6 fouten, 200 mounts) (live: 1)');
    // only earlier releases can be rolled back to; a ready one can be canaried or made live
    expect(
      within(within(table).getByRole('row', { name: /pay-1/ })).getByRole('button', { name: 'Terugdraaien naar deze' }),
    ).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /pay-4/ })).queryByRole('button', { name: 'Terugdraaien naar deze' }),
    ).not.toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /pay-4/ })).getByRole('button', { name: 'Als canary uitrollen' }),
    ).toBeInTheDocument();
  });

  it('rolls out a canary at a chosen share in a named dialog, refusing a share above 50 %', async () => {
    asReleaseStaff();
    const calls = serve({
      'GET /api/backoffice/releases': () => ({ remotes: [payments({ canary: null })] }),
      'POST /api/backoffice/releases/mf-payments/canary': () => payments({ canary: { build_id: 'pay-4', percent: 25 }, version: 8 }),
    });
    renderInShell(<ShellRoutes />, { path: '/backoffice/releases' });
    const row = await screen.findByRole('row', { name: /pay-4/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Als canary uitrollen' }));
    const dialog = screen.getByRole('dialog', { name: 'Release pay-4 als canary uitrollen?' });
    const share = within(dialog).getByRole('spinbutton', { name: 'Aandeel van de browsers (%)' });
    await userEvent.clear(share);
    await userEvent.type(share, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Als canary uitrollen' }));
    expect(within(dialog).getAllByText('Kies een aandeel van 1 tot en met 50 procent.').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Als canary uitrollen' }));
    expect(await screen.findByText('pay-4 is nu canary van mf-payments.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ build_id: 'pay-4', percent: 25, version: 7 });
    expect(screen.getByRole('region', { name: 'mf-payments' })).toHaveTextContent('pay-4 voor 25% van de browsers');
  });

  it('tells the second person that someone else was first (409 release_conflict) and shows the current state', async () => {
    asReleaseStaff();
    let version = 7;
    serve({
      'GET /api/backoffice/releases': () => ({ remotes: [payments({ version })] }),
      'POST /api/backoffice/releases/mf-payments/promote': () => {
        version = 9;
        return { status: 409, body: { error: 'release_conflict', message: 'conflict' } };
      },
    });
    renderInShell(<ShellRoutes />, { path: '/backoffice/releases' });
    const section = await screen.findByRole('region', { name: 'mf-payments' });
    await userEvent.click(within(section).getByRole('button', { name: 'Canary live zetten' }));
    const dialog = screen.getByRole('dialog', { name: 'Release pay-3 live zetten?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Live zetten' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Iemand anders heeft deze remote net gewijzigd.');
  });

  it('names each shared package, wanted and offered, when a release does not fit the live shell (409 release_incompatible)', async () => {
    asReleaseStaff();
    serve({
      'GET /api/backoffice/releases': () => ({ remotes: [payments()] }),
      'POST /api/backoffice/releases/mf-payments/promote': () => ({
        status: 409,
        body: {
          error: 'release_incompatible',
          message: 'incompatible',
          problems: [{ package: 'react', wanted: '^18.3.1', offered: '19.2.0' }],
        },
      }),
    });
    renderInShell(<ShellRoutes />, { path: '/backoffice/releases' });
    const row = await screen.findByRole('row', { name: /pay-4/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Live zetten' }));
    const dialog = screen.getByRole('dialog', { name: 'Release pay-4 live zetten?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Live zetten' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Deze release past niet bij de live shell: react vraagt ^18.3.1, de shell biedt 19.2.0',
    );
  });

  it('rolls back to an earlier release and pauses a canary, each confirmed', async () => {
    asReleaseStaff();
    const calls = serve({
      'GET /api/backoffice/releases': () => ({ remotes: [payments()] }),
      'POST /api/backoffice/releases/mf-payments/rollback': () => payments({ live: { build_id: 'pay-1' }, canary: null, version: 8 }),
      'POST /api/backoffice/releases/mf-payments/pause': () => payments({ paused: true, version: 8 }),
    });
    renderInShell(<ShellRoutes />, { path: '/backoffice/releases' });
    const section = await screen.findByRole('region', { name: 'mf-payments' });
    await userEvent.click(within(section).getByRole('button', { name: 'Canary pauzeren' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Canary pay-3 pauzeren?' })).getByRole('button', { name: 'Canary pauzeren' }),
    );
    expect(await screen.findByText('De canary van mf-payments is gepauzeerd.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'mf-payments' })).toHaveTextContent('gepauzeerd');
    await userEvent.click(within(screen.getByRole('row', { name: /pay-1/ })).getByRole('button', { name: 'Terugdraaien naar deze' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Terugdraaien naar release pay-1?' })).getByRole('button', {
        name: 'Terugdraaien naar deze',
      }),
    );
    expect(await screen.findByText('mf-payments is teruggedraaid naar pay-1.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/backoffice/releases/mf-payments/pause', { paused: true, version: 7 }],
      ['/api/backoffice/releases/mf-payments/rollback', { build_id: 'pay-1', version: 8 }],
    ]);
  });

  it('is for the roles release and admin only, and speaks the staff member language', async () => {
    act(() => setSession(makeUser({ is_staff: true, staff_roles: ['moderator'] })));
    renderInShell(<ShellRoutes />, { path: '/backoffice/releases' });
    expect(screen.getByRole('heading', { level: 1, name: 'Alleen voor medewerkers' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Beheeronderdelen' })).queryByRole('link', { name: 'Releases' }),
    ).not.toBeInTheDocument();
  });

  it('speaks English too', async () => {
    act(() => setSession(makeUser({ is_staff: true, staff_roles: ['admin'] })));
    serve({ 'GET /api/backoffice/releases': () => ({ remotes: [payments()] }) });
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    renderInShell(<ShellRoutes />, { path: '/backoffice/releases' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'History of mf-payments' })).toBeInTheDocument();
  });
});
