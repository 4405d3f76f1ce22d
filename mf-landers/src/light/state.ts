/**
 * A stand-in for `@dating/shared-kit/state` on the light lander page (a webpack alias of the light
 * builds): the page is served to visitors only (the server sends a logged-in member the app), and
 * its settings are the ones the server inlined. No jotai store, no session call.
 */
import type { Settings, User } from '@dating/shared-kit/contracts';
import { useLightPage } from './data';

export function useSession(): User | null {
  return null;
}

export function useSettings(): Settings | null {
  return useLightPage().settings;
}
