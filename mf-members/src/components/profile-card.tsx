import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Profile } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { FictionalBadge, useFictionalWarning, VerifiedBadge } from '@dating/shared-kit/ui';
import { countryName } from './country-name';
import { Avatar } from './avatar';
import type { AvatarPriority } from './avatar';

const card = css`
  /* as tall as the tallest card of its row (a city on two lines, a chatpal's warning) */
  flex: 1;
  width: 100%;
  display: flex;
  flex-direction: column;
  background: ${colors.surface};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.sm};
  border: 1px solid ${colors.border};
  overflow: hidden;
  color: ${colors.text};
  text-decoration: none;
  transition:
    transform 120ms ease,
    box-shadow 120ms ease;
  &:hover,
  &:focus-visible {
    transform: translateY(-2px);
    box-shadow: ${shadows.md};
  }
`;

/** A member in a list: photo, name, age, place; the fictional icon + warning where it applies. */
export function ProfileCard({ profile, photo = 'lazy' }: { profile: Profile; photo?: AvatarPriority }) {
  const { t, i18n } = useTranslation('members');
  const fictionalWarning = useFictionalWarning();
  const place = [profile.city, countryName(profile.country, i18n.language)].filter(Boolean).join(', ');
  return (
    // named by what it shows (WCAG 2.5.3 label in name): name and age, place, the fictional notice
    <Link to={`/members/${profile.id}`} css={card}>
      <Avatar profile={profile} size="card" decorative priority={photo} />
      <div
        css={css`
          padding: 10px 12px 12px;
          display: flex;
          flex-direction: column;
          gap: 2px;
        `}
      >
        <span
          css={css`
            font-weight: 700;
            display: flex;
            align-items: center;
            gap: 6px;
          `}
        >
          {t('card.nameAge', { name: profile.name, age: profile.age })}
          {profile.fictional && <FictionalBadge size={18} />}
        </span>
        {profile.verified && <VerifiedBadge />}
        <span
          css={css`
            color: ${colors.textMuted};
            font-size: 0.875rem;
          `}
        >
          {place}
        </span>
        {profile.fictional && (
          <span
            css={css`
              color: ${colors.darkSoft};
              font-size: 0.75rem;
              line-height: 1.3;
            `}
          >
            {fictionalWarning}
          </span>
        )}
      </div>
    </Link>
  );
}

/** A first row of cards: up to six columns on a wide screen (160 px and more each in 1140 px). */
const FIRST_SCREEN_PHOTOS = 6;
/** The first row on a phone (two columns): where the largest paint is. */
const HIGH_PRIORITY_PHOTOS = 2;

/**
 * `extra`: one more tile among the profiles, after the `at`-th (the cams/resell tile of the
 * search results); its cell is hidden while it has nothing to show. The cell is at least 16rem
 * tall, whatever shows in it (a placeholder, then the tile): where it stands alone in its row (one
 * column, phones under ~370 px) the row then keeps its height when the tile arrives; among cards
 * (222 px and more) it hardly adds (issue 13 item 21: no layout shift from a remote arriving).
 * `firstScreen`: the grid opens the page, so its first row is in view at once (the page's largest
 * paint is one of its photos): those photos load eagerly, the first two at high priority.
 */
export function ProfileGrid({
  profiles,
  label,
  extra,
  firstScreen = false,
}: {
  profiles: readonly Profile[];
  label: string;
  extra?: { at: number; node: ReactNode };
  firstScreen?: boolean;
}) {
  const photo = (index: number): AvatarPriority =>
    !firstScreen || index >= FIRST_SCREEN_PHOTOS ? 'lazy' : index < HIGH_PRIORITY_PHOTOS ? 'high' : 'eager';
  const items = profiles.map((p, index) => (
    <li
      key={p.id}
      css={css`
        display: flex;
      `}
    >
      <ProfileCard profile={p} photo={photo(index)} />
    </li>
  ));
  if (extra) {
    items.splice(
      Math.min(extra.at, items.length),
      0,
      <li
        key="extra"
        css={css`
          display: flex;
          min-height: 16rem;
          &:empty {
            display: none;
          }
        `}
      >
        {extra.node}
      </li>,
    );
  }
  return (
    <ul
      aria-label={label}
      css={css`
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 16px;
        grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
      `}
    >
      {items}
    </ul>
  );
}
