/**
 * The payment methods the simulator offers, as a Mollie test account with these methods enabled
 * would: currencies, minimum/maximum amounts, issuers, and which sequence types they support.
 * giropay and sofort are not here: Mollie retired them, so the simulator (like Mollie) does not
 * offer them.
 */
export type SequenceType = 'oneoff' | 'first' | 'recurring';

export interface SimMethod {
  id: string;
  description: string;
  currencies: readonly string[];
  /** minor units */
  minimum: number;
  maximum: number;
  /** may start a recurring sequence (sequenceType first) */
  first: boolean;
  /** may be charged on a mandate (sequenceType recurring) */
  recurring: boolean;
  /** listed only when the caller asks for it with includeWallets */
  wallet?: boolean;
  /** the mandate a paid first payment leaves behind */
  mandateMethod?: 'creditcard' | 'directdebit' | 'paypal';
  /** minutes until an unpaid payment expires */
  expiresMinutes: number;
  issuers?: readonly { id: string; name: string }[];
}

const ALL = ['EUR', 'GBP', 'CHF', 'PLN', 'USD', 'CAD', 'AUD', 'NZD'] as const;

export const SIM_METHODS: readonly SimMethod[] = [
  {
    id: 'ideal',
    description: 'iDEAL',
    currencies: ['EUR'],
    minimum: 1,
    maximum: 5_000_000,
    first: true,
    recurring: false,
    mandateMethod: 'directdebit',
    expiresMinutes: 15,
    issuers: [
      { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
      { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
      { id: 'ideal_BUNQNL2A', name: 'bunq' },
      { id: 'ideal_INGBNL2A', name: 'ING' },
      { id: 'ideal_KNABNL2H', name: 'Knab' },
      { id: 'ideal_RABONL2U', name: 'Rabobank' },
      { id: 'ideal_RBRBNL21', name: 'RegioBank' },
      { id: 'ideal_SNSBNL2A', name: 'SNS' },
      { id: 'ideal_TRIONL2U', name: 'Triodos Bank' },
    ],
  },
  {
    id: 'creditcard',
    description: 'Card',
    currencies: ALL,
    minimum: 1,
    maximum: 1_000_000,
    first: true,
    recurring: true,
    mandateMethod: 'creditcard',
    expiresMinutes: 30,
  },
  {
    id: 'applepay',
    description: 'Apple Pay',
    currencies: ALL,
    minimum: 1,
    maximum: 1_000_000,
    first: true,
    recurring: false,
    wallet: true,
    mandateMethod: 'creditcard',
    expiresMinutes: 30,
  },
  {
    id: 'paypal',
    description: 'PayPal',
    currencies: ALL,
    minimum: 1,
    maximum: 800_000,
    first: true,
    recurring: true,
    mandateMethod: 'paypal',
    expiresMinutes: 180,
  },
  {
    id: 'bancontact',
    description: 'Bancontact',
    currencies: ['EUR'],
    minimum: 2,
    maximum: 5_000_000,
    first: true,
    recurring: false,
    mandateMethod: 'directdebit',
    expiresMinutes: 30,
  },
  {
    id: 'eps',
    description: 'eps',
    currencies: ['EUR'],
    minimum: 100,
    maximum: 5_000_000,
    first: true,
    recurring: false,
    mandateMethod: 'directdebit',
    expiresMinutes: 15,
  },
  {
    id: 'przelewy24',
    description: 'Przelewy24',
    currencies: ['PLN', 'EUR'],
    minimum: 1,
    maximum: 1_200_000,
    first: false,
    recurring: false,
    expiresMinutes: 15,
  },
  {
    id: 'blik',
    description: 'BLIK',
    currencies: ['PLN'],
    minimum: 1,
    maximum: 3_000_000,
    first: false,
    recurring: false,
    expiresMinutes: 15,
  },
  {
    id: 'paysafecard',
    description: 'paysafecard',
    currencies: ALL,
    minimum: 1,
    maximum: 100_000,
    first: false,
    recurring: false,
    expiresMinutes: 15,
  },
  {
    id: 'banktransfer',
    description: 'Bank transfer',
    currencies: ['EUR'],
    minimum: 1,
    maximum: 100_000_000,
    first: false,
    recurring: false,
    expiresMinutes: 12 * 24 * 60,
  },
  {
    id: 'directdebit',
    description: 'SEPA Direct Debit',
    currencies: ['EUR'],
    minimum: 1,
    maximum: 100_000_000,
    first: false,
    recurring: true,
    expiresMinutes: 0,
  },
];

export function simMethod(id: string): SimMethod | undefined {
  return SIM_METHODS.find((m) => m.id === id);
}

/** Methods as Mollie's list endpoint filters them (sequence type, currency/amount, wallets). */
export function listSimMethods(q: {
  sequenceType: SequenceType;
  currency: string;
  amount: number | null;
  includeWallets: boolean;
}): SimMethod[] {
  return SIM_METHODS.filter((m) => {
    if (m.wallet && !q.includeWallets) return false;
    if (!m.currencies.includes(q.currency)) return false;
    if (q.amount !== null && (q.amount < m.minimum || q.amount > m.maximum)) return false;
    if (q.sequenceType === 'first') return m.first;
    if (q.sequenceType === 'recurring') return m.recurring;
    return m.id !== 'directdebit';
  });
}

/** Zero-decimal currencies do not occur in this catalog: every currency has 2 decimals. */
export function toMinor(value: string): number | null {
  if (!/^\d{1,9}\.\d{2}$/.test(value)) return null;
  const [whole, cents] = value.split('.');
  return Number(whole) * 100 + Number(cents);
}

export function toValue(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
