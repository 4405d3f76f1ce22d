/**
 * maplanding: a drawn map with members pinned on it beside the headline (the pin's place comes
 * from the member's city name, so a member keeps the same place), then the members with their city.
 */
import { colors } from '@dating/shared-kit/theme';
import { useLanderCopy } from '../../common/copy';
import { Hero, Section } from '../../common/hero';
import { MemberGrid, MemberGridSkeleton } from '../../common/member-grid';
import { MemberPhoto } from '../../common/member-photo';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

/** a stable spot (percent of the map) for a place name */
function spot(name: string, index: number): { x: number; y: number } {
  let hash = 2166136261;
  for (const char of `${name}${index}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return { x: 15 + (Math.abs(hash) % 70), y: 15 + (Math.abs(hash >> 8) % 65) };
}

export default function MapLander(props: VariantProps) {
  const { title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(10, props.gender);
  const pinned = members.slice(0, 6);
  const map = (
    <figure css={{ margin: 0, position: 'relative', aspectRatio: '4 / 3', borderRadius: 24, overflow: 'hidden', background: '#cfe8f3' }}>
      <svg viewBox="0 0 400 300" aria-hidden="true" css={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}>
        <path
          d="M60 40 C140 10 250 20 330 60 C380 90 370 170 340 220 C300 280 180 290 110 260 C40 230 20 150 35 100 C42 75 48 55 60 40Z"
          fill="#e9f5dc"
          stroke="#b5d69a"
          strokeWidth="3"
        />
        <path
          d="M90 120 C150 100 220 140 300 110 M120 200 C180 170 240 210 320 180 M200 40 C190 110 210 190 190 280"
          stroke="#d6c9a8"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      {pinned.map((member, index) => {
        const { x, y } = spot(member.city ?? member.name, index);
        return (
          <span
            key={member.id}
            css={{
              position: 'absolute',
              left: `${x}%`,
              top: `${y}%`,
              transform: 'translate(-50%, -100%)',
              display: 'grid',
              justifyItems: 'center',
            }}
          >
            <span
              css={{
                width: 48,
                height: 48,
                borderRadius: '50%',
                overflow: 'hidden',
                border: `3px solid ${colors.surface}`,
                boxShadow: '0 2px 6px rgba(0,0,0,0.3)',
                display: 'block',
              }}
            >
              <MemberPhoto profile={member} priority={index < 3} />
            </span>
            <span
              aria-hidden="true"
              css={{
                width: 0,
                height: 0,
                borderLeft: '7px solid transparent',
                borderRight: '7px solid transparent',
                borderTop: `10px solid ${colors.surface}`,
              }}
            />
          </span>
        );
      })}
      <figcaption
        css={{
          position: 'absolute',
          left: 12,
          bottom: 10,
          background: 'rgba(255,255,255,0.9)',
          color: colors.dark,
          borderRadius: 999,
          padding: '0.25rem 0.75rem',
          fontSize: '0.85rem',
          fontWeight: 600,
        }}
      >
        {own('mapCaption', { n: members.length })}
      </figcaption>
    </figure>
  );
  return (
    <>
      <Hero title={title} lead={lead} background={`linear-gradient(160deg, #1d6f8c, ${colors.dark})`} aside={map} />
      <Section title={own('nearbyTitle')}>
        {loading ? <MemberGridSkeleton count={8} /> : <MemberGrid members={members} label={own('nearbyTitle')} />}
      </Section>
    </>
  );
}
