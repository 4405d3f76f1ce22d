/**
 * Every variant folder of the registry, bundled into the light lander page (each variant is a
 * small component; the page must have the one it shows before hydrating, without a second trip).
 */
import type { ComponentType } from 'react';
import type { VariantProps } from '../landers/common/types';

interface WebpackContext {
  keys(): string[];
  (id: string): { default: ComponentType<VariantProps> };
}

declare global {
  interface ImportMeta {
    webpackContext(request: string, options: { recursive: boolean; regExp: RegExp; mode: 'sync' }): WebpackContext;
  }
}

const context = import.meta.webpackContext('../landers/variants', {
  recursive: true,
  regExp: /^\.\/[a-z0-9-]+\/index\.tsx$/,
  mode: 'sync',
});

/** The variant's page component, or undefined when the build has no such folder. */
export function variantComponent(name: string): ComponentType<VariantProps> | undefined {
  const key = `./${name}/index.tsx`;
  return context.keys().includes(key) ? context(key).default : undefined;
}
