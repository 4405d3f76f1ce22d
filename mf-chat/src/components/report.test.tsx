/** "Rapporteren" in a conversation (issue 26 part 1): from the header, and on a single message of the other member. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '@dating/shared-kit/state';
import { serve } from '@dating/shared-kit/testing';
import { ME, ROOS, loginAs, makeHistory, makeMessage, renderChat } from '../test-utils';

jest.setTimeout(20_000);
afterEach(() => act(() => setSession(null)));

const history = () =>
  makeHistory({
    profile: ROOS,
    messages: [makeMessage({ id: 1, sender: 8, body: 'Stuur me 50 euro' }), makeMessage({ id: 2, sender: ME, recipient: 8, body: 'Nee' })],
  });

describe('reporting in a conversation', () => {
  it('the header reports the member: the named dialog, sent without messages', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': () => ({ chats: [] }),
      'GET /api/messages.php': history,
      'POST /api/report.php': () => ({ status: 201, body: { id: 1, status: 'open', blocked: false } }),
    });
    renderChat('/chats/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Roos rapporteren' }));
    const dialog = screen.getByRole('dialog', { name: 'Roos rapporteren' });
    await user.click(within(dialog).getByRole('radio', { name: 'Intimidatie of lastigvallen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(await within(dialog).findByText('Bedankt voor je melding')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/report.php')?.body).toEqual({ profile: 8, reason: 'harassment' });
  });

  it('a single message of the other member is reported with its id; my own messages have no report button', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': () => ({ chats: [] }),
      'GET /api/messages.php': history,
      'POST /api/report.php': () => ({ status: 201, body: { id: 2, status: 'open', blocked: false } }),
    });
    renderChat('/chats/5');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Berichten met Roos' });
    const [theirs, mine] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(mine).queryByRole('button', { name: /Rapporteer/ })).not.toBeInTheDocument();
    await user.click(within(theirs).getByRole('button', { name: /^Rapporteer dit bericht van Roos/ }));
    const dialog = screen.getByRole('dialog', { name: 'Roos rapporteren' });
    expect(within(dialog).getByText('1 bericht wordt meegestuurd.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Oplichting (vraagt om geld)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(await within(dialog).findByText('Bedankt voor je melding')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/report.php')?.body).toEqual({ profile: 8, reason: 'scam', message_ids: [1] });
  });
});
