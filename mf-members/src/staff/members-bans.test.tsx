/** Members and bans in the back office (issue 15): search, detail, ban with a reason, unban. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assertCompleteLocales } from '@dating/shared-kit/i18n';
import { loginAs, renderAt, serve } from '../test-utils';
import { BansPage } from './bans-page';
import { staffLocales } from './i18n';
import { MemberDetailPage } from './member-detail-page';
import { MembersPage } from './members-page';

const row = (id: number, name: string, status = 'active') => ({
  id,
  email: `${name.toLowerCase()}@example.com`,
  name,
  status,
  is_staff: false,
  fictional: false,
  signup_at: '2026-11-01T10:00:00.000Z',
  main_image: null,
});
const detail = (status: 'active' | 'disabled') => ({
  member: {
    ...row(7, 'Eva', status),
    site: 'localhost',
    email_confirmed: true,
    paid_user: false,
    credits: 3,
    staff_roles: [],
    last_seen_at: null,
    profile: { gender: 'female', age: 31, country: 'NL', region: null, city: 'Utrecht', about: null },
  },
  photos: [
    {
      id: 9,
      filename: '/uploads/9.jpg',
      thumb_filename: '/uploads/9t.jpg',
      match: '/uploads/9m.jpg',
      status: 'rejected',
      is_main: false,
      created_at: '2026-11-02T10:00:00.000Z',
      rejection_reason: 'nudity',
    },
  ],
  reports: { blocked_by: 4, blocking: 0 },
  ban:
    status === 'disabled'
      ? { reason: 'harassment', note: 'dreigementen', staff_email: 'moderator@example.com', created_at: '2026-11-24T08:00:00.000Z' }
      : null,
});

describe('staff locales', () => {
  it('are complete in all 7 languages with the same placeholders as nl', () => {
    expect(assertCompleteLocales(staffLocales)).toEqual({});
  });
});

describe('MembersPage', () => {
  it('searches by e-mail, name or id and links to the member', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    const calls = serve({
      'GET /api/backoffice/members': (url) =>
        url.searchParams.get('q') === 'zzz'
          ? { members: [], total: 0, page: 1, per_page: 20 }
          : { members: [row(7, 'Eva'), row(6, 'Finn', 'disabled')], total: 2, page: 1, per_page: 20 },
    });
    renderAt('/backoffice/members', [{ path: '/backoffice/members', element: <MembersPage /> }]);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Gevonden leden' });
    expect(within(table).getByRole('link', { name: 'Eva' })).toHaveAttribute('href', '/backoffice/members/7');
    expect(within(table).getByText('Geblokkeerd')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres, naam of lidnummer' }), 'zzz{Enter}');
    expect(await screen.findByText('Geen lid gevonden voor “zzz”.')).toBeInTheDocument();
    expect(calls.map((c) => c.url.searchParams.get('q'))).toEqual([null, 'zzz']);
  });
});

describe('MemberDetailPage', () => {
  it('shows photos and reports, and bans with a reason after a confirmation', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    let status: 'active' | 'disabled' = 'active';
    const bodies: unknown[] = [];
    serve({
      'GET /api/backoffice/members/7': () => detail(status),
      'POST /api/backoffice/members/7/ban': (_url, init) => {
        bodies.push(init.json);
        status = 'disabled';
        return { ok: true, id: 7, status: 'disabled', ban: detail('disabled').ban };
      },
    });
    renderAt('/backoffice/members/7', [{ path: '/backoffice/members/:id', element: <MemberDetailPage /> }]);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Eva (#7)' })).toBeInTheDocument();
    expect(screen.getByText('Naakt of seksueel getint')).toBeInTheDocument();
    expect(screen.getByText('Leden die dit lid blokkeerden').nextElementSibling).toHaveTextContent('4');
    // gender and country in the UI's language, not 'female' and 'NL' (issue 29 item 9)
    await waitFor(() => expect(screen.getByText('Geslacht').nextElementSibling).toHaveTextContent(/^Vrouw$/));
    expect(screen.getByText('Woonplaats').nextElementSibling).toHaveTextContent(/^Utrecht, Nederland$/);
    await user.click(screen.getByRole('button', { name: 'Lid blokkeren' }));
    const dialog = screen.getByRole('dialog', { name: 'Eva blokkeren?' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reden' }), 'harassment');
    await user.type(within(dialog).getByRole('textbox', { name: /Toelichting voor collega's/ }), 'dreigementen');
    await user.click(within(dialog).getByRole('button', { name: 'Lid blokkeren' }));
    expect(await screen.findByText('Eva is geblokkeerd.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'harassment', note: 'dreigementen' }]);
    expect(await screen.findByText(/Geblokkeerd op .* door moderator@example.com: Intimidatie of bedreiging/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blokkering opheffen' })).toBeInTheDocument();
  });
});

describe('MemberDetailPage photos', () => {
  it('rejects an approved photo with a reason; a rejected one offers no buttons', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    const active = {
      id: 10,
      filename: '/uploads/10.jpg',
      thumb_filename: '/uploads/10t.jpg',
      match: '/uploads/10m.jpg',
      status: 'active',
      is_main: true,
      created_at: '2026-11-03T10:00:00.000Z',
      rejection_reason: null,
    };
    let photos: object[] = [...detail('active').photos, active];
    const bodies: unknown[] = [];
    serve({
      'GET /api/backoffice/members/7': () => ({ ...detail('active'), photos }),
      'POST /api/backoffice/photos/10/reject': (_url, init) => {
        bodies.push(init.json);
        photos = [
          detail('active').photos[0] as object,
          { ...active, status: 'rejected', is_main: false, rejection_reason: 'someone_else' },
        ];
        return { ok: true, id: 10, status: 'rejected', rejection_reason: 'someone_else' };
      },
    });
    renderAt('/backoffice/members/7', [{ path: '/backoffice/members/:id', element: <MemberDetailPage /> }]);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: "Afkeuren: Foto's 2" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Afkeuren: Foto's 1" })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Afkeuren: Foto's 2" }));
    const dialog = screen.getByRole('dialog', { name: 'Deze foto van Eva afkeuren?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Iemand anders' }));
    await user.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    expect(await screen.findByText('De foto van Eva is afgekeurd: Iemand anders.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'someone_else' }]);
    expect(await screen.findByText('Iemand anders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Afkeuren: / })).not.toBeInTheDocument();
  });
});

describe('BansPage', () => {
  it('lists bans with reason, who and when; lifts one after a confirmation', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    let bans = [{ id: 7, email: 'eva@example.com', name: 'Eva', ban: detail('disabled').ban }];
    serve({
      'GET /api/backoffice/bans': () => ({ bans, total: bans.length, page: 1, per_page: 20 }),
      'POST /api/backoffice/members/7/unban': () => {
        bans = [];
        return { ok: true, id: 7, status: 'active', ban: null };
      },
    });
    renderAt('/backoffice/bans', [{ path: '/backoffice/bans', element: <BansPage /> }]);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Geblokkeerde leden' });
    expect(within(table).getByText('Intimidatie of bedreiging')).toBeInTheDocument();
    expect(within(table).getByText('moderator@example.com')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Blokkering opheffen: Eva' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'De blokkering van Eva opheffen?' })).getByRole('button', { name: 'Blokkering opheffen' }),
    );
    expect(await screen.findByText('De blokkering van Eva is opgeheven.')).toBeInTheDocument();
    expect(await screen.findByText('Niemand is geblokkeerd.')).toBeInTheDocument();
  });
});
