/**
 * The honesty guard's quick pre-check (honesty.ts): a pattern can only match a text that holds
 * one of its "anchor" words, so a message without any of them skips the pattern's (long)
 * regular expression. Most messages hold none: the guard stays cheap on the paid send path.
 *
 * - a word list entry ("fake account", "bot"): its last word (the entry is followed by a space,
 *   the end of the text or of a clause, so its last word is a whole word of the text);
 * - a phrase (lexicon/ staffPhrases): the words of one of its mandatory parts, any of which a
 *   match must contain: a literal word, or a group "(?:werk|werkt)" of words, followed by a space
 *   or ending the phrase (the phrase must end at a word's end), and not optional. Of these the
 *   part with the longest shortest word is taken (rarer words).
 */

/** The last word of each entry. */
export function lastWords(entries: string[]): string[] {
  return entries.map((e) => e.split(' ').at(-1) as string);
}

/** A phrase's mandatory parts, each as the words that may stand there (null: the part may hold anything). */
function parts(source: string): (string[] | null)[] {
  const out: (string[] | null)[] = [];
  let i = 0;
  while (i < source.length) {
    if (source[i] === ' ') {
      i++;
      continue;
    }
    let end: number;
    let words: string[] | null;
    if (source.startsWith('(?:', i)) {
      let depth = 0;
      end = i;
      for (; end < source.length; end++) {
        if (source[end] === '(') depth++;
        else if (source[end] === ')' && --depth === 0) break;
      }
      const inner = source.slice(i + 3, end);
      end++;
      // alternatives at the top level of the group; each must start with a plain word
      const alternatives: string[] = [];
      let level = 0;
      let start = 0;
      for (let k = 0; k <= inner.length; k++) {
        const c = inner[k];
        if (c === '(') level++;
        else if (c === ')') level--;
        else if ((c === '|' && level === 0) || k === inner.length) {
          alternatives.push(inner.slice(start, k));
          start = k + 1;
        }
      }
      const firsts = alternatives.map((a) => /^([a-z]+)(?: |$)/.exec(a)?.[1] ?? null);
      words = firsts.every((w): w is string => w != null) ? firsts : null;
    } else {
      const m = /^[a-z]+/.exec(source.slice(i));
      if (!m) return [...out, null];
      end = i + m[0].length;
      words = [m[0]];
    }
    // optional parts (?, *, {0,n}) and parts not followed by a space (a word's beginning only) do not count
    const rest = source.slice(end);
    if (/^(?:\?|\*|\{0,)/.test(rest)) {
      i = end + (/^\{[\d,]+\}/.exec(rest)?.[0].length ?? 1);
      continue;
    }
    if (/^\{[\d,]+\}/.test(rest)) {
      i = end + (/^\{[\d,]+\}/.exec(rest)?.[0].length ?? 0);
      out.push(null);
      continue;
    }
    // whole words only: a part followed by a space, or ending the phrase (honesty.ts ends each phrase at a word's end)
    out.push(rest.startsWith(' ') || rest === '' ? words : null);
    i = end;
  }
  return out;
}

/** Words one of which every match of the phrase contains (null: none found; the phrase is always tried). */
export function phraseAnchors(source: string): string[] | null {
  let best: string[] | null = null;
  for (const words of parts(source)) {
    if (!words) continue;
    const shortest = Math.min(...words.map((w) => w.length));
    if (!best || shortest > Math.min(...best.map((w) => w.length))) best = words;
  }
  return best;
}
