/**
 * The light lander page in the browser: hydrates what the server rendered (the same tree, the same
 * inlined data), so the swipe deck, the video and the call to action come alive. Hydration is
 * concurrent (a transition: React yields to the browser between pieces of work): no long task on a
 * slow phone.
 */
// first: no schema may be made before zod is told not to compile (the page's CSP has no 'unsafe-eval')
import '@dating/shared-kit/no-eval';
import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { LightPageData } from './data';
import { createLightI18n } from './i18n';
import { LightLanderPage } from './page';

declare global {
  interface Window {
    /** buttons pressed and choices made before hydration (server.tsx startClient) */
    __LANDER_PRESSED__?: HTMLElement[];
    __LANDER_CHOSEN__?: Array<{ select: HTMLSelectElement; value: string }>;
    __LANDER_HYDRATED__?: boolean;
  }
}

/** Once hydrated: the buttons pressed and choices made while the page was not yet alive are made again. */
function Hydrated() {
  useEffect(() => {
    window.__LANDER_HYDRATED__ = true;
    for (const { select, value } of window.__LANDER_CHOSEN__?.splice(0) ?? []) {
      if (!select.isConnected) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const button of window.__LANDER_PRESSED__?.splice(0) ?? []) if (button.isConnected) button.click();
  }, []);
  return null;
}

const script = document.getElementById('lander-data');
const container = document.getElementById('lander');
if (script?.textContent && container) {
  const data = JSON.parse(script.textContent) as LightPageData;
  window.__LIGHT_PAGE__ = data;
  // in a transition: React hydrates in slices and yields to the browser between them (a plain
  // hydrateRoot is one long task, which a slow phone counts as blocking time)
  startTransition(() => {
    hydrateRoot(container, <LightLanderPage data={data} i18n={createLightI18n(data)} after={<Hydrated />} />, {
      onRecoverableError(error) {
        console.warn('[landers] the page was rendered again in the browser', error);
      },
    });
  });
}
