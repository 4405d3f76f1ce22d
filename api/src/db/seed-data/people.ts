// First names, "about me" texts and reasons for joining per language, for the demo members.
import type { Lang } from '../../i18n';

export const NAMES: Record<Lang, { female: string[]; male: string[] }> = {
  nl: {
    female: ['Sanne', 'Lotte', 'Emma', 'Anouk', 'Fleur', 'Iris', 'Lisa', 'Eva', 'Femke', 'Marieke', 'Noor', 'Sophie', 'Julia', 'Esther', 'Ilse', 'Maaike'],
    male: ['Daan', 'Bram', 'Thijs', 'Jeroen', 'Ruben', 'Sander', 'Lars', 'Joris', 'Bas', 'Niels', 'Tim', 'Wouter', 'Pieter', 'Koen', 'Stijn', 'Maarten'],
  },
  de: {
    female: ['Anna', 'Lena', 'Laura', 'Katharina', 'Julia', 'Sarah', 'Lea', 'Hannah', 'Miriam', 'Sabine', 'Franziska', 'Johanna', 'Nina', 'Vanessa', 'Carina'],
    male: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Tobias', 'Florian', 'Stefan', 'Matthias', 'Sebastian', 'Jan', 'Moritz', 'Alexander', 'Markus', 'Daniel', 'Philipp'],
  },
  fr: {
    female: ['Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Sarah', 'Julie', 'Pauline', 'Claire', 'Amélie', 'Élodie', 'Margaux', 'Lucie', 'Céline', 'Océane'],
    male: ['Lucas', 'Hugo', 'Louis', 'Thomas', 'Antoine', 'Julien', 'Nicolas', 'Maxime', 'Théo', 'Mathieu', 'Romain', 'Pierre', 'Quentin', 'Baptiste', 'Olivier'],
  },
  it: {
    female: ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Alessia', 'Valentina', 'Federica', 'Elisa', 'Silvia', 'Laura', 'Giorgia', 'Elena', 'Roberta', 'Ilaria'],
    male: ['Marco', 'Luca', 'Alessandro', 'Andrea', 'Matteo', 'Lorenzo', 'Davide', 'Simone', 'Francesco', 'Giovanni', 'Stefano', 'Riccardo', 'Paolo', 'Tommaso', 'Fabio'],
  },
  es: {
    female: ['Lucía', 'María', 'Paula', 'Laura', 'Marta', 'Carmen', 'Sara', 'Elena', 'Alba', 'Claudia', 'Irene', 'Nuria', 'Cristina', 'Raquel', 'Andrea'],
    male: ['Pablo', 'Javier', 'Alejandro', 'Daniel', 'Sergio', 'Carlos', 'Adrián', 'Diego', 'Álvaro', 'Miguel', 'Raúl', 'Jorge', 'Iván', 'Rubén', 'Marcos'],
  },
  pl: {
    female: ['Anna', 'Katarzyna', 'Magdalena', 'Agnieszka', 'Aleksandra', 'Natalia', 'Karolina', 'Joanna', 'Zuzanna', 'Monika', 'Justyna', 'Weronika', 'Ewa', 'Paulina', 'Marta'],
    male: ['Piotr', 'Krzysztof', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Jakub', 'Kamil', 'Łukasz', 'Mateusz', 'Bartosz', 'Grzegorz', 'Wojciech', 'Adam', 'Rafał'],
  },
  en: {
    female: ['Emily', 'Olivia', 'Sophie', 'Jessica', 'Hannah', 'Chloe', 'Megan', 'Lauren', 'Amy', 'Rachel', 'Grace', 'Ella', 'Charlotte', 'Kate', 'Zoe', 'Abigail'],
    male: ['James', 'Oliver', 'Jack', 'Harry', 'Thomas', 'Daniel', 'Ryan', 'Matthew', 'Liam', 'Ethan', 'Nathan', 'Luke', 'Michael', 'Sam', 'Connor', 'Ben'],
  },
};

export const ABOUT: Record<Lang, string[]> = {
  nl: [
    'Spontaan, eerlijk en altijd in voor een goed gesprek. Op zondag vind je me op de markt of op de fiets.',
    'Ik hou van lekker eten, reizen en lachen tot ik buikpijn heb. Benieuwd wie er aan de andere kant zit!',
    'Rustig type met een gek gevoel voor humor. Koffie in de ochtend, wijn in de avond.',
    'Sportief en avontuurlijk, maar een avond op de bank met een goede serie is ook prima.',
    'Nieuw in de stad en op zoek naar iemand om samen nieuwe plekken te ontdekken.',
  ],
  en: [
    'Easy-going, honest and always up for a good conversation. Sundays you will find me at the market or on my bike.',
    'I love good food, travelling and laughing until it hurts. Curious who is on the other side!',
    'Calm type with a silly sense of humour. Coffee in the morning, wine in the evening.',
    'Sporty and adventurous, but a night on the sofa with a good series is fine too.',
    'New in town and looking for someone to discover new places with.',
  ],
  de: [
    'Spontan, ehrlich und immer für ein gutes Gespräch zu haben. Sonntags findest du mich auf dem Markt oder auf dem Rad.',
    'Ich liebe gutes Essen, Reisen und Lachen, bis der Bauch wehtut. Gespannt, wer auf der anderen Seite ist!',
    'Ruhiger Typ mit verrücktem Humor. Morgens Kaffee, abends Wein.',
    'Sportlich und abenteuerlustig, aber ein Abend auf dem Sofa mit einer guten Serie ist auch schön.',
    'Neu in der Stadt und auf der Suche nach jemandem, mit dem ich neue Orte entdecken kann.',
  ],
  es: [
    'Espontánea/o, sincera/o y siempre con ganas de una buena conversación. Los domingos estoy en el mercado o en bici.',
    'Me encanta la buena comida, viajar y reír hasta que duela la barriga. ¡Tengo curiosidad por saber quién está al otro lado!',
    'Tranquila/o y con un sentido del humor un poco loco. Café por la mañana, vino por la noche.',
    'Deportista y aventurera/o, pero una noche en el sofá con una buena serie también me vale.',
    'Nueva/o en la ciudad y buscando a alguien con quien descubrir sitios nuevos.',
  ],
  fr: [
    'Spontané(e), honnête et toujours partant(e) pour une bonne discussion. Le dimanche, on me trouve au marché ou à vélo.',
    "J'aime la bonne cuisine, les voyages et rire aux éclats. Curieux/se de savoir qui est de l'autre côté !",
    'Plutôt calme avec un humour un peu fou. Café le matin, vin le soir.',
    'Sportif/ve et aventurier/ère, mais une soirée canapé devant une bonne série me va aussi.',
    "Nouveau/elle en ville et à la recherche de quelqu'un pour découvrir de nouveaux endroits.",
  ],
  it: [
    'Spontaneo/a, sincero/a e sempre pronto/a per una bella chiacchierata. La domenica mi trovi al mercato o in bici.',
    'Adoro il buon cibo, viaggiare e ridere fino alle lacrime. Curioso/a di sapere chi c’è dall’altra parte!',
    'Tipo tranquillo con un senso dell’umorismo un po’ matto. Caffè la mattina, vino la sera.',
    'Sportivo/a e avventuroso/a, ma anche una serata sul divano con una bella serie va benissimo.',
    'Nuovo/a in città e in cerca di qualcuno con cui scoprire posti nuovi.',
  ],
  pl: [
    'Spontaniczna/y, szczera/y i zawsze chętna/y na dobrą rozmowę. W niedziele znajdziesz mnie na targu albo na rowerze.',
    'Uwielbiam dobre jedzenie, podróże i śmiech do łez. Ciekawe, kto jest po drugiej stronie!',
    'Spokojny typ z szalonym poczuciem humoru. Kawa rano, wino wieczorem.',
    'Wysportowana/y i lubię przygody, ale wieczór na kanapie z dobrym serialem też jest w porządku.',
    'Nowa/y w mieście i szukam kogoś, z kim odkryję nowe miejsca.',
  ],
};

export const REASONS: Record<Lang, string[]> = {
  nl: ['Een serieuze relatie', 'Nieuwe mensen leren kennen', 'Flirten en chatten', 'Kijken wat er op mijn pad komt'],
  en: ['A serious relationship', 'Meeting new people', 'Flirting and chatting', 'Seeing what comes my way'],
  de: ['Eine ernsthafte Beziehung', 'Neue Leute kennenlernen', 'Flirten und chatten', 'Schauen, was kommt'],
  es: ['Una relación seria', 'Conocer gente nueva', 'Ligar y chatear', 'Ver qué surge'],
  fr: ['Une relation sérieuse', 'Rencontrer de nouvelles personnes', 'Flirter et discuter', 'Voir ce qui se présente'],
  it: ['Una relazione seria', 'Conoscere persone nuove', 'Flirtare e chattare', 'Vedere cosa succede'],
  pl: ['Poważny związek', 'Poznawanie nowych ludzi', 'Flirt i czat', 'Zobaczyć, co przyniesie los'],
};
