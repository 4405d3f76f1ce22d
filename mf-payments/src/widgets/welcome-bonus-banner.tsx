/**
 * Welcome-bonus banner: the active discount (time bonus, else the welcome code) with a
 * live hh:mm:ss countdown, linking to /credits. Mounted by the shell among the member's notices
 * (a card in the stack the member opens from the pill at the bottom of the screen, shell layouts/notices.tsx);
 * it shows only while a bonus runs and disappears when the countdown reaches 0.
 */
import { Link } from 'react-router';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors } from '@dating/shared-kit/theme';
import { buttonStyles } from '@dating/shared-kit/ui';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { formatCountdown } from '../lib/countdown';
import { useActiveBonus } from '../time-bonus';

export default function WelcomeBonusBanner() {
  const { t } = useTranslation(NAMESPACE);
  const active = useActiveBonus();
  if (!active) return null;
  return (
    <section
      aria-label={t('bonus.welcomeBonus')}
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '0.5rem 1rem',
        padding: '0.6rem 1rem',
        // primaryHover, not primary: white text keeps a 4.5:1 contrast
        background: `linear-gradient(90deg, ${colors.primaryHover}, ${colors.darkSoft})`,
        color: colors.onPrimary,
        textAlign: 'center',
      }}
    >
      <p css={{ margin: 0 }}>
        <strong>{t('bonus.specialOffer')}</strong> {t('bonus.bannerText', { percent: active.bonus.percentage })}
      </p>
      <p css={{ margin: 0 }}>
        {t('bonus.offerValid')}{' '}
        <time dateTime={`PT${active.secondsLeft}S`} css={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: '1.125rem' }}>
          {formatCountdown(active.countdown)}
        </time>
      </p>
      <Link to="/credits" css={[...buttonStyles('secondary', 'sm'), { flex: 'none' }]}>
        {t('bonus.unlock')}
      </Link>
    </section>
  );
}
