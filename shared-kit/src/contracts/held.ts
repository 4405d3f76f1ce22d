/**
 * Held messages (issue 26 part 3): the scam guard holds a member's message that, early in a
 * conversation or from a young account, holds a link, an e-mail address, a phone number, an IBAN,
 * an off-site messenger or a money request (api modules/chat/scam). Not delivered, not charged,
 * until a moderator releases it (delivered and charged then) or rejects it (a report of the sender)
 * at /backoffice/held-messages. The sender sees `held` on the message; the recipient nothing.
 */
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';

/* ---------- the default word lists (site settings held_messengers, held_money_words), plain form: lower case, no accents ---------- */

/** Off-site messengers and social apps a scammer moves a victim to. */
export const DEFAULT_MESSENGERS: string[] = [
  'whatsapp',
  'whats app',
  'watsapp',
  'telegram',
  'snapchat',
  'snap chat',
  'signal app',
  'on signal',
  'op signal',
  'auf signal',
  'bei signal',
  'en signal',
  'sur signal',
  'su signal',
  'na signal',
  'signal messenger',
  'kik',
  'kik messenger',
  'instagram',
  'insta',
  'skype',
  'viber',
  'line app',
  'line id',
  'wechat',
  'we chat',
  'threema',
  'wickr',
  'discord',
  'facebook messenger',
  'messenger',
  'hangouts',
  'google chat',
  'icq',
  'imo app',
  'tiktok',
  'onlyfans',
  'session app',
];

/**
 * Money requests and payment ways, per language (all lists apply to every message: a scammer
 * writes in any language). Words of a phrase may have one other word between them
 * ("send me some money").
 */
export const DEFAULT_MONEY_WORDS: Record<'nl' | 'en' | 'de' | 'es' | 'fr' | 'it' | 'pl', string[]> = {
  nl: [
    'stuur me geld',
    'stuur mij geld',
    'geld sturen',
    'geld overmaken',
    'maak geld over',
    'leen me geld',
    'geld lenen',
    'cadeaukaart',
    'cadeaubon',
    'giftcard',
    'tegoedbon',
    'tikkie',
    'betaalverzoek',
    'bitcoin',
    'crypto',
    'western union',
    'moneygram',
    'paysafecard',
  ],
  en: [
    'send me money',
    'send money',
    'wire me',
    'wire money',
    'lend me money',
    'loan me',
    'gift card',
    'giftcard',
    'itunes card',
    'steam card',
    'google play card',
    'amazon card',
    'bitcoin',
    'btc',
    'crypto',
    'cryptocurrency',
    'usdt',
    'ethereum',
    'western union',
    'moneygram',
    'paypal me',
    'cash app',
    'cashapp',
    'venmo',
    'zelle',
    'bank transfer',
    'paysafecard',
  ],
  de: [
    'schick mir geld',
    'schicke mir geld',
    'geld schicken',
    'geld senden',
    'geld uberweisen',
    'uberweis mir',
    'leih mir geld',
    'geschenkkarte',
    'gutscheinkarte',
    'guthabenkarte',
    'amazon gutschein',
    'bitcoin',
    'krypto',
    'western union',
    'moneygram',
    'paysafecard',
  ],
  es: [
    'enviame dinero',
    'envia me dinero',
    'mandame dinero',
    'manda me dinero',
    'enviar dinero',
    'prestame dinero',
    'tarjeta regalo',
    'tarjeta de regalo',
    'bitcoin',
    'cripto',
    'criptomoneda',
    'western union',
    'moneygram',
    'transferencia bancaria',
    'paysafecard',
  ],
  fr: [
    'envoie moi de l argent',
    'envoie moi de largent',
    'envoyer de l argent',
    'envoie moi des sous',
    'prete moi de l argent',
    'carte cadeau',
    'bitcoin',
    'crypto',
    'cryptomonnaie',
    'western union',
    'moneygram',
    'virement bancaire',
    'mandat cash',
    'paysafecard',
  ],
  it: [
    'mandami soldi',
    'mandami dei soldi',
    'inviami soldi',
    'inviami denaro',
    'mandare soldi',
    'prestami soldi',
    'carta regalo',
    'buono regalo',
    'ricarica postepay',
    'postepay',
    'bitcoin',
    'cripto',
    'criptovaluta',
    'western union',
    'moneygram',
    'bonifico',
    'paysafecard',
  ],
  pl: [
    'wyslij mi pieniadze',
    'przelej mi pieniadze',
    'wyslij pieniadze',
    'pozycz mi pieniadze',
    'przelew',
    'karta podarunkowa',
    'karte podarunkowa',
    'blik',
    'kod blik',
    'bitcoin',
    'krypto',
    'kryptowaluty',
    'western union',
    'moneygram',
    'paysafecard',
  ],
};

/** why a message was held: what the text holds, `review` (the sender is under review after reports), `conversation` (an earlier message of this still unseen conversation is held) */
export const ZHeldReason = lazySchema(() => z.enum(['link', 'email', 'phone', 'iban', 'messenger', 'money', 'review', 'conversation']));
export type HeldReason = z.infer<typeof ZHeldReason>;

export const ZHeldStatus = lazySchema(() => z.enum(['pending', 'released', 'rejected']));
export type HeldStatus = z.infer<typeof ZHeldStatus>;

/** A member in the moderators' queue (never a chatpal: their conversations are never held). */
export const ZHeldMember = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    name: z.string(),
    /** when the account was made (a young account's messages are held) */
    created_at: z.string(),
  }),
);

export const ZHeldMessage = lazySchema(() =>
  z.object({
    id: z.number().check(z.int()),
    message_id: z.number().check(z.int()),
    conversation: z.number().check(z.int()),
    sender: ZHeldMember,
    recipient: ZHeldMember,
    type: z.string(),
    body: z.nullable(z.string()),
    reason: ZHeldReason,
    /** credits it costs when released */
    cost: z.number().check(z.int(), z.nonnegative()),
    status: ZHeldStatus,
    /** credits charged at the release (0: the sender no longer had them; delivered anyway) */
    charged: z.nullable(z.number().check(z.int())),
    /** how many messages of this sender are held now */
    sender_pending: z.number().check(z.int(), z.nonnegative()),
    created_at: z.string(),
    decided_at: z.nullable(z.string()),
  }),
);
export type HeldMessage = z.infer<typeof ZHeldMessage>;

export const ZHeldQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
    status: z._default(z.enum(['pending', 'decided']), 'pending'),
  }),
);
export type HeldQuery = z.infer<typeof ZHeldQuery>;

export const ZHeldPage = lazySchema(() =>
  z.object({
    held: z.array(ZHeldMessage),
    total: z.number().check(z.int(), z.nonnegative()),
    pending: z.number().check(z.int(), z.nonnegative()),
    page: z.number().check(z.int(), z.positive()),
    per_page: z.number().check(z.int(), z.positive()),
  }),
);
export type HeldPage = z.infer<typeof ZHeldPage>;

export const ZHeldIdParams = lazySchema(() => z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)) }));

export const ZHeldDecide = lazySchema(() => z.strictObject({ release: z.boolean({ error: 'release_required' }) }));
export type HeldDecide = z.infer<typeof ZHeldDecide>;

export const ZHeldDecided = lazySchema(() => z.object({ ok: z.literal(true), held: ZHeldMessage }));

/** GET/POST /api/safety-tip.php: the chat's safety tip, shown until the member dismisses it (once). */
export const ZSafetyTip = lazySchema(() => z.object({ show: z.boolean() }));
export type SafetyTip = z.infer<typeof ZSafetyTip>;
