import { css } from '@emotion/react';
import { memo } from 'react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
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

// made once for every card (a search page renders 20 of them, and again on each answer)
const cardBody = css`
  padding: 10px 12px 12px;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;
const nameLine = css`
  font-weight: 700;
  display: flex;
  align-items: center;
  gap: 6px;
`;
const placeLine = css`
  color: ${colors.textMuted};
  font-size: 0.875rem;
`;
const warningLine = css`
  color: ${colors.darkSoft};
  font-size: 0.75rem;
  line-height: 1.3;
`;
/** The list of cards: as many 160 px columns as fit (the likes' list uses it too). */
export const cardGridStyle = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
`;
const cell = css`
  display: flex;
`;
/**
 * A grid below the first screen (the similar members) is laid out and painted only when it comes
 * near (content-visibility): on a phone's first load it was half the cards the browser laid out
 * in one of the search page's longest tasks. The cards stay in the page for assistive technology
 * and find-in-page; their height until then is the last one seen, else about a card's. Not for the
 * grid that opens a page: a card of its first screen would change height once drawn (a layout shift).
 */
const laterCell = css`
  display: flex;
  content-visibility: auto;
  contain-intrinsic-size: auto none auto 270px;
  /* one column on the narrowest phones: a card is as tall as the screen is wide, plus its texts */
  @media (max-width: 367px) {
    contain-intrinsic-size: auto none auto 400px;
  }
`;
const extraCell = css`
  display: flex;
  min-height: 16rem;
  &:empty {
    display: none;
  }
`;

/** The chatpal warning under a fictional card's place (only those cards look the text up). */
function FictionalWarningLine() {
  return <span css={warningLine}>{useFictionalWarning()}</span>;
}

/**
 * A member in a list: photo, name, age, place; the fictional icon + warning where it applies.
 * The grid gives the texts (one text lookup for the page, not one per card), and a card renders
 * again only when they or its profile change.
 */
const CardView = memo(function CardView({
  profile,
  photo,
  nameAge,
  place,
}: {
  profile: Profile;
  photo: AvatarPriority;
  nameAge: string;
  place: string;
}) {
  return (
    // named by what it shows (WCAG 2.5.3 label in name): name and age, place, the fictional notice
    <Link to={`/members/${profile.id}`} css={card}>
      <Avatar profile={profile} size="card" decorative priority={photo} />
      <div css={cardBody}>
        <span css={nameLine}>
          {nameAge}
          {profile.fictional && <FictionalBadge size={18} />}
        </span>
        {profile.verified && <VerifiedBadge />}
        <span css={placeLine}>{place}</span>
        {profile.fictional && <FictionalWarningLine />}
      </div>
    </Link>
  );
});

/** A card's texts in the reader's language: "Anna, 34" and "Utrecht, Nederland". */
function cardTexts(t: TFunction<'members'>, language: string, p: Profile): { nameAge: string; place: string } {
  return {
    nameAge: t('card.nameAge', { name: p.name, age: p.age }),
    place: [p.city, countryName(p.country, language)].filter(Boolean).join(', '),
  };
}

/** One card on its own (a list that is no ProfileGrid, e.g. the likes with their "new" badge). */
export function ProfileCard({ profile, photo = 'lazy' }: { profile: Profile; photo?: AvatarPriority }) {
  const { t, i18n } = useTranslation('members');
  return <CardView profile={profile} photo={photo} {...cardTexts(t, i18n.language, profile)} />;
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
 * `belowTheFold`: the grid always starts below the first screen (after a page of results, under a
 * profile): its cards are drawn as they come near (laterCell).
 */
export function ProfileGrid({
  profiles,
  label,
  extra,
  firstScreen = false,
  belowTheFold = false,
}: {
  profiles: readonly Profile[];
  label: string;
  extra?: { at: number; node: ReactNode };
  firstScreen?: boolean;
  belowTheFold?: boolean;
}) {
  const { t, i18n } = useTranslation('members');
  const photo = (index: number): AvatarPriority =>
    !firstScreen || index >= FIRST_SCREEN_PHOTOS ? 'lazy' : index < HIGH_PRIORITY_PHOTOS ? 'high' : 'eager';
  const items = profiles.map((p, index) => (
    <li key={p.id} css={belowTheFold ? laterCell : cell}>
      <CardView profile={p} photo={photo(index)} {...cardTexts(t, i18n.language, p)} />
    </li>
  ));
  if (extra) {
    items.splice(
      Math.min(extra.at, items.length),
      0,
      <li key="extra" css={extraCell}>
        {extra.node}
      </li>,
    );
  }
  return (
    <ul aria-label={label} css={cardGridStyle}>
      {items}
    </ul>
  );
}
