import { updateAppBadge } from './app-badge';

describe('app badge (unread messages + new likes)', () => {
  it('sets the count, clears it at zero, and ignores browsers that refuse or lack it', async () => {
    const setAppBadge = jest.fn(() => Promise.resolve());
    const clearAppBadge = jest.fn(() => Promise.resolve());
    updateAppBadge(4, { setAppBadge, clearAppBadge });
    expect(setAppBadge).toHaveBeenCalledWith(4);
    updateAppBadge(0, { setAppBadge, clearAppBadge });
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
    const refusing = jest.fn(() => Promise.reject(new Error('NotAllowedError')));
    expect(() => updateAppBadge(2, { setAppBadge: refusing })).not.toThrow();
    expect(() => updateAppBadge(2, {})).not.toThrow();
    await Promise.resolve();
  });
});
