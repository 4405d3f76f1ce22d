/**
 * The honesty guard's recogniser (issues 15 and 25): does a member's message to a chatpal ask
 * whether the chatpal is real, a person, a bot or the site's employee? Then the operator console
 * marks the question and refuses every reply but the site's disclosure (operator.ts). Consumer
 * law asks for this (Dutch ACM commitments of 2018; LG Berlin 2022): a member who asks gets the
 * truth. It errs towards flagging: a needless disclosure costs a sentence, a missed one deceives.
 *
 * How (docs/honesty.md): the text is read twice, as written (plain form) and with disguises
 * undone (deep form: NFKC, no format characters, look-alike letters to Latin, digits for letters,
 * letters spaced apart joined; honesty/normalise.ts). Each is cut into clauses (sentences, and
 * the parts between commas, dashes and brackets) and read as a whole, and matched against the
 * 7 languages' words (honesty/lexicon/):
 *   staff_question  "are you an employee", "do you work for this site", "wordt dit profiel door de site beheerd"
 *   bot_question    "are you a bot", "bist du eine KI", "ben je een computerprogramma"
 *   real_question   "are you real", "is this profile real", "u real?", "is this a fake account"
 *   short_form      "echt?", "real?", "vrai?" as the whole message: a question only when it
 *                   answers a message of the chatpal (chat_send checks the conversation's previous
 *                   message, migration 0030)
 * A "real" word must end its clause ("ben je echt zo lief?" is not a question about the profile).
 * A question found only in the deep form is marked `disguised`. Cheap on the paid send path: a
 * pattern is tried only on a text holding one of its anchor words (honesty/anchors.ts), the deep
 * form only read when the text could be disguised (docs/honesty.md: about 10-25 µs a message).
 */
import type { HonestyReason } from '@dating/shared-kit/contracts';
import { lastWords, phraseAnchors } from './honesty/anchors';
import { EVERYWHERE, LANGUAGES } from './honesty/lexicon';
import type { Language } from './honesty/lexicon';
import { deepForm, mayBeDisguised, plainForm } from './honesty/normalise';
import type { Vocabulary } from './honesty/normalise';

export type { HonestyReason };

