/**
 * What the shell does for a logged-in member while the page is open (spec sections 7 and 9,
 * issue 11):
 * - the tab's one WebSocket to /api/ws (`@dating/shared-kit/realtime`): its frames reach the
 *   badges, the chat screens and the likes/match widgets through the bus; each time it (re)connects
 *   the user is reloaded once, so counts missed while it was down are caught up;
 * - the user (and with it the unread / new-like badges) is reloaded 5 s after load, then every
 *   60 s (300 s while push is subscribed) by shared-kit's startPeriodicRefresh - as the fallback:
 *   runs are skipped while the socket is up; the chat and members modules do the same for their
 *   own lists;
 * - the push state (shared-kit state/push.ts: syncPush): whether this browser is subscribed; at
 *   logout the browser's subscription is dropped (disablePush);
 * - when the page becomes hidden, a beacon POST /api/page-hidden.php with an empty JSON body.
 */
import { useEffect } from 'react';
import { bus } from '@dating/shared-kit/bus';
import { isRealtimeConnected, startRealtime } from '@dating/shared-kit/realtime';
import {
  disablePush,
  getSession,
  isPushSubscribed,
  refreshSession,
  settingsAtom,
  startPeriodicRefresh,
  store,
  syncPush,
  useSession,
} from '@dating/shared-kit/state';

export const PAGE_HIDDEN_URL = '/api/page-hidden.php';

/** Sends the page-hidden beacon (empty JSON body). Returns whether the browser accepted it. */
export function sendPageHidden(nav: Navigator = navigator): boolean {
  if (typeof nav.sendBeacon !== 'function') return false;
  return nav.sendBeacon(PAGE_HIDDEN_URL, new Blob(['{}'], { type: 'application/json' }));
}

const refreshQuietly = () =>
  refreshSession().catch((error: unknown) => {
    console.error('[session] reload after reconnect failed', error);
  });

export function useSessionLifecycle(): void {
  const loggedIn = useSession() !== null;
  // logged out: this browser no longer receives the member's pushes (a shared device)
  useEffect(() => bus.on('auth:logged-out', () => void disablePush()), []);
  useEffect(() => {
    if (!loggedIn) return undefined;
    const offStatus = bus.on('realtime:state', ({ connected }) => {
      if (connected) void refreshQuietly();
    });
    const socket = typeof WebSocket === 'function' ? startRealtime() : null;
    const stop = startPeriodicRefresh(() => refreshSession(), { skipWhile: isRealtimeConnected, isPushSubscribed });
    // push state (subscribed -> the refresh waits 300 s; an existing subscription is handed to the server again)
    if (getSession()) void syncPush(store.get(settingsAtom)?.push_public_key).catch(() => undefined);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendPageHidden();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      offStatus();
      socket?.stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [loggedIn]);
}
