/**
 * Periodic refresh of user, chats and likes: first run 5 s after load, then every 60 s,
 * or every 300 s while push notifications are subscribed (push brings the news then).
 * Runs never overlap; a failing run is logged and the loop goes on; pauses while the page is hidden
 * and catches up when it is shown again. `skipWhile` (e.g. "the realtime socket is up") skips a
 * run without stopping the loop: the refresh is then only the fallback for when the socket is down.
 */
export const REFRESH_INITIAL_DELAY_MS = 5_000;
export const REFRESH_INTERVAL_MS = 60_000;
export const REFRESH_INTERVAL_PUSH_MS = 300_000;

export interface RefreshOptions {
  initialDelayMs?: number;
  /** asked before each wait, so a push subscription made later takes effect */
  isPushSubscribed?: () => boolean;
  intervalMs?: number;
  pushIntervalMs?: number;
  /** asked before each run: true skips this run (the loop goes on) */
  skipWhile?: () => boolean;
}

/** Start the loop; returns stop(). */
export function startPeriodicRefresh(task: () => Promise<unknown>, options: RefreshOptions = {}): () => void {
  const {
    initialDelayMs = REFRESH_INITIAL_DELAY_MS,
    isPushSubscribed = () => false,
    intervalMs = REFRESH_INTERVAL_MS,
    pushIntervalMs = REFRESH_INTERVAL_PUSH_MS,
    skipWhile = () => false,
  } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = false;

  const hidden = () => globalThis.document?.visibilityState === 'hidden';

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), ms);
  };

  const run = async () => {
    if (stopped) return;
    if (hidden()) {
      due = true; // run when visible again
      return;
    }
    try {
      if (!skipWhile()) await task();
    } catch (error) {
      console.error('[refresh] periodic refresh failed', error);
    }
    schedule(isPushSubscribed() ? pushIntervalMs : intervalMs);
  };

  const onVisibility = () => {
    if (!hidden() && due && !stopped) {
      due = false;
      void run();
    }
  };
  globalThis.document?.addEventListener('visibilitychange', onVisibility);
  schedule(initialDelayMs);

  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    globalThis.document?.removeEventListener('visibilitychange', onVisibility);
  };
}
