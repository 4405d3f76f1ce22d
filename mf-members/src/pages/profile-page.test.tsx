import { act, screen, within } from '@testing-library/react';
import { i18n } from '@dating/shared-kit/i18n';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '@dating/shared-kit/testing';
import { loginAs, renderAt, serve } from '../test-utils';
import { ProfilePage } from './profile-page';

describe('ProfilePage', () => {
  it('interest tags and the region label follow a language switch (asked per language: ?lang=)', async () => {
    loginAs();
    const profile = makeProfile({ id: 1, name: 'Jan', gender: 'male', country: 'NL', interests: ['travel'] });
    const LABELS: Record<string, { travel: string; region: string }> = {
      nl: { travel: 'Reizen', region: 'Provincie' },
      de: { travel: 'Reisen', region: 'Provinz' },
    };
    const calls = serve({
      'GET /api/profile.php': () => ({ profile }),
      'GET /api/photos.php': () => ({ photos: [], max_photos: 3 }),
      'GET /api/interests.php': (url) => ({
        interests: [{ slug: 'travel', label: LABELS[url.searchParams.get('lang') ?? 'nl']?.travel ?? '?' }],
      }),
      'GET /api/regions.php': (url) => ({
        country: 'NL',
        kind: 'province',
        label: LABELS[url.searchParams.get('lang') ?? 'nl']?.region ?? '?',
        regions: [{ code: 'NH', name: 'Noord-Holland' }],
      }),
    });
    renderAt('/profile', [{ path: '/profile', element: <ProfilePage /> }]);
    expect(await screen.findByLabelText('Reizen')).toBeInTheDocument();
    expect(await screen.findByLabelText('Provincie')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    expect(await screen.findByLabelText('Reisen')).toBeInTheDocument();
    expect(await screen.findByLabelText('Provinz')).toBeInTheDocument();
    expect(screen.queryByLabelText('Provincie')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/interests.php').map((c) => c.url.searchParams.get('lang'))).toEqual(['nl', 'de']);
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
  });

  it('edits every field with labels, interests from the server, regions by country; shows the field error', async () => {
    loginAs();
    let saved: unknown = null;
    const profile = makeProfile({ id: 1, name: 'Jan', gender: 'male', date_of_birth: '1990-02-03', interests: ['travel'] });
    serve({
      'GET /api/profile.php': () => ({ profile }),
      'GET /api/photos.php': () => ({
        photos: [
          {
            id: 7,
            filename: '/uploads/7.jpg',
            thumb_filename: '/uploads/7t.jpg',
            match: '/uploads/7m.jpg',
            status: 'pending',
            is_main: true,
            created_at: '2026-11-21T10:00:00.000Z',
          },
        ],
        max_photos: 3,
      }),
      'GET /api/interests.php': () => ({
        interests: [
          { slug: 'travel', label: 'Reizen' },
          { slug: 'music', label: 'Muziek' },
        ],
      }),
      'GET /api/regions.php': (url) =>
        url.searchParams.get('country') === 'BE'
          ? { country: 'BE', kind: 'region', label: 'Gewest', regions: [{ code: 'VLG', name: 'Vlaanderen' }] }
          : { country: 'NL', kind: 'province', label: 'Provincie', regions: [{ code: 'NH', name: 'Noord-Holland' }] },
      'PUT /api/profile.php': (_url, init) => {
        saved = init.json;
        if ((init.json as { about?: string }).about === 'fout')
          return { status: 400, body: { error: 'validation', field: 'about', message: 'Ongeldige invoer voor over mij.' } };
        return { profile: { ...profile, ...(init.json as object) } };
      },
      'GET /api/user.php': () => ({ user: null }),
    });
    renderAt('/profile', [{ path: '/profile', element: <ProfilePage /> }]);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Profielnaam');
    expect(name).toHaveValue('Jan');
    // the date of birth as a Dutch reader writes it, not the wire's 1990-02-03
    expect(screen.getByText(/\(geboortedatum 3 februari 1990\)/)).toBeInTheDocument();
    // photos: pending one is labelled, the count says how many are allowed
    expect(await screen.findByText('Wordt gecontroleerd')).toBeInTheDocument();
    const photos = screen.getByRole('list', { name: "Mijn foto's" });
    expect(within(photos).getByRole('img', { name: 'Mijn foto 1' })).toBeInTheDocument();
    expect(screen.getByText("Foto's: 1 van maximaal 3")).toBeInTheDocument();
    expect(screen.getByLabelText('Foto toevoegen')).toHaveAttribute('type', 'file');

    for (const label of [
      'Geaardheid',
      'Burgerlijke staat',
      'Land',
      'Woonplaats',
      'Haarkleur',
      'Oogkleur',
      'Lichaamsbouw',
      'Tatoeages',
      'Reden van aanmelden',
      'Over mij',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await user.selectOptions(screen.getByLabelText('Land'), 'BE');
    await user.selectOptions(await screen.findByLabelText('Gewest'), 'VLG');
    await user.selectOptions(screen.getByLabelText('Haarkleur'), 'dark_blond');
    await user.click(await screen.findByLabelText('Muziek'));
    await user.clear(name);
    await user.type(name, 'Jantje');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je profiel is opgeslagen.')).toBeInTheDocument();
    expect(saved).toMatchObject({ name: 'Jantje', country: 'BE', region: 'VLG', hair_color: 'dark_blond', interests: ['travel', 'music'] });

    await user.clear(screen.getByLabelText('Over mij'));
    await user.type(screen.getByLabelText('Over mij'), 'fout');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findAllByText('Ongeldige invoer voor over mij.')).length).toBeGreaterThan(0);
  }, 30000);

  it('the photo counter and the limit leave rejected photos out; only an approved photo can become the main photo', async () => {
    loginAs();
    const photo = (id: number, status: string, isMain = false) => ({
      id,
      filename: `/uploads/${id}.jpg`,
      thumb_filename: `/uploads/${id}t.jpg`,
      match: `/uploads/${id}m.jpg`,
      status,
      is_main: isMain,
      created_at: '2026-11-21T10:00:00.000Z',
    });
    serve({
      'GET /api/profile.php': () => ({ profile: makeProfile({ id: 1, name: 'Jan' }) }),
      'GET /api/photos.php': () => ({
        photos: [photo(1, 'active', true), photo(2, 'active'), photo(3, 'rejected'), photo(4, 'pending')],
        max_photos: 4,
      }),
      'GET /api/interests.php': () => ({ interests: [] }),
      'GET /api/regions.php': () => ({
        country: 'NL',
        kind: 'province',
        label: 'Provincie',
        regions: [{ code: 'NH', name: 'Noord-Holland' }],
      }),
    });
    renderAt('/profile', [{ path: '/profile', element: <ProfilePage /> }]);
    expect(await screen.findByText("Foto's: 3 van maximaal 4")).toBeInTheDocument();
    // room for one more: the upload is offered, not the limit notice
    expect(screen.getByLabelText('Foto toevoegen')).toHaveAttribute('type', 'file');
    expect(screen.queryByText(/Je hebt het maximum van/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maak foto 2 hoofdfoto' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maak foto 3 hoofdfoto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maak foto 4 hoofdfoto' })).not.toBeInTheDocument();
  });
});
