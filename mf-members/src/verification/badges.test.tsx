/**
 * The "Geverifieerd" badge (issue 26 part 2) where members see it: search cards, the swipe card,
 * the profile page; and the search's "only verified members" filter (verified=1).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import { MemberPage } from '../pages/member-page';
import { SearchPage } from '../pages/search-page';
import { SwipePage } from '../pages/swipe-page';

const BADGE = /^Geverifieerd: de selfie van dit lid is door een moderator/;
const page = (results: ReturnType<typeof makeProfile>[]) => ({
  results,
  numResults: results.length,
  pageNumber: 1,
  pageSize: 12,
  similar: { results: [], numResults: 0, pageNumber: 1, pageSize: 12 },
});

describe('verified badge and filter', () => {
  it('search cards carry the badge of verified members only; the filter asks for verified=1 and keeps it in the URL', async () => {
    loginAs();
    const calls = serve({
      'GET /api/members.php': (url) =>
        url.searchParams.get('verified') === '1'
          ? page([makeProfile({ id: 2, name: 'Sanne', verified: true })])
          : page([makeProfile({ id: 2, name: 'Sanne', verified: true }), makeProfile({ id: 3, name: 'Eva', verified: false })]),
    });
    renderAt('/members', [{ path: '/members', element: <SearchPage /> }]);
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    const sanne = within(results).getByRole('link', { name: /Sanne/ });
    expect(within(sanne).getByRole('img', { name: BADGE })).toBeInTheDocument();
    expect(within(sanne).getByText('Geverifieerd')).toBeInTheDocument();
    expect(within(within(results).getByRole('link', { name: /Eva/ })).queryByRole('img', { name: BADGE })).not.toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('verified')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Alleen geverifieerde leden' }));
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 1' })).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('verified')).toBe('1');
    expect(screen.getByRole('checkbox', { name: 'Alleen geverifieerde leden' })).toBeChecked();
  });

  it('the swipe card and the profile page show it', async () => {
    loginAs();
    serve({
      'GET /api/swipe.php': () => ({
        profiles: [makeProfile({ id: 5, name: 'Roos', verified: true })],
        likes_left: 4,
        likes_per_day: 4,
        likes_reset_at: '2026-11-21T00:00:00.000Z',
      }),
    });
    const swipe = renderAt('/swipe-game', [{ path: '/swipe-game', element: <SwipePage /> }]);
    const card = await screen.findByRole('article', { name: /Roos/ });
    expect(within(card).getByRole('img', { name: BADGE })).toBeInTheDocument();
    swipe.unmount();

    serve({
      'GET /api/member.php': () => ({
        profile: makeProfile({ id: 42, name: 'Lotte', verified: true }),
        photos: [],
        photo_count: 0,
        liked: false,
        liked_me: false,
        match: false,
        blocked: false,
        related: [],
      }),
      'GET /api/likes.php': () => ({ profiles: [], liked_by: [], liked: [], matches: [] }),
    });
    renderAt('/members/42', [{ path: '/members/:id', element: <MemberPage /> }]);
    const heading = await screen.findByRole('heading', { level: 1, name: /Lotte/ });
    expect(within(heading).getByRole('img', { name: BADGE })).toBeInTheDocument();
  });
});
