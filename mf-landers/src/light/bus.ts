/**
 * A stand-in for `@dating/shared-kit/bus` on the light lander page (a webpack alias of the light
 * builds). The one event a lander emits is `signup:open` (the call to action on a desktop): nobody
 * here listens for it, so it starts the app on this page with the sign-up modal open (upgrade.ts).
 */
import { upgradeToApp } from './upgrade';

export const bus = {
  emit(name: string): void {
    if (name === 'signup:open') upgradeToApp();
  },
  on(): () => void {
    return () => undefined;
  },
};