export interface HonestyFinding {
  reason: HonestyReason;
  /** the question was found only after undoing a disguise (look-alike letters, digits, spacing ...) */
  disguised: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alt = (list: string[]) =>
  [...new Set(list)]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
const any = (parts: string[]) => new RegExp(parts.map((p) => `(?:${p})`).join('|'));

/** The end of a clause: the clauses of a message are read at once, joined by " # " (classify). */
const END = '(?= #|$)';

/** One language's patterns, as regular-expression sources over the plain form. */
function patterns(l: Language) {
  const fill = `(?: (?:${alt(l.fillers)}))*`;
  // the profile itself: "is this profile", "your photos are"
  const thing = `(?:${alt(l.copulas)}) (?:${alt(l.these)}) (?:${alt(l.things)})|(?:${alt(l.these)}) (?:${alt(l.things)}) (?:${alt(l.copulas)})`;
  const you = `${alt(l.you)}|${thing}`;
  const it = alt([...l.isIt, ...l.isItReal]);
  const noun = (subject: string, words: string[]) => `(?:^| )(?:${subject})${fill} (?:${alt(words)})(?: |$)`;
  const unmistakable = [...EVERYWHERE.bot, ...EVERYWHERE.human, ...l.human];
  const machine = [...EVERYWHERE.bot, ...l.bot];
  return {
    real: `(?:^| )(?:${you}${l.isItReal.length ? `|${alt(l.isItReal)}` : ''})${fill} (?:${alt([...l.real, ...EVERYWHERE.real])})(?: (?:${alt([...l.tails, ...EVERYWHERE.tails])}))*${END}`,
    human: [noun(you, [...l.human, ...EVERYWHERE.human]), ...(it ? [noun(it, unmistakable)] : [])],
    bot: [
      noun(you, machine),
      ...(it ? [noun(it, [...EVERYWHERE.bot, ...l.bot.filter((w) => w.length <= 3 || /intelli|chat|automat|auto reply/.test(w))])] : []),
    ],
    staff: [noun(alt(l.you), [...l.staff, ...EVERYWHERE.staff]), ...l.staffPhrases.map((p) => `(?:^| )${p}(?= |$)`)],
  };
}

const ALL = Object.values(LANGUAGES).map(patterns);
const REAL_WORDS = [
  'echt',
  'real',
  'reel',
  'reelle',
  'vrai',
  'vraie',
  'vero',
  'vera',
  'reale',
  'prawdziwy',
  'prawdziwa',
  'prawdziwe',
  'verdadero',
  'verdadera',
  'de verdad',
];
const FAKE_WORDS = [
  'nep',
  'fake',
  'faux',
  'fausse',
  'falso',
  'falsa',
  'finto',
  'finta',
  'falszywy',
  'falszywa',
  'falszywe',
  'bot',
  'gefalscht',
];
const LISTS = [...Object.values(LANGUAGES), EVERYWHERE];
const phrases = Object.values(LANGUAGES).flatMap((l) => l.staffPhrases.map(phraseAnchors));

interface Matcher {
  reason: HonestyReason;
  pattern: RegExp;
  /** a text without any of these words cannot match (honesty/anchors.ts); null: always tried */
  anchors: Set<string> | null;
}
const MATCHERS: Matcher[] = [
  {
    reason: 'staff_question',
    pattern: any(ALL.flatMap((p) => p.staff)),
    anchors: phrases.some((a) => a == null)
      ? null
      : new Set([...lastWords(LISTS.flatMap((l) => l.staff)), ...phrases.flat()].filter((w): w is string => w != null)),
  },
  { reason: 'bot_question', pattern: any(ALL.flatMap((p) => p.bot)), anchors: new Set(lastWords(LISTS.flatMap((l) => l.bot))) },
  {
    reason: 'real_question',
    pattern: any([
      ...ALL.map((p) => p.real),
      ...ALL.flatMap((p) => p.human),
      `(?:^| )(?:${alt(REAL_WORDS)}) (?:of|or|oder|o|ou|czy) (?:(?:een|a|an|ein|eine|un|una|une|uno) )?(?:${alt(FAKE_WORDS)})(?: |$)`,
    ]),
    anchors: new Set(lastWords([...LISTS.flatMap((l) => [...l.real, ...l.human]), ...FAKE_WORDS])),
  },
];
const SHORT = new RegExp(
  `^(?:(?:${alt([...EVERYWHERE.openers, ...Object.values(LANGUAGES).flatMap((l) => l.openers)])}) )*` +
    `(?:${alt([...EVERYWHERE.short, ...Object.values(LANGUAGES).flatMap((l) => l.short)])})` +
    `(?: (?:${alt([...EVERYWHERE.tails, ...Object.values(LANGUAGES).flatMap((l) => l.tails)])}))*$`,
);

/** Every word the guard knows: a run of letters spelled apart is cut into these (normalise.ts). */
const VOCABULARY: Vocabulary = (() => {
  const words = new Set<string>();
  const add = (text: string) => text.split(/[^a-z]+/).forEach((w) => w.length > 0 && words.add(w));
  for (const l of [...Object.values(LANGUAGES), EVERYWHERE])
    for (const list of Object.values(l)) for (const entry of list as string[]) add(entry.replace(/\\w\+?|\(\?:|\{[\d,]+\}/g, ' '));
  return { has: (w: string) => words.has(w), longest: Math.max(...[...words].map((w) => w.length)) };
})();

const CLAUSES = /[.?!\u00bf\u00a1;:,\n()\u2013\u2014\u2026]+|\s-\s/;

/** Every pattern's anchor words together (candidatesOf); empty when a pattern has none (then every clause is read). */
const ANCHORS = new Set(MATCHERS.flatMap((m) => [...(m.anchors ?? [])]));
const ALWAYS = MATCHERS.some((m) => m.anchors == null);

function anchorIn(words: Set<string>, anchors: Set<string>): boolean {
  for (const w of words) if (anchors.has(w)) return true;
  return false;
}

/** Up to this many words a message is read whole as well as clause by clause. */
const WHOLE_WORDS = 40;

/**
 * The texts the patterns read: the whole message and its clauses (their plain forms joined by
 * " # ", which no pattern crosses). A long message is read only where it can match: the clauses
 * holding one of the guard's anchor words, and the very short clauses around such a clause read
 * together ("Are. You. Real?"), so that a long text costs little more than a short one.
 */
function candidatesOf(text: string): { words: Set<string>; texts: string[]; whole: string } {
  const clauses = text.split(CLAUSES).map(plainForm).filter(Boolean);
  const whole = clauses.join(' ');
  const words = new Set(whole.split(' '));
  if (whole.split(' ').length <= WHOLE_WORDS) return { words, texts: clauses.length > 1 ? [whole, clauses.join(' # ')] : [whole], whole };
  const anchored = (c: string) => ALWAYS || c.split(' ').some((w) => ANCHORS.has(w));
  const read: string[] = clauses.filter(anchored);
  // short clauses read together around an anchored one: up to 6 before it and 3 after it
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i] as string;
    if (c.split(' ').length > 3 || !anchored(c)) continue;
    let from = i;
    while (from > 0 && i - from < 6 && (clauses[from - 1] as string).split(' ').length <= 3) from--;
    let to = i;
    while (to < clauses.length - 1 && to - i < 3 && (clauses[to + 1] as string).split(' ').length <= 3) to++;
    if (to > from) read.push(clauses.slice(from, to + 1).join(' '));
  }
  return { words, texts: [read.join(' # ')], whole };
}

