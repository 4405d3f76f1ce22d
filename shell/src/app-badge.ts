/**
 * The app badge: unread messages plus new likes on the installed app's icon
 * (`navigator.setAppBadge`), changing with the badges (live through the realtime socket).
 * Browsers without it, or a refusal, are silently ignored.
 */
import { useEffect } from 'react';
import { useBadges } from '@dating/shared-kit/state';

export function updateAppBadge(
  count: number,
  nav: Partial<Pick<Navigator, 'setAppBadge' | 'clearAppBadge'>> = globalThis.navigator ?? {},
): void {
  const call = count > 0 ? nav.setAppBadge?.bind(nav, count) : (nav.clearAppBadge?.bind(nav) ?? nav.setAppBadge?.bind(nav, 0));
  if (!call) return;
  try {
    call().catch(() => undefined);
  } catch {
    // a browser that throws synchronously (no permission, not installed): ignored as well
  }
}

export function useAppBadge(): void {
  const { unread, newLikes } = useBadges();
  const count = unread + newLikes;
  useEffect(() => updateAppBadge(count), [count]);
}
