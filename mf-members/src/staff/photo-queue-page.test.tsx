/** The photo queue (issue 15): oldest first, paging, approve and reject through a named dialog. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginAs, renderAt, serve } from '../test-utils';
import { PhotoQueuePage } from './photo-queue-page';
import './i18n';

const queued = (id: number, name: string) => ({
  id,
  filename: `/uploads/${id}.jpg`,
  thumb_filename: `/uploads/${id}t.jpg`,
  match: `/uploads/${id}m.jpg`,
  status: 'pending',
  created_at: '2026-11-20T08:00:00.000Z',
  member: { id: 100 + id, name, email: `${name.toLowerCase()}@example.com` },
});

describe('PhotoQueuePage', () => {
  it('approves after a confirmation and says so; the list reloads', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    let photos = [queued(1, 'Anna'), queued(2, 'Bram')];
    const calls = serve({
      'GET /api/backoffice/photos': () => ({ photos, total: photos.length, page: 1, per_page: 24 }),
      'POST /api/backoffice/photos/1/approve': () => {
        photos = photos.filter((p) => p.id !== 1);
        return { ok: true, id: 1, status: 'active', rejection_reason: null };
      },
    });
    renderAt('/backoffice/photos', [{ path: '/backoffice/photos', element: <PhotoQueuePage /> }]);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: "Foto's die op beoordeling wachten" });
    const anna = within(list).getByRole('listitem', { name: 'Foto van Anna' });
    expect(within(anna).getByRole('link', { name: 'Anna' })).toHaveAttribute('href', '/backoffice/members/101');
    await user.click(within(anna).getByRole('button', { name: 'Goedkeuren: Foto van Anna' }));
    const dialog = screen.getByRole('dialog', { name: 'Deze foto van Anna goedkeuren?' });
    // focus is inside the dialog; cancelling changes nothing
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(anna).getByRole('button', { name: 'Goedkeuren: Foto van Anna' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByRole('status')).toHaveTextContent('De foto van Anna is goedgekeurd.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Totaal: 1')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Foto van Anna' })).not.toBeInTheDocument();
  });

  it('rejects with a reason from the list; without one the server’s text shows in the dialog', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    const bodies: unknown[] = [];
    serve({
      'GET /api/backoffice/photos': () => ({ photos: [queued(3, 'Cas')], total: 1, page: 1, per_page: 24 }),
      'POST /api/backoffice/photos/3/reject': (_url, init) => {
        bodies.push(init.json);
        const reason = (init.json as { reason?: string }).reason;
        if (!reason)
          return {
            status: 400,
            body: { error: 'reject_reason_required', field: 'reason', message: 'Kies een reden voor het afkeuren uit de lijst.' },
          };
        return { ok: true, id: 3, status: 'rejected', rejection_reason: reason };
      },
    });
    renderAt('/backoffice/photos', [{ path: '/backoffice/photos', element: <PhotoQueuePage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Afkeuren: Foto van Cas' }));
    const dialog = screen.getByRole('dialog', { name: 'Deze foto van Cas afkeuren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Kies een reden voor het afkeuren uit de lijst.');
    const reasons = within(dialog).getByRole('group', { name: 'Reden (het lid ziet deze)' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(6);
    await user.click(within(reasons).getByRole('radio', { name: 'Contactgegevens op de foto' }));
    await user.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    expect(await screen.findByRole('status')).toHaveTextContent('De foto van Cas is afgekeurd: Contactgegevens op de foto.');
    expect(bodies).toEqual([{ reason: '' }, { reason: 'contact_details' }]);
  });

  it('says so when nothing waits, and pages through a long queue', async () => {
    loginAs({ is_staff: true, staff_roles: ['moderator'] });
    const calls = serve({
      'GET /api/backoffice/photos': (url) =>
        url.searchParams.get('page') === '2'
          ? { photos: [], total: 30, page: 2, per_page: 24 }
          : { photos: [queued(4, 'Dirk')], total: 30, page: 1, per_page: 24 },
    });
    renderAt('/backoffice/photos', [{ path: '/backoffice/photos', element: <PhotoQueuePage /> }]);
    const user = userEvent.setup();
    const pager = await screen.findByRole('navigation', { name: "Foto's die op beoordeling wachten" });
    await user.click(within(pager).getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText("Er wachten geen foto's op beoordeling.")).toBeInTheDocument();
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
