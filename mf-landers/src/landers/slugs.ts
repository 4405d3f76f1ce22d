/**
 * A slug's entry of the registry (registry.json `slugs`): which copy it picks and which members it
 * shows. Plain data, no schema library: the light lander page uses it too (registry.ts checks the
 * whole registry against its contract, and the build refuses a registry that does not pass).
 */
import type { LanderSlug } from '@dating/shared-kit/contracts';
import raw from './registry.json';

const slugs: Readonly<Record<string, LanderSlug>> = raw.slugs as Record<string, LanderSlug>;

/** The slug's entry (copy and member filter), or undefined for no slug. */
export function slugEntry(slug: string | undefined): LanderSlug | undefined {
  return slug && Object.hasOwn(slugs, slug.toLowerCase()) ? slugs[slug.toLowerCase()] : undefined;
}
