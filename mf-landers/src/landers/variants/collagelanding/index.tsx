/** collagelanding: a collage of member photos beside the headline, then three reasons to join. */
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { useLanderCopy } from '../../common/copy';
import { Hero, Section } from '../../common/hero';
import { MemberName } from '../../common/member-name';
import { MemberPhoto } from '../../common/member-photo';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

/** grid areas of the collage: a large photo and smaller ones around it */
const SPANS = ['span 2 / span 2', 'span 1 / span 1', 'span 1 / span 1', 'span 1 / span 2', 'span 1 / span 1', 'span 1 / span 1'];
const REASONS = ['reason1', 'reason2', 'reason3'] as const;

export default function CollageLander(props: VariantProps) {
  const { title, lead, own } = useLanderCopy(props);
  const { members } = useLanderMembers(6, props.gender);
  const collage = (
    <ul
      aria-label={own('collageLabel')}
      css={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gap: 8,
        gridTemplateColumns: 'repeat(4, 1fr)',
        gridAutoRows: '1fr',
        aspectRatio: '4 / 3',
      }}
    >
      {SPANS.map((span, index) => {
        const member = members[index];
        return (
          <li
            key={member?.id ?? `slot-${index}`}
            css={{
              gridArea: span,
              position: 'relative',
              borderRadius: radii.md,
              overflow: 'hidden',
              background: 'rgba(255,255,255,0.2)',
              boxShadow: shadows.md,
            }}
          >
            {member ? (
              <>
                <MemberPhoto profile={member} size={index === 0 ? 'match' : 'thumb'} priority={index < 3} fill />
                <span
                  css={{
                    position: 'absolute',
                    left: 0,
                    right: 0,
                    bottom: 0,
                    padding: '0.4rem 0.5rem',
                    background: 'linear-gradient(transparent, rgba(20,5,20,0.8))',
                    color: '#fff',
                    fontSize: '0.8rem',
                  }}
                >
                  <MemberName profile={member} place={false} tone="dark" />
                </span>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
  return (
    <>
      <Hero title={title} lead={lead} background={`linear-gradient(135deg, ${colors.primary}, ${colors.dark})`} aside={collage} />
      <Section title={own('reasonsTitle')}>
        <ul
          css={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 16,
            gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
          }}
        >
          {REASONS.map((reason) => (
            <li key={reason} css={{ background: colors.surface, borderRadius: radii.lg, boxShadow: shadows.sm, padding: '1.25rem' }}>
              <h3 css={{ margin: '0 0 0.4rem' }}>{own(`${reason}Title`)}</h3>
              <p css={{ margin: 0 }}>{own(`${reason}Text`)}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
