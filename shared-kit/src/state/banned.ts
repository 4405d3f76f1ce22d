/**
 * The account was banned (issue 15): staff disabled it, so the session ends on every tab at once
 * and the page goes to `/pages/ban`, where the ban policy and the personal notice show (GET
 * /api/ban.php). Reached from the WebSocket's `account:banned` frame and from any call answered
 * 403 `account_banned` (a tab whose socket was down).
 */
import { bus } from '../bus/bus';
import { sessionAtom, setSession, store } from './atoms';

export const BAN_PAGE = '/pages/ban';

/** Where the browser goes; replaced in tests (jsdom cannot navigate). */
let navigate: (path: string) => void = (path) => globalThis.location.assign(path);
export function setBanNavigation(go: (path: string) => void): void {
  navigate = go;
}

let sent = false;

/** Log out here and show the ban page (once per page, however many signals arrive). */
export function endBannedSession(): void {
  if (store.get(sessionAtom) !== null) {
    setSession(null);
    bus.emit('auth:logged-out', {});
  }
  if (sent || globalThis.location?.pathname === BAN_PAGE) return;
  sent = true;
  navigate(BAN_PAGE);
}

/** Tests: forget that the page was already sent away. */
export function resetBannedSession(): void {
  sent = false;
}
