import { css } from '@emotion/react';
import type { Profile } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors } from '@dating/shared-kit/theme';

export type AvatarPriority = 'lazy' | 'eager' | 'high';

const sizes = { card: { w: '100%', ratio: '1 / 1' }, large: { w: '100%', ratio: '4 / 5' }, round: { w: '96px', ratio: '1 / 1' } } as const;

/**
 * The main image, or initials on a soft background when there is none (yet). `height` (any CSS
 * length) replaces the size's aspect ratio, e.g. to keep a page's buttons in view. `decorative`
 * where the name is said beside it (a card whose link text is the name): no second name for the photo.
 * `priority`: a photo in the first screen, usually the page's largest paint: `eager` loads it as
 * soon as it is in the page (a lazy image waits for layout to find it in view), `high` also asks
 * for it before scripts the page is idle-loading. Photos further down stay lazy.
 */
export function Avatar({
  profile,
  size = 'card',
  variant = 'thumb',
  height,
  decorative = false,
  priority = 'lazy',
}: {
  profile: Pick<Profile, 'name' | 'main_image'>;
  size?: keyof typeof sizes;
  variant?: 'thumb' | 'full' | 'match';
  height?: string;
  decorative?: boolean;
  priority?: AvatarPriority;
}) {
  const { t } = useTranslation('members');
  const s = sizes[size];
  const img = profile.main_image;
  const src = img ? (variant === 'full' ? img.filename : variant === 'match' ? img.match : img.thumb_filename) : null;
  const box = css`
    width: ${s.w};
    ${height ? `height: ${height};` : `aspect-ratio: ${s.ratio};`} object-fit: cover;
    display: block;
    background: ${colors.primarySoft};
    ${size === 'round' ? 'border-radius: 50%;' : ''}
  `;
  if (src)
    return (
      <img
        src={src}
        alt={decorative ? '' : t('photo.of', { name: profile.name })}
        css={box}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
      />
    );
  return (
    <div
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t('photo.none', { name: profile.name }) })}
      css={[
        box,
        css`
          display: grid;
          place-items: center;
          font-size: 2rem;
          font-weight: 700;
          color: ${colors.primary};
        `,
      ]}
    >
      {profile.name.slice(0, 1).toUpperCase()}
    </div>
  );
}
