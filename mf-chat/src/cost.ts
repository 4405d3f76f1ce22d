/**
 * What the next message costs (spec 3/5/9): the site's `message_credits`, `photo_credits` or
 * `gift_credits` by type, and where the member's country has one, the site's
 * `minimum_message_costs` price (integer minor units + currency) shown beside it.
 */
import type { MessageType, Settings } from '@dating/shared-kit/contracts';

export function creditsFor(type: MessageType, settings: Pick<Settings, 'message_credits' | 'photo_credits' | 'gift_credits'>): number {
  if (type === 'image') return settings.photo_credits;
  if (type === 'gift') return settings.gift_credits;
  return settings.message_credits;
}

/** The minimum price of a message in the member's country as people of `lng` write it ("€ 1,49"), or null. */
export function minimumPrice(settings: Pick<Settings, 'minimum_message_costs'>, country: string | undefined, lng: string): string | null {
  const entry = country ? settings.minimum_message_costs[country.toUpperCase()] : undefined;
  if (!entry || entry.costs <= 0) return null;
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency: entry.currency }).format(entry.costs / 100);
  } catch {
    return `${(entry.costs / 100).toFixed(2)} ${entry.currency}`;
  }
}
