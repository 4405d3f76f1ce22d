import type { Gender } from '@dating/shared-kit/contracts';

/** What every variant page gets: its name, the copy key the slug picked and the member filter. */
export interface VariantProps {
  /** the variant's name (registry.json) */
  variant: string;
  /** `copy.<key>` of the slug, when the URL has one: its title and lead replace the variant's */
  copy?: string;
  /** only members of this gender (from the slug) */
  gender?: Gender;
}
