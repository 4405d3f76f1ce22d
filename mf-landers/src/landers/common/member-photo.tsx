/**
 * A member's photo as the server serves it in sizes: `thumb` (200x200) for tiles, `match`
 * (400x400) for large ones; width and height given (no layout shift), lazy below the fold
 * (`priority` for the one picture at the top), decoded off the main thread. No photo: initials.
 * Browsers that take WebP get the server's WebP variants in the width the screen needs
 * (`srcset`/`sizes`, contracts/photo-variants.ts), others the JPEG. The `priority` picture is
 * also preloaded with high priority (React puts the preload in the server's HTML).
 */
import type { ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';
import type { Profile } from '@dating/shared-kit/contracts';
import { photoVariantSrcSet } from '@dating/shared-kit/contracts';
import type { PhotoVariantWidth } from '@dating/shared-kit/contracts';
import { colors } from '@dating/shared-kit/theme';

export interface MemberPhotoProps {
  profile: Pick<Profile, 'name' | 'main_image'>;
  size?: 'thumb' | 'match';
  /** the picture at the top of the page: loaded at once, with high priority */
  priority?: boolean;
  /** alt text; '' when the name is said beside it */
  alt?: string;
  /** cover the positioned parent (collage, slideshow) instead of a square of the parent's width */
  fill?: boolean;
  /** how wide the picture shows (`sizes`): the phone's width for a large one unless said */
  sizes?: string;
}

const PIXELS = { thumb: 200, match: 400 } as const;
const WIDTHS: Record<'thumb' | 'match', readonly PhotoVariantWidth[]> = { thumb: [200], match: [200, 320, 400] };
const SIZES = { thumb: '200px', match: '(max-width: 440px) 100vw, 400px' } as const;

export function MemberPhoto({ profile, size = 'thumb', priority = false, alt = '', fill = false, sizes = SIZES[size] }: MemberPhotoProps) {
  const px = PIXELS[size];
  const img = profile.main_image;
  const box = fill
    ? ({
        display: 'block',
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        background: colors.primarySoft,
      } as const)
    : ({
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '1 / 1',
        objectFit: 'cover',
        background: colors.primarySoft,
      } as const);
  if (!img) {
    return (
      <span
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        css={[box, { display: 'grid', placeItems: 'center', fontSize: '2rem', fontWeight: 700, color: colors.primary }]}
      >
        {profile.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  const src = size === 'match' ? img.match : img.thumb_filename;
  const webp = photoVariantSrcSet(src, WIDTHS[size]);
  if (priority)
    preload(
      src,
      webp
        ? { as: 'image', type: 'image/webp', imageSrcSet: webp, imageSizes: sizes, fetchPriority: 'high' }
        : { as: 'image', fetchPriority: 'high' },
    );
  const attributes: ImgHTMLAttributes<HTMLImageElement> = {
    src,
    alt,
    width: px,
    height: px,
    loading: priority ? 'eager' : 'lazy',
    decoding: priority ? 'auto' : 'async',
    ...(priority ? { fetchPriority: 'high' } : {}),
  };
  if (!webp) return <img {...attributes} css={box} />;
  return (
    // the <img> keeps its place in the parent's layout (the picture element makes no box); its
    // style is the picture's, so no <style> of the server's HTML stands between <source> and <img>
    // (the browser's preload scanner would then fetch the JPEG as well)
    <picture css={{ display: 'contents', '& > img': box }}>
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      <img {...attributes} />
    </picture>
  );
}
