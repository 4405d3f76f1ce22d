import { useEffect, useState } from 'react';
import { isSwallowed } from '@dating/shared-kit/api';
import type { Gift } from '@dating/shared-kit/contracts';
import { chatApi } from '../api';

/** The gift catalogue (loaded once per page, in the request's language) when `enabled`. */
export function useGifts(enabled: boolean): { gifts: Gift[] | null; error: string | null } {
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || gifts) return undefined;
    let alive = true;
    chatApi.gifts().then(
      (list) => alive && setGifts(list),
      (e: unknown) => {
        if (alive && !isSwallowed(e)) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      alive = false;
    };
  }, [enabled, gifts]);
  return { gifts, error };
}
