/**
 * tinderswipe: one member card at a time, "nope" or "like" (buttons, or dragging on a
 * touch screen); after a few the visitor is asked to sign up to see who likes them back.
 */
import { useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { useLanderCopy } from '../../common/copy';
import { SignupCta } from '../../common/cta';
import { MemberName } from '../../common/member-name';
import { MemberPhoto } from '../../common/member-photo';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

const SWIPES_BEFORE_ASK = 5;

const round = (background: string) =>
  ({
    font: 'inherit',
    fontSize: '1.6rem',
    width: 64,
    height: 64,
    borderRadius: '50%',
    border: 0,
    background,
    color: '#fff',
    boxShadow: shadows.md,
    cursor: 'pointer',
  }) as const;

export default function TinderSwipeLander(props: VariantProps) {
  const { title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(SWIPES_BEFORE_ASK, props.gender);
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState<'left' | 'right' | null>(null);
  const [dragX, setDragX] = useState<number | null>(null);
  const [startX, setStartX] = useState(0);
  const member = members[index];
  const done = !loading && (index >= members.length || index >= SWIPES_BEFORE_ASK);

  const swipe = (direction: 'left' | 'right') => {
    if (!member || leaving) return;
    setLeaving(direction);
    window.setTimeout(() => {
      setLeaving(null);
      setDragX(null);
      setIndex((i) => i + 1);
    }, 220);
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const dx = event.clientX - startX;
    if (Math.abs(dx) > 80) swipe(dx > 0 ? 'right' : 'left');
    else setDragX(null);
  };
  const offset = leaving ? (leaving === 'right' ? 480 : -480) : (dragX ?? 0);

  return (
    <section
      aria-labelledby="lander-title"
      css={{
        background: `linear-gradient(180deg, ${colors.primarySoft}, ${colors.background})`,
        padding: '1.5rem 1rem 2.5rem',
        minHeight: '80vh',
      }}
    >
      <div css={{ maxWidth: 420, margin: '0 auto', display: 'grid', gap: '1rem', textAlign: 'center' }}>
        <h1 id="lander-title" css={{ margin: 0, fontSize: '1.75rem' }}>
          {title}
        </h1>
        <p css={{ margin: 0 }}>{lead}</p>
        <div
          css={{
            position: 'relative',
            aspectRatio: '4 / 5',
            borderRadius: radii.lg,
            background: colors.surface,
            boxShadow: shadows.lg,
            overflow: 'hidden',
          }}
        >
          {done ? (
            <div
              role="status"
              css={{ position: 'absolute', inset: 0, display: 'grid', placeContent: 'center', gap: '1rem', padding: '1.5rem' }}
            >
              <h2 css={{ margin: 0 }}>{own('doneTitle')}</h2>
              <p css={{ margin: 0 }}>{own('doneText')}</p>
            </div>
          ) : member ? (
            <div
              onPointerDown={(e) => setStartX(e.clientX)}
              onPointerMove={(e) => e.buttons === 1 && setDragX(e.clientX - startX)}
              onPointerUp={onPointerUp}
              css={{
                position: 'absolute',
                inset: 0,
                touchAction: 'pan-y',
                transition: dragX !== null && !leaving ? 'none' : 'transform 220ms ease-out',
                transform: `translateX(${offset}px) rotate(${offset / 24}deg)`,
              }}
            >
              <MemberPhoto profile={member} size="match" priority={index === 0} fill alt={member.name} />
              <div
                css={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  bottom: 0,
                  padding: '2.5rem 1rem 1rem',
                  textAlign: 'left',
                  color: '#fff',
                  background: 'linear-gradient(transparent, rgba(20,5,20,0.85))',
                }}
              >
                <MemberName profile={member} tone="dark" />
              </div>
            </div>
          ) : null}
        </div>
        {done ? (
          <p css={{ margin: 0 }}>
            <SignupCta />
          </p>
        ) : (
          <div css={{ display: 'flex', justifyContent: 'center', gap: 32 }}>
            <button
              type="button"
              aria-label={own('nope')}
              title={own('nope')}
              onClick={() => swipe('left')}
              disabled={!member}
              css={round(colors.darkSoft)}
            >
              ✕
            </button>
            <button
              type="button"
              aria-label={own('like')}
              title={own('like')}
              onClick={() => swipe('right')}
              disabled={!member}
              css={round(colors.primary)}
            >
              ♥
            </button>
          </div>
        )}
        {done ? null : (
          <p css={{ margin: 0 }}>
            <SignupCta />
          </p>
        )}
      </div>
    </section>
  );
}
