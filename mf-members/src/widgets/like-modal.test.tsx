import { act, render, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { loginAs, renderAt, serve } from '../test-utils';
import LikeModal from './like-modal';

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

describe('LikeModal', () => {
  afterEach(() => jest.useRealTimers());

  it('?t=N: removes the parameter, shows an auto-like after N seconds, reloads likes 500 ms later', async () => {
    jest.useFakeTimers();
    loginAs();

    const calls = serve({
      'GET /api/auto-like.php': () => ({
        profile: {
          id: 9,
          name: 'Mila',
          fictional: false,
          main_image: { id: 1, filename: '/uploads/a.jpg', thumb_filename: '/uploads/b.jpg', status: 'active', match: '/uploads/c.jpg' },
        },
      }),
      'GET /api/likes.php': () => ({ profiles: [], liked_by: [{ id: 9, like_new: true }], liked: [], matches: [] }),
    });
    const counts: number[] = [];
    const off = bus.on('likes:changed', ({ newLikes }) => counts.push(newLikes));
    renderAt('/members?t=3&x=1', [{ path: '/members', element: <Where /> }], <LikeModal />);
    expect(await screen.findByText('/members?x=1')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/auto-like.php']);
    expect(screen.getByRole('dialog', { name: 'Nieuwe like!' })).toHaveTextContent('Mila vindt jou leuk!');
    expect(screen.getByRole('button', { name: 'Start gesprek' })).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(499);
    });
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/likes.php');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(calls.map((c) => c.url.pathname)).toContain('/api/likes.php');
    expect(counts.at(-1)).toBe(1);
    off();
  });

  it('outside a router it rewrites the page address without reloading', () => {
    loginAs();
    serve({});
    window.history.replaceState(null, '', '/likes?t=abc&y=2');
    render(<LikeModal />);
    expect(window.location.pathname + window.location.search).toBe('/likes?y=2');
  });

  it('opens on like:open', async () => {
    loginAs();
    serve({});
    renderAt('/members', [{ path: '/members', element: <p>zoeken</p> }], <LikeModal />);
    act(() => bus.emit('like:open', { profile: { id: 5, name: 'Isa', main_image: null, fictional: false } }));
    expect(await screen.findByRole('dialog', { name: 'Nieuwe like!' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Bekijk het profiel van Isa' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('Dit profiel is fictief')).not.toBeInTheDocument();
  });

  it("labels a fictional profile (chatpal) with the icon and the site's fictional warning", async () => {
    loginAs();
    serve({});
    renderAt('/members', [{ path: '/members', element: <p>zoeken</p> }], <LikeModal />);
    act(() => bus.emit('like:open', { profile: { id: 6, name: 'Chatpal Roos', main_image: null, fictional: true } }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe like!' });
    expect(within(dialog).getByText('Dit profiel is fictief')).toBeVisible();
    // the site's fictional icon sits inside the dialog, next to the text
    expect(dialog.querySelector('img[src="/static/fictional.svg"]')).not.toBeNull();
  });

  it('the auto-like answer carries fictional and the popup labels it', async () => {
    jest.useFakeTimers();
    loginAs();
    serve({
      'GET /api/auto-like.php': () => ({
        profile: {
          id: 9,
          name: 'Mila',
          fictional: true,
          main_image: { id: 1, filename: '/uploads/a.jpg', thumb_filename: '/uploads/b.jpg', status: 'active', match: '/uploads/c.jpg' },
        },
      }),
      'GET /api/likes.php': () => ({ profiles: [], liked_by: [], liked: [], matches: [] }),
    });
    renderAt('/members?t=1', [{ path: '/members', element: <Where /> }], <LikeModal />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('dialog', { name: 'Nieuwe like!' })).toHaveTextContent('Dit profiel is fictief');
  });
});
