import { screen, within } from '@testing-library/react';
import { bus } from '@dating/shared-kit/bus';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import { SwipePage } from './swipe-page';

/** the next UTC midnight, as the server sends it */
const RESET = '2026-11-25T00:00:00.000Z';

describe('SwipePage', () => {
  it('shows the likes left today, counts down, and stops at the server limit', async () => {
    loginAs();
    let left = 1;
    serve({
      'GET /api/swipe.php': () => ({
        profiles: [makeProfile({ id: 2, name: 'Anna' }), makeProfile({ id: 3, name: 'Bo' }), makeProfile({ id: 4, name: 'Cato' })],
        likes_left: left,
        likes_per_day: 4,
        likes_reset_at: RESET,
      }),
      'POST /api/swipe.php': (_url, init) => {
        if ((init.json as { action: string }).action === 'skip') return { match: false, likes_left: left, likes_reset_at: RESET };
        if (left === 0)
          return {
            status: 429,
            body: {
              error: 'swipe_limit',
              message: 'Je hebt vandaag al 4 likes gegeven in de swipe game. Morgen kun je weer verder.',
              likes_left: 0,
            },
          };
        left -= 1;
        return { match: false, likes_left: left, likes_reset_at: RESET };
      },
      'GET /api/likes.php': () => ({ profiles: [], liked_by: [], liked: [], matches: [] }),
    });
    renderAt('/swipe-game', [{ path: '/swipe-game', element: <SwipePage /> }]);
    const user = userEvent.setup();
    expect(await screen.findByText('Likes over vandaag: 1 van 4')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Anna, 31' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Likes over vandaag: 0 van 4')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Bo, 31' })).toBeInTheDocument();
    const likeButton = screen.getByRole('button', { name: 'Like' });
    expect(likeButton).toBeDisabled();
    // it says why: the daily limit, and when the likes come back (in the reader's time zone)
    const when = new Intl.DateTimeFormat('nl', { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(RESET));
    expect(likeButton).toHaveAccessibleDescription(
      `Je 4 likes van vandaag zijn op. Vanaf ${when} kun je weer liken; verder kijken met Volgende kan altijd.`,
    );
    expect(screen.getByText(/Je 4 likes van vandaag zijn op\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('article', { name: 'Cato, 31' })).toBeInTheDocument();
  });

  it('a fictional card shows the warning in words (not only the icon), and a match carries fictional', async () => {
    loginAs();
    const seen: unknown[] = [];
    const off = bus.on('match:new', (p) => seen.push(p));
    serve({
      'GET /api/swipe.php': () => ({
        profiles: [makeProfile({ id: 5, name: 'Roos', fictional: true }), makeProfile({ id: 6, name: 'Eva' })],
        likes_left: 4,
        likes_per_day: 4,
        likes_reset_at: RESET,
      }),
      'POST /api/swipe.php': () => ({ match: true, likes_left: 3, likes_reset_at: RESET }),
      'GET /api/likes.php': () => ({ profiles: [], liked_by: [], liked: [], matches: [] }),
    });
    renderAt('/swipe-game', [{ path: '/swipe-game', element: <SwipePage /> }]);
    const card = await screen.findByRole('article', { name: 'Roos, 31' });
    expect(within(card).getByText('Dit profiel is fictief')).toBeVisible();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Like' }));
    const next = await screen.findByRole('article', { name: 'Eva, 31' });
    expect(within(next).queryByText('Dit profiel is fictief')).not.toBeInTheDocument();
    expect(seen).toEqual([{ profile: expect.objectContaining({ id: 5, name: 'Roos', fictional: true }) }]);
    off();
  });
});
