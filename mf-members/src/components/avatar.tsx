import { css } from '@emotion/react';
import type { SerializedStyles } from '@emotion/react';
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
type AvatarProps = {
  profile: Pick<Profile, 'name' | 'main_image'>;
  size?: keyof typeof sizes;
  variant?: 'thumb' | 'full' | 'match';
  height?: string;
  decorative?: boolean;
  priority?: AvatarPriority;
};

function makeBox(size: keyof typeof sizes, height: string | undefined): SerializedStyles {
  const s = sizes[size];
  return css`
    width: ${s.w};
    ${height ? `height: ${height};` : `aspect-ratio: ${s.ratio};`} object-fit: cover;
    display: block;
    background: ${colors.primarySoft};
    ${size === 'round' ? 'border-radius: 50%;' : ''}
  `;
}
/** The box of each size, made once (a search page shows 40 card photos); a measured height is made per render. */
const boxes = Object.fromEntries(Object.keys(sizes).map((size) => [size, makeBox(size as keyof typeof sizes, undefined)])) as Record<
  keyof typeof sizes,
  SerializedStyles
>;

const initials = css`
  display: grid;
  place-items: center;
  font-size: 2rem;
  font-weight: 700;
  color: ${colors.primary};
`;

export function Avatar(props: AvatarProps) {
  // a decorative photo says nothing: it needs no texts (and a card grid no 40 text lookups)
  return props.decorative ? <AvatarView {...props} names={null} /> : <NamedAvatar {...props} />;
}

function NamedAvatar(props: AvatarProps) {
  const { t } = useTranslation('members');
  const name = props.profile.name;
  return <AvatarView {...props} names={{ photo: t('photo.of', { name }), none: t('photo.none', { name }) }} />;
}

function AvatarView({
  profile,
  size = 'card',
  variant = 'thumb',
  height,
  priority = 'lazy',
  names,
}: AvatarProps & { names: { photo: string; none: string } | null }) {
  const img = profile.main_image;
  const src = img ? (variant === 'full' ? img.filename : variant === 'match' ? img.match : img.thumb_filename) : null;
  const box = height ? makeBox(size, height) : boxes[size];
  if (src)
    return (
      <img
        src={src}
        alt={names ? names.photo : ''}
        css={box}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
      />
    );
  return (
    <div {...(names ? { role: 'img', 'aria-label': names.none } : { 'aria-hidden': true })} css={[box, initials]}>
      {profile.name.slice(0, 1).toUpperCase()}
    </div>
  );
}
