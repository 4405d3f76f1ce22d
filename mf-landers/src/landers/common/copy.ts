/**
 * A lander's copy. Without a slug: `landers.variants.<variant>.title|lead`. With a slug: the slug's
 * copy (registry.json `slugs.<slug>.copy`), `landers.copy.<copy>.title|lead`, in the same frame.
 * The page title is the headline.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import type { VariantProps } from './types';

export function useLanderCopy({ variant, copy }: Pick<VariantProps, 'variant' | 'copy'>) {
  const { t } = useTranslation(NAMESPACE);
  const base = copy ? `landers.copy.${copy}` : `landers.variants.${variant}`;
  const title = t(`${base}.title`);
  const lead = t(`${base}.lead`);
  useEffect(() => {
    document.title = title;
  }, [title]);
  /** a text of this variant: `landers.variants.<variant>.<key>` */
  const own = (key: string, options?: Record<string, unknown>) => t(`landers.variants.${variant}.${key}`, options ?? {});
  return { t, title, lead, own };
}
