/**
 * The operator console's screens (issue 15) with the real api client against a fake server
 * (contracts checked): the inbox (flag, claims, search, paging, empty state), both profiles and
 * the history, the one-click disclosure while a question is flagged, a confirmed reply, a refusal
 * shown as the server's text, and live reloads on `operator:inbox`.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import type { OperatorConversation, OperatorInboxItem, OperatorMessage } from '@dating/shared-kit/contracts';
import { setSession } from '@dating/shared-kit/state';
import { makeProfile, serve } from '@dating/shared-kit/testing';
import { loginAs, renderChat } from '../test-utils';

const JAN = makeProfile({ id: 1, name: 'Jan', gender: 'male', city: 'Utrecht', about: 'Houdt van fietsen' });
const ROOS = makeProfile({ id: 8, name: 'Roos', fictional: true });
const ref = (p: typeof JAN) => ({ id: p.id, name: p.name, main_image: null, fictional: p.fictional });
const now = new Date().toISOString();

const item = (overrides: Partial<OperatorInboxItem> = {}): OperatorInboxItem => ({
  conversation: 5,
  member: ref(JAN),
  chatpal: ref(ROOS),
  last_body: 'Hoi Roos!',
  last_type: 'text',
  last_at: now,
  unanswered: true,
  waiting_since: now,
  disclosure_due: false,
  claim: null,
  ...overrides,
});
const message = (overrides: Partial<OperatorMessage> = {}): OperatorMessage => ({
  id: 1,
  from: 'member',
  type: 'text',
  body: 'Hoi Roos!',
  gift: null,
  image: null,
  created_at: now,
  deleted: false,
  asks_if_real: false,
  honesty: null,
  disclosure: false,
  operator_id: null,
  ...overrides,
});
const conversation = (overrides: Partial<OperatorConversation> = {}): OperatorConversation => ({
  conversation: 5,
  member: JAN,
  chatpal: ROOS,
  member_language: 'nl',
  member_messages_24h: 3,
  messages: [message()],
  has_more: false,
  claim: null,
  disclosure_due: false,
  disclosure_text: 'Dit profiel is fictief en wordt beheerd door een medewerker van de site.',
  message_length: 1000,
  ...overrides,
});
const claim = {
  operator_id: 99,
  operator_email: 'operator@example.com',
  mine: true,
  expires_at: new Date(Date.now() + 300_000).toISOString(),
};

beforeEach(() => {
  loginAs({ is_staff: true, staff_roles: ['operator'] });
});
afterEach(() => act(() => setSession(null)));

describe('operator inbox', () => {
  it('lists chatpal conversations with the flag and the claim, searches and pages', async () => {
    const calls = serve({
      'GET /api/backoffice/operator/inbox': (url) => ({
        items:
          url.searchParams.get('q') === 'nobody'
            ? []
            : [
                item({ disclosure_due: true }),
                item({ conversation: 6, claim: { ...claim, mine: false, operator_email: 'ander@example.com' } }),
              ],
        total: url.searchParams.get('q') === 'nobody' ? 0 : 45,
        page: Number(url.searchParams.get('page') ?? 1),
        per_page: 20,
      }),
    });
    renderChat('/backoffice/operator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator-console' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Gesprekken met chatpals' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/backoffice/operator/5');
    expect(first).toHaveTextContent('Jan aan Roos');
    expect(first).toHaveTextContent('Vraagt of het profiel echt is');
    expect(second).toHaveTextContent('Geclaimd door ander@example.com');
    expect(screen.getByText('Pagina 1 van 3')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Pagina 2 van 3')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2');

    await user.type(screen.getByLabelText('Zoek op naam of gespreksnummer'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Geen gesprekken gevonden voor „nobody”.')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('has an empty state and follows live inbox frames', async () => {
    let items: OperatorInboxItem[] = [];
    serve({ 'GET /api/backoffice/operator/inbox': () => ({ items, total: items.length, page: 1, per_page: 20 }) });
    renderChat('/backoffice/operator');
    expect(await screen.findByText('Er wachten geen berichten op antwoord.')).toBeInTheDocument();
    expect(screen.getByText('Kies een gesprek uit de lijst.')).toBeInTheDocument();
    items = [item()];
    act(() => bus.emit('operator:inbox', { conversation: 5 }));
    expect(await screen.findByRole('link', { name: /Jan aan Roos/ })).toBeInTheDocument();
  });
});

describe('operator conversation', () => {
  const inbox = () => ({ items: [item()], total: 1, page: 1, per_page: 20 });

  it('shows both profiles and the history, claims, and replies after confirming', async () => {
    let current = conversation();
    const calls = serve({
      'GET /api/backoffice/operator/inbox': inbox,
      'GET /api/backoffice/operator/conversations/5': () => current,
      'POST /api/backoffice/operator/claim': () => {
        current = conversation({ claim });
        return { claim };
      },
      'POST /api/backoffice/operator/reply': (_url, init) => {
        const body = (init.json as { body: string }).body;
        current = conversation({ claim, messages: [message(), message({ id: 2, from: 'chatpal', body, operator_id: 99 })] });
        return { message: current.messages[1], claim };
      },
    });
    renderChat('/backoffice/operator/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jan en Roos' })).toBeInTheDocument();
    const profiles = screen.getByRole('region', { name: 'Profielen' });
    expect(within(profiles).getByRole('region', { name: 'Lid: Jan' })).toHaveTextContent('Houdt van fietsen');
    // the country's name in the UI's language, not its code (issue 29 item 9)
    expect(within(profiles).getByRole('region', { name: 'Lid: Jan' })).toHaveTextContent('Nederland');
    expect(within(profiles).getByRole('region', { name: 'Lid: Jan' })).toHaveTextContent('Berichten aan chatpals in de laatste 24 uur: 3');
    expect(within(profiles).getByRole('region', { name: 'Chatpal: Roos' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Berichten tussen Jan en Roos' })).toHaveTextContent('Hoi Roos!');

    const user = userEvent.setup();
    expect(screen.getByText('Niemand beantwoordt dit gesprek nu.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gesprek claimen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Je hebt het gesprek geclaimd.');
    expect(await screen.findByText(/^Jij beantwoordt dit gesprek/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Antwoord als Roos'), 'Hoi Jan, leuk dat je schrijft!');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Antwoord versturen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, versturen' }));
    expect(await screen.findByText('Je antwoord is verstuurd.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/reply'))?.body).toMatchObject({
      conversation: 5,
      body: 'Hoi Jan, leuk dat je schrijft!',
    });
    expect(await screen.findByText('Hoi Jan, leuk dat je schrijft!')).toBeInTheDocument();
    expect(screen.getByLabelText('Antwoord als Roos')).toHaveValue('');
    // typing a whole reply key by key: over jest's 5 s default on the shared 2-core machine under load
  }, 15_000);

  it('marks a question whether the profile is real; the disclosure is one click, then replies are open again', async () => {
    let current = conversation({ disclosure_due: true, messages: [message({ body: 'ben je echt?', asks_if_real: true })] });
    const calls = serve({
      'GET /api/backoffice/operator/inbox': inbox,
      'GET /api/backoffice/operator/conversations/5': () => current,
      'POST /api/backoffice/operator/disclose': () => {
        const sent = message({ id: 2, from: 'chatpal', body: current.disclosure_text, disclosure: true, operator_id: 99 });
        current = conversation({ claim, messages: [...current.messages, sent] });
        return { message: sent, claim };
      },
    });
    renderChat('/backoffice/operator/5');
    const history = await screen.findByRole('list', { name: 'Berichten tussen Jan en Roos' });
    expect(within(history).getByText('ben je echt?').closest('li')).toHaveTextContent('Vraagt of het profiel echt is');
    const guard = screen.getByRole('alert');
    expect(guard).toHaveTextContent('Het lid vraagt of dit profiel echt is');
    expect(guard).toHaveTextContent('Dit profiel is fictief en wordt beheerd door een medewerker van de site.');
    expect(screen.getByLabelText('Antwoord als Roos')).toBeDisabled();

    await userEvent.setup().click(within(guard).getByRole('button', { name: 'Mededeling sturen' }));
    expect(await screen.findByText('De mededeling is gestuurd.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/disclose'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Antwoord als Roos')).toBeEnabled());
    expect(screen.getByText('Mededeling: profiel is fictief')).toBeInTheDocument();
  });

  it('says why each message was flagged, in the operator’s language, and marks a disguise', async () => {
    serve({
      'GET /api/backoffice/operator/inbox': inbox,
      'GET /api/backoffice/operator/conversations/5': () =>
        conversation({
          disclosure_due: true,
          messages: [
            message({
              id: 1,
              body: 'werk je voor deze site?',
              asks_if_real: true,
              honesty: { reason: 'staff_question', disguised: false },
            }),
            message({ id: 2, from: 'chatpal', body: 'Ik woon in Utrecht' }),
            message({ id: 3, body: 'b3n j3 3en b0t?', asks_if_real: true, honesty: { reason: 'bot_question', disguised: true } }),
          ],
        }),
    });
    renderChat('/backoffice/operator/5');
    const history = await screen.findByRole('list', { name: 'Berichten tussen Jan en Roos' });
    const staff = within(history).getByText('werk je voor deze site?').closest('li') as HTMLElement;
    expect(staff).toHaveTextContent('Vraagt of een medewerker of iemand anders schrijft');
    expect(staff).not.toHaveTextContent('Verhuld geschreven');
    const bot = within(history).getByText('b3n j3 3en b0t?').closest('li') as HTMLElement;
    expect(bot).toHaveTextContent('Vraagt of er een bot of AI schrijft');
    expect(bot).toHaveTextContent('Verhuld geschreven (letters die erop lijken, cijfers, spaties)');
    expect(within(history).getByText('Ik woon in Utrecht').closest('li')).not.toHaveTextContent('Vraagt');
    // the guard's alert gives the newest question's reason; the disclosure stays one button
    const guard = screen.getByRole('alert');
    expect(guard).toHaveTextContent('Waarom: Vraagt of er een bot of AI schrijft.');
    expect(within(guard).getByRole('button', { name: 'Mededeling sturen' })).toBeEnabled();
  });

  it('renews the claim while the operator types and it is about to lapse', async () => {
    const lapsing = { ...claim, expires_at: new Date(Date.now() + 60_000).toISOString() };
    const calls = serve({
      'GET /api/backoffice/operator/inbox': inbox,
      'GET /api/backoffice/operator/conversations/5': () => conversation({ claim: lapsing }),
      'POST /api/backoffice/operator/claim': () => ({ claim }),
    });
    renderChat('/backoffice/operator/5');
    await userEvent.setup().type(await screen.findByLabelText('Antwoord als Roos'), 'Even denken');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/claim'))).toHaveLength(1));
  });

  it('shows a refusal as the server’s translated text and changes nothing', async () => {
    serve({
      'GET /api/backoffice/operator/inbox': inbox,
      'GET /api/backoffice/operator/conversations/5': () =>
        conversation({ claim: { ...claim, mine: false, operator_email: 'ander@example.com' } }),
      'POST /api/backoffice/operator/reply': () => ({
        status: 409,
        body: {
          error: 'conversation_claimed',
          message: 'Een andere operator beantwoordt dit gesprek al (ander@example.com). Kies een ander gesprek.',
        },
      }),
    });
    renderChat('/backoffice/operator/5');
    expect(await screen.findByText(/^ander@example.com beantwoordt dit gesprek/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gesprek claimen' })).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Antwoord als Roos'), 'toch proberen');
    await user.keyboard('{Tab}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Antwoord versturen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Een andere operator beantwoordt dit gesprek al (ander@example.com).');
    expect(screen.getByLabelText('Antwoord als Roos')).toHaveValue('toch proberen');
  });
});
