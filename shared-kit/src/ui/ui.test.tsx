import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { MemoryRouter } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CreditBadge,
  ErrorMessage,
  ErrorPage,
  FictionalBadge,
  FictionalNotice,
  Modal,
  PlaceholderPage,
  ProgressBar,
  Select,
  TextArea,
  TextField,
} from './index';
import { ApiRequestError, SwallowedError } from '../api';
import { i18n, registerNamespace } from '../i18n';
import { settingsAtom, store } from '../state';
import { makeSettings } from '../testing';

beforeEach(async () => {
  await i18n.changeLanguage('nl');
  store.set(settingsAtom, null);
});

function ModalHarness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Aanmelden</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Maak je account"
        dismissible={dismissible}
        footer={<Button onClick={() => setOpen(false)}>Klaar</Button>}
      >
        <TextField label="E-mail" type="email" />
        <TextField label="Wachtwoord" type="password" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a named dialog that takes focus, traps Tab and gives focus back on close', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Aanmelden' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Maak je account' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const email = within(dialog).getByLabelText('E-mail');
    expect(email).toHaveFocus();

    await user.tab();
    expect(within(dialog).getByLabelText('Wachtwoord')).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Klaar' })).toHaveFocus();
    await user.tab(); // wraps: close button is the first focusable
    expect(within(dialog).getByRole('button', { name: 'Sluiten' })).toHaveFocus();
    await user.tab({ shift: true }); // and back round to the last
    expect(within(dialog).getByRole('button', { name: 'Klaar' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click when dismissible', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be closed by Escape or backdrop when not dismissible, and has no close button', async () => {
    const user = userEvent.setup();
    render(<ModalHarness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    const dialog = screen.getByRole('dialog', { name: 'Maak je account' });
    expect(within(dialog).queryByRole('button', { name: 'Sluiten' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Maak je account' })).toBeInTheDocument();

    // focus stays inside while tabbing past the end
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('form fields', () => {
  it('ties the visible label, hint and error text to the input', async () => {
    const user = userEvent.setup();
    render(<TextField label="Profielnaam" hint="Zo zien anderen je" error="Je profielnaam mag niet beginnen met een @" />);
    const input = screen.getByLabelText('Profielnaam');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Zo zien anderen je Je profielnaam mag niet beginnen met een @');
    await user.click(screen.getByText('Profielnaam'));
    expect(input).toHaveFocus();
  });

  it('is not invalid without an error; two fields get distinct ids', () => {
    render(
      <>
        <TextField label="Stad" />
        <TextField label="Regio" />
      </>,
    );
    const city = screen.getByLabelText('Stad');
    expect(city).not.toHaveAttribute('aria-invalid');
    expect(city.id).not.toBe(screen.getByLabelText('Regio').id);
  });

  it('Select, TextArea with count and Checkbox are labelled controls', async () => {
    const user = userEvent.setup();
    function Form() {
      const [about, setAbout] = useState('Hoi');
      return (
        <>
          <Select
            label="Land"
            placeholder
            options={[
              { value: 'NL', label: 'Nederland' },
              { value: 'BE', label: 'België' },
            ]}
          />
          <TextArea label="Over mij" value={about} maxLength={500} showCount onChange={(e) => setAbout(e.target.value)} />
          <Checkbox label="Ik ga akkoord met de voorwaarden" />
        </>
      );
    }
    render(<Form />);
    const country = screen.getByLabelText('Land');
    expect(within(country).getByRole('option', { name: 'Maak een keuze' })).toBeInTheDocument();
    await user.selectOptions(country, 'BE');
    expect(country).toHaveValue('BE');
    await user.type(screen.getByLabelText('Over mij'), '!');
    expect(screen.getByText('4 / 500')).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Ik ga akkoord met de voorwaarden' });
    await user.click(screen.getByText('Ik ga akkoord met de voorwaarden'));
    expect(box).toBeChecked();
  });
});

describe('Badge', () => {
  it('caps at 99+ and hides zero', () => {
    const { rerender, container } = render(<Badge count={100} tone="unread" label="Ongelezen berichten: 100" />);
    expect(screen.getByRole('status', { name: 'Ongelezen berichten: 100' })).toHaveTextContent('99+');
    rerender(<Badge count={99} />);
    expect(container).toHaveTextContent('99');
    rerender(<Badge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('colours low credits: danger at 0, warning at 1-10', () => {
    const { rerender } = render(<CreditBadge credits={0} label="Credits: 0" />);
    expect(screen.getByRole('status', { name: 'Credits: 0' })).toHaveAttribute('data-tone', 'danger');
    rerender(<CreditBadge credits={10} label="Credits: 10" />);
    expect(screen.getByRole('status', { name: 'Credits: 10' })).toHaveAttribute('data-tone', 'warning');
    rerender(<CreditBadge credits={11} label="Credits: 11" />);
    expect(screen.getByRole('status', { name: 'Credits: 11' })).toHaveAttribute('data-tone', 'success');
    rerender(<CreditBadge credits={250} label="Credits: 250" />);
    expect(screen.getByRole('status', { name: 'Credits: 250' })).toHaveTextContent('250'); // credits are not capped
  });
});

describe('feedback', () => {
  it('Alert: danger is an alert, info a status; dismissible with a named button', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    render(
      <>
        <Alert variant="danger">Betaling mislukt</Alert>
        <Alert onDismiss={onDismiss}>Opgeslagen</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Betaling mislukt');
    expect(screen.getByRole('status')).toHaveTextContent('Opgeslagen');
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('ProgressBar exposes its value', () => {
    render(<ProgressBar value={2} max={4} label="Aanmelden" valueText="Stap 2 van 4" />);
    const bar = screen.getByRole('progressbar', { name: 'Aanmelden' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(bar).toHaveAttribute('aria-valuetext', 'Stap 2 van 4');
  });

  it('ErrorMessage shows the server text, the generic text otherwise, nothing when swallowed', async () => {
    const user = userEvent.setup();
    const retry = jest.fn();
    const apiError = new ApiRequestError({ status: 402, code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' });
    const { rerender, container } = render(<ErrorMessage error={apiError} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Je hebt onvoldoende credits');
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(retry).toHaveBeenCalled();

    rerender(<ErrorMessage error={new TypeError('x is undefined')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Er is een fout opgetreden, probeer het later opnieuw.');

    rerender(<ErrorMessage error={new SwallowedError(apiError)} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('pages and labels', () => {
  it('PlaceholderPage shows the translated title as h1 and a coming-soon note', async () => {
    registerNamespace('demo-chat', {
      nl: { title: 'Berichten' },
      en: { title: 'Messages' },
      de: { title: 'Nachrichten' },
      es: { title: 'Mensajes' },
      fr: { title: 'Messages' },
      it: { title: 'Messaggi' },
      pl: { title: 'Wiadomości' },
    });
    render(<PlaceholderPage titleKey="demo-chat:title" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Berichten' })).toBeInTheDocument();
    expect(screen.getByText('Binnenkort beschikbaar')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });

  it('FictionalBadge uses the site icon and warning', () => {
    store.set(settingsAtom, makeSettings({ fictional_icon: '/img/chatpal.svg', fictional_warning: 'Let op: dit is een chatpal.' }));
    render(<FictionalBadge showText />);
    const badge = screen.getByRole('img', { name: 'Let op: dit is een chatpal.' });
    expect(badge.querySelector('img')).toHaveAttribute('src', '/img/chatpal.svg');
    expect(badge).toHaveTextContent('Fictief profiel');
  });

  it("the fictional notice speaks the page's language: the site's own text on its language's pages, the translated one on others", async () => {
    store.set(settingsAtom, makeSettings({ domain_language: 'nl', fictional_warning: 'Let op: dit is een chatpal.' }));
    render(<FictionalNotice />);
    expect(screen.getByText('Let op: dit is een chatpal.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.queryByText('Let op: dit is een chatpal.')).not.toBeInTheDocument();
    expect(screen.getByText(i18n.getFixedT('en', 'common')('fictional.warning'))).toBeInTheDocument();
    await act(() => i18n.changeLanguage('nl'));
  });

  it('a text badge wraps inside its box (never cut off by a narrow card); a count stays on one line', () => {
    render(
      <>
        <Badge tone="warning">Wordt gecontroleerd</Badge>
        <Badge count={5} label="Ongelezen berichten: 5" />
      </>,
    );
    const text = screen.getByText('Wordt gecontroleerd');
    expect(getComputedStyle(text).whiteSpace).toBe('normal');
    expect(getComputedStyle(text).maxWidth).toBe('100%');
    expect(getComputedStyle(screen.getByRole('status', { name: 'Ongelezen berichten: 5' })).whiteSpace).toBe('nowrap');
  });

  it('a button with a long label wraps between words instead of being cut off (issue 29 item 1)', () => {
    render(<Button fullWidth>Ik ben 18+ en ga verder</Button>);
    const style = getComputedStyle(screen.getByRole('button', { name: 'Ik ben 18+ en ga verder' }));
    // nowrap cut "Ik ben 18+ en ga verder" to "...ben 18+ en ga verd" in the entry warning's 145 px half
    expect(style.whiteSpace).toBe('normal');
    // and a word only splits when it cannot fit the button on its own
    expect(style.overflowWrap).toBe('break-word');
  });

  it('the error page shows its status in a colour that reads on the page (issue 29 item 19: 1.67:1 at opacity 0.25)', () => {
    render(
      <MemoryRouter>
        <ErrorPage status={404} message="Deze pagina kon niet worden gevonden." />
      </MemoryRouter>,
    );
    const status = screen.getByText('404');
    expect(getComputedStyle(status).opacity).not.toBe('0.25');
    expect(getComputedStyle(status).color).toBe('rgb(110, 95, 108)');
  });

  it('a text badge keeps its words whole (issue 29 item 4: "Terugbetaald" split in a table column)', () => {
    render(<Badge tone="success">Terugbetaald</Badge>);
    expect(getComputedStyle(screen.getByText('Terugbetaald')).overflowWrap).toBe('break-word');
  });

  it('Button is a real button, busy while loading', () => {
    render(<Button loading>Versturen</Button>);
    const button = screen.getByRole('button', { name: /Versturen/ });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
