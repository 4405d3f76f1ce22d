/**
 * The honesty guard's recogniser (honesty.ts), table-driven: the questions of issue 15 in all 7
 * languages with their common variants (accents, case and punctuation do not matter), and
 * ordinary chat lines that merely contain "echt", "real" or "vero" and must not be flagged.
 */
import { asksIfReal, normalise } from './honesty';

const QUESTIONS: Record<string, string[]> = {
  nl: ['ben je echt?', 'Ben jij echt??', 'ben je wel echt', 'ben je een bot', 'Ben jij een medewerker?', 'ben je een echt persoon?', 'Hoi! Ben je eigenlijk een robot?', 'praat ik met een computer?', 'ben je nep of niet', 'is dit een nepprofiel?', 'bent u een medewerker van de site?', 'BEN JE ECHT'],
  en: ['are you real?', 'Are you REAL', 'is this a bot', 'are you a real person', 'Are you a bot?', 'r u real', 'am I talking to a real person?', 'are you even human', 'are you an employee of this site?', 'you are a bot, right?', 'are you actually real or not?', 'Are you an AI?', 'is this real?'],
  de: ['bist du echt?', 'Bist du ein Bot?', 'bist du wirklich echt', 'Bist du ein Mensch?', 'bist du eine echte Person', 'Bist du ein Mitarbeiter?', 'sind Sie eine Angestellte der Seite?', 'rede ich mit einem Roboter?', 'ist das ein Fake-Profil?', 'bist du überhaupt echt oder nicht'],
  es: ['eres real?', '¿eres un bot?', '¿Eres real?', 'eres una persona real?', '¿eres humana?', '¿eres un empleado?', 'estoy hablando con un robot?', '¿Es un bot?', 'eres de verdad?', '¿eres realmente real o no?'],
  fr: ['es-tu réel ?', 'es-tu un robot', 'Es-tu réelle ?', 'tu es un bot ?', 'es tu une vraie personne', 'Êtes-vous un employé ?', 'est-ce que tu es humaine ?', "c'est un bot ?", 'je parle à un robot ?', "t'es vraiment réel ou pas ?"],
  it: ['sei vero?', 'sei un bot', 'Sei vera?', 'sei reale?', 'sei una persona vera?', 'sei un dipendente?', 'sto parlando con un operatore?', 'è un bot?', 'sei davvero umana?', 'sei un robot o no'],
  pl: ['jesteś prawdziwy?', 'czy jesteś botem', 'Jesteś prawdziwa?', 'czy jesteś człowiekiem?', 'jesteś pracownikiem?', 'czy to bot?', 'rozmawiam z prawdziwą osobą?', 'czy jestes robotem', 'JESTEŚ PRAWDZIWY', 'jesteś naprawdę prawdziwa czy nie?'],
};

const ORDINARY: string[] = [
  'Hoi, hoe gaat het?',
  'ben je echt zo lief als op je foto?',
  'echt leuk om je te spreken',
  'Are you really from Amsterdam?',
  'I am real happy today',
  'what a real shame',
  'bist du echt süß',
  'Das ist echt toll',
  "c'est vrai, j'adore la mer",
  'è vero, anche io amo il mare',
  'sei di Roma?',
  'el amor es real',
  'to jest prawdziwa przyjemność',
  'jesteś prawdziwym skarbem',
  'are you free tonight?',
  'ben je morgen vrij?',
  '',
];

describe('asksIfReal', () => {
  for (const [lang, lines] of Object.entries(QUESTIONS)) {
    it.each(lines)(`${lang}: flags %j`, (line) => {
      expect(asksIfReal(line)).toBe(true);
    });
  }

  it.each(ORDINARY)('does not flag %j', (line) => {
    expect(asksIfReal(line)).toBe(false);
  });

  it('finds the question inside a longer message', () => {
    expect(asksIfReal('Leuk profiel! Maar even serieus: ben je echt? Ik wil het weten.')).toBe(true);
    expect(asksIfReal('Hallo, bist du ein Bot')).toBe(true);
  });

  it('normalises accents, case and punctuation', () => {
    expect(normalise('Es-tu RÉEL ?!')).toBe('es tu reel');
    expect(normalise('Jesteś człowiekiem…')).toBe('jestes czlowiekiem');
    expect(normalise('¿Eres   un BOT?')).toBe('eres un bot');
  });
});
