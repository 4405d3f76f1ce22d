/**
 * Accessibility of a failed submit: focus moves to the first invalid field, whose error text is its
 * accessible description (read out with it); a failure without a field is in a role="alert".
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession, refreshSession } from '@dating/shared-kit/state';
import { ChangePasswordPage } from '../account/account-pages';
import { LoginPage } from '../pages/login-page';
import { clearCookies, createAccount, installCookieJar, renderAt, resetBrowserState } from '../testing/render';

installCookieJar();
beforeEach(() => {
  resetBrowserState();
  clearCookies();
});

it('client check: focus goes to the first invalid field, which describes its error', async () => {
  const user = userEvent.setup();
  await renderAt(<LoginPage />, { path: '/login' });
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
  const email = screen.getByLabelText('E-mailadres');
  await waitFor(() => expect(email).toHaveFocus());
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription(/.+/);

  // the e-mail fixed, the password missing: focus goes there
  await user.type(email, 'iemand@example.com');
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
  await waitFor(() => expect(screen.getByLabelText('Wachtwoord')).toHaveFocus());
});

it('server field error: focus goes to that field after the answer', async () => {
  await createAccount('juist-wachtwoord-1');
  await refreshSession();
  expect(getSession()).not.toBeNull();
  const user = userEvent.setup();
  await renderAt(<ChangePasswordPage />, { path: '/account/password' });
  const old = await screen.findByLabelText('Oud wachtwoord');
  await user.type(old, 'fout-wachtwoord-1');
  await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'nieuw-wachtwoord-1');
  await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'nieuw-wachtwoord-1');
  await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
  await waitFor(() => expect(old).toHaveAttribute('aria-invalid', 'true'));
  await waitFor(() => expect(old).toHaveFocus());
  expect(old).toHaveAccessibleDescription('Controleer je oude wachtwoord.');
});
