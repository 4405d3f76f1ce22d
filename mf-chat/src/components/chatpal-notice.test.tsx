/**
 * The vulnerable-user warning (issue 15) as the member sees it: the server's notice in the send's
 * answer shows in the conversation, in the member's language (the server's text), until dismissed.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '@dating/shared-kit/state';
import { serve } from '@dating/shared-kit/testing';
import { ME, ROOS, loginAs, makeHistory, makeMessage, renderChat } from '../test-utils';

afterEach(() => act(() => setSession(null)));

const NOTICE =
  'Goed om te weten: chatpals zijn fictieve profielen. Hun berichten worden geschreven door medewerkers van de site, niet door echte leden, en je kunt ze niet ontmoeten.';

it('shows the notice that chatpals are fictional when the send answer carries it', async () => {
  loginAs();
  let sends = 0;
  serve({
    'GET /api/chats.php': () => ({ chats: [] }),
    'GET /api/messages.php': () => makeHistory({ profile: ROOS }),
    'POST /api/messages.php': (_url, { json }) => {
      sends += 1;
      const message = makeMessage({ id: 10 + sends, sender: ME, recipient: ROOS.id, body: (json as { body: string }).body });
      return sends === 2 ? { message, credits: 80, notice: { code: 'chatpals_fictional', message: NOTICE } } : { message, credits: 90 };
    },
  });
  renderChat('/chats/5');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Bericht aan Roos'), 'Hoi{Enter}');
  await screen.findByText('Hoi');
  expect(screen.queryByText(NOTICE, { exact: false })).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Bericht aan Roos'), 'Nog eentje{Enter}');
  const notice = (await screen.findByText(NOTICE, { exact: false })).closest('[role="status"]') as HTMLElement;
  expect(notice).toHaveTextContent(`Let op: ${NOTICE}`);
  await user.click(within(notice).getByRole('button', { name: 'Sluiten' }));
  expect(screen.queryByText(NOTICE, { exact: false })).not.toBeInTheDocument();
});
