/**
 * The honesty guard's table (honesty.table.ts) as its contract: every question flagged with its
 * reason, every ordinary sentence left alone, in the 7 languages; and the same rows disguised
 * (generated here from the rows: zero-width and soft-hyphen characters inside words, Cyrillic and
 * Greek look-alike letters, full-width and mathematical bold letters, digits for letters, letters
 * spaced or dotted apart) flagged as disguised, or still left alone.
 */
import { asksIfReal, findHonestyQuestion, honestyCode, parseHonestyCode } from './honesty';
import { HAND_DISGUISED, HONESTY_TABLE } from './honesty.table';
import type { HonestyRow } from './honesty.table';
import { plainForm } from './honesty/normalise';
import { phraseAnchors } from './honesty/anchors';
import { LANGUAGES } from './honesty/lexicon';

const QUESTIONS = HONESTY_TABLE.filter((r) => r.reason != null);
const ORDINARY = HONESTY_TABLE.filter((r) => r.reason == null);

/** Every word's inner letters: `fn` applied to the letters of words longer than one letter. */
const inWords = (fn: (word: string) => string) => (text: string) => text.replace(/\p{L}{2,}/gu, fn);
const mapLetters = (table: Record<string, string>) => (text: string) => [...text].map((c) => table[c] ?? c).join('');

const DISGUISES: Record<string, (text: string) => string> = {
  'zero-width space': inWords((w) => [...w].join('\u200b')),
  'zero-width joiner': inWords((w) => `${w.slice(0, 1)}\u200d${w.slice(1)}`),
  'soft hyphen': inWords((w) => [...w].join('\u00ad')),
  Cyrillic: mapLetters({
    a: 'а',
    e: 'е',
    o: 'о',
    p: 'р',
    c: 'с',
    y: 'у',
    x: 'х',
    i: 'і',
    A: 'А',
    E: 'Е',
    O: 'О',
    P: 'Р',
    C: 'С',
    T: 'Т',
    H: 'Н',
    K: 'К',
    M: 'М',
    B: 'В',
  }),
  Greek: mapLetters({
    o: 'ο',
    a: 'α',
    i: 'ι',
    v: 'ν',
    u: 'υ',
    p: 'ρ',
    n: 'η',
    t: 'τ',
    k: 'κ',
    e: 'ε',
    A: 'Α',
    B: 'Β',
    E: 'Ε',
    O: 'Ο',
    T: 'Τ',
    K: 'Κ',
    I: 'Ι',
  }),
  'full-width': (text) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  'mathematical bold': (text) =>
    [...text]
      .map((c) =>
        /[a-z]/.test(c)
          ? String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97)
          : /[A-Z]/.test(c)
            ? String.fromCodePoint(0x1d400 + c.charCodeAt(0) - 65)
            : c,
      )
      .join(''),
  'digits for letters': inWords(mapLetters({ e: '3', a: '4', o: '0', l: '1', s: '5', t: '7', E: '3', A: '4', O: '0', S: '5', T: '7' })),
  'dotted letters': (text) => text.replace(/\p{L}{2,}/gu, (w) => [...w].join('.')),
};

/** Spaced letters: letters of a word one space apart, words (and the parts of "es-tu") three spaces apart ("b e n   j e   e c h t"). */
DISGUISES['spaced letters'] = (text) =>
  text
    .split(/[\s-]+/)
    .map((w) => w.replace(/\p{L}{2,}/gu, (part) => [...part].join(' ')))
    .join('   ');

/** Every third row of each language gets each disguise (several rows per disguise and language). */
function sample(list: HonestyRow[], offset: number): HonestyRow[] {
  return list.filter((_, i) => i % 3 === offset % 3);
}

describe('the honesty table', () => {
  it('has at least 300 rows across the 7 languages, questions and ordinary sentences', () => {
    expect(HONESTY_TABLE.length).toBeGreaterThanOrEqual(300);
    for (const lang of ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl']) {
      expect(QUESTIONS.filter((r) => r.lang === lang).length).toBeGreaterThanOrEqual(15);
      expect(ORDINARY.filter((r) => r.lang === lang).length).toBeGreaterThanOrEqual(10);
    }
  });

  it.each(QUESTIONS.map((r) => [r.lang, r.text, r.reason] as const))('%s: flags %j as %s', (_lang, text, reason) => {
    expect(findHonestyQuestion(text)).toEqual({ reason, disguised: false });
  });

  it.each(ORDINARY.map((r) => [r.lang, r.text] as const))('%s: leaves %j alone', (_lang, text) => {
    expect(findHonestyQuestion(text)).toBeNull();
    expect(asksIfReal(text, { afterChatpal: true })).toBe(false);
  });
});

