/**
 * From the light lander page to the app: the shell's start scripts are added to this page, the
 * shell boots on this URL (its lander layout, the same lander through federation, and the sign-up
 * modal, which reads the tracking from this URL) and takes over `#root`. Only on the visitor's
 * click (sign-up on a desktop), so the first visit loads none of it.
 */
import type { LightPageData } from './data';

declare global {
  interface Window {
    /** the light page's data (client.tsx) */
    __LIGHT_PAGE__?: LightPageData;
    /** set before the shell starts: its lander layout opens the sign-up modal once it is up */
    __OPEN_SIGNUP__?: boolean;
  }
}

let started = false;

export function upgradeToApp(): void {
  window.__OPEN_SIGNUP__ = true;
  if (started) return;
  started = true;
  for (const src of window.__LIGHT_PAGE__?.app.scripts ?? []) {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    document.head.appendChild(script);
  }
}
