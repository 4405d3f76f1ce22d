/**
 * Passkeys in the pages, against the real API server: /account/security (add, list, rename,
 * remove, each confirmed in a named dialog) and "Inloggen met passkey" on the login page (no
 * e-mail typed), with a software authenticator in jsdom (testing/web-authn.ts) whose answers the
 * server verifies for real.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession, refreshSession } from '@dating/shared-kit/state';
import { SecurityPage } from '../account/security-page';
import { LoginPage } from '../pages/login-page';
import { ResetPasswordDoPage, ResetPasswordPage } from '../pages/reset-pages';
import { clearCookies, createAccount, installCookieJar, renderAt, resetBrowserState } from '../testing/render';
import { authenticator, installWebAuthn } from '../testing/web-authn';

installCookieJar();
installWebAuthn();
beforeEach(() => {
  resetBrowserState();
  clearCookies();
});

async function securityPageOfNewMember() {
  const email = await createAccount();
  await refreshSession();
  const user = userEvent.setup();
  const view = await renderAt(<SecurityPage />, { path: '/account/security' });
  expect(await screen.findByText('Je hebt nog geen passkeys.')).toBeInTheDocument();
  return { email, user, view };
}

describe('/account/security', () => {
  it('adds a passkey, lists it, renames it and removes it', async () => {
    const { user, view } = await securityPageOfNewMember();
    expect(screen.getByRole('heading', { level: 1, name: 'Beveiliging en passkeys' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beveiliging en passkeys' })).toHaveAttribute('href', '/account/security');

    const name = screen.getByRole('textbox', { name: 'Naam van de passkey' });
    await user.clear(name);
    await user.type(name, 'Werklaptop');
    await user.click(screen.getByRole('button', { name: 'Passkey toevoegen' }));
    expect(await screen.findByText('Passkey "Werklaptop" is toegevoegd.')).toBeInTheDocument();
    const item = await screen.findByRole('listitem', { name: 'Werklaptop' });
    expect(within(item).getByText(/^Toegevoegd op /)).toBeInTheDocument();
    expect(within(item).getByText('Nog niet gebruikt')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Naam van Werklaptop wijzigen' }));
    const renameDialog = screen.getByRole('dialog', { name: 'Naam van de passkey wijzigen' });
    const field = within(renameDialog).getByRole('textbox', { name: 'Naam van de passkey' });
    await user.clear(field);
    await user.click(within(renameDialog).getByRole('button', { name: 'Opslaan' }));
    // the server's translated text, at the field
    expect(await within(renameDialog).findByText('Geef je passkey een naam.')).toBeInTheDocument();
    await user.type(field, 'Telefoon');
    await user.click(within(renameDialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('listitem', { name: 'Telefoon' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Telefoon verwijderen' }));
    const removeDialog = screen.getByRole('dialog', { name: 'Passkey verwijderen' });
    expect(removeDialog).toHaveTextContent('Wil je de passkey "Telefoon" verwijderen?');
    await user.click(within(removeDialog).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await screen.findByText('Je hebt nog geen passkeys.')).toBeInTheDocument();
    expect(screen.getByText('Passkey "Telefoon" is verwijderd.')).toBeInTheDocument();
    view.unmount();
  });

  it('says so when the member closes the browser’s passkey dialog, and adds nothing', async () => {
    const { user, view } = await securityPageOfNewMember();
    authenticator.cancelNext();
    await user.click(screen.getByRole('button', { name: 'Passkey toevoegen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Er is geen passkey gebruikt.');
    expect(screen.getByText('Je hebt nog geen passkeys.')).toBeInTheDocument();
    view.unmount();
  });
});

describe('Inloggen met passkey', () => {
  it('logs in on the login page without an e-mail and follows the redirect', async () => {
    const { user, view, email } = await securityPageOfNewMember();
    await user.click(screen.getByRole('button', { name: 'Passkey toevoegen' }));
    await screen.findByRole('listitem', { name: 'Passkey' });
    view.unmount();
    clearCookies();
    resetBrowserState();

    const login = await renderAt(<LoginPage />, { path: '/login?redirect=/likes' });
    await user.click(screen.getByRole('button', { name: 'Inloggen met passkey' }));
    await waitFor(() => expect(getSession()?.email).toBe(email));
    await waitFor(() => expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent(/^\/likes$/));
    login.unmount();
  });

  it('shows the server’s text for a passkey the site no longer knows', async () => {
    const { user, view } = await securityPageOfNewMember();
    await user.click(screen.getByRole('button', { name: 'Passkey toevoegen' }));
    const item = await screen.findByRole('listitem', { name: 'Passkey' });
    await user.click(within(item).getByRole('button', { name: /verwijderen$/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ja, verwijderen' }));
    await screen.findByText('Je hebt nog geen passkeys.');
    view.unmount();
    clearCookies();
    resetBrowserState();

    const login = await renderAt(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Inloggen met passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze passkey is niet (meer) bekend op deze site.');
    expect(getSession()).toBeNull();
    login.unmount();
  });
});

describe('"Dit was ik niet" on the reset pages', () => {
  it('says the sessions ended and the old password stopped, or that the link was used', async () => {
    const view = await renderAt(<ResetPasswordDoPage />, { path: '/reset-password/do?token=abcdefghijklmnop&reason=not_me' });
    expect(screen.getByRole('alert')).toHaveTextContent('Je bent op al je apparaten uitgelogd en je oude wachtwoord werkt niet meer.');
    expect(screen.getByLabelText('Nieuw wachtwoord', { exact: true })).toBeInTheDocument();
    view.unmount();
    const used = await renderAt(<ResetPasswordPage />, { path: '/reset-password?reason=not_me_link_invalid' });
    expect(screen.getByRole('alert')).toHaveTextContent('is al gebruikt of verlopen');
    used.unmount();
  });
});
