/**
 * socialnetwork: the site as a social feed. Members' posts (their photo and their own "about"
 * text, else a greeting); liking or replying asks the visitor to sign up first.
 */
import { useTranslation } from 'react-i18next';
import type { Profile } from '@dating/shared-kit/contracts';
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../../../namespace';
import { useLanderCopy } from '../../common/copy';
import { useOpenSignup } from '../../common/cta';
import { Hero, Section } from '../../common/hero';
import { MemberGridSkeleton } from '../../common/member-grid';
import { MemberName } from '../../common/member-name';
import { MemberPhoto } from '../../common/member-photo';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

const actionStyle = {
  font: 'inherit',
  fontWeight: 600,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
  color: colors.dark,
  borderRadius: radii.pill,
  padding: '0.4rem 1rem',
  cursor: 'pointer',
  '&:hover': { background: colors.primarySoft },
} as const;

function Post({ member, index }: { member: Profile; index: number }) {
  const { t } = useTranslation(NAMESPACE);
  const openSignup = useOpenSignup();
  const text = member.about?.trim() || t('landers.variants.socialnetwork.greeting', { city: member.city ?? '' });
  return (
    <article
      aria-label={t('landers.variants.socialnetwork.postBy', { name: member.name })}
      css={{ background: colors.surface, borderRadius: radii.lg, boxShadow: shadows.sm, overflow: 'hidden' }}
    >
      <header css={{ display: 'grid', gridTemplateColumns: '44px 1fr', gap: 10, alignItems: 'center', padding: '0.75rem 1rem' }}>
        <span css={{ width: 44, height: 44, borderRadius: '50%', overflow: 'hidden', display: 'block' }}>
          <MemberPhoto profile={member} />
        </span>
        <MemberName profile={member} />
      </header>
      <p css={{ margin: 0, padding: '0 1rem 0.75rem' }}>{text}</p>
      <MemberPhoto profile={member} size="match" priority={index === 0} />
      <footer css={{ display: 'flex', gap: 8, padding: '0.75rem 1rem' }}>
        <button type="button" css={actionStyle} onClick={openSignup}>
          ♥ {t('landers.variants.socialnetwork.like')}
        </button>
        <button type="button" css={actionStyle} onClick={openSignup}>
          {t('landers.variants.socialnetwork.reply')}
        </button>
      </footer>
    </article>
  );
}

export default function SocialNetworkLander(props: VariantProps) {
  const { title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(6, props.gender);
  return (
    <>
      <Hero title={title} lead={lead} background={`linear-gradient(135deg, #3b5bdb, ${colors.primary})`} />
      <Section title={own('feedTitle')}>
        <div css={{ display: 'grid', gap: 20, maxWidth: 520, width: '100%', margin: '0 auto' }}>
          {loading ? (
            <MemberGridSkeleton count={2} min={300} />
          ) : (
            members.map((member, index) => <Post key={member.id} member={member} index={index} />)
          )}
        </div>
      </Section>
    </>
  );
}
