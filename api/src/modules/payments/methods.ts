/**
 * Payment methods: the product's list per payment country, mapped onto the PSP's methods, and what the
 * PSP offers right now (its methods list, cached for a few minutes per currency). A method is
 * offered when the country has it AND the PSP lists it; giropay and sofort stay in the list but
 * Mollie retired them, so they are only offered if the PSP lists them again.
 */
import { CARD_METHODS } from '@dating/shared-kit/contracts';
import type { Country, Currency, OfferedMethod, PaymentMethod } from '@dating/shared-kit/contracts';
import type { Psp } from './psp';
import { priceOf } from './pricing';

/** Our method -> the PSP's (Mollie's) method id. */
export const PSP_METHOD: Record<PaymentMethod, string> = {
  sdd: 'directdebit',
  prezelewy24: 'przelewy24',
  blik: 'blik',
  sct: 'banktransfer',
  giropay: 'giropay',
  mastercard: 'creditcard',
  visa: 'creditcard',
  creditcard: 'creditcard',
  nexi: 'creditcard',
  cartebancaire: 'creditcard',
  ideal: 'ideal',
  bancontact: 'bancontact',
  applepay: 'applepay',
  paysafecard: 'paysafecard',
  maestro: 'creditcard',
  paypal: 'paypal',
  sofort: 'sofort',
  eps: 'eps',
};

export const METHOD_NAMES: Record<PaymentMethod, string> = {
  sdd: 'SEPA Direct Debit',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  sct: 'SEPA bank transfer',
  giropay: 'giropay',
  mastercard: 'Mastercard',
  visa: 'Visa',
  creditcard: 'Credit card',
  nexi: 'Nexi',
  cartebancaire: 'Carte Bancaire',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  applepay: 'Apple Pay',
  paysafecard: 'paysafecard',
  maestro: 'Maestro',
  paypal: 'PayPal',
  sofort: 'Sofort',
  eps: 'eps',
};

const SEPA: PaymentMethod[] = ['sct', 'sdd'];
const CARDS: PaymentMethod[] = ['visa', 'mastercard'];
const WALLETS: PaymentMethod[] = ['paypal', 'applepay'];

/** Spec 3's methods per payment country, in the order the screen shows them. */
export const COUNTRY_METHODS: Record<Country, readonly PaymentMethod[]> = {
  NL: ['ideal', ...CARDS, 'maestro', ...WALLETS, 'paysafecard', ...SEPA],
  BE: ['bancontact', ...CARDS, 'maestro', ...WALLETS, 'paysafecard', ...SEPA],
  DE: [...CARDS, ...WALLETS, 'sofort', 'giropay', 'paysafecard', ...SEPA],
  AT: ['eps', ...CARDS, ...WALLETS, 'sofort', 'paysafecard', ...SEPA],
  FR: ['cartebancaire', ...CARDS, ...WALLETS, 'paysafecard', ...SEPA],
  IT: ['nexi', ...CARDS, ...WALLETS, 'paysafecard', ...SEPA],
  ES: [...CARDS, ...WALLETS, 'paysafecard', ...SEPA],
  IE: [...CARDS, ...WALLETS, ...SEPA],
  GB: [...CARDS, 'maestro', ...WALLETS, 'paysafecard'],
  CH: [...CARDS, ...WALLETS, 'paysafecard'],
  PL: ['blik', 'prezelewy24', ...CARDS, ...WALLETS, 'paysafecard'],
  US: ['creditcard', ...WALLETS],
  CA: ['creditcard', ...WALLETS],
  AU: ['creditcard', ...WALLETS],
  NZ: ['creditcard', ...WALLETS],
};

export const isCard = (m: PaymentMethod) => CARD_METHODS.includes(m);

interface PspOffer {
  /** PSP method id -> its issuers (empty list: no choice) */
  methods: Map<string, { id: string; name: string }[]>;
  at: number;
}

const OFFER_TTL_MS = 5 * 60_000;

/** What the PSP offers for a currency (one-off payments plus the recurring direct debit), cached. */
export function createOfferCache(psp: Psp) {
  const cache = new Map<Currency, Promise<PspOffer>>();
  async function load(currency: Currency): Promise<PspOffer> {
    const client = await psp.client();
    const amount = { value: (priceOf('p1', currency) / 100).toFixed(2), currency };
    const [oneoff, recurring] = await Promise.all([
      client.methods.list({ amount, include: 'issuers' as never, includeWallets: 'applepay' }),
      client.methods.list({ amount, sequenceType: 'recurring' as never }),
    ]);
    const methods = new Map<string, { id: string; name: string }[]>();
    for (const m of [...oneoff, ...recurring])
      methods.set(
        m.id,
        (m.issuers ?? []).map((i) => ({ id: i.id, name: i.name })),
      );
    return { methods, at: Date.now() };
  }
  return async function offer(currency: Currency): Promise<PspOffer> {
    const hit = cache.get(currency);
    if (hit) {
      const value = await hit.catch(() => null);
      if (value && Date.now() - value.at < OFFER_TTL_MS) return value;
    }
    const next = load(currency);
    cache.set(currency, next);
    next.catch(() => cache.delete(currency));
    return next;
  };
}

export type OfferCache = ReturnType<typeof createOfferCache>;

/** The methods of the member's payment country that the PSP offers now. */
export async function offeredMethods(offer: OfferCache, country: Country, currency: Currency): Promise<OfferedMethod[]> {
  const psp = await offer(currency);
  return COUNTRY_METHODS[country]
    .filter((m) => psp.methods.has(PSP_METHOD[m]))
    .map((m) => {
      const issuers = psp.methods.get(PSP_METHOD[m]) ?? [];
      return { id: m, name: METHOD_NAMES[m], ...(issuers.length > 0 ? { issuers } : {}) };
    });
}
