/**
 * /backoffice/held-messages (issue 26) with the real api client against a fake server: the queue
 * (reason, sender, text, cost), release and reject (the call and the list reloaded), a second
 * moderator's 409 told as such, the decided list with what was charged.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeldMessage } from '@dating/shared-kit/contracts';
import { setSession } from '@dating/shared-kit/state';
import { serve } from '@dating/shared-kit/testing';
import { loginAs, renderChat } from '../test-utils';

const now = new Date().toISOString();
const held = (overrides: Partial<HeldMessage> = {}): HeldMessage => ({
  id: 3,
  message_id: 40,
  conversation: 5,
  sender: { id: 10, name: 'Kees', created_at: now },
  recipient: { id: 11, name: 'Anna', created_at: now },
  type: 'text',
  body: 'app me op wh@ts app',
  reason: 'messenger',
  cost: 10,
  status: 'pending',
  charged: null,
  sender_pending: 2,
  created_at: now,
  decided_at: null,
  ...overrides,
});

beforeEach(() => {
  loginAs({ is_staff: true, staff_roles: ['moderator'] });
});
afterEach(() => act(() => setSession(null)));

it('lists held messages and releases one', async () => {
  let pending = [
    held(),
    held({ id: 4, message_id: 41, sender: { id: 12, name: 'Piet', created_at: now }, body: 'stuur me geld', reason: 'money' }),
  ];
  const calls = serve({
    'GET /api/backoffice/held-messages': () => ({ held: pending, total: pending.length, pending: pending.length, page: 1, per_page: 20 }),
    'POST /api/backoffice/held-messages/3/decide': () => {
      const done = { ...held(), status: 'released' as const, charged: 10, decided_at: now };
      pending = pending.filter((h) => h.id !== 3);
      return { ok: true, held: done };
    },
  });
  renderChat('/backoffice/held-messages');
  expect(await screen.findByRole('heading', { level: 1, name: 'Vastgehouden berichten' })).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Vastgehouden berichten' });
  const first = within(list).getByRole('article', { name: 'Van Kees → Aan Anna' });
  expect(first).toHaveTextContent('Andere messenger');
  expect(first).toHaveTextContent('app me op wh@ts app');
  expect(first).toHaveTextContent('10 credits bij vrijgeven');
  expect(first).toHaveTextContent('2 vastgehouden berichten van deze afzender');
  await userEvent.click(within(first).getByRole('button', { name: 'Vrijgeven' }));
  expect(await screen.findByText('Kees: Vrijgegeven')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ release: true });
  expect(within(screen.getByRole('list', { name: 'Vastgehouden berichten' })).getAllByRole('article')).toHaveLength(1);
});

it('rejects; a second moderator’s decision is answered 409 and said so', async () => {
  const calls = serve({
    'GET /api/backoffice/held-messages': () => ({ held: [held()], total: 1, pending: 1, page: 1, per_page: 20 }),
    'POST /api/backoffice/held-messages/3/decide': () => ({
      status: 409,
      body: { error: 'held_already_decided', message: 'Over dit bericht is al beslist.' },
    }),
  });
  renderChat('/backoffice/held-messages');
  const article = await screen.findByRole('article', { name: 'Van Kees → Aan Anna' });
  await userEvent.click(within(article).getByRole('button', { name: 'Afwijzen' }));
  expect(await screen.findByText('Een andere moderator heeft hier al over beslist.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ release: false });
});

it('shows the decided ones with what was charged', async () => {
  serve({
    'GET /api/backoffice/held-messages': (url) =>
      url.searchParams.get('status') === 'decided'
        ? {
            held: [held({ status: 'released', charged: 0, decided_at: now }), held({ id: 5, status: 'rejected', decided_at: now })],
            total: 2,
            pending: 0,
            page: 1,
            per_page: 20,
          }
        : { held: [], total: 0, pending: 0, page: 1, per_page: 20 },
  });
  renderChat('/backoffice/held-messages');
  expect(await screen.findByText('Geen berichten om te beoordelen.')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Toon' }), 'decided');
  const list = await screen.findByRole('list', { name: 'Vastgehouden berichten' });
  const [released, rejected] = within(list).getAllByRole('article');
  expect(released).toHaveTextContent('Bezorgd zonder afschrijving (te weinig credits)');
  expect(rejected).toHaveTextContent('Afgewezen');
});
