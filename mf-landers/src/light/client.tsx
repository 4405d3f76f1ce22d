/**
 * The light lander page in the browser: hydrates what the server rendered (the same tree, the same
 * inlined data), so the swipe deck, the video and the call to action come alive. Hydration is
 * concurrent (React yields to the browser between pieces of work): no long task on a slow phone.
 */
import { hydrateRoot } from 'react-dom/client';
import type { LightPageData } from './data';
import { createLightI18n } from './i18n';
import { LightLanderPage } from './page';

const script = document.getElementById('lander-data');
const container = document.getElementById('lander');
if (script?.textContent && container) {
  const data = JSON.parse(script.textContent) as LightPageData;
  window.__LIGHT_PAGE__ = data;
  hydrateRoot(container, <LightLanderPage data={data} i18n={createLightI18n(data)} />, {
    onRecoverableError(error) {
      console.warn('[landers] the page was rendered again in the browser', error);
    },
  });
}
