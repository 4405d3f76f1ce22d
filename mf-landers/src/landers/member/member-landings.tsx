/**
 * The member landings, each built around one member: `/members/:id/landing` (their
 * profile as an invitation), `/landing2/:slug?` (a chat invitation from them), `/landing3/:slug?`
 * (them among other members), and `/members/:id/signup` (empty layout: sign up to meet them; the
 * sign-up modal knows the member from the URL and offers to message them). A slug picks the copy
 * as on the landers. A member the server does not show (unknown, deleted, invisible): the 404 page.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberResponse } from '@dating/shared-kit/contracts';
import { colors, mq, radii, shadows } from '@dating/shared-kit/theme';
import { NotFoundPage, Spinner } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../../namespace';
import { SignupCta } from '../common/cta';
import { Section } from '../common/hero';
import { MemberGrid, MemberGridSkeleton } from '../common/member-grid';
import { MemberName } from '../common/member-name';
import { MemberPhoto } from '../common/member-photo';
import { useLanderMembers } from '../common/members';
import { slugEntry } from '../slugs';
import { useLanderMember } from './use-member';

type Kind = 'landing' | 'landing2' | 'landing3' | 'signup';

const BANDS: Record<Kind, string> = {
  landing: `linear-gradient(135deg, ${colors.primary}, ${colors.dark})`,
  landing2: 'linear-gradient(135deg, #1864ab, #7048e8)',
  landing3: `linear-gradient(160deg, ${colors.dark}, #c2255c)`,
  signup: `linear-gradient(180deg, ${colors.primarySoft}, ${colors.background})`,
};

function Band({ kind, title, lead, member }: { kind: Kind; title: string; lead: string; member: MemberResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const { profile } = member;
  const light = kind === 'signup';
  return (
    <section
      aria-labelledby="lander-title"
      css={{
        background: BANDS[kind],
        color: light ? colors.dark : '#fff',
        padding: '2rem 1rem 2.5rem',
        [mq.md]: { padding: '3.5rem 1rem' },
      }}
    >
      <div
        css={{
          maxWidth: 960,
          margin: '0 auto',
          display: 'grid',
          gap: '1.5rem',
          alignItems: 'center',
          [mq.md]: { gridTemplateColumns: '340px 1fr' },
        }}
      >
        <figure
          css={{
            margin: 0,
            position: 'relative',
            background: colors.surface,
            color: colors.text,
            borderRadius: radii.lg,
            boxShadow: shadows.lg,
            overflow: 'hidden',
            maxWidth: 340,
            width: '100%',
            justifySelf: 'center',
          }}
        >
          <MemberPhoto profile={profile} size="match" priority alt={t('landers.member.photoOf', { name: profile.name })} />
          <figcaption css={{ padding: '0.75rem 1rem' }}>
            <MemberName profile={profile} />
          </figcaption>
          {kind === 'landing2' ? (
            <p
              css={{
                position: 'absolute',
                top: 12,
                left: 12,
                right: 12,
                margin: 0,
                background: colors.surface,
                color: colors.text,
                borderRadius: '16px 16px 16px 4px',
                padding: '0.6rem 0.9rem',
                boxShadow: shadows.md,
              }}
            >
              {t('landers.member.bubble', { name: profile.name })}
            </p>
          ) : null}
        </figure>
        <div css={{ display: 'grid', gap: '1rem', justifyItems: 'start' }}>
          <h1 id="lander-title" css={{ color: 'inherit', margin: 0, fontSize: '2rem', [mq.md]: { fontSize: '2.5rem' } }}>
            {title}
          </h1>
          <p css={{ margin: 0, fontSize: '1.1rem', maxWidth: '46ch' }}>{lead}</p>
          {kind === 'landing' && profile.about ? (
            <blockquote css={{ margin: 0, fontStyle: 'italic', maxWidth: '46ch' }}>“{profile.about}”</blockquote>
          ) : null}
          <SignupCta>{t(kind === 'signup' ? 'landers.member.ctaSignup' : 'landers.member.cta', { name: profile.name })}</SignupCta>
          <p css={{ margin: 0, fontSize: '0.85rem', opacity: 0.85 }}>{t('landers.adults')}</p>
        </div>
      </div>
    </section>
  );
}

function Others({ member, title }: { member: MemberResponse; title: string }) {
  const { members, loading } = useLanderMembers(9, member.profile.gender);
  const others = members.filter((m) => m.id !== member.profile.id).slice(0, 8);
  return <Section title={title}>{loading ? <MemberGridSkeleton count={8} /> : <MemberGrid members={others} label={title} />}</Section>;
}

function Centered({ children }: { children: ReactNode }) {
  return <div css={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>{children}</div>;
}

export function MemberLanding({ kind }: { kind: Kind }) {
  const { t } = useTranslation(NAMESPACE);
  const { id, slug } = useParams();
  const found = useLanderMember(id);
  const copy = slugEntry(slug)?.copy;
  const name = found.state === 'ready' ? found.member.profile.name : '';
  const title = copy ? t(`landers.copy.${copy}.title`) : t(`landers.member.${kind}.title`, { name });
  const lead = copy ? t(`landers.copy.${copy}.lead`) : t(`landers.member.${kind}.lead`, { name });
  useEffect(() => {
    if (found.state === 'ready') document.title = title;
  }, [found.state, title]);
  if (found.state === 'missing' || (slug !== undefined && !copy)) return <NotFoundPage />;
  if (found.state === 'loading') {
    return (
      <Centered>
        <Spinner label={t('pages.loading')} />
      </Centered>
    );
  }
  if (found.state === 'failed') {
    return (
      <Centered>
        <div css={{ display: 'grid', gap: '1rem', justifyItems: 'center', textAlign: 'center', padding: '2rem 1rem' }}>
          <h1 css={{ margin: 0 }}>{t('landers.memberLanding')}</h1>
          <SignupCta />
        </div>
      </Centered>
    );
  }
  const { member } = found;
  return (
    <>
      <Band kind={kind} title={title} lead={lead} member={member} />
      {kind === 'landing3' || kind === 'landing' ? <Others member={member} title={t('landers.member.othersTitle')} /> : null}
    </>
  );
}
