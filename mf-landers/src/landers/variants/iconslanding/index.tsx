/** iconslanding: the headline, four icons that say how it works, then a strip of members. */
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { useLanderCopy } from '../../common/copy';
import { Hero, Section } from '../../common/hero';
import { MemberGrid, MemberGridSkeleton } from '../../common/member-grid';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

/** 24x24 line icons (drawn here, no icon font) */
const ICONS = {
  free: 'M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z',
  nearby: 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z',
  match: 'M12 21s-7.5-4.6-9.5-9.3C1 8 3.4 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.6 0 6 3.5 4.5 7.2C19.5 16.4 12 21 12 21z',
  chat: 'M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
} as const;

export default function IconsLander(props: VariantProps) {
  const { title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(6, props.gender);
  return (
    <>
      <Hero title={title} lead={lead} background={`linear-gradient(135deg, ${colors.dark}, ${colors.primary})`} />
      <Section title={own('stepsTitle')} cta={false}>
        <ol
          css={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 16,
            gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
          }}
        >
          {(Object.keys(ICONS) as (keyof typeof ICONS)[]).map((key) => (
            <li
              key={key}
              css={{
                background: colors.surface,
                borderRadius: radii.lg,
                boxShadow: shadows.sm,
                padding: '1.25rem',
                display: 'grid',
                gap: 8,
                justifyItems: 'center',
                textAlign: 'center',
              }}
            >
              <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" css={{ color: colors.primary }}>
                <path d={ICONS[key]} fill="currentColor" />
              </svg>
              <h3 css={{ margin: 0 }}>{own(`${key}Title`)}</h3>
              <p css={{ margin: 0 }}>{own(`${key}Text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={own('membersTitle')}>
        {loading ? <MemberGridSkeleton count={6} /> : <MemberGrid members={members} label={own('membersTitle')} />}
      </Section>
    </>
  );
}
