/**
 * The report dialog (issue 26 part 1): named, focus kept inside, reasons as a radio group worked
 * by keyboard, a note with a counter (required for "Iets anders"), "also block"; the server's
 * answer in place: thanks, or the translated 409 of a profile already reported.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { i18n } from '../i18n';
import { serve } from '../testing/serve';
import { must } from '../testing/must';
import { ReportDialog } from './index';

beforeAll(async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});
afterAll(async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});

function Harness({ messageIds }: { messageIds?: number[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rapporteren
      </button>
      <ReportDialog open={open} onClose={() => setOpen(false)} profile={{ id: 42, name: 'Sanne' }} messageIds={messageIds} />
    </>
  );
}

describe('ReportDialog', () => {
  it('reports by keyboard: a reason from the radio group, a note with its counter, also block; thanks in place', async () => {
    const calls = serve({ 'POST /api/report.php': () => ({ status: 201, body: { id: 7, status: 'open', blocked: true } }) });
    const user = userEvent.setup();
    render(<Harness messageIds={[5]} />);
    await user.click(screen.getByRole('button', { name: 'Rapporteren' }));
    const dialog = screen.getByRole('dialog', { name: 'Sanne rapporteren' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Reden' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Nepprofiel',
      'Oplichting (vraagt om geld)',
      'Intimidatie of lastigvallen',
      'Minderjarig',
      'Aanstootgevende foto of tekst',
      'Iets anders',
    ]);
    expect(within(dialog).getByText('1 bericht wordt meegestuurd.')).toBeInTheDocument();

    // focus starts inside and Tab stays inside
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 15; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    // a radio group by keyboard: focus the first radio, arrow down twice
    within(group).getByRole('radio', { name: 'Nepprofiel' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: 'Oplichting (vraagt om geld)' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Toelichting/ }), 'Vraagt om een cadeaukaart');
    expect(within(dialog).getByText('25 / 1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sanne ook blokkeren' }));
    await user.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Bedankt voor je meldingEen moderator bekijkt het zo snel mogelijk. Je hoort van ons wanneer je melding is behandeld. Sanne is ook geblokkeerd.',
    );
    expect(calls.map((c) => c.body)).toEqual([
      { profile: 42, reason: 'scam', note: 'Vraagt om een cadeaukaart', message_ids: [5], block: true },
    ]);
    // focus moves to the footer's close button (the dialog's own close button is named alike)
    expect(within(dialog).getAllByRole('button', { name: 'Sluiten' }).at(-1)).toHaveFocus();
    await user.click(must(within(dialog).getAllByRole('button', { name: 'Sluiten' }).at(-1), 'the footer close button'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rapporteren' })).toHaveFocus();
  });

  it('asks for a reason, and a note for "Iets anders", before it sends; Escape closes', async () => {
    const calls = serve({});
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Rapporteren' }));
    const dialog = screen.getByRole('dialog', { name: 'Sanne rapporteren' });
    await user.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Kies een reden.');
    await user.click(within(dialog).getByRole('radio', { name: 'Iets anders' }));
    await user.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(within(dialog).getByRole('textbox', { name: /Toelichting/ })).toHaveAccessibleDescription(
      expect.stringContaining('Beschrijf wat er aan de hand is (maximaal 1000 tekens).'),
    );
    expect(calls).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a profile already reported: the translated 409 in the dialog, nothing else changes', async () => {
    serve({
      'POST /api/report.php': () => ({
        status: 409,
        body: {
          error: 'report_exists',
          field: 'profile',
          message: 'Je hebt dit profiel al gemeld. We bekijken je melding zo snel mogelijk.',
        },
      }),
    });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Rapporteren' }));
    const dialog = screen.getByRole('dialog', { name: 'Sanne rapporteren' });
    await user.click(within(dialog).getByRole('radio', { name: 'Nepprofiel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Je hebt dit profiel al gemeld. We bekijken je melding zo snel mogelijk.',
    );
    expect(within(dialog).getByRole('button', { name: 'Melding versturen' })).toBeEnabled();
  });

  it('speaks English too', async () => {
    serve({});
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Rapporteren' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Sanne' });
    expect(within(dialog).getByRole('radiogroup', { name: 'Reason' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Also block Sanne' })).toBeInTheDocument();
  });
});
