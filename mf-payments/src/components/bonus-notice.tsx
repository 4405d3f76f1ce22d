import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../i18n';
import { formatCountdown } from '../lib/countdown';
import { useActiveBonus } from '../time-bonus';

/**
 * On the package pages: the running welcome or time bonus with its countdown. Not a live region:
 * a screen reader would otherwise read the clock every second.
 */
export function BonusNotice() {
  const { t } = useTranslation(NAMESPACE);
  const active = useActiveBonus();
  if (!active) return null;
  return (
    <section
      aria-label={t(active.bonus.kind === 'timebonus' ? 'bonus.timeBonus' : 'bonus.welcomeBonus')}
      css={{ padding: '0.9rem 1rem', margin: '0 0 1.25rem', borderRadius: radii.md, background: colors.primarySoft, borderLeft: `4px solid ${colors.primary}` }}
    >
      <strong>{t(active.bonus.kind === 'timebonus' ? 'bonus.timeBonus' : 'bonus.welcomeBonus')}: </strong>
      {t('bonus.applied', { percent: active.bonus.percentage })} {t('bonus.validFor')}{' '}
      <time dateTime={`PT${active.secondsLeft}S`} css={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
        {formatCountdown(active.countdown)}
      </time>
    </section>
  );
}
