/**
 * The scam guard's table (detect.table.ts) as its contract: every row held for its reason or
 * delivered, in the 7 languages; the counts per language are the docs' figure (docs/safety.md).
 */
import { DEFAULT_MESSENGERS, DEFAULT_MONEY_WORDS } from '@dating/shared-kit/contracts';
import { findHeldReason } from './detect';
import { heldInput, scamListsOf } from './hold';
import { SCAM_TABLE } from './detect.table';

const lists = scamListsOf({ held_messengers: DEFAULT_MESSENGERS, held_money_words: DEFAULT_MONEY_WORDS });

describe('the scam guard table', () => {
  it('has 100+ rows in the 7 languages, held and delivered in each', () => {
    expect(SCAM_TABLE.length).toBeGreaterThanOrEqual(100);
    for (const lang of ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl']) {
      expect(SCAM_TABLE.some((r) => r.lang === lang && r.reason != null)).toBe(true);
      expect(SCAM_TABLE.some((r) => r.lang === lang && r.reason == null)).toBe(true);
    }
  });

  it.each(SCAM_TABLE.map((r) => [r.lang, r.text, r.reason] as const))('%s: %j -> %s', (_lang, text, reason) => {
    expect(findHeldReason(text, lists)).toBe(reason);
  });

  it('prints the figure: held / delivered per language', () => {
    const figure: Record<string, { held: number; delivered: number }> = {};
    for (const r of SCAM_TABLE) {
      const f = (figure[r.lang] ??= { held: 0, delivered: 0 });
      if (findHeldReason(r.text, lists)) f.held++;
      else f.delivered++;
    }
    console.log(`scam table (${SCAM_TABLE.length} rows): ${JSON.stringify(figure)}`);
    expect(Object.keys(figure)).toHaveLength(7);
  });
});

describe('the site lists', () => {
  it('a word the site adds is held, one it removes is not', () => {
    const custom = scamListsOf({ held_messengers: ['line app', 'myspace'], held_money_words: { nl: ['betaal mij'] } });
    expect(findHeldReason('zit je op myspace?', custom)).toBe('messenger');
    expect(findHeldReason('betaal mij even', custom)).toBe('money');
    expect(findHeldReason('heb je whatsapp?', custom)).toBeNull();
  });
});

describe('when the text is read (heldInput)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const old = { signupAt: new Date(now - 48 * 3_600_000) };
  const young = { signupAt: new Date(now - 2 * 3_600_000) };
  const settings = { held_first_messages: 5, held_account_hours: 24 };

  it('an older account: held within the first 5 messages; a young one: always', () => {
    expect(heldInput(old, 'whatsapp?', settings, false, now)).toEqual({ reason: 'messenger', within: 5 });
    expect(heldInput(young, 'whatsapp?', settings, false, now)).toEqual({ reason: 'messenger', within: null });
    expect(heldInput(old, 'hoi!', settings, false, now)).toEqual({ reason: null, within: null });
  });

  it('both rules off: nothing read; under review: a new conversation is held', () => {
    expect(heldInput(old, 'whatsapp?', { held_first_messages: 0, held_account_hours: 0 }, false, now)).toEqual({
      reason: null,
      within: null,
    });
    expect(heldInput(old, 'hoi!', settings, true, now)).toEqual({ reason: 'review', within: 1 });
  });
});
