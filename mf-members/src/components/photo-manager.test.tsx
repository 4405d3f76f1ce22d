/** My photos: a rejected photo says why (translated), and a moderation arrives live (issue 15). */
import { act, screen, within } from '@testing-library/react';
import { bus } from '@dating/shared-kit/bus';
import { loginAs, renderAt, serve } from '../test-utils';
import { PhotoManager } from './photo-manager';

const photo = (id: number, status: 'pending' | 'active' | 'rejected', extra: object = {}) => ({
  id,
  filename: `/uploads/${id}.jpg`,
  thumb_filename: `/uploads/${id}t.jpg`,
  match: `/uploads/${id}m.jpg`,
  status,
  is_main: id === 1,
  created_at: '2026-11-24T08:00:00.000Z',
  rejection_reason: null,
  ...extra,
});

describe('PhotoManager', () => {
  it('shows the reason of a rejection, and follows an approval live without a reload', async () => {
    loginAs();
    let state: 'pending' | 'active' = 'pending';
    const calls = serve({
      'GET /api/photos.php': () => ({
        photos: [photo(1, state), photo(2, 'rejected', { rejection_reason: 'contact_details' })],
        max_photos: 3,
      }),
      'GET /api/user.php': () => ({ user: null }),
    });
    renderAt('/profile', [{ path: '/profile', element: <PhotoManager /> }]);
    const list = await screen.findByRole('list', { name: "Mijn foto's" });
    expect(await within(list).findByText('Wordt gecontroleerd')).toBeInTheDocument();
    expect(within(list).getByText('Afgekeurd')).toBeInTheDocument();
    expect(within(list).getByText('Reden: de foto bevat contactgegevens')).toBeInTheDocument();
    // rejected photos do not count
    expect(screen.getByText("Foto's: 1 van maximaal 3")).toBeInTheDocument();

    state = 'active';
    act(() => bus.emit('photo:moderated', { photo: 1, status: 'active', rejection_reason: null }));
    expect(await screen.findByText('Je foto is goedgekeurd en is nu zichtbaar voor andere leden.')).toBeInTheDocument();
    expect(within(list).queryByText('Wordt gecontroleerd')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/photos.php')).toHaveLength(2);

    act(() => bus.emit('photo:moderated', { photo: 1, status: 'rejected', rejection_reason: 'nudity' }));
    expect(await screen.findByText('Je foto is afgekeurd: naakt of seksueel getinte inhoud')).toBeInTheDocument();
  });

  it("holds the place of a member's main photo while the list loads, so the form below does not jump", async () => {
    loginAs(); // makeUser has a main photo
    serve({ 'GET /api/photos.php': () => ({ photos: [photo(1, 'active')], max_photos: 3 }) });
    renderAt('/profile', [{ path: '/profile', element: <PhotoManager /> }]);
    const list = screen.getByRole('list', { name: "Mijn foto's" });
    const [held] = within(list).getAllByRole('listitem');
    expect(held).toHaveTextContent('Laden');
    expect(await within(list).findByRole('img', { name: 'Mijn foto 1' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the photo count only once the list is known, not "0" while it loads', async () => {
    loginAs();
    serve({ 'GET /api/photos.php': () => ({ photos: [photo(1, 'active'), photo(2, 'pending')], max_photos: 3 }) });
    renderAt('/profile', [{ path: '/profile', element: <PhotoManager /> }]);
    expect(screen.getByRole('heading', { name: "Mijn foto's" })).toBeInTheDocument();
    expect(screen.queryByText(/^Foto's: /)).not.toBeInTheDocument();
    expect(await screen.findByText("Foto's: 2 van maximaal 3")).toBeInTheDocument();
  });

  it('holds no place for a member without photos', () => {
    loginAs({ profile: { ...loginAs().profile, main_image: null } });
    serve({ 'GET /api/photos.php': () => ({ photos: [], max_photos: 3 }) });
    renderAt('/profile', [{ path: '/profile', element: <PhotoManager /> }]);
    expect(within(screen.getByRole('list', { name: "Mijn foto's" })).queryAllByRole('listitem')).toHaveLength(0);
  });
});
