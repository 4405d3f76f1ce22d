/**
 * Prices as the member reads them. The server prices (integer minor units + currency); the
 * browser only formats, in the UI language ("€ 12,99" in Dutch, "12,99 €" in German, "£12.99").
 */
import { formatAmount, pricePerCredit } from '@dating/shared-kit/contracts';
import type { Currency } from '@dating/shared-kit/contracts';

export { formatAmount };

/**
 * Price of one credit, with up to three decimals so packages can be told apart (€ 0,125 stays
 * € 0,125; a round € 0,20 shows as € 0,20).
 */
export function formatPricePerCredit(amount: number, credits: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  }).format(pricePerCredit(amount, credits) / 100);
}
