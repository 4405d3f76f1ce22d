/** The reports queue and a report's page in the back office (issue 26 part 1). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assertCompleteLocales } from '@dating/shared-kit/i18n';
import { loginAs, must, renderAt, serve } from '../../test-utils';
import { reportsLocales } from './i18n';
import { ReportDetailPage } from './report-detail-page';
import { ReportsPage } from './reports-page';

// the machine is shared: a slow render is not a failure
jest.setTimeout(20_000);

const summary = (over: Record<string, unknown> = {}) => ({
  id: 11,
  reason: 'scam',
  source: 'member',
  status: 'open',
  action: null,
  reported: { id: 7, name: 'Lotte', email: 'lotte@example.com', fictional: false, status: 'active' },
  reporter: { id: 3, name: 'Eva', email: 'eva@example.com' },
  note: 'Vraagt om een cadeaukaart',
  reporters: 3,
  under_review: true,
  handled_by_email: null,
  handled_at: null,
  created_at: '2026-11-26T10:00:00.000Z',
  ...over,
});
const detail = (over: Record<string, unknown> = {}) => ({
  report: { ...summary(over), resolution_note: null, message_ids: [101] },
  evidence: {
    profile: { name: 'Lotte', about: 'Stuur me geld', reason: null, city: 'Utrecht', gender: 'female', age: 30, status: 'active' },
    messages: [
      {
        id: 100,
        from_reported: false,
        type: 'text',
        body: 'Hoi!',
        gift: null,
        image: null,
        created_at: '2026-11-26T09:00:00.000Z',
        deleted: false,
        reported: false,
      },
      {
        id: 101,
        from_reported: true,
        type: 'text',
        body: 'Koop een cadeaukaart voor me',
        gift: null,
        image: null,
        created_at: '2026-11-26T09:01:00.000Z',
        deleted: true,
        reported: true,
      },
    ],
    photos: [
      {
        index: 0,
        url: '/api/backoffice/reports/11/files/a.jpg',
        thumb_url: '/api/backoffice/reports/11/files/b.jpg',
        status: 'active',
        main: true,
        current_photo_id: null,
      },
    ],
  },
  current: { about: 'Stuur me geld', reason: null, photos: [] },
  earlier_reports: [{ id: 4, reason: 'fake_profile', status: 'handled', action: 'warn', created_at: '2026-10-01T10:00:00.000Z' }],
  bans: [],
});

describe('reports locales', () => {
  it('are complete in all 7 languages with the same placeholders as nl', () => {
    expect(assertCompleteLocales(reportsLocales)).toEqual({});
  });
});

describe('ReportsPage', () => {
  it('lists the open reports with the fictional label and the review mark; filters by status and searches', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    const calls = serve({
      'GET /api/backoffice/reports': () => ({
        reports: [
          summary(),
          summary({
            id: 12,
            reason: 'fake_profile',
            under_review: false,
            reported: { id: 8, name: 'Chatpal Mia', email: 'mia@example.com', fictional: true, status: 'active' },
          }),
        ],
        total: 2,
        open: 2,
        page: 1,
        per_page: 25,
      }),
    });
    renderAt('/backoffice/reports', [{ path: '/backoffice/reports', element: <ReportsPage /> }]);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Meldingen van leden' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(must(rows[0], 'the first row')).getByRole('link', { name: 'Oplichting' })).toHaveAttribute(
      'href',
      '/backoffice/reports/11',
    );
    expect(rows[0]).toHaveTextContent('Onder controle (verborgen in zoeken)');
    expect(within(must(rows[1], 'the second row')).getByText('Fictief profiel')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Alle');
    await user.type(screen.getByRole('searchbox', { name: 'Naam, e-mailadres of lidnummer van het gemelde lid' }), 'lotte{Enter}');
    const last = must(calls.at(-1), 'a call').url.searchParams;
    expect([last.get('status'), last.get('q')]).toEqual(['all', 'lotte']);
  });
});

describe('ReportDetailPage', () => {
  it('shows the evidence as filed and warns the member after a confirmation', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    let handled = false;
    const calls = serve({
      'GET /api/backoffice/reports/11': () =>
        handled
          ? detail({ status: 'handled', action: 'warn', handled_by_email: 'mod@example.com', handled_at: '2026-11-26T11:00:00.000Z' })
          : detail(),
      'POST /api/backoffice/reports/11/resolve': () => {
        handled = true;
        return { ok: true, id: 11, status: 'handled', action: 'warn' };
      },
    });
    renderAt('/backoffice/reports/11', [{ path: '/backoffice/reports/:id', element: <ReportDetailPage /> }]);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Melding #11' })).toBeInTheDocument();
    expect(screen.getByText('Oplichting – Lotte is door 3 verschillende leden gemeld.')).toBeInTheDocument();
    const evidence = screen.getByRole('region', { name: 'Bewijs (zoals het was bij het melden)' });
    expect(within(evidence).getByRole('img', { name: 'Foto 1 van Lotte bij het melden' })).toHaveAttribute(
      'src',
      '/api/backoffice/reports/11/files/b.jpg',
    );
    const reported = must(within(evidence).getByText('Koop een cadeaukaart voor me').closest('li'), 'the reported message');
    expect(reported).toHaveTextContent('Gemeld bericht');
    expect(reported).toHaveTextContent('later verwijderd door het lid');

    await user.click(screen.getByRole('button', { name: 'Waarschuwen' }));
    const dialog = screen.getByRole('dialog', { name: 'Lotte waarschuwen' });
    await user.click(within(dialog).getByRole('button', { name: 'Waarschuwen' }));
    expect(await screen.findByText('Melding #11 is afgehandeld: Gewaarschuwd.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'warn' });
    expect(await screen.findByText(/Afgehandeld door mod@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Waarschuwen' })).not.toBeInTheDocument();
  });

  it("another moderator was first: the server's 409 in the dialog", async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    serve({
      'GET /api/backoffice/reports/11': () => detail(),
      'POST /api/backoffice/reports/11/resolve': () => ({
        status: 409,
        body: { error: 'report_already_handled', message: 'Deze melding is al afgehandeld.' },
      }),
    });
    renderAt('/backoffice/reports/11', [{ path: '/backoffice/reports/:id', element: <ReportDetailPage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Afwijzen' }));
    const dialog = screen.getByRole('dialog', { name: 'Melding afwijzen' });
    await user.type(within(dialog).getByRole('textbox', { name: /Notitie/ }), 'Niets gevonden');
    await user.click(within(dialog).getByRole('button', { name: 'Afwijzen' }));
    expect(await within(dialog).findByText('Deze melding is al afgehandeld.')).toBeInTheDocument();
  });
});
