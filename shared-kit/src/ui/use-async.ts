import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isSwallowed } from '../api/errors';

export interface AsyncState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  setData: (data: T) => void;
}

/**
 * Load `fn()` when `deps` change; keeps the last data while reloading. Errors as message text.
 * What arrives is rendered in a transition: a page's answer (a page of profiles, the packages) is
 * most of the page, and React then builds it in slices that leave the browser free between them
 * instead of one long task. `setData` (the caller's own change, often from a click) stays urgent.
 */
export function useAsync<T>(fn: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => {
    let alive = true;
    setLoading(true);
    fnRef
      .current()
      .then((value) => {
        if (!alive) return;
        startTransition(() => {
          setData(value);
          setError(null);
          setLoading(false);
        });
      })
      .catch((e: unknown) => {
        if (!alive) return;
        startTransition(() => {
          if (!isSwallowed(e)) setError(e instanceof Error ? e.message : String(e));
          setLoading(false);
        });
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload, setData };
}

/** The message of an API failure (already translated by the server), or null when swallowed. */
export function errorText(e: unknown): string | null {
  if (isSwallowed(e)) return null;
  return e instanceof Error ? e.message : String(e);
}
