/**
 * The honesty guard's recogniser (issue 15): does a member's message to a chatpal ask whether the
 * chatpal is real, a person, a bot or an employee? Then the operator console marks the question
 * and refuses every reply but the site's disclosure (operator.ts). Consumer law asks for this
 * (Dutch ACM commitments of 2018; LG Berlin 2022): a member who asks gets the truth.
 *
 * How: the text is cut into sentences (and clauses at commas), each normalised (lower case,
 * accents and punctuation gone, ł -> l, ß -> ss), and matched against one table of the 7
 * languages (members may write in any of them):
 *   <you>  [filler words]  <real>  [tail]  end of the clause   "ben je echt?", "are you really real, or not"
 *   <you>  [filler words]  <noun>  ...                          "are you a real person", "czy jesteś botem"
 * `you` is "are you" / "is this" / "am I talking to" and kin; fillers are articles and words like
 * "really"; a `real` word must end the clause, so "ben je echt zo lief?" is not a question about
 * the profile. When in doubt it errs towards flagging: a disclosure never hurts a member.
 */

interface Lexicon {
  /** "are you" and kin: who or what is asked about */
  you: string[];
  /** "is this", "c'est": only before a noun ("c'est vrai" is "that's true", not a question about the profile) */
  isIt: string[];
  /** adjectives that end the question: real, fake */
  real: string[];
  /** what the chatpal might be: a bot, a person, an employee (may be followed by more words) */
  nouns: string[];
  /** articles and adverbs allowed between `you` and the word */
  fillers: string[];
  /** words allowed after a `real` word: "or not" */
  tails: string[];
}

