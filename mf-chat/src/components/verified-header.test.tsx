/** The chat header shows the "Geverifieerd" badge of a verified member (issue 26 part 2), and none otherwise. */
import { act, screen, within } from '@testing-library/react';
import { setSession } from '@dating/shared-kit/state';
import { makeProfile, serve } from '@dating/shared-kit/testing';
import { loginAs, makeHistory, renderChat } from '../test-utils';

const BADGE = /^Geverifieerd: de selfie van dit lid is door een moderator/;
afterEach(() => act(() => setSession(null)));

describe('the chat header', () => {
  it('names the verified badge of a verified member', async () => {
    loginAs({ credits: 30 });
    serve({
      'GET /api/chats.php': () => ({ chats: [] }),
      'GET /api/messages.php': () => makeHistory({ profile: makeProfile({ id: 7, name: 'Sanne', verified: true }) }),
    });
    renderChat('/chats/5');
    const heading = await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    expect(within(heading).getByRole('img', { name: BADGE })).toBeInTheDocument();
    expect(within(heading).getByText('Geverifieerd')).toBeInTheDocument();
  });

  it('shows no badge for a member who is not verified', async () => {
    loginAs({ credits: 30 });
    serve({
      'GET /api/chats.php': () => ({ chats: [] }),
      'GET /api/messages.php': () => makeHistory({ profile: makeProfile({ id: 7, name: 'Sanne', verified: false }) }),
    });
    renderChat('/chats/5');
    const heading = await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    expect(within(heading).queryByRole('img', { name: BADGE })).not.toBeInTheDocument();
  });
});
