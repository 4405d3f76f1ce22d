import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import type { ChatEntry } from '@dating/shared-kit/contracts';
import { badgesAtom, setSession, store } from '@dating/shared-kit/state';
import { serve } from '@dating/shared-kit/testing';
import { ROOS, SANNE, loginAs, makeHistory, makeMessage, renderChat } from '../test-utils';

const entry = (overrides: Partial<ChatEntry> = {}): ChatEntry => ({
  conversation: 5,
  profile: SANNE,
  num_unread_messages: 0,
  last_message: { id: 3, type: 'text', body: 'Zin in koffie?', from_me: false, created_at: new Date().toISOString() },
  ...overrides,
});

afterEach(() => act(() => setSession(null)));

describe('/chats', () => {
  it('lists conversations with name, fictional label, preview and unread count, and the badge follows', async () => {
    loginAs({ unread_messages: 0 });
    serve({
      'GET /api/chats.php': () => ({
        chats: [
          entry({ num_unread_messages: 2 }),
          entry({
            conversation: 6,
            profile: ROOS,
            last_message: { id: 4, type: 'gift', body: null, gift: 'rose', from_me: true, created_at: new Date().toISOString() },
          }),
        ],
      }),
    });
    renderChat('/chats');
    expect(screen.getByRole('heading', { level: 1, name: 'Berichten' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Gesprekken' });
    const sanne = within(list).getByRole('link', { name: /Sanne/ });
    expect(sanne).toHaveAttribute('href', '/chats/5');
    expect(sanne).toHaveTextContent('Zin in koffie?');
    expect(sanne).toHaveTextContent('Ongelezen berichten: 2');
    const roos = within(list).getByRole('link', { name: /Roos/ });
    expect(within(roos).getByRole('img', { name: 'Dit profiel is fictief' })).toBeInTheDocument();
    expect(roos).toHaveTextContent('Jij: Cadeau');
    expect(within(sanne).queryByRole('img', { name: 'Dit profiel is fictief' })).not.toBeInTheDocument();
    await waitFor(() => expect(store.get(badgesAtom).unread).toBe(2));
    expect(document.title).toBe('Berichten');
  });

  it('asks for the list and the open conversation once each, as the screen first renders', async () => {
    loginAs();
    const calls = serve({
      'GET /api/chats.php': () => ({ chats: [entry()] }),
      'GET /api/messages.php': () => makeHistory({ messages: [makeMessage({ id: 3, body: 'Zin in koffie?' })] }),
    });
    renderChat('/chats/5');
    // asked as the screen renders (early.ts) and taken by the hooks' first load: no second call
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/chats.php', '/api/messages.php']);
    const history = await screen.findByRole('list', { name: 'Berichten met Sanne' });
    expect(within(history).getByText('Zin in koffie?')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url.pathname)).toEqual(['/api/chats.php', '/api/messages.php']);
  });

  it('opening a conversation sets its unread count to 0', async () => {
    loginAs();
    serve({
      'GET /api/chats.php': () => ({ chats: [entry({ num_unread_messages: 3 })] }),
      'GET /api/messages.php': () => makeHistory({ messages: [makeMessage({ id: 3, body: 'Zin in koffie?' })] }),
    });
    renderChat('/chats');
    const link = await screen.findByRole('link', { name: /Sanne.*Ongelezen berichten: 3/ });
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { level: 1, name: /Sanne/ })).toBeInTheDocument();
    // (on a phone - as jsdom has no media queries - the list is hidden while a conversation is open)
    expect(screen.getByRole('link', { name: /Sanne/, current: 'page', hidden: true })).not.toHaveTextContent('Ongelezen');
    await waitFor(() => expect(store.get(badgesAtom).unread).toBe(0));
  });

  it('has an empty state that leads to search', async () => {
    loginAs();
    serve({ 'GET /api/chats.php': () => ({ chats: [] }) });
    renderChat('/chats');
    expect(await screen.findByText('Je hebt nog geen gesprekken.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zoek leden om mee te chatten' })).toHaveAttribute('href', '/members');
  });

  it('moves a conversation to the top with its new message and unread count when a message arrives live', async () => {
    loginAs();
    serve({ 'GET /api/chats.php': () => ({ chats: [entry({ conversation: 6, profile: ROOS }), entry()] }) });
    renderChat('/chats');
    const list = await screen.findByRole('list', { name: 'Gesprekken' });
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Roos');
    act(() => bus.emit('chat:message', { message: makeMessage({ id: 9, body: 'Ben je er nog?' }) }));
    const first = within(list).getAllByRole('link')[0];
    expect(first).toHaveTextContent('Sanne');
    expect(first).toHaveTextContent('Ben je er nog?');
    expect(first).toHaveTextContent('Ongelezen berichten: 1');
    expect(store.get(badgesAtom).unread).toBe(1);
    // a new conversation comes with the other member's profile: on top, no reload needed
    act(() =>
      bus.emit('chat:message', {
        message: makeMessage({ id: 10, conversation: 9, sender: 12, body: 'Ik ben nieuw' }),
        profile: { id: 12, name: 'Noor', main_image: null, fictional: false },
      }),
    );
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Noor');
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Ik ben nieuw');
    expect(store.get(badgesAtom).unread).toBe(2);
    // a block (or a delete in another tab) removes it at once
    act(() => bus.emit('chat:deleted', { conversation: 5 }));
    expect(within(list).queryByRole('link', { name: /Sanne/ })).not.toBeInTheDocument();
  });

  it('deleting a conversation removes it at once; when the server refuses, an alert shows the error and the list reloads', async () => {
    loginAs();
    let loads = 0;
    let release: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve({
      'GET /api/chats.php': () => {
        loads += 1;
        return { chats: [entry()] };
      },
      'GET /api/messages.php': () => makeHistory(),
      'DELETE /api/chat.php': () => ({ status: 409, body: { error: 'busy', message: 'Dat lukte even niet.' } }),
    });
    const fetchWithDelay = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') await refused;
      return fetchWithDelay(input, init);
    }) as typeof fetch;
    renderChat('/chats/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gesprek verwijderen' }));
    const dialog = screen.getByRole('dialog', { name: 'Gesprek verwijderen' });
    expect(dialog).toHaveTextContent('Wil je het gesprek met Sanne verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Gesprek verwijderen' }));
    // gone before the server answered
    expect(screen.queryByRole('link', { name: /Sanne/ })).not.toBeInTheDocument();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Het gesprek kon niet worden verwijderd.');
    expect(alert).toHaveTextContent('Dat lukte even niet.');
    expect(await screen.findByRole('link', { name: /Sanne/ })).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('counts a message in the open conversation while the tab is hidden (title and app badge), and reads it when the tab is shown', async () => {
    loginAs();
    serve({
      'GET /api/chats.php': () => ({ chats: [entry()] }),
      'GET /api/messages.php': () => makeHistory({ messages: [makeMessage({ id: 3 })] }),
      'PUT /api/messages.php': () => ({ ok: true, read_up_to: 12, unread_messages: 0 }),
    });
    renderChat('/chats/5');
    await screen.findByRole('list', { name: 'Berichten met Sanne' });
    const listed = () => screen.getByRole('link', { name: /Sanne/, current: 'page', hidden: true });
    await waitFor(() => expect(listed()).toBeInTheDocument());
    const visibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    };
    visibility('hidden');
    act(() => bus.emit('chat:message', { message: makeMessage({ id: 12, body: 'Ben je daar?' }) }));
    expect(store.get(badgesAtom).unread).toBe(1);
    visibility('visible');
    await waitFor(() => expect(store.get(badgesAtom).unread).toBe(0));
    expect(listed()).not.toHaveTextContent('Ongelezen');
  });

  it("zeroes a conversation's unread count when I read it in another tab", async () => {
    loginAs();
    serve({ 'GET /api/chats.php': () => ({ chats: [entry({ num_unread_messages: 2 })] }) });
    renderChat('/chats');
    const link = await screen.findByRole('link', { name: /Sanne/ });
    expect(link).toHaveTextContent('Ongelezen berichten: 2');
    act(() => bus.emit('chat:read', { conversation: 5, reader: 7, up_to: 3 })); // Sanne read mine: not about my unread
    expect(link).toHaveTextContent('Ongelezen berichten: 2');
    act(() => bus.emit('chat:read', { conversation: 5, reader: 1, up_to: 3 }));
    expect(link).not.toHaveTextContent('Ongelezen');
    expect(store.get(badgesAtom).unread).toBe(0);
  });
});
