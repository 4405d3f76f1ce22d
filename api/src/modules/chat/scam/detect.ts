/**
 * The scam guard's reader (issue 26 part 3): does a member's message hold a way off the site or a
 * money request? A link, an e-mail address, a phone number, an IBAN, the name of an off-site
 * messenger, or a money word (gift cards, crypto, Western Union, "stuur me geld" ...). send.ts asks
 * it before the send's one statement and passes only the reason to chat_send, which holds the
 * message when the rules of the conversation say so (docs/safety.md).
 *
 * Disguises are undone with the honesty guard's normalisation (honesty/normalise.ts: NFKC, format
 * characters removed, look-alike letters, digits for letters, letters spaced apart joined):
 * "wh@ts app", "t e l e g r a m", "𝐓𝐞𝐥𝐞𝐠𝐫𝐚𝐦". Links and e-mail addresses are found by linkify-it
 * (also "naam (at) gmail (dot) com"), phone numbers by libphonenumber-js in the site countries'
 * formats (and any run of 9 or more digits, "0 6 1 2 3 4 5 6 7 8"), IBANs by ibantools' checksum.
 */
import { isValidIBAN } from 'ibantools';
import type * as PhoneLib from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import LinkifyIt from 'linkify-it';
import type { HeldReason } from '@dating/shared-kit/contracts';
import { deepForm, mayBeDisguised, plainForm } from '../honesty/normalise';
import type { Vocabulary } from '../honesty/normalise';

// libphonenumber-js and its metadata are loaded on first use, not at start (docs/performance.md
// "Memory"); a synchronous require because the callers are synchronous.
let phoneLib: typeof PhoneLib | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const phoneNumbers = (): typeof PhoneLib => (phoneLib ??= require('libphonenumber-js/max') as typeof PhoneLib);

export interface ScamLists {
  /** off-site messengers (held_messengers) */
  messengers: readonly string[];
  /** money words of every language (held_money_words, flattened) */
  money: readonly string[];
}

interface Rules {
  vocabulary: Vocabulary;
  /** whole-word patterns over the plain form */
  messenger: RegExp | null;
  /** long names (7+ letters) also inside a text with its spaces removed ("whats app", "tele gram") */
  squeezed: string[];
  money: RegExp | null;
}

/** Countries whose national phone formats are tried (an international number "+31 ..." is found in any). */
const PHONE_COUNTRIES: CountryCode[] = ['NL', 'BE', 'DE', 'AT', 'CH', 'FR', 'ES', 'IT', 'PL', 'GB', 'US'];

/** Top-level domains a link without http/www must end in (linkify-it's fuzzy links): the common ones, not every two-letter country ("er.is", "ok.so"). */
const LINK_TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'nl',
  'be',
  'de',
  'at',
  'ch',
  'fr',
  'es',
  'it',
  'pl',
  'uk',
  'eu',
  'us',
  'ru',
  'io',
  'co',
  'me',
  'ly',
  'app',
  'link',
  'xyz',
  'online',
  'site',
  'top',
  'club',
  'shop',
  'store',
  'live',
  'chat',
  'dating',
  'tv',
  'cc',
  'gg',
  'to',
  'ws',
  'click',
];

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(LINK_TLDS, false);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One entry as a pattern over the plain form: its words with at most one other word between them. */
function entryPattern(entry: string, gap: boolean): string | null {
  const words = plainForm(entry).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  return words.map(escape).join(gap ? ' (?:[a-z0-9]+ )?' : ' ');
}

function wordsPattern(entries: readonly string[], gap: boolean): RegExp | null {
  const parts = [...new Set(entries.map((e) => entryPattern(e, gap)).filter((p): p is string => p != null))];
  if (parts.length === 0) return null;
  parts.sort((a, b) => b.length - a.length);
  return new RegExp(`(?:^| )(?:${parts.join('|')})(?= |$)`);
}

const cache = new WeakMap<readonly string[], WeakMap<readonly string[], Rules>>();

/** The patterns of a site's lists, built once per lists object (the settings are cached as objects). */
export function scamRules(lists: ScamLists): Rules {
  let inner = cache.get(lists.messengers);
  if (!inner) cache.set(lists.messengers, (inner = new WeakMap()));
  let rules = inner.get(lists.money);
  if (!rules) {
    const words = new Set<string>();
    for (const entry of [...lists.messengers, ...lists.money]) {
      const plain = plainForm(entry);
      for (const w of plain.split(' ')) if (w.length > 1) words.add(w);
      if (plain.includes(' ')) words.add(plain.replace(/ /g, ''));
    }
    let longest = 0;
    for (const w of words) longest = Math.max(longest, w.length);
    rules = {
      vocabulary: { has: (w) => words.has(w), longest },
      messenger: wordsPattern(lists.messengers, false),
      squeezed: [...new Set(lists.messengers.map((m) => plainForm(m).replace(/ /g, '')).filter((m) => m.length >= 7))],
      money: wordsPattern(lists.money, true),
    };
    inner.set(lists.money, rules);
  }
  return rules;
}

