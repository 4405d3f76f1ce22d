// The interest tags members pick from (spec section 3: about 50), labelled in all 7 languages.
import type { Lang } from '../../i18n';

type Row = [slug: string, nl: string, en: string, de: string, es: string, fr: string, it: string, pl: string];

const ROWS: Row[] = [
  ['relationship', 'Relatie', 'Relationship', 'Beziehung', 'Relación', 'Relation', 'Relazione', 'Związek'],
  ['kissing', 'Zoenen', 'Kissing', 'Küssen', 'Besos', 'Bisous', 'Baci', 'Całowanie'],
  ['sports', 'Sport', 'Sports', 'Sport', 'Deporte', 'Sport', 'Sport', 'Sport'],
  ['music', 'Muziek', 'Music', 'Musik', 'Música', 'Musique', 'Musica', 'Muzyka'],
  ['travel', 'Reizen', 'Travel', 'Reisen', 'Viajar', 'Voyages', 'Viaggi', 'Podróże'],
  ['food', 'Eten', 'Food', 'Essen', 'Comida', 'Cuisine', 'Cibo', 'Jedzenie'],
  ['cooking', 'Koken', 'Cooking', 'Kochen', 'Cocinar', 'Cuisiner', 'Cucinare', 'Gotowanie'],
  ['wine', 'Wijn', 'Wine', 'Wein', 'Vino', 'Vin', 'Vino', 'Wino'],
  ['movies', 'Films', 'Movies', 'Filme', 'Películas', 'Films', 'Film', 'Filmy'],
  ['series', 'Series', 'TV series', 'Serien', 'Series', 'Séries', 'Serie TV', 'Seriale'],
  ['reading', 'Lezen', 'Reading', 'Lesen', 'Leer', 'Lecture', 'Lettura', 'Czytanie'],
  ['dancing', 'Dansen', 'Dancing', 'Tanzen', 'Bailar', 'Danse', 'Ballare', 'Taniec'],
  ['going_out', 'Uitgaan', 'Going out', 'Ausgehen', 'Salir de fiesta', 'Sorties', 'Uscire', 'Wyjścia'],
  ['concerts', 'Concerten', 'Concerts', 'Konzerte', 'Conciertos', 'Concerts', 'Concerti', 'Koncerty'],
  ['festivals', 'Festivals', 'Festivals', 'Festivals', 'Festivales', 'Festivals', 'Festival', 'Festiwale'],
  ['theatre', 'Theater', 'Theatre', 'Theater', 'Teatro', 'Théâtre', 'Teatro', 'Teatr'],
  ['art', 'Kunst', 'Art', 'Kunst', 'Arte', 'Art', 'Arte', 'Sztuka'],
  ['museums', 'Musea', 'Museums', 'Museen', 'Museos', 'Musées', 'Musei', 'Muzea'],
  ['photography', 'Fotografie', 'Photography', 'Fotografie', 'Fotografía', 'Photographie', 'Fotografia', 'Fotografia'],
  ['fashion', 'Mode', 'Fashion', 'Mode', 'Moda', 'Mode', 'Moda', 'Moda'],
  ['shopping', 'Winkelen', 'Shopping', 'Shoppen', 'Compras', 'Shopping', 'Shopping', 'Zakupy'],
  ['fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness'],
  ['running', 'Hardlopen', 'Running', 'Laufen', 'Correr', 'Course à pied', 'Corsa', 'Bieganie'],
  ['cycling', 'Fietsen', 'Cycling', 'Radfahren', 'Ciclismo', 'Vélo', 'Ciclismo', 'Jazda na rowerze'],
  ['swimming', 'Zwemmen', 'Swimming', 'Schwimmen', 'Natación', 'Natation', 'Nuoto', 'Pływanie'],
  ['yoga', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Joga'],
  ['hiking', 'Wandelen', 'Hiking', 'Wandern', 'Senderismo', 'Randonnée', 'Escursionismo', 'Wędrówki'],
  ['nature', 'Natuur', 'Nature', 'Natur', 'Naturaleza', 'Nature', 'Natura', 'Przyroda'],
  ['camping', 'Kamperen', 'Camping', 'Camping', 'Acampada', 'Camping', 'Campeggio', 'Biwakowanie'],
  ['beach', 'Strand', 'Beach', 'Strand', 'Playa', 'Plage', 'Spiaggia', 'Plaża'],
  ['skiing', 'Skiën', 'Skiing', 'Skifahren', 'Esquí', 'Ski', 'Sci', 'Narciarstwo'],
  ['football', 'Voetbal', 'Football', 'Fußball', 'Fútbol', 'Football', 'Calcio', 'Piłka nożna'],
  ['tennis', 'Tennis', 'Tennis', 'Tennis', 'Tenis', 'Tennis', 'Tennis', 'Tenis'],
  ['gaming', 'Gamen', 'Gaming', 'Gaming', 'Videojuegos', 'Jeux vidéo', 'Videogiochi', 'Gry komputerowe'],
  ['board_games', 'Bordspellen', 'Board games', 'Brettspiele', 'Juegos de mesa', 'Jeux de société', 'Giochi da tavolo', 'Gry planszowe'],
  ['animals', 'Dieren', 'Animals', 'Tiere', 'Animales', 'Animaux', 'Animali', 'Zwierzęta'],
  ['dogs', 'Honden', 'Dogs', 'Hunde', 'Perros', 'Chiens', 'Cani', 'Psy'],
  ['cats', 'Katten', 'Cats', 'Katzen', 'Gatos', 'Chats', 'Gatti', 'Koty'],
  ['gardening', 'Tuinieren', 'Gardening', 'Gärtnern', 'Jardinería', 'Jardinage', 'Giardinaggio', 'Ogrodnictwo'],
  ['cars', "Auto's", 'Cars', 'Autos', 'Coches', 'Voitures', 'Auto', 'Samochody'],
  ['motorcycles', 'Motoren', 'Motorcycles', 'Motorräder', 'Motos', 'Motos', 'Moto', 'Motocykle'],
  ['technology', 'Technologie', 'Technology', 'Technik', 'Tecnología', 'Technologie', 'Tecnologia', 'Technologia'],
  ['languages', 'Talen', 'Languages', 'Sprachen', 'Idiomas', 'Langues', 'Lingue', 'Języki'],
  ['volunteering', 'Vrijwilligerswerk', 'Volunteering', 'Ehrenamt', 'Voluntariado', 'Bénévolat', 'Volontariato', 'Wolontariat'],
  ['spirituality', 'Spiritualiteit', 'Spirituality', 'Spiritualität', 'Espiritualidad', 'Spiritualité', 'Spiritualità', 'Duchowość'],
  ['romance', 'Romantiek', 'Romance', 'Romantik', 'Romance', 'Romance', 'Romanticismo', 'Romantyzm'],
  ['cuddling', 'Knuffelen', 'Cuddling', 'Kuscheln', 'Abrazos', 'Câlins', 'Coccole', 'Przytulanie'],
  ['flirting', 'Flirten', 'Flirting', 'Flirten', 'Coquetear', 'Flirt', 'Flirtare', 'Flirt'],
  ['chatting', 'Chatten', 'Chatting', 'Chatten', 'Chatear', 'Discuter', 'Chattare', 'Czatowanie'],
  ['friendship', 'Vriendschap', 'Friendship', 'Freundschaft', 'Amistad', 'Amitié', 'Amicizia', 'Przyjaźń'],
  ['massage', 'Massage', 'Massage', 'Massage', 'Masajes', 'Massage', 'Massaggi', 'Masaż'],
  ['wellness', 'Wellness', 'Spa and wellness', 'Wellness', 'Spa y bienestar', 'Bien-être', 'Benessere', 'Wellness'],
];

export interface Interest {
  slug: string;
  labels: Record<Lang, string>;
}

export const INTERESTS: Interest[] = ROWS.map(([slug, nl, en, de, es, fr, it, pl]) => ({
  slug,
  labels: { nl, en, de, es, fr, it, pl },
}));
