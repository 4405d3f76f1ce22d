import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { setSession } from '@dating/shared-kit/state';
import { makeProfile } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import MatchModal from '../widgets/match-modal';
import { MemberPage } from './member-page';

const likes = { profiles: [], liked_by: [], liked: [], matches: [] };

function member(overrides: Record<string, unknown> = {}) {
  return {
    profile: makeProfile({ id: 42, name: 'Lotte', fictional: true }),
    photos: [
      { id: 1, locked: false, filename: '/uploads/1.jpg', thumb_filename: '/uploads/1t.jpg', match: '/uploads/1m.jpg' },
      { id: 2, locked: true },
      { id: 3, locked: true },
    ],
    photo_count: 3,
    liked: false,
    liked_me: true,
    match: false,
    blocked: false,
    related: [makeProfile({ id: 43, name: 'Fleur' })],
    ...overrides,
  };
}

describe('MemberPage', () => {
  it('"Rapporteren" opens the named report dialog; a report with "also block" shows the blocked view once it closes (issue 26)', async () => {
    loginAs();
    const calls = serve({
      'GET /api/member.php': () => member({ liked_me: false }),
      'GET /api/likes.php': () => likes,
      'POST /api/report.php': () => ({ status: 201, body: { id: 3, status: 'open', blocked: true } }),
    });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rapporteren' }));
    const dialog = screen.getByRole('dialog', { name: 'Lotte rapporteren' });
    await user.click(within(dialog).getByRole('radio', { name: 'Nepprofiel' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lotte ook blokkeren' }));
    await user.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(await within(dialog).findByText(/Lotte is ook geblokkeerd\./)).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/report.php')?.body).toEqual({ profile: 42, reason: 'fake_profile', block: true });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Deblokkeren' })).toBeInTheDocument();
  });

  it('no "Rapporteren" for a visitor or on your own profile', async () => {
    act(() => setSession(null));
    serve({ 'GET /api/member.php': () => member({ liked_me: false }) });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: /Lotte, 31/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rapporteren' })).not.toBeInTheDocument();
  });

  it('shows "online now", or when the member was last seen (to the minute)', async () => {
    loginAs();
    serve({ 'GET /api/member.php': () => member({ presence: { online: true, last_seen: null } }), 'GET /api/likes.php': () => likes });
    const view = renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    expect(await screen.findByText('Nu online')).toBeInTheDocument();
    view.unmount();
    serve({
      'GET /api/member.php': () => member({ presence: { online: false, last_seen: '2026-11-20T14:05:00.000Z' } }),
      'GET /api/likes.php': () => likes,
    });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    expect(await screen.findByText(/^Laatst online 20 nov\.? 2026.*\d{2}:05$/)).toBeInTheDocument();
  });

  it("a visitor's profile view asks only for the profile, never for likes (no 403 in the console)", async () => {
    act(() => setSession(null));
    const calls = serve({ 'GET /api/member.php': () => member({ liked_me: false }) });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: /Lotte, 31/ })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.url.pathname)).toContain('/api/member.php');
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/likes.php');
  });

  it('asks a visitor to sign up with the reason when they like or open a locked photo', async () => {
    act(() => setSession(null));
    serve({ 'GET /api/member.php': () => member({ liked_me: false }) });
    const opened: unknown[] = [];
    const off = bus.on('signup:open', (p) => opened.push(p));
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const locked = screen.getByRole('link', { name: 'Foto 2 is vergrendeld: alleen voor premium leden' });
    expect(locked).toHaveAttribute('href', '/signup?reason=photo');
    await user.click(locked);
    off();
    expect(opened).toEqual([{ reason: 'like' }, { reason: 'photo' }]);
  });

  it('shows the photo count, locked photos with the premium prompt, the fictional notice and related profiles', async () => {
    loginAs();
    serve({ 'GET /api/member.php': () => member(), 'GET /api/likes.php': () => likes });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: /Lotte, 31/ })).toBeInTheDocument();
    expect(screen.getByText("Foto's: 3")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Foto 2 is vergrendeld: alleen voor premium leden' })).toHaveAttribute('href', '/premium');
    expect(screen.getByRole('link', { name: 'Foto 3 is vergrendeld: alleen voor premium leden' })).toBeInTheDocument();
    expect(screen.getByText('Alleen voor premium leden')).toBeInTheDocument();
    expect(screen.getAllByText('Dit profiel is fictief').length).toBeGreaterThan(0);
    expect(screen.getByText('Lotte vindt jou leuk!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bericht sturen' })).toHaveAttribute('href', '/members/42/chat');
    expect(screen.getByRole('heading', { name: 'Vergelijkbare profielen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Fleur/ })).toHaveAttribute('href', '/members/43');
  });

  it('a like back is a match: the match modal opens, and closes on click', async () => {
    loginAs();
    const seen: unknown[] = [];
    const off = bus.on('match:new', (p) => seen.push(p));
    const calls = serve({
      'GET /api/member.php': () => member(),
      'POST /api/like.php': () => ({ match: true, new_likes: 0 }),
      'GET /api/likes.php': () => likes,
    });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }], <MatchModal />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Het is een match!' });
    expect(dialog).toHaveTextContent('Jij en Lotte vinden elkaar leuk.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 42 });
    expect(seen).toEqual([{ profile: expect.objectContaining({ id: 42, name: 'Lotte', fictional: true }) }]);
    // Lotte is a chatpal: the match modal says so (icon + the site's fictional warning)
    expect(dialog).toHaveTextContent('Dit profiel is fictief');
    expect(screen.getByRole('button', { name: 'Like intrekken' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByText('Jij en Lotte vinden elkaar leuk.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    off();
  });

  it('the match modal offers a start-conversation button and a tap on the photo', async () => {
    loginAs();
    renderAt(
      '/likes',
      [
        { path: '/likes', element: <p>likes</p> },
        { path: '/members/:id/chat', element: <p>chat met 42</p> },
      ],
      <MatchModal />,
    );
    act(() => bus.emit('match:new', { profile: { id: 42, name: 'Lotte', main_image: null, fictional: false } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start gesprek' }));
    expect(await screen.findByText('chat met 42')).toBeInTheDocument();
  });

  it('blocking hides the profile and offers unblock', async () => {
    loginAs();
    serve({
      'GET /api/member.php': () => member(),
      'POST /api/block.php': () => ({ ok: true, blocked: true }),
      'DELETE /api/block.php': () => ({ ok: true, blocked: false }),
      'GET /api/likes.php': () => likes,
    });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    expect(await screen.findByText('Je hebt Lotte geblokkeerd.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deblokkeren' }));
    expect(await screen.findByRole('button', { name: 'Like' })).toBeInTheDocument();
  });

  it('an unknown or blocked member shows the server message', async () => {
    loginAs();
    serve({
      'GET /api/member.php': () => ({
        status: 404,
        body: { error: 'member_not_found', message: 'Dit profiel bestaat niet of is niet meer beschikbaar.' },
      }),
    });
    renderAt('/members/7', [{ path: '/members/:id', element: <MemberPage /> }]);
    expect(await screen.findByText('Dit profiel bestaat niet of is niet meer beschikbaar.')).toBeInTheDocument();
  });
  it('a visitor on a site without logged-out browsing sees why, with a login button', async () => {
    const { setSession } = await import('@dating/shared-kit/state');
    setSession(null);
    serve({
      'GET /api/member.php': () => ({
        status: 403,
        body: { error: 'profile_login_required', message: 'Log in om profielen te bekijken.' },
      }),
      'GET /api/likes.php': () => likes,
    });
    const opened: unknown[] = [];
    const off = bus.on('login:open', (p) => opened.push(p));
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    expect(await screen.findByText('Log in om profielen te bekijken.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(opened).toHaveLength(1);
    off();
  });
});
