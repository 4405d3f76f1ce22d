/** toProfile's photo rule (issue 29 item 12): the same as the files' (photo-files.ts). */
import type { PhotoRow, ProfileRow } from './serialize-profile';
import { toProfile } from './serialize-profile';

const row = (status: string) =>
  ({ userId: 7, name: 'Bob', dateOfBirth: '1990-01-01', gender: 'male', country: 'NL', status, mainPhotoId: 3 }) as unknown as ProfileRow;
const photo = { id: 3, filename: 'a.jpg', thumbFilename: 'a-t.jpg', matchFilename: 'a-m.jpg', status: 'active' } as PhotoRow;

describe('toProfile main_image', () => {
  it("an active member's approved main photo is shown to others", () => {
    expect(toProfile(row('active'), { photos: [photo], fictional: false, viewer: { id: 1 } }).main_image?.thumb_filename).toBe(
      '/uploads/a-t.jpg',
    );
  });

  it('a banned (disabled) member has none for others, whose browser would get a refused file: a placeholder, not a broken image', () => {
    expect(toProfile(row('disabled'), { photos: [photo], fictional: false, viewer: { id: 1 } }).main_image).toBeNull();
    // the owner still sees their own
    expect(toProfile(row('disabled'), { photos: [photo], fictional: false, viewer: { id: 7 } }).main_image).not.toBeNull();
  });
});