/** "naam (at) gmail (dot) com", "naam at gmail dot com", "site punt nl" -> "naam@gmail.com", "site.nl". */
function undoAddressDisguises(text: string): string {
  return text
    .replace(/\s*[([{<]\s*(?:at|@|apenstaartje|klammeraffe|arroba|arobase|chiocciola|malpa)\s*[)\]}>]\s*/gi, '@')
    .replace(/\s*[([{<]\s*(?:dot|punt|punkt|punto|point|kropka|\.)\s*[)\]}>]\s*/gi, '.')
    .replace(/([a-z0-9])\s+(?:at|@)\s+([a-z0-9-]+)\s*(?:\.|\s+(?:dot|punt|punkt|punto|point|kropka)\s+)\s*([a-z]{2,})\b/gi, '$1@$2.$3')
    .replace(/([a-z0-9])\s+(?:dot|punt|punkt|punto|point|kropka)\s+([a-z]{2,})\b/gi, '$1.$2')
    .replace(/([a-z0-9])\s*@\s*([a-z0-9])/gi, '$1@$2')
    .replace(/([a-z0-9])\s+\.\s*([a-z]{2,})\b/gi, '$1.$2');
}

const ADDRESS_HINT = /[@([{<]|\s\.|\b(?:at|dot|punt|punkt|punto|point|kropka)\b/i;

function linkOrEmail(text: string): 'link' | 'email' | null {
  const candidates = [text];
  // the disguises' rewriting only for a text that could hold one (most messages hold none)
  if (ADDRESS_HINT.test(text)) {
    const undone = undoAddressDisguises(text);
    if (undone !== text) candidates.push(undone);
  }
  for (const candidate of candidates) {
    if (!linkify.pretest(candidate)) continue;
    const found = linkify.match(candidate);
    if (!found) continue;
    if (found.some((m) => m.schema === 'mailto:')) return 'email';
    return 'link';
  }
  return null;
}

/** Letters that stand for digits between digits ("o6 12", "0l2"). */
function digitsOf(text: string): string {
  return text.replace(
    /(?<=[0-9][\s.\-/]?)[oO](?=[\s.\-/]?[0-9])|(?<=[0-9][\s.\-/]?)[lI](?=[\s.\-/]?[0-9])|^[oO](?=[0-9])|(?<=\s)[oO](?=[0-9])/g,
    (c) => (c === 'o' || c === 'O' ? '0' : '1'),
  );
}

function phoneNumber(text: string): boolean {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits.length < 8) return false;
  const withDigits = digitsOf(text);
  // the digits of a number written apart ("0 6 1 2 3 4 5 6 7 8", "06.12.34.56.78") joined
  const joined = withDigits.replace(/(?<=[0-9+])[\s.\-/()]+(?=[0-9])/g, '');
  if (/(?:^|[^0-9])\+?[0-9]{9,15}(?![0-9])/.test(joined)) return true;
  const { findPhoneNumbersInText } = phoneNumbers();
  for (const country of PHONE_COUNTRIES) {
    if (findPhoneNumbersInText(withDigits, country).length > 0) return true;
  }
  return false;
}

const IBAN_START = /[A-Z]{2}[\s-]?[0-9]{2}/g;

function iban(text: string): boolean {
  const upper = text.toUpperCase();
  IBAN_START.lastIndex = 0;
  for (let m = IBAN_START.exec(upper); m; m = IBAN_START.exec(upper)) {
    const rest = upper.slice(m.index, m.index + 50).replace(/[\s-]/g, '');
    const compact = rest.match(/^[A-Z0-9]{15,34}/)?.[0];
    if (!compact) continue;
    for (let len = 15; len <= compact.length; len++) if (isValidIBAN(compact.slice(0, len))) return true;
  }
  return false;
}

function words(form: string, rules: Rules): 'messenger' | 'money' | null {
  if (rules.messenger?.test(form)) return 'messenger';
  if (rules.squeezed.length > 0) {
    const squeezed = form.replace(/ /g, '');
    if (rules.squeezed.some((m) => squeezed.includes(m))) return 'messenger';
  }
  if (rules.money?.test(form)) return 'money';
  return null;
}

/**
 * Why this text would be held (issue 26 part 3), or null: link, email, iban, phone, messenger,
 * money (the first found, in this order).
 */
export function findHeldReason(text: string | null | undefined, lists: ScamLists): HeldReason | null {
  if (!text) return null;
  const rules = scamRules(lists);
  const nfkc = text.normalize('NFKC').replace(/\p{Cf}/gu, '');
  const address = linkOrEmail(nfkc);
  if (address) return address;
  if (/[0-9]{2}/.test(nfkc) && iban(nfkc)) return 'iban';
  if (phoneNumber(nfkc)) return 'phone';
  const plain = plainForm(text);
  const found = words(plain, rules);
  if (found) return found;
  if (mayBeDisguised(text)) {
    const deep = plainForm(deepForm(text, rules.vocabulary));
    if (deep !== plain) return words(deep, rules);
  }
  return null;
}
