import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { badgesAtom, getSession, setSession, store } from '@dating/shared-kit/state';
import { serve } from '@dating/shared-kit/testing';
import { ME, ROOS, loginAs, makeHistory, makeMessage, renderChat } from '../test-utils';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const chats = () => ({ chats: [] });
afterEach(() => act(() => setSession(null)));

describe('a conversation', () => {
  it('shows the other member in the top bar, my credits, and the history with the newest at the bottom', async () => {
    loginAs({ credits: 8 });
    serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () =>
        makeHistory({
          profile: ROOS,
          messages: [makeMessage({ id: 1, sender: 8, body: 'Eerste' }), makeMessage({ id: 2, sender: ME, recipient: 8, body: 'Tweede' })],
        }),
    });
    renderChat('/chats/5');
    const heading = await screen.findByRole('heading', { level: 1, name: /Roos/ });
    expect(within(heading).getByRole('link', { name: 'Roos' })).toHaveAttribute('href', '/members/8');
    expect(within(heading).getByRole('img', { name: 'Dit profiel is fictief' })).toBeInTheDocument();
    // credits badge in the warning colour at 10 or fewer
    const credits = screen.getByRole('link', { name: 'Je credits: 8' });
    expect(credits).toHaveAttribute('href', '/credits');
    expect(credits.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'warning');
    const history = screen.getByRole('list', { name: 'Berichten met Roos' });
    const items = within(history).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Roos: Eerste');
    expect(items[1]).toHaveTextContent('Jij: Tweede');
    // every bubble of the chatpal links to the profile with the fictional label
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Profiel van Roos bekijken' })).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'Dit profiel is fictief' })).toBeInTheDocument();
    expect(screen.getByText('Berichten ouder dan 90 dagen worden om privacyredenen niet getoond.')).toBeInTheDocument();
  });

  it('shows the danger colour at 0 credits', async () => {
    loginAs({ credits: 0 });
    serve({ 'GET /api/chats.php': chats, 'GET /api/messages.php': () => makeHistory() });
    renderChat('/chats/5');
    const credits = await screen.findByRole('link', { name: 'Je credits: 0' });
    expect(credits.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'danger');
  });

  it('sends a text with a fresh client_id, showing its cost and length first; my credits follow the answer', async () => {
    loginAs({ credits: 30 });
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory(),
      'POST /api/messages.php': (_url, { json }) => ({
        message: makeMessage({ id: 11, sender: ME, recipient: 7, body: (json as { body: string }).body }),
        credits: 20,
      }),
    });
    renderChat('/chats/5');
    const field = await screen.findByLabelText('Bericht aan Sanne');
    expect(screen.getByText('Dit bericht kost 10 credits (minimaal € 1,49 per bericht).')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(field, 'Hallo Sanne');
    expect(screen.getByText('11 / 1000 tekens')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    const history = screen.getByRole('list', { name: 'Berichten met Sanne' });
    await waitFor(() => expect(within(history).getByText('Hallo Sanne')).toBeInTheDocument());
    expect(field).toHaveValue('');
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/messages.php');
    expect(post?.body).toMatchObject({ conversation: 5, type: 'text', body: 'Hallo Sanne' });
    expect((post?.body as { client_id: string }).client_id).toMatch(UUID);
    expect(getSession()?.credits).toBe(20);
    expect(screen.getByRole('link', { name: 'Je credits: 20' })).toBeInTheDocument();
  });

  it('refuses a text over the site message_length', async () => {
    loginAs();
    serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory({ costs: { text: 10, image: 15, gift: 25, minimum: null, message_length: 5 } }),
    });
    renderChat('/chats/5');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Bericht aan Sanne'), 'te lang');
    expect(screen.getByText('Je bericht is te lang (maximaal 5 tekens).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeDisabled();
    expect(screen.getByText('Dit bericht kost 10 credits.')).toBeInTheDocument();
  });

  it("says 'Je hebt onvoldoende credits' with a buy button, and keeps the text", async () => {
    loginAs({ credits: 5 });
    serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory(),
      'POST /api/messages.php': () => ({ status: 402, body: { error: 'insufficient_credits', message: 'Je hebt onvoldoende credits' } }),
    });
    renderChat('/chats/5');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Bericht aan Sanne'), 'Hoi{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Je hebt onvoldoende credits');
    expect(screen.getByLabelText('Bericht aan Sanne')).toHaveValue('Hoi');
    await user.click(within(alert).getByRole('link', { name: 'Credits kopen' }));
    expect(screen.getByText('elders: /credits')).toBeInTheDocument();
  });

  it('offers premium when a free member may not start another conversation (before typing, and when refused)', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory({ conversation: null, can_start: false }),
      'POST /api/messages.php': () => ({ status: 403, body: { error: 'conversation_limit', message: 'Limiet bereikt' } }),
    });
    renderChat('/members/7/chat');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Als gratis lid kun je maximaal 2 gesprekken beginnen');
    expect(within(alert).getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
    expect(calls.find((c) => c.url.pathname === '/api/messages.php')?.url.searchParams.get('profile')).toBe('7');
    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: 'Sluiten' }));
    await user.type(screen.getByLabelText('Bericht aan Sanne'), 'Hoi{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Word premium om met meer leden een gesprek te beginnen.');
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/messages.php')?.body).toMatchObject({ profile: 7 });
  });

  it("the very first message: typing is sent naming the member, and the other side's typing shows before any conversation exists (issue 29 item 11)", async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory({ conversation: null, messages: [] }),
      'POST /api/typing.php': () => ({ ok: true }),
    });
    renderChat('/members/7/chat');
    const field = await screen.findByLabelText('Bericht aan Sanne');
    act(() => bus.emit('chat:typing', { conversation: 0, profile: 7 }));
    expect(screen.getByText('Sanne typt…')).toBeInTheDocument();
    // someone else typing to me in their own first message is not Sanne
    act(() => bus.emit('chat:typing', { conversation: 0, profile: 9 }));
    const user = userEvent.setup();
    await user.type(field, 'H');
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/typing.php')?.body).toEqual({ profile: 7 }));
  });

  it('retries a failed send with the same client_id (never charged twice)', async () => {
    loginAs();
    let attempts = 0;
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory(),
      'POST /api/messages.php': () => {
        attempts += 1;
        if (attempts === 1) return { status: 503, body: { error: 'unavailable', message: 'Even niet' } };
        return { message: makeMessage({ id: 12, sender: ME, body: 'Nog eens' }), credits: 15 };
      },
    });
    renderChat('/chats/5');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Bericht aan Sanne'), 'Nog eens{Enter}');
    expect(await screen.findByText('Niet verstuurd.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    await waitFor(() => expect(screen.queryByText('Niet verstuurd.')).not.toBeInTheDocument());
    const posts = calls
      .filter((c) => c.method === 'POST' && c.url.pathname === '/api/messages.php')
      .map((c) => (c.body as { client_id: string }).client_id);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toBe(posts[1]);
  });

  it('shows what arrives live: a message (marked read at once), typing, the read marker, a deletion, the conversation gone', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory({ messages: [makeMessage({ id: 20, sender: ME, recipient: 7, body: 'Hoe gaat het?' })] }),
      'PUT /api/messages.php': () => ({ ok: true, read_up_to: 21, unread_messages: 4 }),
    });
    renderChat('/chats/5');
    const history = await screen.findByRole('list', { name: 'Berichten met Sanne' });
    expect(screen.getByText('Verzonden')).toBeInTheDocument();
    act(() => bus.emit('chat:typing', { conversation: 5, profile: 7 }));
    expect(screen.getByText('Sanne typt…')).toBeInTheDocument();
    act(() => bus.emit('chat:read', { conversation: 5, reader: 7, up_to: 20 }));
    expect(screen.getByText('Gelezen')).toBeInTheDocument();
    act(() => bus.emit('chat:message', { message: makeMessage({ id: 21, body: 'Goed, en jij?' }) }));
    expect(within(history).getByText('Goed, en jij?')).toBeInTheDocument();
    expect(screen.queryByText('Sanne typt…')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ conversation: 5, up_to: 21 }));
    // the server's count of what is still unread elsewhere is the badge
    await waitFor(() => expect(store.get(badgesAtom).unread).toBe(4));
    // another conversation's events do not show here
    act(() => bus.emit('chat:message', { message: makeMessage({ id: 22, conversation: 6, body: 'Andere chat' }) }));
    expect(screen.queryByText('Andere chat')).not.toBeInTheDocument();
    act(() => bus.emit('chat:message-deleted', { conversation: 5, id: 21 }));
    expect(within(history).getByText('Dit bericht is verwijderd.')).toBeInTheDocument();
    act(() => bus.emit('chat:deleted', { conversation: 5 }));
    expect(screen.getByText('Dit gesprek bestaat niet (meer).')).toBeInTheDocument();
  });

  it('deletes an own message after asking', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory({ messages: [makeMessage({ id: 30, sender: ME, body: 'Oeps' })] }),
      'DELETE /api/message.php': () => ({ ok: true, message: makeMessage({ id: 30, sender: ME, body: null, deleted: true }) }),
    });
    renderChat('/chats/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bericht verwijderen' }));
    const dialog = screen.getByRole('dialog', { name: 'Bericht verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Bericht verwijderen' }));
    expect(screen.getByText('Dit bericht is verwijderd.')).toBeInTheDocument();
    expect(screen.queryByText('Oeps')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ id: 30 }));
  });

  it('loads older messages with keyset paging (before = the oldest id shown)', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': (url) =>
        url.searchParams.get('before') === '40'
          ? makeHistory({ messages: [makeMessage({ id: 39, body: 'Ouder' })], has_more: false })
          : makeHistory({ messages: [makeMessage({ id: 40, body: 'Nieuwer' })], has_more: true }),
    });
    renderChat('/chats/5');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Oudere berichten laden' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Berichten met Sanne' })).getAllByRole('listitem')[0]).toHaveTextContent('Ouder'),
    );
    expect(calls.some((c) => c.url.searchParams.get('before') === '40' && c.url.searchParams.get('conversation') === '5')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Oudere berichten laden' })).not.toBeInTheDocument();
  });

  it('sends a gift picked from the catalogue (the member page opens the picker with ?gift=1)', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory(),
      'GET /api/gifts.php': () => ({ gifts: [{ id: 'rose', label: 'Roos', image: '/static/gifts/rose.svg', credits: 25 }] }),
      'POST /api/messages.php': () => ({
        message: makeMessage({ id: 50, sender: ME, type: 'gift', body: null, gift: 'rose' }),
        credits: 0,
      }),
    });
    renderChat('/members/7/chat?gift=1');
    const dialog = await screen.findByRole('dialog', { name: 'Kies een cadeau voor Sanne' });
    expect(dialog).toHaveTextContent('Elk cadeau kost 25 credits.');
    await userEvent.setup().click(await within(dialog).findByRole('button', { name: 'Roos sturen' }));
    expect(await screen.findByText('Cadeau: Roos')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/messages.php')?.body).toMatchObject({
      conversation: 5,
      type: 'gift',
      gift: 'rose',
    });
  });

  it('tells an unconfirmed member that messages wait for the confirmation, and sends the mail again', async () => {
    loginAs({ email_confirmed: false, status: 'not_confirmed' });
    const calls = serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory(),
      'POST /api/activate.php': () => ({ ok: true }),
    });
    renderChat('/chats/5');
    expect(await screen.findByText(/Je berichten worden pas afgeleverd als je je e-mailadres hebt bevestigd/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stuur de activatiemail opnieuw' }));
    expect(await screen.findByText('De activatiemail is opnieuw verstuurd.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/activate.php')).toBe(true);
  });

  it('gives a refused message back with the reason (blocked, too long ...), without a retry', async () => {
    loginAs();
    serve({
      'GET /api/chats.php': chats,
      'GET /api/messages.php': () => makeHistory(),
      'POST /api/messages.php': () => ({
        status: 403,
        body: { error: 'member_blocked', message: 'Je kunt dit lid geen berichten sturen.' },
      }),
    });
    renderChat('/chats/5');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Bericht aan Sanne'), 'Hallo?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Je kunt dit lid geen berichten sturen.');
    expect(screen.getByLabelText('Bericht aan Sanne')).toHaveValue('Hallo?');
    expect(screen.queryByRole('button', { name: 'Opnieuw versturen' })).not.toBeInTheDocument();
  });

  it('says the page is not live only when the socket has been down for a while, and stops saying it when it is back', async () => {
    jest.useFakeTimers();
    try {
      loginAs();
      serve({ 'GET /api/chats.php': chats, 'GET /api/messages.php': () => makeHistory() });
      renderChat('/chats/5');
      await screen.findByRole('list', { name: 'Berichten met Sanne' });
      const note = 'Even geen live verbinding: nieuwe berichten worden regelmatig opgehaald.';
      expect(screen.queryByText(note)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(4_000));
      expect(screen.getByText(note)).toBeInTheDocument();
      act(() => bus.emit('realtime:state', { connected: true }));
      expect(screen.queryByText(note)).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
