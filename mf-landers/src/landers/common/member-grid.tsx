/** Members as tiles: photo, name and age, place; the chatpal label where it applies. */
import type { Profile } from '@dating/shared-kit/contracts';
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { MemberName } from './member-name';
import { MemberPhoto } from './member-photo';

export function MemberTile({
  profile,
  priority = false,
  size = 'thumb',
}: {
  profile: Profile;
  priority?: boolean;
  size?: 'thumb' | 'match';
}) {
  return (
    <figure
      css={{
        margin: 0,
        background: colors.surface,
        borderRadius: radii.lg,
        overflow: 'hidden',
        boxShadow: shadows.sm,
        border: `1px solid ${colors.border}`,
        height: '100%',
      }}
    >
      <MemberPhoto profile={profile} priority={priority} size={size} />
      <figcaption css={{ padding: '0.6rem 0.75rem 0.75rem', color: colors.text }}>
        <MemberName profile={profile} />
      </figcaption>
    </figure>
  );
}

export function MemberGrid({
  members,
  label,
  min = 150,
  eager = 0,
}: {
  members: readonly Profile[];
  label: string;
  min?: number;
  eager?: number;
}) {
  return (
    <ul
      aria-label={label}
      css={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gap: 14,
        gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
      }}
    >
      {members.map((member, index) => (
        <li key={member.id}>
          <MemberTile profile={member} priority={index < eager} />
        </li>
      ))}
    </ul>
  );
}

/** Grey tiles of the same size while the members load (no layout shift when they come). */
export function MemberGridSkeleton({ count, min = 150 }: { count: number; min?: number }) {
  return (
    <div aria-hidden="true" css={{ display: 'grid', gap: 14, gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))` }}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} css={{ aspectRatio: '1 / 1.35', borderRadius: radii.lg, background: colors.primarySoft }} />
      ))}
    </div>
  );
}
