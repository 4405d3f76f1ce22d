import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { makeProfile } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import { LikesPage } from './likes-page';

describe('LikesPage', () => {
  it('lists who likes me, new first with a badge; tabs for liked and matches; publishes the new-likes count', async () => {
    loginAs();
    const counts: number[] = [];
    const off = bus.on('likes:changed', ({ newLikes }) => counts.push(newLikes));
    serve({
      'GET /api/likes.php': () => ({
        profiles: [makeProfile({ id: 2, name: 'Anna' }), makeProfile({ id: 3, name: 'Bo' }), makeProfile({ id: 4, name: 'Cato' })],
        liked_by: [
          { id: 3, like_new: true },
          { id: 2, like_new: false },
        ],
        liked: [2, 4],
        matches: [2],
      }),
    });
    const routes = [
      { path: '/likes', element: <LikesPage /> },
      { path: '/likes/:type', element: <LikesPage /> },
    ];
    renderAt('/likes', routes);
    const list = await screen.findByRole('list', { name: 'Vinden jou leuk' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Nieuw');
    expect(items[0]).toHaveTextContent('Bo');
    expect(items[1]).toHaveTextContent('Anna');
    expect(items[1]).not.toHaveTextContent('Nieuw');
    await waitFor(() => expect(counts.at(-1)).toBe(1));

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Matches (1)' }));
    const matches = await screen.findByRole('list', { name: 'Matches' });
    expect(within(matches).getAllByRole('listitem')).toHaveLength(1);
    expect(matches).toHaveTextContent('Anna');
    off();
  });

  it('shows a like that arrives live (like:new on the bus) without a reload', async () => {
    loginAs();
    let likedBy = [{ id: 2, like_new: false }];
    serve({
      'GET /api/likes.php': () => ({
        profiles: [makeProfile({ id: 2, name: 'Anna' }), makeProfile({ id: 5, name: 'Dewi' })],
        liked_by: likedBy,
        liked: [],
        matches: [],
      }),
    });
    renderAt('/likes', [{ path: '/likes', element: <LikesPage /> }]);
    const list = await screen.findByRole('list', { name: 'Vinden jou leuk' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    likedBy = [{ id: 5, like_new: true }, ...likedBy];
    act(() => bus.emit('like:new', { profile: { id: 5, name: 'Dewi', main_image: null, fictional: false }, new_likes: 1 }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Dewi');
  });
});
