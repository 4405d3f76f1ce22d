import { useTranslation } from '@dating/shared-kit/i18n';
import { formatAmount } from '../lib/money';
import type { Currency } from '@dating/shared-kit/contracts';

/** formatAmount in the UI language. */
export function useMoney(): (amount: number, currency: Currency) => string {
  const { i18n } = useTranslation();
  return (amount, currency) => formatAmount(amount, currency, i18n.language);
}
