/** The history's scroll position while images load (issue 29 item 10). */
import { fireEvent, screen } from '@testing-library/react';
import { serve } from '@dating/shared-kit/testing';
import { loginAs, makeHistory, makeMessage, renderChat } from '../test-utils';

const image = { filename: '/uploads/p.jpg', thumb_filename: '/uploads/p-t.jpg', width: 1200, height: 900 };

/** jsdom lays nothing out: the scroller gets a height that grows when we say so. */
function fakeLayout(el: HTMLElement) {
  const box = { height: 1000, top: 0 };
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 400 });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => box.top,
    set: (v: number) => {
      box.top = Math.max(0, Math.min(v, box.height - 400));
    },
  });
  return box;
}

it('stays at the bottom when an image loads, unless the member scrolled up', async () => {
  loginAs();
  serve({
    'GET /api/chats.php': () => ({ chats: [] }),
    'GET /api/messages.php': () =>
      makeHistory({ messages: [makeMessage({ id: 1 }), makeMessage({ id: 2, type: 'image', body: null, image })] }),
  });
  renderChat('/chats/5');
  await screen.findByText('Hoi!');
  const photo = (await screen.findAllByRole('img')).find((i) => i.getAttribute('src') === '/uploads/p-t.jpg') as HTMLElement;
  // its box is known before it loads (1200x900 shown at 220x165): nothing moves when it arrives
  expect(photo).toHaveAttribute('width', '220');
  expect(photo).toHaveAttribute('height', '165');
  const scroller = (await screen.findByRole('list', { name: 'Berichten met Sanne' })).parentElement as HTMLElement;
  const box = fakeLayout(scroller);
  box.top = 600; // at the bottom
  fireEvent.scroll(scroller);
  box.height = 1300; // the photo arrived
  fireEvent.load(photo);
  expect(box.top).toBe(900);

  box.top = 100; // the member scrolls up to read
  fireEvent.scroll(scroller);
  box.height = 1600;
  fireEvent.load(photo);
  expect(box.top).toBe(100);
});
