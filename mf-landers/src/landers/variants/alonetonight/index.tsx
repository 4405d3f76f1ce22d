/** alonetonight: a night-blue band with who is online now beside it, then more members. */
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useLanderCopy } from '../../common/copy';
import { Hero, Section } from '../../common/hero';
import { MemberGrid, MemberGridSkeleton } from '../../common/member-grid';
import { MemberName } from '../../common/member-name';
import { MemberPhoto } from '../../common/member-photo';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

const NIGHT = 'radial-gradient(circle at 80% 10%, #5b3a8c 0, #251238 45%, #140a22 100%)';

export default function AloneTonightLander(props: VariantProps) {
  const { t } = useTranslation(NAMESPACE);
  const { title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(12, props.gender);
  const online = members.slice(0, 4);
  const aside = (
    <div css={{ background: 'rgba(255,255,255,0.08)', borderRadius: 20, padding: '1rem 1.25rem', minHeight: 300 }}>
      <h2 css={{ color: 'inherit', fontSize: '1.1rem', margin: '0 0 0.75rem' }}>{own('onlineTitle')}</h2>
      <ul aria-label={own('onlineTitle')} css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {online.map((member, index) => (
          <li key={member.id} css={{ display: 'grid', gridTemplateColumns: '56px 1fr', gap: 12, alignItems: 'center' }}>
            <span css={{ position: 'relative', width: 56, height: 56, borderRadius: '50%', overflow: 'hidden', display: 'block' }}>
              <MemberPhoto profile={member} priority={index < 2} />
            </span>
            <span css={{ display: 'grid' }}>
              <MemberName profile={member} tone="dark" />
              <span css={{ fontSize: '0.8rem', color: '#8ff0b4' }}>● {t('landers.online')}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <>
      <Hero title={title} lead={lead} background={NIGHT} aside={aside} cta={own('cta')} />
      <Section title={own('moreTitle')}>
        {loading ? <MemberGridSkeleton count={8} /> : <MemberGrid members={members.slice(4)} label={own('moreTitle')} />}
      </Section>
    </>
  );
}
