/**
 * The sign-up flow against the real API server: every step checked with the product's texts, the
 * did-you-mean suggestion, the draft kept across a reload (without the password), the server's
 * answer shown on the right field, and a real account created at the end (session + bus).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@dating/shared-kit/bus';
import { loadAllLocales } from '@dating/shared-kit/i18n';
import { makeSettings } from '@dating/shared-kit/testing';
import { getSession, settingsAtom, store } from '@dating/shared-kit/state';
import { createAccount, renderAt, resetBrowserState, uniqueEmail } from '../testing/render';
import { captureInvite, captureTracking } from '../tracking';
import { DRAFT_KEY } from './signup-draft';
import { SignupFlow } from './signup-flow';

beforeEach(() => resetBrowserState());

const next = () => userEvent.click(screen.getByRole('button', { name: 'Volgende' }));

async function fillToStep4(user: ReturnType<typeof userEvent.setup>, name = 'Anna') {
  await user.selectOptions(screen.getByLabelText('Ik ben een'), 'female');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await user.type(screen.getByLabelText('Geboortedatum'), '1991-06-15');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await screen.findByRole('heading', { name: 'Waar woon je?' });
  await user.type(screen.getByLabelText(/Woonplaats/), 'Utrecht');
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await user.type(screen.getByLabelText('Profielnaam'), name);
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await screen.findByRole('heading', { name: 'Je inloggegevens' });
}

it('checks every step with the exact texts before going on', async () => {
  const user = userEvent.setup();
  await renderAt(<SignupFlow onFinish={() => undefined} />);
  expect(screen.getByRole('heading', { name: 'Wie ben je?' })).toBeInTheDocument();
  await next();
  expect(screen.getByText('Kies je geslacht.')).toBeInTheDocument();
  expect(screen.getByLabelText('Ik ben een')).toHaveAttribute('aria-invalid', 'true');

  await user.selectOptions(screen.getByLabelText('Ik ben een'), 'male');
  await next();
  expect(screen.getByRole('heading', { name: 'Wanneer ben je geboren?' })).toBeInTheDocument();
  await next();
  expect(screen.getByText('Dit veld is verplicht.')).toBeInTheDocument();
  const young = `${new Date().getUTCFullYear() - 16}-03-03`;
  await user.type(screen.getByLabelText('Geboortedatum'), young);
  await next();
  expect(screen.getByText('Leden moeten 18 jaar of ouder zijn. Controleer je geboortedatum.')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Geboortedatum'));
  await user.type(screen.getByLabelText('Geboortedatum'), '1985-01-20');
  await next();

  await screen.findByRole('heading', { name: 'Waar woon je?' });
  expect(screen.getByLabelText('Land')).toHaveValue('NL');
  await user.type(screen.getByLabelText(/Woonplaats/), '<script>x</script>');
  await next();
  expect(screen.getByText('Deze tekst bevat niet toegestane tekens.')).toBeInTheDocument();
  await user.clear(screen.getByLabelText(/Woonplaats/));
  await next();

  await user.type(screen.getByLabelText('Profielnaam'), '@piet');
  await next();
  expect(screen.getByText('Je profielnaam mag niet beginnen met een @')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Profielnaam'));
  await user.type(screen.getByLabelText('Profielnaam'), 'Piet');
  await next();

  await screen.findByRole('heading', { name: 'Je inloggegevens' });
  await user.type(screen.getByLabelText('E-mailadres'), 'piet@voorbeeld');
  await user.type(screen.getByLabelText('Wachtwoord'), 'kort');
  await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
  expect(screen.getByText('Ongeldige e-mail')).toBeInTheDocument();
  expect(screen.getByText('Je wachtwoord moet minimaal 8 tekens hebben.')).toBeInTheDocument();
});

it('suggests a corrected e-mail domain', async () => {
  const user = userEvent.setup();
  await renderAt(<SignupFlow onFinish={() => undefined} />);
  await fillToStep4(user);
  await user.type(screen.getByLabelText('E-mailadres'), 'anna@gmial.com');
  await user.tab();
  expect(await screen.findByText('Bedoel je anna@gmail.com?')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Gebruik anna@gmail.com' }));
  expect(screen.getByLabelText('E-mailadres')).toHaveValue('anna@gmail.com');
});

it('keeps the draft across a reload, without the password', async () => {
  const user = userEvent.setup();
  const first = await renderAt(<SignupFlow onFinish={() => undefined} />);
  await fillToStep4(user, 'Bram');
  await user.type(screen.getByLabelText('E-mailadres'), 'bram@example.com');
  await user.type(screen.getByLabelText('Wachtwoord'), 'supergeheim-1');
  first.unmount();
  expect(sessionStorage.getItem(DRAFT_KEY)).toContain('bram@example.com');
  expect(sessionStorage.getItem(DRAFT_KEY)).not.toContain('supergeheim-1');

  await renderAt(<SignupFlow onFinish={() => undefined} />);
  expect(screen.getByRole('heading', { name: 'Je inloggegevens' })).toBeInTheDocument();
  expect(screen.getByLabelText('E-mailadres')).toHaveValue('bram@example.com');
  expect(screen.getByLabelText('Wachtwoord')).toHaveValue('');
  await userEvent.click(screen.getByRole('button', { name: 'Vorige' }));
  expect(screen.getByLabelText('Profielnaam')).toHaveValue('Bram');
});

it('shows the server answer on the field (e-mail already in use)', async () => {
  const taken = await createAccount();
  const user = userEvent.setup();
  await renderAt(<SignupFlow onFinish={() => undefined} />);
  await fillToStep4(user);
  await user.type(screen.getByLabelText('E-mailadres'), taken);
  await user.type(screen.getByLabelText('Wachtwoord'), 'geheim-wachtwoord-2');
  await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
  expect(await screen.findByText('Dit e-mailadres heeft al een account op deze site.')).toBeInTheDocument();
  expect(screen.getByLabelText('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
});

it('creates the account with the four-step progress, logs in and announces it', async () => {
  const onFinish = jest.fn();
  const loggedIn = jest.fn();
  const off = bus.on('auth:logged-in', loggedIn);
  const email = uniqueEmail('flow');
  const user = userEvent.setup();
  await renderAt(<SignupFlow onFinish={onFinish} />);
  await fillToStep4(user, 'Carla');
  await user.type(screen.getByLabelText('E-mailadres'), email);
  await user.type(screen.getByLabelText('Wachtwoord'), 'geheim-wachtwoord-3');
  await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));

  const steps = await screen.findByRole('list', { name: 'Je account wordt aangemaakt' });
  expect(steps).toHaveTextContent('Gegevens controleren');
  expect(steps).toHaveTextContent('Account aanmaken');
  expect(steps).toHaveTextContent('Matches zoeken');
  expect(steps).toHaveTextContent('Activatiemail versturen');
  expect(await screen.findByRole('heading', { name: 'Welkom, Carla!' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText(new RegExp(`activatiemail gestuurd naar ${email.replace(/[.]/g, '\\.')}`))).toBeInTheDocument();
  expect(getSession()?.email).toBe(email);
  expect(getSession()?.email_confirmed).toBe(false);
  expect(loggedIn).toHaveBeenCalledTimes(1);
  expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Bekijk je matches' }));
  expect(onFinish).toHaveBeenCalled();
  off();

  // the activation mail is in the outbox of the real server
  const box = (await (await fetch(`${location.origin}/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
    mails: { subject: string }[];
  };
  expect(box.mails.map((m) => m.subject)).toEqual(['Bevestig je e-mailadres voor Flirtlokaal']);
  await act(async () => undefined);
});

it('shows the texts in the member language', async () => {
  await renderAt(<SignupFlow onFinish={() => undefined} />, { lang: 'de' });
  await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
  await waitFor(() => expect(screen.getByText('Wähle dein Geschlecht.')).toBeInTheDocument());
});

describe('the signups setting', () => {
  afterEach(() => store.set(settingsAtom, null));

  it('explains up front when sign-up needs a partner link, and allows it with one', async () => {
    store.set(settingsAtom, makeSettings({ signups: 'with_trafficsource' }));
    const view = await renderAt(<SignupFlow onFinish={() => undefined} />);
    expect(screen.getByText('Aanmelden kan op deze site alleen via een partnerlink.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Ik ben een')).not.toBeInTheDocument();
    view.unmount();
    captureTracking('?network=partner1&sub1=x');
    await renderAt(<SignupFlow onFinish={() => undefined} />);
    expect(screen.getByLabelText('Ik ben een')).toBeInTheDocument();
  });

  it('keeps a partner link whose click id carries = + / characters, and drops only a value with markup', async () => {
    store.set(settingsAtom, makeSettings({ signups: 'with_trafficsource' }));
    expect(captureTracking('?network=partner2&sub1=YWJj%2Bd%2Fe%3D%3D&sub2=%3Cscript%3E')).toEqual({
      network: 'partner2',
      sub1: 'YWJj+d/e==',
    });
    await renderAt(<SignupFlow onFinish={() => undefined} />);
    expect(screen.getByLabelText('Ik ben een')).toBeInTheDocument();
  });

  it('needs an invitation on an invite-only site', async () => {
    store.set(settingsAtom, makeSettings({ signups: 'invite_only' }));
    const view = await renderAt(<SignupFlow onFinish={() => undefined} />);
    expect(screen.getByText('Aanmelden kan op deze site alleen met een uitnodiging.')).toBeInTheDocument();
    view.unmount();
    captureInvite('?invite=CODE-123');
    await renderAt(<SignupFlow onFinish={() => undefined} />);
    expect(screen.getByLabelText('Ik ben een')).toBeInTheDocument();
  });
});

it('links "the terms" in the agreement sentence to the terms (and the privacy policy), in every language; the draft note speaks of the tab', async () => {
  const { localeLoaders } = await import('../i18n');
  const locales = await loadAllLocales(localeLoaders);
  for (const [lng, texts] of Object.entries(locales)) {
    resetBrowserState();
    // a draft at the last step (as after a reload)
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        step: 4,
        values: {
          gender: 'female',
          sexuality: 'hetero',
          date_of_birth: '1991-06-15',
          country: 'NL',
          region: '',
          city: 'Utrecht',
          name: 'Anna',
          email: '',
          signup_message: '',
        },
      }),
    );
    const view = await renderAt(<SignupFlow onFinish={() => undefined} />, { lang: lng });
    const sentence = texts.signup.step4.terms;
    const termsWords = /<terms>(.*?)<\/terms>/.exec(sentence)?.[1] ?? '';
    const privacyWords = /<privacy>(.*?)<\/privacy>/.exec(sentence)?.[1] ?? '';
    expect(termsWords).not.toBe('');
    const terms = screen.getByRole('link', { name: termsWords });
    expect(terms).toHaveAttribute('href', '/pages/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: privacyWords })).toHaveAttribute('href', '/pages/privacy');
    expect(screen.getByText(texts.signup.draftKept)).toBeInTheDocument();
    expect(texts.signup.draftKept).not.toMatch(/venster|window|Fenster|ventana|fenêtre|finestra|okn/i);
    view.unmount();
  }
});
