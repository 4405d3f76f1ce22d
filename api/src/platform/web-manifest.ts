/**
 * The web app manifest of the installed app (installed-app mode), per site:
 * GET /manifest.webmanifest, linked from every page (shell/src/index.html). Name and description
 * are the request's site's own; the icons are drawn by the shell's build (shell/scripts/make-icons.mjs:
 * 192 and 512 px, plus a maskable 512 px); colours are the theme's (shared-kit/src/theme/theme.ts).
 * Revalidated like the page (no-cache + ETag), so a renamed site shows up on the next visit.
 */
import type { FastifyRequest } from 'fastify';

/** theme.ts: the brand pink (the browser's theme colour) and the page background */
export const THEME_COLOR = '#e5307a';
export const BACKGROUND_COLOR = '#fbf7fa';

export function webManifest(req: FastifyRequest): Record<string, unknown> {
  const settings = req.site?.settings;
  const name = settings?.name ?? 'Flirtlokaal';
  return {
    id: '/',
    name,
    short_name: name.length > 12 ? name.slice(0, 12) : name,
    description: settings?.description ?? '',
    lang: req.lang,
    start_url: '/?source=installed-app',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
