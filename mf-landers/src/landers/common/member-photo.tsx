/**
 * A member's photo as the server serves it in sizes: `thumb` (200x200) for tiles, `match`
 * (400x400) for large ones; width and height given (no layout shift), lazy below the fold
 * (`priority` for the one picture at the top), decoded off the main thread. No photo: initials.
 */
import type { Profile } from '@dating/shared-kit/contracts';
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
}

const PIXELS = { thumb: 200, match: 400 } as const;

export function MemberPhoto({ profile, size = 'thumb', priority = false, alt = '', fill = false }: MemberPhotoProps) {
  const px = PIXELS[size];
  const img = profile.main_image;
  const box = fill
    ? ({ display: 'block', position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', background: colors.primarySoft } as const)
    : ({ display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover', background: colors.primarySoft } as const);
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
  return (
    <img
      src={size === 'match' ? img.match : img.thumb_filename}
      alt={alt}
      width={px}
      height={px}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      css={box}
    />
  );
}
