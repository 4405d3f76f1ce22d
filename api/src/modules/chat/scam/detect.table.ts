/**
 * The scam guard's contract (issue 26 part 3): messages a member may write to another member early
 * in a conversation, in the 7 languages, with what the guard must answer. `reason` null: an ordinary
 * message that must be delivered (it merely holds a number, "telefoon", "signal", a price ...).
 * Disguised rows ("wh@ts app", "t e l e g r a m", look-alike letters, numbers spaced apart) are in
 * the table as written by a scammer. To extend the guard: add the row here, see it fail, then the
 * word to the defaults (shared-kit contracts/held.ts) or the reader (scam/detect.ts).
 */
import type { HeldReason } from '@dating/shared-kit/contracts';
import type { LanguageCode } from '../honesty/lexicon';

export interface ScamRow {
  lang: LanguageCode;
  text: string;
  reason: HeldReason | null;
}

const rows = (lang: LanguageCode, reason: HeldReason | null, texts: string[]): ScamRow[] => texts.map((text) => ({ lang, text, reason }));

export const SCAM_TABLE: ScamRow[] = [
  /* ---------------- nl ---------------- */
  ...rows('nl', 'messenger', [
    'zullen we verder op whatsapp?',
    'app me op wh@ts app',
    'heb je t e l e g r a m?',
    'voeg me toe op Snapchat',
    'ik zit ook op insta',
    'WhatsApp mij even',
  ]),
  ...rows('nl', 'phone', [
    'bel me: 06 12 34 56 78',
    'mijn nummer is 0612345678',
    'sms naar +31 6 1234 5678',
    '0 6 1 2 3 4 5 6 7 8 bellen?',
  ]),
  ...rows('nl', 'email', ['mail me op lisa.jansen@gmail.com', 'lisa (at) hotmail (dot) com']),
  ...rows('nl', 'link', ['kijk op www.mijnfotos.nl', 'hier mijn site: https://example.org/ik']),
  ...rows('nl', 'iban', ['maak het over naar NL91 ABNA 0417 1643 00', 'rekening NL91ABNA0417164300 graag']),
  ...rows('nl', 'money', [
    'kun je me geld sturen voor de trein?',
    'stuur me wat geld',
    'koop een cadeaukaart voor me',
    'ik beleg in bitcoin, doe mee',
    'stuur het via western union',
  ]),
  ...rows('nl', null, [
    'ik zit op mijn telefoon',
    'wat zit je te doen?',
    'hoi! hoe gaat het met je?',
    'ik ben 34 en woon in Utrecht',
    'mijn hond heet Max',
    'zin om een keer koffie te drinken?',
    'om 8 uur ben ik thuis',
    'ik werk bij een bank',
    'geld is niet alles',
    'leuk profiel!',
    'ik heb 2 katten en 1 hond',
  ]),
  /* ---------------- en ---------------- */
  ...rows('en', 'messenger', [
    'add me on telegram',
    'do you have whatsapp?',
    'message me on Signal',
    'my kik is lucy22',
    'find me on instagram',
    'lets move to skype',
    'T.e.l.e.g.r.a.m?',
    'add me on Теlеgrаm',
  ]),
  ...rows('en', 'phone', ['call me on +44 7911 123456', 'text me at (212) 555-0147', 'my number is 07911123456']),
  ...rows('en', 'email', ['email me: sweetlucy@yahoo.com', 'lucy at gmail dot com']),
  ...rows('en', 'link', ['check www.lucyphotos.com', 'my pics: bit.ly/abc123']),
  ...rows('en', 'iban', ['send it to GB29 NWBK 6016 1331 9268 19']),
  ...rows('en', 'money', [
    'can you send me money for a ticket?',
    'please buy me a steam card',
    'i need an itunes gift card',
    'lets invest in crypto together',
    'send it by moneygram',
    'can you wire me 200',
  ]),
  ...rows('en', null, [
    'my number one hobby is hiking',
    'what are you up to?',
    'i am 29 and live in London',
    'i love my phone camera',
    'money cannot buy happiness',
    'see you at 7?',
    'the signal is bad here',
    'i work in a line of shops',
    'do you like snapping photos?',
    'nice to meet you!',
  ]),
  /* ---------------- de ---------------- */
  ...rows('de', 'messenger', ['hast du WhatsApp?', 'schreib mir auf Telegram', 'adde mich bei snapchat', 'w h a t s a p p?']),
  ...rows('de', 'phone', ['ruf mich an: 0151 23456789', 'meine nummer +49 151 23456789']),
  ...rows('de', 'email', ['schreib an anna.mueller@web.de']),
  ...rows('de', 'link', ['schau auf www.annas-bilder.de']),
  ...rows('de', 'iban', ['IBAN DE89 3704 0044 0532 0130 00']),
  ...rows('de', 'money', ['kannst du mir Geld schicken?', 'schick mir bitte Geld', 'kauf mir eine Geschenkkarte', 'zahl per paysafecard']),
  ...rows('de', null, [
    'ich bin am Handy',
    'was machst du gerade?',
    'ich wohne in Berlin, 10 Minuten vom Zentrum',
    'Geld ist nicht so wichtig',
    'schönes Profil!',
    'um 20 Uhr habe ich Zeit',
  ]),
  /* ---------------- es ---------------- */
  ...rows('es', 'messenger', ['¿tienes whatsapp?', 'escríbeme por telegram', 'sígueme en instagram', 'wh4tsapp?']),
  ...rows('es', 'phone', ['llámame al 612 34 56 78', 'mi número: +34 612 345 678']),
  ...rows('es', 'email', ['mi correo es carmen@gmail.com']),
  ...rows('es', 'link', ['mira www.misfotos.es']),
  ...rows('es', 'iban', ['ES91 2100 0418 4502 0005 1332']),
  ...rows('es', 'money', ['¿me puedes enviar dinero?', 'envíame dinero por favor', 'cómprame una tarjeta regalo', 'págame con bitcoin']),
  ...rows('es', null, ['estoy en el móvil', '¿qué haces?', 'tengo 31 años', 'el dinero no lo es todo', 'me gusta tu perfil']),
  /* ---------------- fr ---------------- */
  ...rows('fr', 'messenger', ['tu as whatsapp ?', 'écris-moi sur telegram', 'ajoute moi sur snap chat', 'T E L E G R A M']),
  ...rows('fr', 'phone', ['appelle-moi au 06 12 34 56 78', 'mon numéro : +33 6 12 34 56 78']),
  ...rows('fr', 'email', ['écris à sophie.martin@orange.fr']),
  ...rows('fr', 'link', ['regarde sur www.mesphotos.fr']),
  ...rows('fr', 'iban', ['FR14 2004 1010 0505 0001 3M02 606']),
  ...rows('fr', 'money', [
    'envoie-moi de l’argent stp',
    'achète-moi une carte cadeau',
    'paie par western union',
    'tu peux envoyer de l’argent ?',
  ]),
  ...rows('fr', null, [
    'je suis sur mon téléphone',
    'tu fais quoi ?',
    'j’ai 27 ans',
    'l’argent ne fait pas le bonheur',
    'ton profil est sympa',
  ]),
  /* ---------------- it ---------------- */
  ...rows('it', 'messenger', ['hai whatsapp?', 'scrivimi su telegram', 'seguimi su instagram', 'wh@tsapp?']),
  ...rows('it', 'phone', ['chiamami al 347 123 4567', 'il mio numero: +39 347 1234567']),
  ...rows('it', 'email', ['scrivimi a giulia.rossi@libero.it']),
  ...rows('it', 'link', ['guarda www.lemiefoto.it']),
  ...rows('it', 'iban', ['IT60 X054 2811 1010 0000 0123 456']),
  ...rows('it', 'money', ['mandami soldi per il treno', 'comprami una carta regalo', 'fammi un bonifico', 'ricarica la mia postepay']),
  ...rows('it', null, ['sono al telefono', 'cosa stai facendo?', 'ho 30 anni', 'i soldi non sono tutto', 'bel profilo!']),
  /* ---------------- pl ---------------- */
  ...rows('pl', 'messenger', ['masz whatsapp?', 'napisz do mnie na telegramie telegram', 'dodaj mnie na snapchat', 'w h a t s a p p']),
  ...rows('pl', 'phone', ['zadzwoń: 512 345 678', 'mój numer +48 512 345 678']),
  ...rows('pl', 'email', ['pisz na kasia.nowak@wp.pl']),
  ...rows('pl', 'link', ['zobacz www.mojezdjecia.pl']),
  ...rows('pl', 'iban', ['PL61 1090 1014 0000 0712 1981 2874']),
  ...rows('pl', 'money', ['wyślij mi pieniądze na bilet', 'kup mi kartę podarunkową', 'zapłać kodem blik', 'przelew na moje konto']),
  ...rows('pl', null, ['jestem na telefonie', 'co robisz?', 'mam 28 lat', 'pieniądze to nie wszystko', 'fajny profil']),
];
