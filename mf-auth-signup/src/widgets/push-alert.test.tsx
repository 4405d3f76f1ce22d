/**
 * ./PushAlert: only when push is available, asks the permission from its button, records a
 * refusal as denied with the translated way out, and remembers a dismissal. The browser's push
 * parts (permission prompt, service worker, push service) do not exist in jsdom: they are stood in
 * for here, and the real ones run in e2e/tests/notifications.spec.ts (Chromium).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSettings, makeUser } from '@dating/shared-kit/testing';
import { pushStateAtom, setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { renderAt, resetBrowserState, setViewport } from '../testing/render';
import PushAlert from './push-alert';

const KEY = `B${'A'.repeat(86)}`;
let answer: NotificationPermission = 'denied';

function standInBrowserPush() {
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = async () => {
      FakeNotification.permission = answer;
      return answer;
    };
  }
  Object.assign(window, { Notification: FakeNotification, PushManager: function PushManager() {} });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(window.navigator, 'serviceWorker', { value: { getRegistration: async () => undefined }, configurable: true });
}

beforeEach(() => {
  resetBrowserState();
  setViewport('desktop');
  standInBrowserPush();
  store.set(pushStateAtom, { capable: false, subscribed: false, denied: false, unknown: true });
  store.set(settingsAtom, makeSettings({ push_public_key: KEY }));
  setSession(makeUser());
});

describe('PushAlert', () => {
  it('is not shown without push (no push_public_key on the site)', async () => {
    store.set(settingsAtom, makeSettings({ push_public_key: null }));
    await renderAt(<PushAlert />);
    expect(screen.queryByText('Meldingen aanzetten?')).not.toBeInTheDocument();
  });

  it('asks the permission; a refusal is recorded as denied and says how to allow it', async () => {
    answer = 'denied';
    await renderAt(<PushAlert />);
    await userEvent.click(await screen.findByRole('button', { name: 'Meldingen aanzetten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je browser blokkeert meldingen van deze site.');
    expect(store.get(pushStateAtom)).toMatchObject({ capable: true, denied: true, subscribed: false });
  });

  it('stays away once dismissed', async () => {
    const view = await renderAt(<PushAlert />);
    await screen.findByText('Meldingen aanzetten?');
    const dismiss = screen.getAllByRole('button').find((b) => b.getAttribute('aria-label'));
    if (!dismiss) throw new Error('no dismiss button');
    await userEvent.click(dismiss);
    expect(screen.queryByText('Meldingen aanzetten?')).not.toBeInTheDocument();
    view.unmount();
    await renderAt(<PushAlert />);
    await act(async () => undefined);
    expect(screen.queryByText('Meldingen aanzetten?')).not.toBeInTheDocument();
  });
});
