/** The moderators' verification queue (issue 26 part 2): side by side, approve, reject with a reason, by role. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginAs, renderAt, serve } from '../test-utils';
import { VerificationsPage } from './verifications-page';
import './i18n';

const request = (id: number, name: string, fictional = false) => ({
  id,
  pose: 'thumb_up',
  created_at: '2026-11-20T08:00:00.000Z',
  selfie_url: `/api/backoffice/verifications/${id}/selfie`,
  member: { id: 100 + id, name, email: `${name.toLowerCase()}@example.com`, fictional },
  photos: [
    { id: 7, filename: '/uploads/7.jpg', thumb_filename: '/uploads/7t.jpg', match: '/uploads/7m.jpg', status: 'active', is_main: true },
  ],
});
const at = () => renderAt('/backoffice/verifications', [{ path: '/backoffice/verifications', element: <VerificationsPage /> }]);

describe('VerificationsPage', () => {
  it('shows pose, selfie and profile photos side by side; approving is confirmed and announced', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    let requests = [request(1, 'Anna')];
    const calls = serve({
      'GET /api/backoffice/verifications': () => ({ requests, total: requests.length, page: 1, per_page: 20 }),
      'POST /api/backoffice/verifications/1/decide': () => {
        requests = [];
        return { ok: true, id: 1, status: 'approved', reason: null };
      },
    });
    at();
    const item = await screen.findByRole('listitem', { name: 'Verificatie van Anna' });
    expect(within(item).getByRole('img', { name: 'Selfie van Anna' })).toHaveAttribute('src', '/api/backoffice/verifications/1/selfie');
    expect(within(item).getByRole('img', { name: 'Profielfoto van Anna' })).toHaveAttribute('src', '/uploads/7t.jpg');
    expect(within(item).getByRole('img', { name: 'Tekening van de houding: Steek je duim omhoog' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Goedkeuren: Anna' }));
    const dialog = screen.getByRole('dialog', { name: 'Anna verifiëren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Anna is geverifieerd.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ approve: true });
    expect(await screen.findByText('Er wachten geen verificaties.')).toBeInTheDocument();
  });

  it('rejects with the reason chosen; a colleague first: the server’s 409 text in the dialog', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    const bodies: unknown[] = [];
    let decided = false;
    serve({
      'GET /api/backoffice/verifications': () => ({ requests: [request(2, 'Bram')], total: 1, page: 1, per_page: 20 }),
      'POST /api/backoffice/verifications/2/decide': (_url, init) => {
        bodies.push(init.json);
        if (decided)
          return {
            status: 409,
            body: {
              error: 'verification_already_decided',
              field: 'id',
              message: 'Over deze verificatie is al beslist (misschien door een collega). Laad de lijst opnieuw.',
            },
          };
        decided = true;
        return { ok: true, id: 2, status: 'rejected', reason: 'not_same_person' };
      },
    });
    at();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Afkeuren: Bram' }));
    const dialog = screen.getByRole('dialog', { name: 'Selfie van Bram afkeuren' });
    await user.selectOptions(within(dialog).getByLabelText('Reden'), 'Niet dezelfde persoon');
    await user.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    expect(await screen.findByRole('status')).toHaveTextContent('De selfie van Bram is afgekeurd.');
    expect(bodies[0]).toEqual({ approve: false, reason: 'not_same_person' });
    await user.click(await screen.findByRole('button', { name: 'Afkeuren: Bram' }));
    const again = screen.getByRole('dialog', { name: 'Selfie van Bram afkeuren' });
    await user.click(within(again).getByRole('button', { name: 'Afkeuren' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('Over deze verificatie is al beslist');
  });

  it('a fictional profile cannot be approved', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    serve({ 'GET /api/backoffice/verifications': () => ({ requests: [request(3, 'Chatpal', true)], total: 1, page: 1, per_page: 20 }) });
    at();
    expect(await screen.findByText('Fictief profiel: kan niet worden geverifieerd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Goedkeuren: Chatpal' })).toBeDisabled();
  });

  it('a member (no staff role) gets the server’s refusal, no queue', async () => {
    loginAs();
    serve({
      'GET /api/backoffice/verifications': () => ({ status: 403, body: { error: 'staff_only', message: 'Alleen voor medewerkers.' } }),
    });
    at();
    expect(await screen.findByText('Alleen voor medewerkers.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Verificaties die wachten' })).not.toBeInTheDocument();
  });
});
