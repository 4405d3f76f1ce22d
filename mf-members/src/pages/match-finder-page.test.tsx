import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import { MatchFinderPage } from './match-finder-page';

describe('MatchFinderPage', () => {
  it('sends the three choices of spec section 3 and lists the matches', async () => {
    loginAs();
    const calls = serve({ 'POST /api/match-finder.php': () => ({ profiles: [makeProfile({ id: 8, name: 'Roos', age: 38 })] }) });
    renderAt('/match-finder', [{ path: '/match-finder', element: <MatchFinderPage /> }]);
    const user = userEvent.setup();
    // the origin ("Afkomst") is never pre-selected
    const race = screen.getByRole('group', { name: 'Afkomst' });
    for (const radio of within(race).getAllByRole('radio')) expect(radio).not.toBeChecked();
    const age = screen.getByRole('group', { name: 'Leeftijd' });
    await user.click(within(age).getByLabelText('35+ jaar'));
    await user.click(within(screen.getByRole('group', { name: 'Uiterlijk' })).getByLabelText('Sexy'));
    await user.click(within(screen.getByRole('group', { name: 'Afkomst' })).getByLabelText('Anders'));
    await user.click(screen.getByRole('button', { name: 'Vind mijn matches' }));
    expect(await screen.findByText('Gevonden matches: 1')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ age: '35+', appearance: 'sexy', race: 'other' });
    expect(within(screen.getByRole('list', { name: 'Matches' })).getByText('Roos, 38')).toBeInTheDocument();
  });

  it('sends no origin when none was chosen', async () => {
    loginAs();
    const calls = serve({ 'POST /api/match-finder.php': () => ({ profiles: [] }) });
    renderAt('/match-finder', [{ path: '/match-finder', element: <MatchFinderPage /> }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Vind mijn matches' }));
    expect(await screen.findByText('Gevonden matches: 0')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ age: '18-35', appearance: 'normal' });
  });
});
