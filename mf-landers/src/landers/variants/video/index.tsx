/** video: the project's video fills the top of the page behind the headline; members below. */
import { useLanderCopy } from '../../common/copy';
import { SignupCta } from '../../common/cta';
import { Section } from '../../common/hero';
import { LoopVideo } from '../../common/loop-video';
import { MemberGrid, MemberGridSkeleton } from '../../common/member-grid';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

export default function VideoLander(props: VariantProps) {
  const { t, title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(8, props.gender);
  return (
    <>
      <section
        aria-labelledby="lander-title"
        css={{ position: 'relative', overflow: 'hidden', minHeight: '70vh', display: 'grid', alignItems: 'center', color: '#fff' }}
      >
        <LoopVideo cover />
        <div
          aria-hidden="true"
          css={{ position: 'absolute', inset: 0, background: 'linear-gradient(90deg, rgba(30,10,28,0.7), rgba(30,10,28,0.2))' }}
        />
        <div
          css={{
            position: 'relative',
            maxWidth: 1140,
            width: '100%',
            margin: '0 auto',
            padding: '3rem 1rem',
            display: 'grid',
            gap: '1rem',
            justifyItems: 'start',
            textShadow: '0 1px 8px rgba(0,0,0,0.45)',
          }}
        >
          <h1 id="lander-title" css={{ color: 'inherit', margin: 0, fontSize: '2.25rem', maxWidth: '18ch' }}>
            {title}
          </h1>
          <p css={{ margin: 0, fontSize: '1.15rem', maxWidth: '44ch' }}>{lead}</p>
          <SignupCta />
          <p css={{ margin: 0, fontSize: '0.85rem' }}>{t('landers.adults')}</p>
        </div>
      </section>
      <Section title={own('membersTitle')}>
        {loading ? <MemberGridSkeleton count={8} /> : <MemberGrid members={members} label={own('membersTitle')} />}
      </Section>
    </>
  );
}
