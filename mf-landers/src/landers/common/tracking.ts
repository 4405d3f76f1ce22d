import { TRACKING_KEYS } from '@dating/shared-kit/contracts';

/**
 * The landing URL's tracking parameters (network, ref, sub1-3) as `?...`, or '' when there are
 * none: the phone's sign-up page is opened with them so mf-auth-signup's tracking capture (the
 * one that keeps them for the sign-up call) sees them, as on the lander itself.
 */
export function trackingQuery(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of TRACKING_KEYS) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}
