/**
 * The variant registry: `registry.json` (one line per variant, the slugs and the copy they pick),
 * checked against its contract. Each variant's page is the default export of
 * `variants/<name>/index.tsx`, its own chunk, loaded only on its own URL. The build copies
 * registry.json to `dist/landers-registry.json`, which the server reads per request (404 for an
 * unknown variant or slug). How to add or retire a variant: README "Landers".
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { ZLanderRegistry } from '@dating/shared-kit/contracts';
import type { LanderRegistry } from '@dating/shared-kit/contracts';
import raw from './registry.json';
import type { VariantProps } from './common/types';

export const registry: LanderRegistry = ZLanderRegistry.parse(raw);

export { slugEntry } from './slugs';

const pages = new Map<string, LazyExoticComponent<ComponentType<VariantProps>>>();

/** The variant's page, loaded on first use (one chunk per variant folder). */
export function variantPage(name: string): LazyExoticComponent<ComponentType<VariantProps>> {
  let page = pages.get(name);
  if (!page) {
    page = lazy(
      () =>
        import(/* webpackChunkName: "lander-[request]" */ `./variants/${name}/index.tsx`) as Promise<{
          default: ComponentType<VariantProps>;
        }>,
    );
    pages.set(name, page);
  }
  return page;
}
