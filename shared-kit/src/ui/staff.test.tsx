/** The back office's shared pieces: confirm dialogs, search, paging, result messages. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { i18n } from '../i18n';
import { ConfirmDialog, Pager, ResultMessage, SearchForm, StaffTable, staffCell } from './index';

beforeAll(async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});

function Harness({ action }: { action: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Terugbetalen
      </button>
      <ConfirmDialog
        open={open}
        title="Betaling 12 terugbetalen?"
        confirmLabel="Ja, terugbetalen"
        tone="danger"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await action();
          setDone('Terugbetaald');
        }}
      >
        60 credits gaan van het saldo af.
      </ConfirmDialog>
      <ResultMessage message={done} />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks first, keeps the dialog open with the reason when the action is refused, closes when it succeeds', async () => {
    let fail = true;
    const action = jest.fn(async () => {
      if (fail) throw new Error('Deze betaling is al terugbetaald.');
    });
    render(<Harness action={action} />);
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    const dialog = screen.getByRole('dialog', { name: 'Betaling 12 terugbetalen?' });
    expect(dialog).toHaveTextContent('60 credits gaan van het saldo af.');
    expect(action).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ja, terugbetalen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze betaling is al terugbetaald.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Ja, terugbetalen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Terugbetaald');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('cancels without running the action', async () => {
    const action = jest.fn(async () => undefined);
    render(<Harness action={action} />);
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });
});

describe('SearchForm and Pager', () => {
  it('searches with the typed text and pages through a long list', async () => {
    const onSearch = jest.fn();
    const onPage = jest.fn();
    render(
      <>
        <SearchForm label="Zoek op e-mail of id" onSearch={onSearch} />
        <Pager page={2} perPage={50} total={120} onPage={onPage} />
      </>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Zoek op e-mail of id' }), ' jan@example.com {enter}');
    expect(onSearch).toHaveBeenCalledWith('jan@example.com');
    const pager = screen.getByRole('navigation', { name: 'Pagina 2 van 3' });
    expect(pager).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(onPage).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it('shows no pager for a single page', () => {
    render(<Pager page={1} perPage={50} total={12} onPage={() => undefined} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('names the pager after the list it pages when told', async () => {
    const onPage = jest.fn();
    render(<Pager page={1} perPage={20} total={45} onPage={onPage} label="Geblokkeerde leden" />);
    const pager = screen.getByRole('navigation', { name: 'Geblokkeerde leden' });
    expect(pager).toHaveTextContent('Pagina 1 van 3');
    await userEvent.click(within(pager).getByRole('button', { name: 'Volgende' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

describe('StaffTable', () => {
  it('scrolls sideways in a named region the keyboard can reach (issue 29 item 19: axe scrollable-region-focusable on a phone)', () => {
    render(
      <StaffTable
        caption="Betalingen"
        headers={['Bedrag']}
        rows={[
          <tr key="1">
            <td css={staffCell}>€ 9,95</td>
          </tr>,
        ]}
        empty="Geen."
      />,
    );
    const region = screen.getByRole('region', { name: 'Betalingen' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table'));
  });

  const row = (name: string) => (
    <tr key={name}>
      <td css={staffCell}>{name}</td>
    </tr>
  );

  it('is a table named by its caption, shown or only read out', () => {
    const { rerender } = render(
      <StaffTable caption="Sites (2)" headers={['Domein']} rows={[row('example.de'), row('example.nl')]} empty="Geen sites." />,
    );
    const table = screen.getByRole('table', { name: 'Sites (2)' });
    expect(within(table).getByRole('columnheader', { name: 'Domein' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    rerender(<StaffTable caption="Gevonden leden" hideCaption headers={['Lid']} rows={[row('Eva')]} empty="Geen." />);
    expect(screen.getByRole('table', { name: 'Gevonden leden' })).toHaveTextContent('Eva');
  });

  it('says a text empty state politely, or shows the element it was given', () => {
    const { rerender } = render(<StaffTable caption="Sites" headers={['Domein']} rows={[]} empty="Geen sites gevonden." />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Geen sites gevonden.');
    rerender(<StaffTable caption="Sites" headers={['Domein']} rows={[]} empty={<strong>Niemand.</strong>} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Niemand.').tagName).toBe('STRONG');
  });
});