/** The reason of the first pattern that matches (see candidatesOf), else a short form. */
function classify(text: string): HonestyReason | null {
  const { words, texts, whole } = candidatesOf(text);
  for (const { reason, pattern, anchors } of MATCHERS) {
    if (anchors && !anchorIn(words, anchors)) continue;
    if (texts.some((c) => c && pattern.test(c))) return reason;
  }
  // a short form is a whole message of a few words ("haha echt?", "wirklich echt?")
  return whole.length <= 40 && SHORT.test(whole) ? 'short_form' : null;
}

/**
 * What the member's message asks, if anything: the reason, and whether a disguise was undone.
 * `short_form` is a question only after a message of the chatpal (the caller decides).
 */
export function findHonestyQuestion(text: string | null | undefined): HonestyFinding | null {
  if (!text) return null;
  const plain = classify(text);
  if (plain) return { reason: plain, disguised: false };
  if (!mayBeDisguised(text)) return null;
  const deep = deepForm(text, VOCABULARY);
  if (plainForm(deep) === plainForm(text)) return null;
  const reason = classify(deep);
  return reason ? { reason, disguised: true } : null;
}

/**
 * Whether `text` asks if the chatpal is real, a person, a bot or an employee. A short form
 * ("echt?") counts only with `afterChatpal` (the conversation's previous message is the chatpal's).
 */
export function asksIfReal(text: string | null | undefined, options: { afterChatpal?: boolean } = {}): boolean {
  const found = findHonestyQuestion(text);
  return found != null && (found.reason !== 'short_form' || options.afterChatpal === true);
}

/** The finding as stored in messages.honesty_reason: "bot_question", "short_form+disguised". */
export function honestyCode(found: HonestyFinding | null): string | null {
  return found ? `${found.reason}${found.disguised ? '+disguised' : ''}` : null;
}

/** messages.honesty_reason back as a finding (null: not flagged, or a code this version does not know). */
export function parseHonestyCode(code: string | null | undefined): HonestyFinding | null {
  const m = /^(real_question|bot_question|staff_question|short_form)(\+disguised)?$/.exec(code ?? '');
  return m ? { reason: m[1] as HonestyReason, disguised: m[2] != null } : null;
}
