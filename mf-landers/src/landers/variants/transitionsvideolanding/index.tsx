/**
 * transitionsvideolanding: members' photos cross-fade one into the next beside the headline; below,
 * the project's video (loaded only when scrolled near) and the members.
 */
import { useEffect, useState } from 'react';
import { colors, mq } from '@dating/shared-kit/theme';
import { useLanderCopy } from '../../common/copy';
import { Hero, Section } from '../../common/hero';
import { LoopVideo } from '../../common/loop-video';
import { MemberGrid, MemberGridSkeleton } from '../../common/member-grid';
import { MemberName } from '../../common/member-name';
import { MemberPhoto } from '../../common/member-photo';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

const SLIDES = 5;
const EVERY_MS = 3000;

export default function TransitionsVideoLander(props: VariantProps) {
  const { title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(12, props.gender);
  const slides = members.slice(0, SLIDES);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (slides.length < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
    const timer = window.setInterval(() => setShown((i) => (i + 1) % slides.length), EVERY_MS);
    return () => window.clearInterval(timer);
  }, [slides.length]);
  const current = slides[shown];
  const slideshow = (
    <figure
      css={{
        margin: 0,
        position: 'relative',
        aspectRatio: '1 / 1',
        maxWidth: 420,
        width: '100%',
        justifySelf: 'center',
        borderRadius: 24,
        overflow: 'hidden',
        background: 'rgba(255,255,255,0.15)',
      }}
    >
      {slides.map((member, index) => (
        <div
          key={member.id}
          aria-hidden={index !== shown}
          css={{
            position: 'absolute',
            inset: 0,
            opacity: index === shown ? 1 : 0,
            transform: index === shown ? 'scale(1)' : 'scale(1.06)',
            transition: 'opacity 900ms ease, transform 2800ms ease',
          }}
        >
          <MemberPhoto profile={member} size="match" priority={index === 0} fill />
        </div>
      ))}
      {current ? (
        <figcaption
          aria-live="polite"
          css={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            padding: '2rem 1rem 0.85rem',
            color: '#fff',
            background: 'linear-gradient(transparent, rgba(20,5,20,0.85))',
          }}
        >
          <MemberName profile={current} tone="dark" />
        </figcaption>
      ) : null}
    </figure>
  );
  return (
    <>
      <Hero title={title} lead={lead} background={`linear-gradient(135deg, ${colors.dark}, #7048e8)`} aside={slideshow} />
      <Section title={own('videoTitle')} cta={false}>
        <div css={{ maxWidth: 720, width: '100%', margin: '0 auto', [mq.md]: { padding: '0 2rem' } }}>
          <LoopVideo lazy />
        </div>
        <p css={{ margin: 0, textAlign: 'center' }}>{own('videoText')}</p>
      </Section>
      <Section title={own('membersTitle')}>
        {loading ? <MemberGridSkeleton count={7} /> : <MemberGrid members={members.slice(SLIDES)} label={own('membersTitle')} />}
      </Section>
    </>
  );
}
