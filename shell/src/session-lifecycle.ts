/**
 * What the shell does for a logged-in member while the page is open (spec sections 7 and 9):
 * - the user (and with it the unread / new-like badges) is reloaded 5 s after load, then every
 *   60 s (300 s while push is subscribed) by shared-kit's startPeriodicRefresh; the chat and
 *   members modules refresh their own lists;
 * - when the page becomes hidden, a beacon POST /api/page-hidden.php with an empty JSON body.
 */
import { useEffect } from 'react';
import { refreshSession, startPeriodicRefresh, useSession } from '@dating/shared-kit/state';

export const PAGE_HIDDEN_URL = '/api/page-hidden.php';

/** Sends the page-hidden beacon (empty JSON body). Returns whether the browser accepted it. */
export function sendPageHidden(nav: Navigator = navigator): boolean {
  if (typeof nav.sendBeacon !== 'function') return false;
  return nav.sendBeacon(PAGE_HIDDEN_URL, new Blob(['{}'], { type: 'application/json' }));
}

export function useSessionLifecycle(): void {
  const loggedIn = useSession() !== null;
  useEffect(() => {
    if (!loggedIn) return undefined;
    const stop = startPeriodicRefresh(() => refreshSession());
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendPageHidden();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [loggedIn]);
}
