import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { loginAs, renderAt, serve } from '../test-utils';
import MatchModal from './match-modal';

function show(profile: { id: number; name: string; fictional: boolean }) {
  act(() => bus.emit('match:new', { profile: { ...profile, main_image: null } }));
}

describe('MatchModal', () => {
  it("labels a fictional profile (chatpal) with the icon and the site's fictional warning", async () => {
    loginAs();
    serve({});
    renderAt('/likes', [{ path: '/likes', element: <p>likes</p> }], <MatchModal />);
    show({ id: 7, name: 'Chatpal Roos', fictional: true });
    const dialog = await screen.findByRole('dialog', { name: 'Het is een match!' });
    expect(within(dialog).getByText('Dit profiel is fictief')).toBeVisible();
    expect(dialog.querySelector('img[src="/static/fictional.svg"]')).not.toBeNull();
    // still closes on click
    await userEvent.setup().click(within(dialog).getByText('Dit profiel is fictief'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows no fictional label for a real member', async () => {
    loginAs();
    serve({});
    renderAt('/likes', [{ path: '/likes', element: <p>likes</p> }], <MatchModal />);
    show({ id: 8, name: 'Sanne', fictional: false });
    const dialog = await screen.findByRole('dialog', { name: 'Het is een match!' });
    expect(dialog).toHaveTextContent('Jij en Sanne vinden elkaar leuk.');
    expect(within(dialog).queryByText('Dit profiel is fictief')).not.toBeInTheDocument();
    expect(dialog.querySelector('img[src="/static/fictional.svg"]')).toBeNull();
  });
});
