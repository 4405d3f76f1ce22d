/**
 * `@dating/shared-kit/state`: the session, settings, badges and language atoms, the one jotai
 * store, and helpers. The atoms follow the bus (login, logout, user updates, credits, unread
 * messages, new likes): see connectStateToBus in atoms.ts.
 */
export {
  badgesAtom,
  connectStateToBus,
  getSession,
  languageAtom,
  sessionAtom,
  sessionStatusAtom,
  setSession,
  settingsAtom,
  store,
} from './atoms';
export type { Badges, SessionStatus } from './atoms';
export { refreshSession } from './session';
export { BAN_PAGE, endBannedSession, resetBannedSession, setBanNavigation } from './banned';
export { useBadges, useLanguage, useSession, useSettings } from './hooks';
export { creditTone, formatBadge, titlePrefix } from './badges';
export { REFRESH_INITIAL_DELAY_MS, REFRESH_INTERVAL_MS, REFRESH_INTERVAL_PUSH_MS, startPeriodicRefresh } from './refresh';
export type { RefreshOptions } from './refresh';
export {
  disablePush,
  enablePush,
  isPushSubscribed,
  keyBytes,
  pushCapable,
  pushStateAtom,
  PUSH_WORKER_URL,
  syncPush,
  usePushState,
} from './push';
export type { EnablePushResult, PushState } from './push';
