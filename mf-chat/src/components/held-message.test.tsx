/**
 * The scam guard as the sender sees it (issue 26): a held message says it is being reviewed (not
 * "sent"), a rejected one that it was not delivered; the send's answer `held` shows at once. The
 * safety tip in a conversation with someone new: shown, dismissed once (remembered by the server),
 * not with a chatpal, not once the other member has written.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '@dating/shared-kit/state';
import { serve } from '@dating/shared-kit/testing';
import { ME, ROOS, SANNE, loginAs, makeHistory, makeMessage, renderChat } from '../test-utils';

afterEach(() => act(() => setSession(null)));
const chats = () => ({ chats: [] });

describe('held messages', () => {
  it('a held message says it is being reviewed, a rejected one that it was not delivered; the other member’s messages say nothing', async () => {
    loginAs();
    serve({
      'GET /api/chats.php': chats,
      'GET /api/safety-tip.php': () => ({ show: false }),
      'GET /api/messages.php': () =>
        makeHistory({
          messages: [
            makeMessage({ id: 1, sender: 7, body: 'Hoi Jan' }),
            makeMessage({
              id: 2,
              sender: ME,
              recipient: 7,
              body: 'mail me op jan@example.com',
              credits: 0,
              held: true,
              held_rejected: true,
            }),
            makeMessage({ id: 3, sender: ME, recipient: 7, body: 'app me op whatsapp', credits: 0, held: true }),
          ],
        }),
    });
    renderChat('/chats/5');
    const history = await screen.findByRole('list', { name: 'Berichten met Sanne' });
    const [theirs, rejected, held] = within(history).getAllByRole('listitem') as HTMLElement[];
    expect(theirs).not.toHaveTextContent('gecontroleerd');
    expect(rejected).toHaveTextContent('Niet bezorgd');
    expect(held).toHaveTextContent('Je bericht wordt gecontroleerd');
    expect(held).not.toHaveTextContent('Verzonden');
    expect(held).toHaveTextContent('bekijken we eerst');
  });

  it('the send’s answer `held` shows on the new message at once', async () => {
    loginAs({ credits: 50 });
    serve({
      'GET /api/chats.php': chats,
      'GET /api/safety-tip.php': () => ({ show: false }),
      'GET /api/messages.php': () => makeHistory({ messages: [makeMessage({ id: 1, sender: 7, body: 'Hoi' })] }),
      'POST /api/messages.php': (_url, init) => ({
        message: makeMessage({
          id: 9,
          sender: ME,
          recipient: 7,
          body: (init.json as { body: string }).body,
          credits: 0,
          held: true,
          client_id: (init.json as { client_id: string }).client_id,
        }),
        credits: 50,
      }),
    });
    renderChat('/chats/5');
    const box = await screen.findByLabelText('Bericht aan Sanne');
    await userEvent.type(box, 'heb je telegram?');
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const history = screen.getByRole('list', { name: 'Berichten met Sanne' });
    await waitFor(() => expect(within(history).getAllByRole('listitem').at(-1)).toHaveTextContent('Je bericht wordt gecontroleerd'));
  });
});

describe('the safety tip', () => {
  it('shows in a conversation with someone new; dismissing it tells the server and hides it', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory({ conversation: null, messages: [] }),
      'GET /api/safety-tip.php': () => ({ show: true }),
      'POST /api/safety-tip.php': () => ({ show: false }),
    });
    renderChat(`/members/${SANNE.id}/chat`);
    const tip = await screen.findByRole('region', { name: 'Veilig daten' });
    expect(tip).toHaveTextContent('Stuur nooit geld');
    expect(tip).toHaveTextContent('Rapporteren');
    await userEvent.click(within(tip).getByRole('button', { name: 'Begrepen, niet meer tonen' }));
    expect(screen.queryByRole('region', { name: 'Veilig daten' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/safety-tip.php')).toBe(true);
  });

  it('not once the other member wrote, and not with a chatpal', async () => {
    loginAs();
    serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': (url) =>
        url.searchParams.get('profile') === String(ROOS.id)
          ? makeHistory({ conversation: null, profile: ROOS })
          : makeHistory({ messages: [makeMessage({ id: 1, sender: 7 })] }),
      'GET /api/safety-tip.php': () => ({ show: true }),
    });
    renderChat('/chats/5');
    await screen.findByRole('list', { name: 'Berichten met Sanne' });
    expect(screen.queryByRole('region', { name: 'Veilig daten' })).not.toBeInTheDocument();
  });
});
