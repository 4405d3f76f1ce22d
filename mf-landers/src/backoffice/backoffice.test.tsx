/**
 * The staff pages of mf_landers (complaints, sites, audit) as a staff member uses them: lists
 * with search and empty states, confirm dialogs named after what they confirm, result messages,
 * and the server's field errors next to the settings field. The network is a small stand-in for
 * the server's answers (the server side is tested against the real app in api/).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@emotion/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { assertCompleteLocales, i18n } from '@dating/shared-kit/i18n';
import { ZSettings } from '@dating/shared-kit/contracts';
import type { Complaint } from '@dating/shared-kit/contracts';
import { makeSettings } from '@dating/shared-kit/testing';
import { theme } from '@dating/shared-kit/theme';
import { routes } from '../routes';
import { staffLocales } from './i18n';

function App() {
  return useRoutes(routes);
}
const renderAt = (path: string) =>
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </ThemeProvider>,
  );

const complaint = (over: Partial<Complaint>): Complaint => ({
  id: 1,
  site_domain: 'localhost',
  user_id: null,
  name: 'Eva',
  email: 'eva@example.org',
  subject: 'Nep-profiel',
  message: 'Stuurt reclame.',
  language: 'de',
  status: 'open',
  note: null,
  handled_by_email: null,
  handled_at: null,
  created_at: '2026-11-20T10:00:00Z',
  ...over,
});

let complaints: Complaint[] = [];
let settings = makeSettings({ domain: 'example.de', countries: ['DE'] });
let requests: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];

beforeEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
  complaints = [
    complaint({ id: 1 }),
    complaint({
      id: 2,
      subject: 'Al klaar',
      status: 'handled',
      note: 'Opgelost',
      handled_by_email: 'mod@example.com',
      handled_at: '2026-11-21T10:00:00Z',
    }),
  ];
  settings = makeSettings({ domain: 'example.de', countries: ['DE'], logged_out_search: true });
  requests = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost/');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, query: url.searchParams, body });
    const q = url.searchParams.get('q') ?? '';
    if (url.pathname === '/api/backoffice/complaints') {
      const found = complaints.filter((c) => c.subject.includes(q));
      return Response.json({
        complaints: found,
        total: found.length,
        open: complaints.filter((c) => c.status === 'open').length,
        page: 1,
        per_page: 25,
      });
    }
    const handle = /^\/api\/backoffice\/complaints\/(\d+)\/handle$/.exec(url.pathname);
    if (handle && method === 'POST') {
      const c = complaints.find((x) => x.id === Number(handle[1]));
      if (!c) return Response.json({ error: 'complaint_not_found', message: 'Deze klacht bestaat niet.' }, { status: 404 });
      Object.assign(c, {
        status: 'handled',
        note: (body as { note: string }).note,
        handled_by_email: 'mod@example.com',
        handled_at: '2026-11-24T09:00:00Z',
      });
      return Response.json(c);
    }
    if (url.pathname === '/api/backoffice/sites') {
      return Response.json({
        sites:
          q === 'nothing'
            ? []
            : [{ id: 2, domain: 'example.de', is_default: false, name: 'Flirtlokaal', domain_language: 'de', countries: ['DE'] }],
        total: q === 'nothing' ? 0 : 1,
        page: 1,
        per_page: 50,
      });
    }
    if (url.pathname === '/api/backoffice/sites/example.de') {
      if (method === 'PUT') {
        const next = (body as { settings: Record<string, unknown> }).settings;
        if (typeof next.message_credits !== 'number' || next.message_credits < 0) {
          return Response.json(
            {
              error: 'validation',
              field: 'settings.message_credits',
              message: 'De instellingen zijn niet opgeslagen: 1 veld(en) kloppen niet. Er is niets gewijzigd.',
              fields: [{ field: 'message_credits', message: 'Minimaal 0.' }],
            },
            { status: 400 },
          );
        }
        settings = ZSettings.parse(next);
      }
      return Response.json({
        id: 2,
        domain: 'example.de',
        is_default: false,
        settings,
        list_prices: { DE: { tryout: 199, p0: 995, p1: 1995, p2: 4495, p3: 9995 } },
        currencies: { DE: 'EUR' },
      });
    }
    if (url.pathname === '/api/backoffice/audit') {
      const entries =
        q === 'nothing'
          ? []
          : [
              {
                id: 9,
                staff_id: 1,
                staff_email: 'staff@example.com',
                action: 'sites.update',
                target: 'site:example.de',
                outcome: 'done',
                error: null,
                before: { logged_out_search: true },
                after: { logged_out_search: false },
                created_at: '2026-11-24T09:00:00Z',
              },
              {
                id: 8,
                staff_id: 1,
                staff_email: 'staff@example.com',
                action: 'sites.update',
                target: 'site:example.it',
                outcome: 'refused',
                error: 'validation',
                before: null,
                after: null,
                created_at: '2026-11-24T08:59:00Z',
              },
            ];
      return Response.json({ entries, total: entries.length, page: 1, per_page: 50 });
    }
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  });
});
afterEach(() => jest.restoreAllMocks());
// typing into a long form on a busy machine takes longer than jest's default 5 s
jest.setTimeout(30_000);

it('has every staff text in all 7 languages, and a label for every site setting', () => {
  expect(assertCompleteLocales(staffLocales)).toEqual({});
  for (const key of Object.keys(ZSettings.shape)) expect(staffLocales.nl.fields).toHaveProperty(key);
});

describe('complaints queue', () => {
  it('lists open and handled complaints; handling asks for a note in a named dialog and reports the result', async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/complaints');
    expect(await screen.findByRole('heading', { level: 1, name: 'Klachten' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Nep-profiel' })).toBeInTheDocument();
    expect(screen.getByText(/Afgehandeld door mod@example.com/)).toBeInTheDocument();
    expect(screen.getByText(/Nu open: 1/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Klacht „Nep-profiel” afhandelen' }));
    const dialog = screen.getByRole('dialog', { name: 'Klacht afhandelen: Nep-profiel' });
    expect(within(dialog).getByText(/krijgt een e-mail in het Deutsch/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Afhandelen en mailen' }));
    expect(within(dialog).getByText('Vul een notitie in.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Notitie voor de indiener'), 'Profiel verwijderd.');
    await user.click(within(dialog).getByRole('button', { name: 'Afhandelen en mailen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Klacht „Nep-profiel” is afgehandeld; eva@example.org krijgt een e-mail.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/backoffice/complaints/1/handle',
      body: { note: 'Profiel verwijderd.' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /afhandelen$/ })).not.toBeInTheDocument());
  });

  it('searches, and says so when nothing is found', async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/complaints');
    await screen.findByRole('heading', { level: 2, name: 'Nep-profiel' });
    await user.type(screen.getByRole('searchbox', { name: 'Zoek op naam, e-mail, onderwerp of tekst' }), 'zzz{Enter}');
    expect(await screen.findByText('Geen klachten gevonden.')).toBeInTheDocument();
    expect(requests.at(-1)?.query.get('q')).toBe('zzz');
  });
});

describe('site settings', () => {
  it('lists the domains and opens one; a change is confirmed in a dialog naming the domain and what changed', async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/sites');
    await user.click(await screen.findByRole('link', { name: 'Instellingen van example.de' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Instellingen van example.de' })).toBeInTheDocument();
    // the heading shows at once, the form once the settings are loaded
    const search = await screen.findByRole('checkbox', { name: 'Zoeken zonder in te loggen' });
    expect(search).toBeChecked();
    await user.click(search);
    await user.clear(screen.getByLabelText('Paginatitel van de voorpagina'));
    await user.type(screen.getByLabelText('Paginatitel van de voorpagina'), 'Nieuwe titel');
    await user.type(screen.getByLabelText('Pakket p1 in DE'), '1795');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const dialog = screen.getByRole('dialog', { name: 'Instellingen van example.de opslaan?' });
    const changed = within(dialog).getByText(/^Gewijzigd: /);
    for (const name of ['Paginatitel van de voorpagina', 'Zoeken zonder in te loggen', 'Prijzen per pakket en land'])
      expect(changed).toHaveTextContent(name);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('status')).toHaveTextContent('De instellingen van example.de zijn opgeslagen');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      settings: { logged_out_search: false, index_title: 'Nieuwe titel', package_prices: { DE: { p1: 1795 } }, domain: 'example.de' },
    });
    expect(settings.logged_out_search).toBe(false);
  });

  it('names only what changed: the same minimum message costs in another key order are not a change (issue 29 item 14)', async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/sites/example.de');
    const credits = await screen.findByLabelText('Credits per bericht');
    await user.clear(credits);
    await user.type(credits, '7');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const dialog = screen.getByRole('dialog', { name: 'Instellingen van example.de opslaan?' });
    expect(within(dialog).getByText(/^Gewijzigd: /)).toHaveTextContent(/^Gewijzigd: Credits per bericht\.?$/);
  });

  it("shows the server's refusal next to the field, moves focus there, and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/sites/example.de');
    const credits = await screen.findByLabelText('Credits per bericht');
    await user.clear(credits);
    await user.type(credits, '-5');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Er is niets gewijzigd.');
    expect(credits).toHaveAttribute('aria-invalid', 'true');
    expect(credits).toHaveAccessibleDescription('Minimaal 0.');
    await waitFor(() => expect(credits).toHaveFocus());
    expect(credits).toHaveValue('-5');
    expect(settings.message_credits).toBe(5);
  });

  it('says so when no site matches the search', async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/sites');
    await user.type(await screen.findByRole('searchbox', { name: 'Zoek op domein of naam' }), 'nothing{Enter}');
    expect(await screen.findByText('Geen sites gevonden.')).toBeInTheDocument();
  });
});

describe('audit log', () => {
  it('lists who did what to what, with the outcome, and before/after behind a disclosure', async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/audit');
    const table = await screen.findByRole('table', { name: 'Acties (2)' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('staff@example.com');
    expect(rows[1]).toHaveTextContent('site:example.de');
    expect(rows[1]).toHaveTextContent('Uitgevoerd');
    expect(rows[2]).toHaveTextContent('Geweigerd: validation');
    const summary = within(rows[1] as HTMLElement).getByText('Voor en na van sites.update');
    await user.click(summary);
    expect(within(rows[1] as HTMLElement).getByText(/"logged_out_search": false/)).toBeVisible();

    await user.type(screen.getByRole('searchbox', { name: 'Zoek op actie, doel of e-mail' }), 'nothing{Enter}');
    expect(await screen.findByText('Geen regels gevonden.')).toBeInTheDocument();
  });
});
