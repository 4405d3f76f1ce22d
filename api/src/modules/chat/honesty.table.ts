/**
 * The honesty guard's contract (issue 25): messages a member may write to a chatpal, in the 7
 * languages, with what the guard must answer. `reason` null: an ordinary sentence that must NOT be
 * flagged (it merely contains "echt", "real", "vrai", "bot" ...). `short_form`: a question only
 * when it answers a message of the chatpal ("echt?"). honesty.test.ts also runs disguised
 * variants of these rows (zero-width, soft hyphen, look-alike letters, full-width, mathematical
 * bold, digits for letters, spaced and dotted letters). To extend the guard: add the row here,
 * see it fail, then add the words to honesty/lexicon.ts (docs/honesty.md).
 */
import type { HonestyReason } from '@dating/shared-kit/contracts';
import type { LanguageCode } from './honesty/lexicon';

export interface HonestyRow {
  lang: LanguageCode;
  text: string;
  reason: HonestyReason | null;
}

const rows = (lang: LanguageCode, reason: HonestyReason | null, texts: string[]): HonestyRow[] => texts.map((text) => ({ lang, text, reason }));

export const HONESTY_TABLE: HonestyRow[] = [
  /* ---------------- nl ---------------- */
  ...rows('nl', 'real_question', [
    'is dit profiel echt?', 'zijn jullie echt?', 'ben je echt?', 'Ben jij echt??', 'ben je wel echt', 'ben je een echt persoon?', 'ben je nep of niet',
    'is dit een nepprofiel?', 'BEN JE ECHT', 'Is je foto echt?', 'zijn je foto’s echt?', 'ben je wel een echte vrouw?', 'ben jij eigenlijk wel echt, of niet?',
    'Leuk profiel! Maar even serieus: ben je echt? Ik wil het weten.', 'dit profiel is nep toch?', 'ben je een mens?', 'is dit account echt of nep?', 'echt of nep?',
    'je bent toch wel echt hè?', 'praat ik met een echt persoon?', 'bent u echt?',
  ]),
  ...rows('nl', 'bot_question', ['ben je een computerprogramma?', 'ben je een bot', 'Hoi! Ben je eigenlijk een robot?', 'praat ik met een computer?', 'ben jij een AI?', 'ben je kunstmatige intelligentie?', 'is dit een chatbot?']),
  ...rows('nl', 'staff_question', [
    'wordt dit profiel door de site beheerd?', 'Ben jij een medewerker?', 'bent u een medewerker van de site?', 'werk je voor deze site?', 'word je betaald om met mij te chatten?',
    'schrijft er iemand anders namens jou?', 'wie beheert dit profiel eigenlijk?', 'ben je iemand van de site?', 'zit er een bedrijf achter dit profiel?', 'met wie praat ik eigenlijk?',
  ]),
  ...rows('nl', 'short_form', ['echt?', 'Echt??', 'echt waar?', 'haha echt?', 'maar echt?', 'nep?', 'echt waar?!']),
  ...rows('nl', null, [
    'ik ben echt moe', 'echt leuk dat je reageert', 'ben je echt zo lief?', 'Hoi, hoe gaat het?', 'ben je echt zo lief als op je foto?', 'echt leuk om je te spreken',
    'ben je morgen vrij?', 'ik werk bij een bank', 'werk je morgen?', 'wat is je favoriete tv-programma?', 'ik heb een robotstofzuiger', 'dat is echt waar',
    'ben je echt uit Utrecht?', 'je foto is echt mooi', 'ik ben een echte fan van je', 'is het echt zo warm bij jou?', 'ik vind je echt leuk', 'ben jij ook zo moe?',
    'mijn computer is kapot', 'ik werk voor een groot bedrijf', 'zijn jullie vaak op vakantie?', 'hoe was je dag?', 'Wat een mooie foto van het strand',
  ]),
  /* ---------------- en ---------------- */
  ...rows('en', 'real_question', [
    'is this profile real?', "you're real, right?", 'u real?', 'is this a fake account?', 'Are. You. Real?', 'are you real?', 'Are you REAL', 'are you a real person',
    'r u real', 'am I talking to a real person?', 'are you even human', 'are you actually real or not?', 'is this real?', 'are your photos real?', 'ur real right?',
    'are you a fake profile?', 'is this account fake', 'are you legit?', 'Is that really you in the pictures? Are you real?', 'you are real, aren’t you?', 'Are you a human being?',
  ]),
  ...rows('en', 'bot_question', ['Are you a bot?', 'are you an AI?', 'is this a bot', 'you are a bot, right?', 'am I chatting with a computer program?', 'are you some kind of chatbot?', 'are you a machine?']),
  ...rows('en', 'staff_question', [
    'do you work for this site?', 'are you an employee of this site?', 'are you a moderator?', 'are you paid by the site to chat with me?', 'is this profile run by the company?',
    'who runs this profile?', 'is someone else writing these messages?', 'does the site run your profile?', 'are you a staff member?', 'who am I really talking to?',
  ]),
  ...rows('en', 'short_form', ['real?', 'for real?', 'really real?', 'legit?', 'wait, real?', 'fake?']),
  ...rows('en', null, [
    'really nice to meet you', 'I really like your photos', 'Are you really from Amsterdam?', 'I am real happy today', 'what a real shame', 'are you free tonight?',
    'I work for a bank', 'do you work tomorrow?', 'keep it real', 'that was a real surprise', 'is it raining where you are?', 'you are really sweet',
    'I love robots in movies', 'real talk: I like you', 'are you a dog person?', 'my job is in AI research', 'is this your first time here?', 'the real question is where to eat',
    'you seem real nice', 'that movie was fake news lol', 'are you on holiday?', 'what do you do for work?',
  ]),
  /* ---------------- de ---------------- */
  ...rows('de', 'real_question', [
    'bist du echt?', 'bist du wirklich echt', 'Bist du ein Mensch?', 'bist du eine echte Person', 'ist das ein Fake-Profil?', 'bist du überhaupt echt oder nicht', 'ist dein Profil echt?',
    'sind deine Fotos echt?', 'Bist du echt oder fake?', 'du bist doch echt, oder?', 'rede ich mit einem echten Menschen?', 'ist dieses Profil gefälscht?', 'seid ihr echt?',
  ]),
  ...rows('de', 'bot_question', ['bist du eine KI?', 'Bist du ein Bot?', 'rede ich mit einem Roboter?', 'bist du ein Computerprogramm?', 'bist du künstliche Intelligenz?', 'chatte ich mit einer Maschine?']),
  ...rows('de', 'staff_question', [
    'Bist du ein Mitarbeiter?', 'sind Sie eine Angestellte der Seite?', 'arbeitest du für diese Seite?', 'wirst du dafür bezahlt?', 'wird dieses Profil von der Seite betrieben?',
    'wer schreibt hier eigentlich?', 'schreibt hier jemand anders?', 'bist du eine Moderatorin?', 'mit wem rede ich eigentlich?',
  ]),
  ...rows('de', 'short_form', ['echt?', 'wirklich echt?', 'echt jetzt?', 'aber echt?']),
  ...rows('de', null, [
    'bist du echt süß', 'Das ist echt toll', 'ich bin echt müde', 'echt schön, dass du schreibst', 'bist du morgen frei?', 'ich arbeite bei einer Bank', 'arbeitest du morgen?',
    'ich habe einen Staubsaugerroboter', 'das Wetter ist echt schlecht', 'bist du wirklich aus Berlin?', 'deine Fotos sind echt schön', 'ich bin ein echter Fan', 'wie war dein Tag?',
    'bist du ein Fan von Krimis?', 'mein Computer ist kaputt', 'ist das dein Hund auf dem Foto?', 'wirklich?', 'bist du auch so müde?',
  ]),
  /* ---------------- es ---------------- */
  ...rows('es', 'real_question', [
    'eres real?', '¿Eres real?', 'eres una persona real?', '¿eres humana?', 'eres de verdad?', '¿eres realmente real o no?', '¿este perfil es real?', '¿tus fotos son reales?',
    '¿es un perfil falso?', '¿estoy hablando con una persona real?', '¿eres real o falsa?', 'tu perfil es falso?',
  ]),
  ...rows('es', 'bot_question', ['¿eres un bot?', '¿Es un bot?', 'estoy hablando con un robot?', '¿eres una IA?', '¿eres un programa de ordenador?', '¿eres inteligencia artificial?']),
  ...rows('es', 'staff_question', ['¿eres un empleado?', '¿trabajas para esta página?', '¿te pagan por chatear conmigo?', '¿quién maneja este perfil?', '¿eres moderadora?', '¿este perfil está gestionado por la empresa?', '¿escribe otra persona por ti?']),
  ...rows('es', 'short_form', ['¿de verdad?', '¿real?', 'pero ¿real?']),
  ...rows('es', null, [
    'el amor es real', 'eres una persona muy dulce', 'de verdad me gustas', 'estoy muy cansada', 'trabajo en un banco', '¿trabajas mañana?', 'es un programa de televisión muy bueno',
    '¿eres de Madrid?', 'tus fotos son muy bonitas', 'es verdad, me encanta el mar', '¿estás libre esta noche?', 'qué día más bonito', 'en serio, me caes bien', 'eres realmente guapa',
  ]),
  /* ---------------- fr ---------------- */
  ...rows('fr', 'real_question', [
    'es-tu réel ?', 'Es-tu réelle ?', 'es tu une vraie personne', 'est-ce que tu es humaine ?', "t'es vraiment réel ou pas ?", 'ce profil est-il vrai ?', 'ton profil est faux ?',
    'tes photos sont vraies ?', "c'est un faux profil ?", 'je parle à une vraie personne ?', 'tu es vraie ?', 'vous êtes réelle ?', "mais t'es vraie ?",
  ]),
  ...rows('fr', 'bot_question', ['es-tu un robot', 'tu es un bot ?', "c'est un bot ?", 'je parle à un robot ?', "es-tu une IA ?", 'tu es un programme informatique ?']),
  ...rows('fr', 'staff_question', [
    'Êtes-vous un employé ?', 'tu travailles pour le site ?', 'es-tu payée par le site ?', 'ce profil est géré par le site ?', "quelqu'un d'autre écrit à ta place ?", 'tu es une animatrice ?', "à qui je parle vraiment ?",
  ]),
  ...rows('fr', 'short_form', ['vrai ?', 'pour de vrai ?', 'réel ?', 'mais vrai ?']),
  ...rows('fr', null, [
    "c'est vrai", "c'est vrai, j'adore la mer", 'tu es si belle', 'je suis vraiment fatiguée', "c'est un programme télé génial", 'tu travailles demain ?', 'je travaille dans une banque',
    'tes photos sont vraiment belles', "c'est une machine à café", 'tu es vraiment gentille', 'tu es de Paris ?', 'quelle belle journée', 'en vrai je suis timide',
  ]),
  /* ---------------- it ---------------- */
  ...rows('it', 'real_question', [
    'sei vero?', 'Sei vera?', 'sei reale?', 'sei una persona vera?', 'sei davvero umana?', 'questo profilo è vero?', 'le tue foto sono vere?', 'è un profilo falso?', 'sei vera o finta?',
    'sto parlando con una persona reale?', 'il tuo profilo è finto?',
  ]),
  ...rows('it', 'bot_question', ['sei un bot', 'è un bot?', 'sei un robot o no', 'sei una IA?', "sei un'intelligenza artificiale?", 'sei un programma per computer?']),
  ...rows('it', 'staff_question', ['sei un dipendente?', 'sto parlando con un operatore?', 'lavori per questo sito?', 'sei pagata dal sito?', 'chi gestisce questo profilo?', 'qualcun altro scrive per te?']),
  ...rows('it', 'short_form', ['vero?', 'davvero vera?', 'ma vera?']),
  ...rows('it', null, [
    'è vero, anche io amo il mare', 'sei di Roma?', 'sei ai giardini?', 'sei davvero carina', 'sono davvero stanca', 'lavoro in banca', 'lavori domani?', 'è un programma bellissimo',
    'le tue foto sono bellissime', 'che bella giornata', 'sei libera stasera?', 'davvero?', 'sei una persona molto dolce',
  ]),
  /* ---------------- pl ---------------- */
  ...rows('pl', 'real_question', [
    'jesteś prawdziwy?', 'Jesteś prawdziwa?', 'czy jesteś człowiekiem?', 'rozmawiam z prawdziwą osobą?', 'JESTEŚ PRAWDZIWY', 'jesteś naprawdę prawdziwa czy nie?', 'czy ten profil jest prawdziwy?',
    'czy twoje zdjęcia są prawdziwe?', 'czy to fałszywy profil?', 'czy to konto jest fałszywe?',
  ]),
  ...rows('pl', 'bot_question', ['czy jesteś botem', 'czy to bot?', 'czy jestes robotem', 'czy jesteś SI?', 'jesteś sztuczną inteligencją?', 'czy rozmawiam z programem komputerowym?']),
  ...rows('pl', 'staff_question', ['jesteś pracownikiem?', 'czy pracujesz dla tego serwisu?', 'kto prowadzi ten profil?', 'czy jesteś moderatorem?', 'czy pisze ktoś inny?', 'czy ten profil jest prowadzony przez serwis?']),
  ...rows('pl', 'short_form', ['prawdziwy?', 'serio prawdziwa?', 'naprawdę prawdziwa?']),
  ...rows('pl', null, [
    'to jest prawdziwa przyjemność', 'jesteś prawdziwym skarbem', 'jestem naprawdę zmęczona', 'pracuję w banku', 'czy pracujesz jutro?', 'twoje zdjęcia są piękne', 'jesteś z Warszawy?',
    'naprawdę?', 'to prawda', 'jaki piękny dzień', 'masz psa?', 'czy jesteś wolna wieczorem?',
  ]),
  /* ---------------- more wordings, found by reading the guard as a member would ---------------- */
  ...rows('nl', 'real_question', ['ben je echttt??', 'Ben je wel een echt mens?', 'Ben je echt echt?', 'is dit een echt profiel?', 'zijn deze fotos echt van jou?']),
  ...rows('nl', 'staff_question', ['ben jij een chatter van de site?']),
  ...rows('nl', null, ['ik ben een echte romanticus', 'ben je echt zo grappig?', 'echt waar, ik meen het', 'ik heb een echte hond']),
  ...rows('en', 'real_question', ['are you reaaally reaaal?', 'are you reallly real?', 'are you really a person?', 'is your profile fake?', 'Are your pics real or fake', 'Is this a real account?', 'Are you a real girl or a bot?', 'are you a scammer?', 'are you a catfish?', 'are u human', 'hi are you a real person or a fake profile?', 'Are you really who you say you are?', 'Are these your real photos?']),
  ...rows('en', 'bot_question', ['am I talking to a bot?', 'r u a bot', 'are you AI generated?', 'Is this an automated reply?']),
  ...rows('en', 'staff_question', ['is there a real person behind this profile?', 'who is really behind this profile?', 'is this profile managed by the website?', 'does someone from the company write your messages?']),
  ...rows('en', null, ['soooo nice to meet you', 'I reallly like your pics', 'are you really that tall?', 'I am a real fan of jazz', 'really?', 'my brother works for a website', 'who is your favourite singer?', 'is it real leather?']),
  ...rows('de', 'real_question', ['bist du eine echte Frau?', 'Ist das Profil gefaked?', 'Bist du echt oder ein Fake?']),
  ...rows('de', null, ['Bist du wirklich so groß?']),
  ...rows('es', 'bot_question', ['¿Eres un bot o una persona?']),
  ...rows('es', 'staff_question', ['¿con quién hablo realmente?']),
  ...rows('es', null, ['es real madrid fan']),
  ...rows('fr', 'real_question', ['tu es une vraie fille ?']),
  ...rows('fr', null, ['tu es vraiment drôle']),
  ...rows('it', 'real_question', ['sei una vera ragazza?']),
  ...rows('it', null, ['sei vero tifoso?']),
  ...rows('pl', 'real_question', ['czy jesteś prawdziwą kobietą?']),
];

