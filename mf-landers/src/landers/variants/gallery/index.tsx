/** gallery: a light headline band, then a large photo gallery of members with the call to action. */
import { colors } from '@dating/shared-kit/theme';
import { useLanderCopy } from '../../common/copy';
import { Hero, Section } from '../../common/hero';
import { MemberGrid, MemberGridSkeleton } from '../../common/member-grid';
import { useLanderMembers } from '../../common/members';
import type { VariantProps } from '../../common/types';

export default function GalleryLander(props: VariantProps) {
  const { title, lead, own } = useLanderCopy(props);
  const { members, loading } = useLanderMembers(16, props.gender);
  return (
    <>
      <Hero
        title={title}
        lead={lead}
        background={`linear-gradient(180deg, ${colors.primarySoft}, ${colors.background})`}
        color={colors.dark}
      />
      <Section title={own('galleryTitle')}>
        {loading ? <MemberGridSkeleton count={8} min={160} /> : <MemberGrid members={members} label={own('galleryTitle')} min={160} />}
      </Section>
    </>
  );
}
