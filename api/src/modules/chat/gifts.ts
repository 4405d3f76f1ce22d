/**
 * The gift catalogue (contracts/chat.ts GIFT_IDS): each gift costs the site's gift_credits and has
 * a picture of our own, a small SVG served at /static/gifts/<id>.svg (routes.ts).
 */
import { GIFT_IDS, giftImage } from '@dating/shared-kit/contracts';
import type { Gift, GiftId, Settings } from '@dating/shared-kit/contracts';
import { t } from '../../i18n';
import type { Lang } from '../../i18n';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`;

export const GIFT_SVGS: Record<GiftId, string> = {
  rose: svg(
    '<path d="M32 30v28" stroke="#2e7d32" stroke-width="4"/><path d="M32 46c-8-2-12-8-12-12 6 0 10 4 12 8" fill="#43a047"/>' +
      '<circle cx="32" cy="20" r="14" fill="#d81b60"/><path d="M22 18c4-6 16-6 20 0-4 4-16 4-20 0z" fill="#ad1457"/><circle cx="32" cy="18" r="4" fill="#880e4f"/>',
  ),
  heart: svg(
    '<path d="M32 56S6 40 6 22a13 13 0 0 1 26-4 13 13 0 0 1 26 4c0 18-26 34-26 34z" fill="#e91e63"/><ellipse cx="20" cy="20" rx="5" ry="3" fill="#f8bbd0"/>',
  ),
  teddy: svg(
    '<circle cx="16" cy="14" r="8" fill="#8d6e63"/><circle cx="48" cy="14" r="8" fill="#8d6e63"/><circle cx="32" cy="26" r="16" fill="#a1887f"/>' +
      '<ellipse cx="32" cy="50" rx="18" ry="13" fill="#a1887f"/><circle cx="26" cy="23" r="2.5" fill="#3e2723"/><circle cx="38" cy="23" r="2.5" fill="#3e2723"/>' +
      '<ellipse cx="32" cy="31" rx="6" ry="4" fill="#d7ccc8"/><circle cx="32" cy="30" r="2" fill="#3e2723"/>',
  ),
  champagne: svg(
    '<path d="M20 6h24l-2 20a10 10 0 0 1-20 0z" fill="#fff59d" stroke="#f9a825" stroke-width="2"/><path d="M32 36v16" stroke="#f9a825" stroke-width="3"/>' +
      '<path d="M22 56h20" stroke="#f9a825" stroke-width="4" stroke-linecap="round"/><circle cx="28" cy="16" r="2" fill="#fff"/><circle cx="35" cy="22" r="1.5" fill="#fff"/>',
  ),
  chocolates: svg(
    '<rect x="6" y="14" width="52" height="40" rx="6" fill="#c62828"/><path d="M32 14v40M6 34h52" stroke="#ffd54f" stroke-width="3"/>' +
      '<circle cx="19" cy="24" r="5" fill="#4e342e"/><circle cx="45" cy="24" r="5" fill="#4e342e"/><circle cx="19" cy="44" r="5" fill="#4e342e"/><circle cx="45" cy="44" r="5" fill="#4e342e"/>',
  ),
  ring: svg(
    '<circle cx="32" cy="40" r="16" fill="none" stroke="#ffca28" stroke-width="5"/><path d="M24 18l8-10 8 10-8 8z" fill="#80deea" stroke="#00acc1" stroke-width="2"/>',
  ),
  cocktail: svg(
    '<path d="M8 8h48L32 34z" fill="#ff8a65"/><path d="M32 34v18" stroke="#6d4c41" stroke-width="3"/><path d="M20 56h24" stroke="#6d4c41" stroke-width="4" stroke-linecap="round"/>' +
      '<circle cx="46" cy="12" r="6" fill="#66bb6a"/><path d="M40 4l-10 14" stroke="#fdd835" stroke-width="2"/>',
  ),
  star: svg('<path d="M32 4l8 18 20 2-15 13 5 20-18-11-18 11 5-20L4 24l20-2z" fill="#ffc107" stroke="#ff8f00" stroke-width="2"/>'),
};

export function isGiftId(value: unknown): value is GiftId {
  return typeof value === 'string' && (GIFT_IDS as readonly string[]).includes(value);
}

/** The catalogue as the request's language names it, priced with the site's gift_credits. */
export function giftCatalogue(settings: Pick<Settings, 'gift_credits'>, lang: Lang): Gift[] {
  return GIFT_IDS.map((id) => ({ id, label: t(`gift_${id}`, lang), image: giftImage(id), credits: settings.gift_credits }));
}