describe('disguised rows', () => {
  const names = Object.keys(DISGUISES);
  names.forEach((name, n) => {
    const disguise = DISGUISES[name] as (t: string) => string;
    const questions = sample(QUESTIONS, n);
    const ordinary = sample(ORDINARY, n);

    it(`${name}: ${questions.length} questions still flagged, marked disguised`, () => {
      const missed = questions
        .map((r) => ({ text: disguise(r.text), want: r.reason }))
        .filter(({ text, want }) => {
          const found = findHonestyQuestion(text);
          return !(found?.reason === want && found.disguised);
        })
        .map(({ text }) => `${text} -> ${JSON.stringify(findHonestyQuestion(text))}`);
      expect(missed).toEqual([]);
      expect(questions.length).toBeGreaterThanOrEqual(20);
    });

    it(`${name}: ${ordinary.length} ordinary sentences still left alone`, () => {
      expect(ordinary.map((r) => disguise(r.text)).filter((text) => findHonestyQuestion(text) != null)).toEqual([]);
      expect(ordinary.length).toBeGreaterThanOrEqual(10);
    });
  });

  it.each(HAND_DISGUISED.map((r) => [r.text, r.reason] as const))('flags the hand-disguised %j as %s, disguised', (text, reason) => {
    expect(findHonestyQuestion(text)).toEqual({ reason, disguised: true });
  });
});

describe('short forms and codes', () => {
  it('a short form is a question only after a message of the chatpal', () => {
    for (const text of ['echt?', 'real?', 'wirklich echt?', 'vrai ?', 'e\u200bcht?']) {
      expect(asksIfReal(text)).toBe(false);
      expect(asksIfReal(text, { afterChatpal: true })).toBe(true);
    }
    // a full question needs no chatpal message before it
    expect(asksIfReal('ben je echt?')).toBe(true);
  });

  it('the stored code says the reason and whether a disguise was undone', () => {
    expect(honestyCode(findHonestyQuestion('ben je een b0t?'))).toBe('bot_question+disguised');
    expect(honestyCode(findHonestyQuestion('werk je voor deze site?'))).toBe('staff_question');
    expect(honestyCode(findHonestyQuestion('hoe gaat het?'))).toBeNull();
    expect(parseHonestyCode('short_form+disguised')).toEqual({ reason: 'short_form', disguised: true });
    expect(parseHonestyCode('real_question')).toEqual({ reason: 'real_question', disguised: false });
    expect(parseHonestyCode(null)).toBeNull();
    expect(parseHonestyCode('something_else')).toBeNull();
  });

  it('reads a long message where it can match: a question anywhere in it is found, ordinary text is not flagged', () => {
    const chatter = 'Ik vind het heel leuk om met je te praten, echt waar, en ik ben echt moe vandaag. '.repeat(20);
    expect(findHonestyQuestion(chatter)).toBeNull();
    expect(findHonestyQuestion(`${chatter}Maar zeg eens: Are. You. Real?`)).toEqual({ reason: 'real_question', disguised: false });
    expect(findHonestyQuestion(`${chatter}Is. This. Profile. Real? ${chatter}`)).toEqual({ reason: 'real_question', disguised: false });
    expect(findHonestyQuestion(`${chatter}Ben je een bot? ${chatter}`)).toEqual({ reason: 'bot_question', disguised: false });
    expect(findHonestyQuestion(`${chatter}werk je voor deze site? ${chatter}`)).toEqual({ reason: 'staff_question', disguised: false });
    expect(findHonestyQuestion(`${chatter}ben je rea1?`)).toEqual({ reason: 'real_question', disguised: true });
    expect(findHonestyQuestion('Hoi! '.repeat(400))).toBeNull();
  });

  it('every staff phrase has anchor words, so that the quick pre-check can skip it', () => {
    for (const lang of Object.values(LANGUAGES))
      for (const phrase of lang.staffPhrases) expect([phrase, phraseAnchors(phrase)]).toEqual([phrase, expect.any(Array)]);
    expect(phraseAnchors('(?:werk|werkt) (?:je|jij|u) (?:\\w+ ){0,2}(?:voor|bij) site')).toEqual(['werk', 'werkt']);
    expect(phraseAnchors('(?:te|le|os) (?:\\w+ ){0,2}pagan')).toEqual(['pagan']);
    expect(phraseAnchors('(?:te|le|os) (?:\\w+ ){0,2}pagan(?:do)?')).toEqual(['te', 'le', 'os']);
  });

  it('the plain form folds case, accents and punctuation', () => {
    expect(plainForm('Es-tu RÉEL ?!')).toBe('es tu reel');
    expect(plainForm('Jesteś człowiekiem…')).toBe('jestes czlowiekiem');
    expect(plainForm('¿Eres   un BOT?')).toBe('eres un bot');
    expect(plainForm('Straße')).toBe('strasse');
  });
});
