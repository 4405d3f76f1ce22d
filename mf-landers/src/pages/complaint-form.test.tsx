/**
 * /complaints: the form sends name, e-mail, subject and message with the page's language; the
 * server's refusal is shown next to the field it names; a sent complaint is confirmed.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@emotion/react';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { theme } from '@dating/shared-kit/theme';
import { ComplaintForm } from './complaint-form';

let sent: unknown[] = [];
beforeEach(async () => {
  sent = [];
  act(() => setSession(null));
  await act(async () => {
    await i18n.changeLanguage('de');
  });
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { email: string };
    sent.push(body);
    if (!body.email.includes('@'))
      return Response.json({ error: 'validation', field: 'email', message: 'Ungültige Eingabe für E-Mail-Adresse.' }, { status: 400 });
    return Response.json({ id: 7, status: 'open' }, { status: 201 });
  });
});
afterEach(() => jest.restoreAllMocks());

const renderForm = () =>
  render(
    <ThemeProvider theme={theme}>
      <ComplaintForm />
    </ThemeProvider>,
  );

it('sends the complaint with the page language and confirms it', async () => {
  const user = userEvent.setup();
  renderForm();
  await user.type(screen.getByLabelText('Dein Name'), 'Hans');
  await user.type(screen.getByLabelText('Deine E-Mail-Adresse'), 'hans@example.org');
  await user.type(screen.getByLabelText('Betreff'), 'Falsches Profil');
  await user.type(screen.getByLabelText('Deine Beschwerde'), 'Dieses Profil schickt Werbung.');
  await user.click(screen.getByRole('button', { name: 'Beschwerde senden' }));
  expect(await screen.findByRole('status')).toHaveTextContent('hans@example.org');
  expect(sent).toEqual([
    { name: 'Hans', email: 'hans@example.org', subject: 'Falsches Profil', message: 'Dieses Profil schickt Werbung.', language: 'de' },
  ]);
});

it("shows the server's refusal next to the field and keeps the input; a member's e-mail is filled in", async () => {
  act(() => setSession(makeUser({ email: 'member-at-example' })));
  const user = userEvent.setup();
  renderForm();
  const email = screen.getByLabelText('Deine E-Mail-Adresse');
  expect(email).toHaveValue('member-at-example');
  await user.type(screen.getByLabelText('Betreff'), 'Test');
  await user.click(screen.getByRole('button', { name: 'Beschwerde senden' }));
  expect(await screen.findByText('Ungültige Eingabe für E-Mail-Adresse.')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveFocus();
  expect(screen.getByLabelText('Betreff')).toHaveValue('Test');
});
