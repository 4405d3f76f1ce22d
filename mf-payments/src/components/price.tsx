import { useTranslation } from '@dating/shared-kit/i18n';
import { colors } from '@dating/shared-kit/theme';
import { VisuallyHidden } from '@dating/shared-kit/ui';
import type { Currency } from '@dating/shared-kit/contracts';
import { NAMESPACE } from '../i18n';
import { useMoney } from './use-money';

/** The price to pay; with a discount also the old price, struck through (a screen reader hears "was"). */
export function Price({
  amount,
  original,
  currency,
  size = 'lg',
}: {
  amount: number;
  original: number;
  currency: Currency;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const discounted = original > amount;
  return (
    <span css={{ display: 'inline-flex', alignItems: 'baseline', gap: '0.5rem', flexWrap: 'wrap' }}>
      {discounted ? (
        <del css={{ color: colors.textMuted, fontSize: '0.95rem' }}>
          <VisuallyHidden>{t('price.was')} </VisuallyHidden>
          {money(original, currency)}
        </del>
      ) : null}
      <strong css={{ fontSize: size === 'lg' ? '1.5rem' : '1.125rem', color: discounted ? colors.primaryHover : colors.dark }}>
        {discounted ? <VisuallyHidden>{t('price.now')} </VisuallyHidden> : null}
        {money(amount, currency)}
      </strong>
    </span>
  );
}
