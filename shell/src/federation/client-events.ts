/**
 * Health of each remote release as the browsers see it (issue 27 item 4): per remote and build id
 * the shell counts `mount` (its page or widget rendered), `load_error` (its entry or a chunk could
 * not be loaded) and `render_error` (its error boundary caught a throw). The events are queued and
 * sent in batches with `navigator.sendBeacon` to `POST /api/client-events.php`
 * `{events: [{remote, build_id, type}]}` (a Blob of type application/json): every ~10 s while there
 * is something to send, and at once when the page is hidden or left (visibilitychange hidden,
 * pagehide). No personal data: remote name, build id and event type only; no session needed.
 *
 * The build id of a remote is the one /mf-remotes.json named when this page started
 * (`setRemoteBuilds`), else the remote's own `mf-build:<name>` meta (build-mark-plugin).
 */
import { CLIENT_EVENTS_MAX } from '@dating/shared-kit/contracts';

export type ClientEventType = 'mount' | 'load_error' | 'render_error';

export interface ClientEvent {
  remote: string;
  build_id: string;
  type: ClientEventType;
}

export const CLIENT_EVENTS_URL = '/api/client-events.php';
export const FLUSH_INTERVAL_MS = 10_000;
/** at most this many events in one beacon (the server's limit is larger) */
export const MAX_BATCH = CLIENT_EVENTS_MAX;
/** at most this many events from one page load: a page stuck in an error loop stays quiet */
export const MAX_PER_PAGE = 500;

const builds = new Map<string, string>();
let queue: ClientEvent[] = [];
let sentThisPage = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** The build id of each remote, as the remotes list of this page load names them. */
export function setRemoteBuilds(remotes: ReadonlyArray<{ name: string; build_id?: string | null | undefined }>): void {
  builds.clear();
  for (const remote of remotes) if (remote.build_id) builds.set(remote.name, remote.build_id);
}

export function buildIdOf(remote: string): string | null {
  const listed = builds.get(remote);
  if (listed) return listed;
  if (typeof document === 'undefined') return null;
  const marked = document.head.querySelector(`meta[name="mf-build:${remote}"]`)?.getAttribute('content');
  return marked || null;
}

function send(events: ClientEvent[]): void {
  if (events.length === 0) return;
  const body = JSON.stringify({ events });
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(CLIENT_EVENTS_URL, new Blob([body], { type: 'application/json' }))) return;
    }
    // no beacon (or the browser refused to queue it): a keepalive fetch, fire and forget
    void globalThis
      .fetch?.(CLIENT_EVENTS_URL, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
      })
      .catch(() => undefined);
  } catch {
    // reporting must never break the page
  }
}

/** Send everything queued now (in batches of MAX_BATCH). */
export function flushClientEvents(): void {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  const pending = queue;
  queue = [];
  for (let i = 0; i < pending.length; i += MAX_BATCH) send(pending.slice(i, i + MAX_BATCH));
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') flushClientEvents();
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', flushClientEvents);
  document.addEventListener('visibilitychange', onVisibilityChange);
}

/** Queue one event for `remote` (dropped when its build id is unknown or the page sent enough). */
export function reportClientEvent(remote: string, type: ClientEventType): void {
  const buildId = buildIdOf(remote);
  if (!buildId || sentThisPage >= MAX_PER_PAGE) return;
  sentThisPage += 1;
  queue.push({ remote, build_id: buildId, type });
  listen();
  if (queue.length >= MAX_BATCH) flushClientEvents();
  else if (timer === null) timer = setTimeout(flushClientEvents, FLUSH_INTERVAL_MS);
}

/** Tests: forget the queue, the builds and the page's count. */
export function resetClientEvents(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  queue = [];
  sentThisPage = 0;
  builds.clear();
}
