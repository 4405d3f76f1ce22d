/**
 * The shape of one language's words for the honesty guard. Every word is in the plain form
 * (../normalise.ts: lower case, no accents, ł -> l, ß -> ss, every apostrophe and punctuation mark
 * a space: "you're" -> "you re", "c'est" -> "c est").
 */
export interface Language {
  /** who is asked about, before the question word: "are you", "zijn jullie", "u" */
  you: string[];
  /** "is", "are": with `these` and `things` they ask about a profile ("is this profile", "this photo is") */
  copulas: string[];
  /** "this", "your" */
  these: string[];
  /** what may be real or fake: profile, account, photo, person */
  things: string[];
  /** "is it", "c'est": only before an unmistakable noun (bot, fake profile: "c'est vrai" is "that's true", "es un programa" a TV show) */
  isIt: string[];
  /** "is this", "is it": like isIt, and also before a `real` word ("is this real?") */
  isItReal: string[];
  /** words that end the question: real, fake (a "real" word followed by more words is an adverb: "ben je echt zo lief") */
  real: string[];
  /** a person or a fake profile: "are you a real person", "is this a fake account" (reason real_question) */
  human: string[];
  /** a machine: "are you a bot", "bist du eine KI" (reason bot_question) */
  bot: string[];
  /** the site's people: "are you an employee" (reason staff_question) */
  staff: string[];
  /** whole phrases (regular expressions over the plain form) asking whether the site, an employee or someone else writes (staff_question) */
  staffPhrases: string[];
  /** articles and adverbs allowed between the subject and the word */
  fillers: string[];
  /** words allowed after a `real` word: "or not", "right" */
  tails: string[];
  /** a message of only these words asks the question when it answers a chatpal's message: "echt?", "vrai?" (short_form) */
  short: string[];
  /** words that may come before a short form: "haha echt?", "wow, real?" */
  openers: string[];
}

export type LanguageCode = 'nl' | 'en' | 'de' | 'es' | 'fr' | 'it' | 'pl';
