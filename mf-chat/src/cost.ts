/**
 * The country's minimum price of a message (site setting minimum_message_costs, integer minor
 * units + currency; the server hands it over in `costs.minimum`) as people of `lng` write it.
 */
import type { MessageCosts } from '@dating/shared-kit/contracts';

export function formatMinimum(minimum: MessageCosts['minimum'], lng: string): string | null {
  if (!minimum || minimum.costs <= 0) return null;
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency: minimum.currency }).format(minimum.costs / 100);
  } catch {
    return `${(minimum.costs / 100).toFixed(2)} ${minimum.currency}`;
  }
}
