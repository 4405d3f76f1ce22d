/**
 * The lander registry (mf-landers/src/landers/registry.json, copied by mf-landers' build to
 * `dist/landers-registry.json`). A variant is one folder in mf-landers plus one line here; a slug
 * picks copy (and may narrow the members shown). mf-landers builds its routes from it and the
 * server reads the BUILT copy per request to answer an unknown variant or slug with a 404, so a
 * variant shipped by rebuilding mf-landers alone is live without a server restart.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { ZGender } from './core';
import { matchRoutePattern } from './routes';

const ZName = lazySchema(() => z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/)));

export const ZLanderSlug = lazySchema(() =>
  z.object({
    /** the copy this slug picks: `landers.copy.<copy>.*` in mf-landers' locales */
    copy: ZName,
    /** show only members of this gender (optional) */
    gender: z.optional(ZGender),
  }),
);
export type LanderSlug = z.infer<typeof ZLanderSlug>;

export const ZLanderVariant = lazySchema(() =>
  z.object({
    /** the URL segment and the folder name under mf-landers/src/landers/variants/ */
    name: ZName,
    /** whether `/landers/<name>/<slug>` exists (tinderswipe has no slug) */
    slug: z.boolean(),
  }),
);
export type LanderVariant = z.infer<typeof ZLanderVariant>;

export const ZLanderRegistry = lazySchema(() =>
  z.object({
    slugs: z.record(ZName, ZLanderSlug),
    variants: z.array(ZLanderVariant),
  }),
);
export type LanderRegistry = z.infer<typeof ZLanderRegistry>;

/** The member landings whose last segment is a slug of the registry. */
const MEMBER_SLUG_PATTERNS = ['/members/:id/landing2/:slug?', '/members/:id/landing3/:slug?'] as const;

/**
 * Whether the registry knows `pathname`: null when it is no lander path at all (someone else
 * decides), else true/false. `/landers/<variant>` and `/landers/<variant>/<slug>`; the member
 * landings' slugs; a member landing's id must be a number.
 */
export function landerPathKnown(registry: LanderRegistry, pathname: string): boolean | null {
  const lander = matchRoutePattern('/landers/*', pathname);
  if (lander) {
    const [name, slug, ...rest] = (lander['*'] ?? '').split('/');
    const variant = registry.variants.find((v) => v.name === name?.toLowerCase());
    if (!variant || rest.length > 0) return false;
    if (slug === undefined) return true;
    return variant.slug && Object.hasOwn(registry.slugs, slug.toLowerCase());
  }
  for (const pattern of MEMBER_SLUG_PATTERNS) {
    const params = matchRoutePattern(pattern, pathname);
    if (params)
      return /^\d{1,12}$/.test(params.id ?? '') && (params.slug === undefined || Object.hasOwn(registry.slugs, params.slug.toLowerCase()));
  }
  for (const pattern of ['/members/:id/landing', '/members/:id/signup']) {
    const params = matchRoutePattern(pattern, pathname);
    if (params) return /^\d{1,12}$/.test(params.id ?? '');
  }
  return null;
}
