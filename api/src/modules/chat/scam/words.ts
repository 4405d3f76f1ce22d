/**
 * The scam guard's default word lists (issue 26 part 3), in the honesty guard's plain form (lower
 * case, no accents, punctuation a space; honesty/normalise.ts). A site changes them in
 * /backoffice/sites (settings held_messengers, held_money_words); the defaults of every site
 * (sites/defaults.ts, ZSettings defaults) live in shared-kit/src/contracts/held.ts.
 */
export { DEFAULT_MESSENGERS, DEFAULT_MONEY_WORDS } from '@dating/shared-kit/contracts';

/** How many first messages of a conversation the guard reads (both sides counted). */
export const DEFAULT_HELD_FIRST_MESSAGES = 5;
/** An account younger than this many hours has every message to a member read. */
export const DEFAULT_HELD_ACCOUNT_HOURS = 24;
