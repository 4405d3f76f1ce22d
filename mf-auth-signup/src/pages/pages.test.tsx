/**
 * The pages of this module against the real API server (with a cookie jar, as in a browser):
 * login (spec texts, lock), reset password end to end through the mailed link, account settings
 * (password, e-mail change through the mailed link, delete with a named confirmation dialog and
 * reactivation), activation error.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '@dating/shared-kit/state';
import { ChangeEmailPage, ChangePasswordPage, DeleteAccountPage } from '../account/account-pages';
import {
  clearCookies,
  createAccount,
  installCookieJar,
  linkFrom,
  mailsTo,
  renderAt,
  resetBrowserState,
  uniqueEmail,
} from '../testing/render';
import { AccountDeletedPage } from './account-deleted-page';
import EmailReminder from '../widgets/email-reminder';
import { refreshSession } from '@dating/shared-kit/state';
import { ActivateErrorPage } from './activate-pages';
import { CompleteSignupPage } from './complete-signup-page';
import { LoginPage } from './login-page';
import { MailChangePage } from './mail-change-page';
import { ResetPasswordDoPage, ResetPasswordPage } from './reset-pages';

installCookieJar();
beforeEach(() => {
  resetBrowserState();
  clearCookies();
});

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  const view = await renderAt(<LoginPage />, { path: '/login' });
  await user.type(screen.getByLabelText('E-mailadres'), email);
  await user.type(screen.getByLabelText('Wachtwoord'), password);
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
  await waitFor(() => expect(getSession()?.email).toBe(email));
  view.unmount();
  return { user };
}

describe('login', () => {
  it('checks input, shows the exact texts, and logs in', async () => {
    const email = await createAccount('juist-wachtwoord-1');
    clearCookies();
    const user = userEvent.setup();
    const view = await renderAt(<LoginPage />, { path: '/login?redirect=/likes' });
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(screen.getByText('Dit veld is verplicht.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mailadres'), email);
    await user.type(screen.getByLabelText('Wachtwoord'), 'fout-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login mislukt, probeer opnieuw');
    await user.clear(screen.getByLabelText('Wachtwoord'));
    await user.type(screen.getByLabelText('Wachtwoord'), 'juist-wachtwoord-1');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent(/^\/likes$/));
    expect(getSession()?.email).toBe(email);
    view.unmount();
  });

  it('shows the lock text after repeated failures', async () => {
    const email = await createAccount('juist-wachtwoord-1');
    clearCookies();
    const user = userEvent.setup();
    await renderAt(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('E-mailadres'), email);
    await user.type(screen.getByLabelText('Wachtwoord'), 'fout');
    for (let i = 0; i < 5; i++) {
      await user.click(screen.getByRole('button', { name: 'Inloggen' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled());
    }
    expect(await screen.findByText('Te veel foute pogingen, account voor 5 min geblokkeerd.')).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('mails a link; the link sets a new password that logs in', async () => {
    const email = await createAccount('oud-wachtwoord-1');
    clearCookies();
    const user = userEvent.setup();
    const view = await renderAt(<ResetPasswordPage />, { path: '/reset-password' });
    await user.type(screen.getByLabelText('E-mailadres'), uniqueEmail('nobody'));
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mailadres niet gevonden');
    await user.clear(screen.getByLabelText('E-mailadres'));
    await user.type(screen.getByLabelText('E-mailadres'), email);
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));
    expect(await screen.findByText(/De link is 2 uur geldig\./)).toBeInTheDocument();
    view.unmount();

    const [mail] = await mailsTo(email);
    const link = new URL(linkFrom(mail?.text ?? ''));
    expect(link.pathname).toBe('/reset-password/do');
    const doView = await renderAt(<ResetPasswordDoPage />, { path: `${link.pathname}${link.search}` });
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'nieuw-wachtwoord-1');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'anders-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(screen.getByText('De opgegeven wachtwoorden zijn niet gelijk.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Herhaal nieuw wachtwoord'));
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'nieuw-wachtwoord-1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByText(/Je wachtwoord is gewijzigd/)).toBeInTheDocument();
    doView.unmount();

    // the same link again: the product's texts
    await renderAt(<ResetPasswordDoPage />, { path: `${link.pathname}${link.search}` });
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'nog-een-wachtwoord');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'nog-een-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });
});

describe('account settings', () => {
  it('changes the password (old one checked) and the e-mail through the mailed link', async () => {
    const email = await createAccount('mijn-wachtwoord-1');
    const user = userEvent.setup();
    const pw = await renderAt(<ChangePasswordPage />, { path: '/account/password' });
    // a visitor gets the shell's login prompt (route table: /account/* is a member page); the page shows no form
    expect(screen.queryByLabelText('Oud wachtwoord')).not.toBeInTheDocument();
    pw.unmount();
    await logIn(email, 'mijn-wachtwoord-1');
    const pw2 = await renderAt(<ChangePasswordPage />, { path: '/account/password' });
    await user.type(screen.getByLabelText('Oud wachtwoord'), 'niet-mijn-wachtwoord');
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'nieuw-wachtwoord-9');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'nieuw-wachtwoord-9');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Controleer je oude wachtwoord.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Oud wachtwoord'));
    await user.type(screen.getByLabelText('Oud wachtwoord'), 'mijn-wachtwoord-1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText(/Je wachtwoord is gewijzigd\. Op andere apparaten ben je uitgelogd\./)).toBeInTheDocument();
    pw2.unmount();

    const newEmail = uniqueEmail('nieuw');
    const em = await renderAt(<ChangeEmailPage />, { path: '/account/email' });
    await user.type(screen.getByLabelText('Nieuw e-mailadres'), newEmail);
    await user.type(screen.getByLabelText('Huidig wachtwoord'), 'nieuw-wachtwoord-9');
    await user.click(screen.getByRole('button', { name: 'E-mailadres wijzigen' }));
    expect(await screen.findByText(new RegExp(`bevestigingslink gestuurd naar ${newEmail.replace(/\./g, '\\.')}`))).toBeInTheDocument();
    em.unmount();
    const [mail] = await mailsTo(newEmail);
    const link = new URL(linkFrom(mail?.text ?? ''));
    await renderAt(<MailChangePage />, { path: `${link.pathname}${link.search}` });
    expect(await screen.findByText(`Je e-mailadres is gewijzigd in ${newEmail}.`)).toBeInTheDocument();
    expect(getSession()?.email).toBe(newEmail);
  });

  it('deletes after a named confirmation and reactivates from the mailed link', async () => {
    const email = await createAccount('weg-wachtwoord-1');
    await logIn(email, 'weg-wachtwoord-1');
    const user = userEvent.setup();
    const view = await renderAt(<DeleteAccountPage />, { path: '/account/delete' });
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    expect(screen.getByText('Kies een reden.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reden'), 'time');
    await user.type(screen.getByLabelText(/Toelichting/), 'Even geen tijd');
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    const dialog = screen.getByRole('dialog', { name: 'Account echt verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijder mijn account' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/account-deleted'));
    expect(getSession()).toBeNull();
    view.unmount();

    const [mail] = await mailsTo(email);
    const link = new URL(linkFrom(mail?.text ?? ''));
    expect(link.pathname).toBe('/account-deleted');
    await renderAt(<AccountDeletedPage />, { path: `${link.pathname}${link.search}` });
    expect(screen.getByRole('heading', { name: 'Je account is verwijderd' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account heractiveren' }));
    expect(await screen.findByRole('heading', { name: 'Welkom terug! Je account is weer actief.' })).toBeInTheDocument();
    expect(getSession()?.email).toBe(email);
  });
});

describe('complete sign-up', () => {
  it('offers the missing profile data as optional fields and saves what is filled in', async () => {
    const email = await createAccount('mijn-wachtwoord-1');
    const { user } = await logIn(email, 'mijn-wachtwoord-1');
    await renderAt(<CompleteSignupPage />, { path: '/complete-signup' });
    const province = await screen.findByRole('combobox', { name: /^Provincie/ });
    // nothing is required (spec: sign-up needs name, gender, date of birth and country only)
    for (const field of [province, screen.getByRole('combobox', { name: /^Mijn geaardheid/ }), screen.getByLabelText(/^Woonplaats/)]) {
      expect(field).not.toBeRequired();
      expect(field).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByRole('link', { name: 'Later invullen' })).toHaveAttribute('href', '/members');
    // an empty form saves nothing and says so
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vul minstens één gegeven in, of sla dit voor nu over.');
    expect(screen.queryByText('Dit veld is verplicht.')).not.toBeInTheDocument();
    // one field is enough
    await user.selectOptions(province, 'Utrecht');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je profiel is compleet.')).toBeInTheDocument();
    expect(getSession()?.profile).toMatchObject({ region: 'UT', sexuality: null, city: null });
  });

  it('asks only for what is still missing', async () => {
    const email = await createAccount('mijn-wachtwoord-2');
    const { user } = await logIn(email, 'mijn-wachtwoord-2');
    const first = await renderAt(<CompleteSignupPage />, { path: '/complete-signup' });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Mijn geaardheid/ }), 'Hetero');
    await user.type(screen.getByLabelText(/^Woonplaats/), 'Amersfoort');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je profiel is compleet.')).toBeInTheDocument();
    expect(getSession()?.profile).toMatchObject({ sexuality: 'hetero', city: 'Amersfoort', region: null });
    first.unmount();
    await renderAt(<CompleteSignupPage />, { path: '/complete-signup' });
    expect(await screen.findByRole('combobox', { name: /^Provincie/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Mijn geaardheid/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Woonplaats/)).not.toBeInTheDocument();
  });
});

describe('activation error', () => {
  it('offers a login to visitors, and says "Activeren mislukt" once', async () => {
    await renderAt(<ActivateErrorPage />, { path: '/activate/error' });
    expect(screen.getByRole('heading', { name: 'Activeren mislukt' })).toBeInTheDocument();
    expect(screen.getAllByText('Activeren mislukt')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login');
  });

  it('a reused link of a confirmed member: the server sends it here with the reason, the page says so and offers the way on', async () => {
    const email = await createAccount('hergebruik-wachtwoord-1');
    const link = linkFrom((await mailsTo(email))[0]?.text ?? '');
    const path = `${location.origin}${new URL(link).pathname}${new URL(link).search}`;
    const first = await fetch(path, { redirect: 'manual' });
    expect(first.headers.get('location')).toBe('/activate/done');
    const again = await fetch(path, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/activate/error?reason=already_confirmed');

    // logged in (the sign-up logged in): the way on is the members area
    await refreshSession();
    const view = await renderAt(<ActivateErrorPage />, { path: again.headers.get('location') ?? '' });
    expect(screen.getByRole('heading', { name: 'Je e-mailadres is al bevestigd' })).toBeInTheDocument();
    expect(screen.queryByText('Activeren mislukt')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de leden' })).toHaveAttribute('href', '/members');
    view.unmount();

    // in another browser (a visitor): the way on is the login
    resetBrowserState();
    clearCookies();
    await renderAt(<ActivateErrorPage />, { path: '/activate/error?reason=already_confirmed', lang: 'de' });
    expect(screen.getByRole('heading', { name: 'Deine E-Mail-Adresse ist bereits bestätigt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
  });
});

describe('e-mail reminder', () => {
  it('asks the real server for a new activation mail and shows its rate-limit text', async () => {
    const email = await createAccount('herinner-wachtwoord-1');
    await refreshSession();
    expect(getSession()?.email).toBe(email);
    await renderAt(<EmailReminder />, { path: '/members' });
    await userEvent.click(screen.getByRole('button', { name: 'Stuur activatiemail opnieuw' }));
    expect(await screen.findByText(/^Er is net al een activatiemail verstuurd, probeer het over \d+ min opnieuw\.$/)).toBeInTheDocument();
  });
});
