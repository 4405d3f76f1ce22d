/** The chat's avatar (issue 29 item 12): a photo that does not load becomes the initial, not a broken image. */
import { fireEvent, render } from '@testing-library/react';
import { Avatar } from './avatar';

const image = {
  id: 3,
  filename: '/uploads/a.jpg',
  thumb_filename: '/uploads/a-t.jpg',
  match: '/uploads/a-m.jpg',
  status: 'active' as const,
};

it('shows the photo, and the initial once the photo fails to load (a banned member, a removed photo)', () => {
  const { container } = render(<Avatar profile={{ name: 'bob', main_image: image }} />);
  const img = container.querySelector('img');
  expect(img).toHaveAttribute('src', '/uploads/a-t.jpg');
  fireEvent.error(img as HTMLImageElement);
  expect(container.querySelector('img')).toBeNull();
  expect(container).toHaveTextContent('B');
});
