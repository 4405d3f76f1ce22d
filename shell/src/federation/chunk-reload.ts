/**
 * Spec section 8: a chunk-load failure (typically: a remote was redeployed and an old hashed
 * chunk is gone) reloads the page, but at most once per 60 seconds, so a chunk that is really
 * missing cannot make the page reload in a loop. The time of the last reload is kept in
 * sessionStorage (per tab, survives the reload).
 */
export const CHUNK_RELOAD_KEY = 'mf:last-chunk-reload';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Loading (CSS )?chunk [^ ]+ failed|ChunkLoadError/i.test(error.message);
}

function readLast(storage: Storage): number {
  const value = Number(storage.getItem(CHUNK_RELOAD_KEY));
  return Number.isFinite(value) ? value : 0;
}

/**
 * Reload the page for a chunk-load error unless that already happened in the last 60 s.
 * Returns true when a reload was started.
 */
export function reloadForChunkError(
  error: unknown,
  { now = Date.now(), storage = window.sessionStorage, reload = () => window.location.reload() } = {},
): boolean {
  if (!isChunkLoadError(error)) return false;
  try {
    if (now - readLast(storage) < CHUNK_RELOAD_INTERVAL_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // no storage: never risk a reload loop
  }
  reload();
  return true;
}