/** Disguised by hand, as members wrote them: each must be flagged, and marked disguised. */
export const HAND_DISGUISED: { text: string; reason: HonestyReason }[] = [
  { text: 'A.r.e. Y.o.u. R.e.a.l', reason: 'real_question' },
  { text: 'are you r3al?', reason: 'real_question' },
  { text: 'ben je rea1?', reason: 'real_question' },
  { text: 'r e a l ?', reason: 'short_form' },
  { text: 'b e n  j e  e c h t ?', reason: 'real_question' },
  { text: 'ben je e\u200bcht?', reason: 'real_question' },
  { text: 'ben je ec\u00adht?', reason: 'real_question' },
  { text: 'аre yоu reаl?', reason: 'real_question' }, // Cyrillic а, о
  { text: 'bist du ein Βοt?', reason: 'bot_question' }, // Greek Β, ο
  { text: 'ａｒｅ ｙｏｕ ａ ｂｏｔ？', reason: 'bot_question' },
  { text: '𝐚𝐫𝐞 𝐲𝐨𝐮 𝐫𝐞𝐚𝐥?', reason: 'real_question' },
  { text: 'a r e y o u r e a l', reason: 'real_question' },
  { text: 'b1st du 3cht?', reason: 'real_question' },
  { text: 'are u a b0t', reason: 'bot_question' },
  { text: 'b-e-n j-e e-e-n b-o-t', reason: 'bot_question' },
  { text: 'jesteś b0tem?', reason: 'bot_question' },
  { text: 'd0 y0u w0rk f0r 7his si7e?', reason: 'staff_question' },
  { text: 'es-tu ré‌el ?', reason: 'real_question' }, // zero-width non-joiner
  { text: '@re you re@l?', reason: 'real_question' },
  { text: 'are you re-al?', reason: 'real_question' },
  { text: 'ben je ec.ht?', reason: 'real_question' },
  { text: 'bist du ein b_ot?', reason: 'bot_question' },
];
