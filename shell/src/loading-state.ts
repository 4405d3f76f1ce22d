/**
 * How many page areas are waiting for a remote right now. The loading bar shows while this is
 * above zero (after a 200 ms throttle); Suspense fallbacks of page mounts increment it.
 */
import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';

export const pendingCountAtom = atom(0);

export function usePendingMarker(active = true): void {
  const setPending = useSetAtom(pendingCountAtom);
  useEffect(() => {
    if (!active) return undefined;
    setPending((n) => n + 1);
    return () => setPending((n) => Math.max(0, n - 1));
  }, [active, setPending]);
}
