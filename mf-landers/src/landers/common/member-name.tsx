/**
 * "Anna, 27" with the place, and for a fictional profile (chatpal) the shared-kit label and the
 * site's fictional warning, as mf-members shows them: never a chatpal without its label.
 */
import { useTranslation } from 'react-i18next';
import type { Profile } from '@dating/shared-kit/contracts';
import { colors } from '@dating/shared-kit/theme';
import { FictionalBadge, useFictionalWarning } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../../namespace';

export function MemberName({ profile, place = true, tone = 'light' }: { profile: Profile; place?: boolean; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation(NAMESPACE);
  const warning = useFictionalWarning();
  const muted = tone === 'dark' ? 'rgba(255,255,255,0.85)' : colors.textMuted;
  return (
    <span css={{ display: 'grid', gap: 2 }}>
      <span css={{ fontWeight: 700, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
        <span>{t('landers.nameAge', { name: profile.name, age: profile.age })}</span>
        {profile.fictional ? <FictionalBadge showText size={16} /> : null}
      </span>
      {place && profile.city ? <span css={{ color: muted, fontSize: '0.875rem' }}>{profile.city}</span> : null}
      {profile.fictional ? <span css={{ color: muted, fontSize: '0.75rem', lineHeight: 1.3 }}>{warning}</span> : null}
    </span>
  );
}
