import { useState } from 'react';
import { readJson, writeJson } from '../storage';

/** How long a dismissed alert stays away before it may show again. */
export const SHOW_AGAIN_MS = 7 * 86_400_000;

/**
 * A dismissible alert remembered by its stored dismissal time (enrich-profile,
 * disabled-notifications, push): `hidden` for `showAgainMs` after `dismiss()`, then back while its
 * reason stays.
 */
export function useDismissal(key: string, showAgainMs = SHOW_AGAIN_MS): { hidden: boolean; dismiss: () => void } {
  const [dismissedAt, setDismissedAt] = useState<number | null>(() => readJson<number>('local', key));
  const dismiss = () => {
    const now = Date.now();
    writeJson('local', key, now);
    setDismissedAt(now);
  };
  return { hidden: dismissedAt !== null && Date.now() - dismissedAt < showAgainMs, dismiss };
}