const LEXICON: Record<'nl' | 'en' | 'de' | 'es' | 'fr' | 'it' | 'pl', Lexicon> = {
  nl: {
    you: ['ben je', 'ben jij', 'bent u', 'bent je', 'is dit', 'is het', 'praat ik met', 'chat ik met', 'spreek ik met', 'schrijf ik met', 'jij bent', 'je bent'],
    isIt: [],
    real: ['echt', 'nep', 'fake', 'real', 'een echt persoon', 'een echte persoon', 'een mens', 'menselijk'],
    nouns: ['bot', 'robot', 'chatbot', 'computer', 'mens', 'echt persoon', 'echte persoon', 'echt iemand', 'echte vrouw', 'echte man', 'medewerker', 'medewerkster', 'werknemer', 'personeelslid', 'operator', 'moderator', 'nepprofiel', 'nep profiel', 'programma'],
    fillers: ['een', 'wel', 'echt', 'nou', 'eigenlijk', 'misschien', 'gewoon', 'soms', 'nu', 'met', 'zeker', 'ook'],
    tails: ['of niet', 'of nep', 'hoor', 'dan', 'eigenlijk', 'wel', 'haha', 'lol', 'of zo'],
  },
  en: {
    you: ['are you', 'r u', 'are u', 'ru', 'you are', 'is this', 'is it', 'am i talking to', 'am i talking with', 'am i chatting with', 'am i chatting to', 'am i speaking to', 'am i speaking with', 'am i writing to', 'am i writing with'],
    isIt: [],
    real: ['real', 'fake', 'human', 'ai', 'legit'],
    nouns: ['bot', 'robot', 'chatbot', 'computer', 'human', 'real person', 'actual person', 'real human', 'real woman', 'real man', 'real girl', 'real guy', 'employee', 'staff', 'staff member', 'operator', 'moderator', 'fake profile', 'program', 'machine', 'person'],
    fillers: ['a', 'an', 'really', 'actually', 'just', 'even', 'maybe', 'some', 'kind', 'sort', 'of', 'the', 'for', 'truly', 'honestly', 'still', 'to', 'with'],
    tails: ['or not', 'or fake', 'or what', 'lol', 'haha', 'though', 'right'],
  },
  de: {
    isIt: [],
    you: ['bist du', 'du bist', 'sind sie', 'ist das', 'ist dies', 'rede ich mit', 'spreche ich mit', 'chatte ich mit', 'schreibe ich mit', 'schreib ich mit'],
    real: ['echt', 'real', 'fake', 'ein mensch', 'menschlich'],
    nouns: ['bot', 'robot', 'roboter', 'chatbot', 'computer', 'mensch', 'menschen', 'echte person', 'echter mensch', 'echten menschen', 'echte frau', 'echter mann', 'mitarbeiter', 'mitarbeiterin', 'angestellter', 'angestellte', 'angestellten', 'moderator', 'moderatorin', 'operator', 'fake profil', 'fakeprofil', 'programm', 'maschine'],
    fillers: ['ein', 'eine', 'einen', 'einem', 'einer', 'wirklich', 'eigentlich', 'etwa', 'vielleicht', 'nur', 'so', 'echt', 'auch', 'denn', 'ueberhaupt', 'tatsaechlich'],
    tails: ['oder nicht', 'oder fake', 'oder', 'haha', 'lol', 'ja'],
  },
  es: {
    you: ['eres', 'tu eres', 'estoy hablando con', 'hablo con', 'estoy chateando con', 'eres tu', 'es usted', 'usted es'],
    isIt: ['es', 'esto es'],
    real: ['real', 'de verdad', 'verdadero', 'verdadera', 'falso', 'falsa', 'humano', 'humana'],
    nouns: ['bot', 'robot', 'chatbot', 'computadora', 'ordenador', 'humano', 'humana', 'persona real', 'persona de verdad', 'mujer real', 'hombre real', 'empleado', 'empleada', 'trabajador', 'trabajadora', 'operador', 'operadora', 'moderador', 'moderadora', 'perfil falso', 'programa', 'maquina'],
    fillers: ['un', 'una', 'de', 'verdad', 'realmente', 'acaso', 'solo', 'en', 'serio', 'tal', 'vez', 'una', 'con'],
    tails: ['o no', 'o falso', 'o falsa', 'jaja', 'lol', 'verdad'],
  },
  fr: {
    you: ['es tu', 'tu es', 't es', 'etes vous', 'vous etes', 'est ce que tu es', 'est ce que vous etes', 'je parle a', 'je parle avec', 'je discute avec', 'je chatte avec', 'j ecris a'],
    isIt: ['c est', 'est ce'],
    real: ['reel', 'reelle', 'vrai', 'vraie', 'real', 'faux', 'fausse', 'humain', 'humaine'],
    nouns: ['bot', 'robot', 'chatbot', 'ordinateur', 'humain', 'humaine', 'vraie personne', 'personne reelle', 'vraie femme', 'vrai homme', 'employe', 'employee', 'salarie', 'salariee', 'operateur', 'operatrice', 'moderateur', 'moderatrice', 'faux profil', 'programme', 'machine'],
    fillers: ['un', 'une', 'vraiment', 'juste', 'seulement', 'en', 'fait', 'peut', 'etre', 'bien', 'reellement', 'une', 'avec'],
    tails: ['ou pas', 'ou non', 'ou faux', 'ou fausse', 'mdr', 'lol', 'haha'],
  },
  it: {
    you: ['sei', 'tu sei', 'sto parlando con', 'parlo con', 'sto chattando con', 'sta parlando con', 'lei e'],
    isIt: ['e', 'questo e'],
    real: ['vero', 'vera', 'reale', 'finto', 'finta', 'umano', 'umana'],
    nouns: ['bot', 'robot', 'chatbot', 'computer', 'umano', 'umana', 'persona vera', 'persona reale', 'donna vera', 'uomo vero', 'dipendente', 'impiegato', 'impiegata', 'operatore', 'operatrice', 'moderatore', 'moderatrice', 'profilo falso', 'profilo finto', 'programma', 'macchina'],
    fillers: ['un', 'una', 'uno', 'davvero', 'veramente', 'solo', 'per', 'caso', 'forse', 'proprio', 'realmente', 'con'],
    tails: ['o no', 'o finto', 'o finta', 'ahah', 'lol', 'haha'],
  },
  pl: {
    you: ['jestes', 'czy jestes', 'ty jestes', 'rozmawiam z', 'czy rozmawiam z', 'pisze z', 'czy pisze z', 'czy pan jest', 'czy pani jest'],
    isIt: ['czy to', 'to jest', 'czy to jest'],
    real: ['prawdziwy', 'prawdziwa', 'prawdziwe', 'prawdziwym', 'prawdziwa osoba', 'realny', 'realna', 'falszywy', 'falszywa', 'fake'],
    nouns: ['bot', 'botem', 'robot', 'robotem', 'chatbot', 'chatbotem', 'komputer', 'komputerem', 'czlowiek', 'czlowiekiem', 'prawdziwa osoba', 'prawdziwym czlowiekiem', 'prawdziwa kobieta', 'prawdziwym mezczyzna', 'pracownik', 'pracownikiem', 'pracownica', 'pracownica', 'operator', 'operatorem', 'moderator', 'moderatorem', 'konsultant', 'konsultantem', 'falszywy profil', 'program', 'programem', 'maszyna'],
    fillers: ['naprawde', 'moze', 'tylko', 'na', 'pewno', 'w', 'ogole', 'jakims', 'jakas', 'jakis', 'z', 'ze', 'faktycznie'],
    tails: ['czy nie', 'czy falszywy', 'czy falszywa', 'haha', 'lol'],
  },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alt = (list: string[]) => [...new Set(list)].sort((a, b) => b.length - a.length).map(escape).join('|');
const every = (pick: (l: Lexicon) => string[]) => Object.values(LEXICON).flatMap(pick);

const YOU = alt(every((l) => l.you));
const FILLERS = `(?: (?:${alt(every((l) => l.fillers))}))*`;
const REAL = new RegExp(`(?:^| )(?:${YOU})${FILLERS} (?:${alt(every((l) => l.real))})(?: (?:${alt(every((l) => l.tails))}))*$`);
const NOUN = new RegExp(`(?:^| )(?:${alt(every((l) => [...l.you, ...l.isIt]))})${FILLERS} (?:${alt(every((l) => l.nouns))})(?: |$)`);

/** Lower case, accents and punctuation gone, one space between words. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `text` asks if the chatpal is real, a person, a bot or an employee. */
export function asksIfReal(text: string | null | undefined): boolean {
  if (!text) return false;
  // clauses: sentences, and the parts between commas, dashes and brackets
  for (const clause of text.split(/[.?!¿¡;:,\n()\u2013\u2014]+|\s-\s/)) {
    const plain = normalise(clause);
    if (plain && (REAL.test(plain) || NOUN.test(plain))) return true;
  }
  return false;
}
