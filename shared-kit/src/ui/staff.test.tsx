/** The back office's shared pieces: confirm dialogs, search, paging, result messages. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { i18n } from '../i18n';
import { ConfirmDialog, Pager, ResultMessage, SearchForm } from './index';

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
});
