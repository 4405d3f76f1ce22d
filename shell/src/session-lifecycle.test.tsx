import { act, renderHook } from '@testing-library/react';
import { setSession } from '@dating/shared-kit/state';
import { makeUser } from '@dating/shared-kit/testing';
import { sendPageHidden, useSessionLifecycle } from './session-lifecycle';

describe('page-hidden beacon', () => {
  it('posts an empty JSON body to /api/page-hidden.php', async () => {
    const sendBeacon = jest.fn(() => true);
    expect(sendPageHidden({ sendBeacon } as unknown as Navigator)).toBe(true);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/page-hidden.php');
    expect(body.type).toBe('application/json');
    expect(body.size).toBe(2); // the two bytes of {}
  });

  it('is sent when a logged-in member hides the page', () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    act(() => setSession(makeUser()));
    const { unmount } = renderHook(() => useSessionLifecycle());
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    unmount();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => setSession(null));
  });
});
