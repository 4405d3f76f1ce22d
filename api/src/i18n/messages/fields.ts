// Names of request fields as a member reads them, for the validation texts ("{field} is verplicht.").
// Keys are the fields of the calls' contracts; a nested field is looked up by its full path first
// (`email.messages`), then by its first segment. Fields that mean the same thing share one entry
// (FIELD_ALIASES). Lower case where the language writes it so
// mid-sentence; a text that starts with the field capitalises it (i18n/index.ts).
import type { MessageTable } from './types';

export const fieldLabels: MessageTable = {
  email: { nl: 'e-mailadres', en: 'e-mail address', de: 'E-Mail-Adresse', es: 'correo electrónico', fr: 'adresse e-mail', it: 'indirizzo e-mail', pl: 'adres e-mail' },
  name: { nl: 'naam', en: 'name', de: 'Name', es: 'nombre', fr: 'nom', it: 'nome', pl: 'imię' },
  password: { nl: 'wachtwoord', en: 'password', de: 'Passwort', es: 'contraseña', fr: 'mot de passe', it: 'password', pl: 'hasło' },
  password_repeat: { nl: 'herhaald wachtwoord', en: 'repeated password', de: 'Passwort-Wiederholung', es: 'contraseña repetida', fr: 'mot de passe répété', it: 'password ripetuta', pl: 'powtórzone hasło' },
  old_password: { nl: 'huidig wachtwoord', en: 'current password', de: 'aktuelles Passwort', es: 'contraseña actual', fr: 'mot de passe actuel', it: 'password attuale', pl: 'obecne hasło' },
  date_of_birth: { nl: 'geboortedatum', en: 'date of birth', de: 'Geburtsdatum', es: 'fecha de nacimiento', fr: 'date de naissance', it: 'data di nascita', pl: 'data urodzenia' },
  gender: { nl: 'geslacht', en: 'gender', de: 'Geschlecht', es: 'sexo', fr: 'sexe', it: 'sesso', pl: 'płeć' },
  sexuality: { nl: 'geaardheid', en: 'sexuality', de: 'sexuelle Orientierung', es: 'orientación sexual', fr: 'orientation sexuelle', it: 'orientamento sessuale', pl: 'orientacja seksualna' },
  country: { nl: 'land', en: 'country', de: 'Land', es: 'país', fr: 'pays', it: 'paese', pl: 'kraj' },
  region: { nl: 'provincie', en: 'region', de: 'Region', es: 'región', fr: 'région', it: 'regione', pl: 'region' },
  city: { nl: 'woonplaats', en: 'city', de: 'Wohnort', es: 'ciudad', fr: 'ville', it: 'città', pl: 'miejscowość' },
  signup_message: { nl: 'eerste bericht', en: 'first message', de: 'erste Nachricht', es: 'primer mensaje', fr: 'premier message', it: 'primo messaggio', pl: 'pierwsza wiadomość' },
  message_to: { nl: 'ontvanger van het bericht', en: 'message recipient', de: 'Empfänger der Nachricht', es: 'destinatario del mensaje', fr: 'destinataire du message', it: 'destinatario del messaggio', pl: 'odbiorca wiadomości' },
  invite: { nl: 'uitnodigingscode', en: 'invitation code', de: 'Einladungscode', es: 'código de invitación', fr: "code d'invitation", it: 'codice di invito', pl: 'kod zaproszenia' },
  language: { nl: 'taal', en: 'language', de: 'Sprache', es: 'idioma', fr: 'langue', it: 'lingua', pl: 'język' },
  tracking: { nl: 'herkomstgegevens', en: 'traffic source', de: 'Herkunftsdaten', es: 'origen del tráfico', fr: 'source du trafic', it: 'origine del traffico', pl: 'źródło ruchu' },
  reason: { nl: 'reden', en: 'reason', de: 'Grund', es: 'motivo', fr: 'raison', it: 'motivo', pl: 'powód' },
  remarks: { nl: 'opmerkingen', en: 'remarks', de: 'Anmerkungen', es: 'comentarios', fr: 'remarques', it: 'osservazioni', pl: 'uwagi' },
  about: { nl: 'over mij', en: 'about me', de: 'Über mich', es: 'sobre mí', fr: 'à propos de moi', it: 'su di me', pl: 'o mnie' },
  interests: { nl: 'interesses', en: 'interests', de: 'Interessen', es: 'intereses', fr: "centres d'intérêt", it: 'interessi', pl: 'zainteresowania' },
  hair_color: { nl: 'haarkleur', en: 'hair colour', de: 'Haarfarbe', es: 'color de pelo', fr: 'couleur des cheveux', it: 'colore dei capelli', pl: 'kolor włosów' },
  eye_color: { nl: 'oogkleur', en: 'eye colour', de: 'Augenfarbe', es: 'color de ojos', fr: 'couleur des yeux', it: 'colore degli occhi', pl: 'kolor oczu' },
  body_type: { nl: 'postuur', en: 'body type', de: 'Figur', es: 'complexión', fr: 'silhouette', it: 'corporatura', pl: 'sylwetka' },
  relationship_status: { nl: 'relatiestatus', en: 'relationship status', de: 'Beziehungsstatus', es: 'estado civil', fr: 'situation amoureuse', it: 'stato sentimentale', pl: 'status związku' },
  tattoos: { nl: 'tatoeages', en: 'tattoos', de: 'Tattoos', es: 'tatuajes', fr: 'tatouages', it: 'tatuaggi', pl: 'tatuaże' },
  min_age: { nl: 'minimumleeftijd', en: 'minimum age', de: 'Mindestalter', es: 'edad mínima', fr: 'âge minimum', it: 'età minima', pl: 'minimalny wiek' },
  max_age: { nl: 'maximumleeftijd', en: 'maximum age', de: 'Höchstalter', es: 'edad máxima', fr: 'âge maximum', it: 'età massima', pl: 'maksymalny wiek' },
  age: { nl: 'leeftijd', en: 'age', de: 'Alter', es: 'edad', fr: 'âge', it: 'età', pl: 'wiek' },
  appearance: { nl: 'uiterlijk', en: 'looks', de: 'Aussehen', es: 'apariencia', fr: 'apparence', it: 'aspetto', pl: 'wygląd' },
  race: { nl: 'afkomst', en: 'ethnicity', de: 'Herkunft', es: 'origen étnico', fr: 'origine', it: 'origine', pl: 'pochodzenie' },
  page: { nl: 'pagina', en: 'page', de: 'Seite', es: 'página', fr: 'page', it: 'pagina', pl: 'strona' },
  id: { nl: 'nummer', en: 'number', de: 'Nummer', es: 'número', fr: 'numéro', it: 'numero', pl: 'numer' },
  action: { nl: 'keuze', en: 'choice', de: 'Auswahl', es: 'elección', fr: 'choix', it: 'scelta', pl: 'wybór' },
  lat: { nl: 'locatie', en: 'location', de: 'Standort', es: 'ubicación', fr: 'position', it: 'posizione', pl: 'lokalizacja' },
  location: { nl: 'locatie-instellingen', en: 'location settings', de: 'Standorteinstellungen', es: 'ajustes de ubicación', fr: 'paramètres de position', it: 'impostazioni di posizione', pl: 'ustawienia lokalizacji' },
  invisible: { nl: 'onzichtbaar', en: 'invisible mode', de: 'Unsichtbar-Modus', es: 'modo invisible', fr: 'mode invisible', it: 'modalità invisibile', pl: 'tryb niewidoczny' },
  push: { nl: 'pushmeldingen', en: 'push notifications', de: 'Push-Benachrichtigungen', es: 'notificaciones push', fr: 'notifications push', it: 'notifiche push', pl: 'powiadomienia push' },
  'email.messages': { nl: 'e-mail bij berichten', en: 'e-mail on messages', de: 'E-Mail bei Nachrichten', es: 'correo por mensajes', fr: 'e-mail pour les messages', it: 'e-mail per i messaggi', pl: 'e-mail o wiadomościach' },
  'email.likes': { nl: 'e-mail bij likes', en: 'e-mail on likes', de: 'E-Mail bei Likes', es: 'correo por me gusta', fr: 'e-mail pour les likes', it: 'e-mail per i mi piace', pl: 'e-mail o polubieniach' },
  'email.matches': { nl: 'e-mail bij matches', en: 'e-mail on matches', de: 'E-Mail bei Matches', es: 'correo por coincidencias', fr: 'e-mail pour les matchs', it: 'e-mail per i match', pl: 'e-mail o dopasowaniach' },
  token: { nl: 'link', en: 'link', de: 'Link', es: 'enlace', fr: 'lien', it: 'link', pl: 'link' },
  subscription: { nl: 'pushabonnement', en: 'push subscription', de: 'Push-Abonnement', es: 'suscripción push', fr: 'abonnement push', it: 'iscrizione push', pl: 'subskrypcja push' },
  conversation: { nl: 'gesprek', en: 'conversation', de: 'Gespräch', es: 'conversación', fr: 'conversation', it: 'conversazione', pl: 'rozmowa' },
  profile: { nl: 'profiel', en: 'profile', de: 'Profil', es: 'perfil', fr: 'profil', it: 'profilo', pl: 'profil' },
  before: { nl: 'eerder bericht', en: 'earlier message', de: 'frühere Nachricht', es: 'mensaje anterior', fr: 'message précédent', it: 'messaggio precedente', pl: 'wcześniejsza wiadomość' },
  limit: { nl: 'aantal', en: 'number', de: 'Anzahl', es: 'cantidad', fr: 'nombre', it: 'numero', pl: 'liczba' },
  type: { nl: 'soort bericht', en: 'kind of message', de: 'Art der Nachricht', es: 'tipo de mensaje', fr: 'type de message', it: 'tipo di messaggio', pl: 'rodzaj wiadomości' },
  gift: { nl: 'cadeau', en: 'gift', de: 'Geschenk', es: 'regalo', fr: 'cadeau', it: 'regalo', pl: 'prezent' },
  client_id: { nl: 'bericht-id', en: 'message id', de: 'Nachrichten-ID', es: 'id del mensaje', fr: 'identifiant du message', it: 'id del messaggio', pl: 'identyfikator wiadomości' },
  body: { nl: 'de gegevens', en: 'the data', de: 'die Daten', es: 'los datos', fr: 'les données', it: 'i dati', pl: 'dane' },
  // complaints (issue 15)
  subject: { nl: 'onderwerp', en: 'subject', de: 'Betreff', es: 'asunto', fr: 'objet', it: 'oggetto', pl: 'temat' },
  message: { nl: 'bericht', en: 'message', de: 'Nachricht', es: 'mensaje', fr: 'message', it: 'messaggio', pl: 'wiadomość' },
  note: { nl: 'notitie', en: 'note', de: 'Notiz', es: 'nota', fr: 'note', it: 'nota', pl: 'notatka' },
  // reports (issue 26)
  message_ids: { nl: 'gemelde berichten', en: 'reported messages', de: 'gemeldete Nachrichten', es: 'mensajes denunciados', fr: 'messages signalés', it: 'messaggi segnalati', pl: 'zgłoszone wiadomości' },
  block: { nl: 'ook blokkeren', en: 'also block', de: 'auch blockieren', es: 'bloquear también', fr: 'bloquer aussi', it: 'blocca anche', pl: 'także zablokuj' },
  photo_id: { nl: 'foto', en: 'photo', de: 'Foto', es: 'foto', fr: 'photo', it: 'foto', pl: 'zdjęcie' },
  querystring: { nl: 'de zoekopdracht', en: 'the query', de: 'die Anfrage', es: 'la consulta', fr: 'la requête', it: 'la richiesta', pl: 'zapytanie' },
};

/** Request fields named like another one: the search's `countryregion` is the region, and so on. */
export const FIELD_ALIASES: Record<string, keyof typeof fieldLabels> = {
  countryregion: 'region',
  network: 'tracking',
  similar_page: 'page',
  lon: 'lat',
  mail_change_token: 'token',
  up_to: 'before',
  last_id: 'before',
};
