// Server texts of the notifications capability (modules/notifications): push notifications,
// notification mails, the one-click unsubscribe page and the mail-events errors.
import type { MessageTable } from './types';

export const notificationsMessages: MessageTable = {
  // ---- push ----------------------------------------------------------------------------------
  push_message_title: {
    nl: '{name} stuurde je een bericht', en: '{name} sent you a message', de: '{name} hat dir eine Nachricht geschickt',
    es: '{name} te ha enviado un mensaje', fr: '{name} t’a envoyé un message', it: '{name} ti ha inviato un messaggio', pl: '{name} wysłał(a) Ci wiadomość',
  },
  push_message_body: {
    nl: 'Open het gesprek om het te lezen.', en: 'Open the conversation to read it.', de: 'Öffne das Gespräch, um sie zu lesen.',
    es: 'Abre la conversación para leerlo.', fr: 'Ouvre la conversation pour le lire.', it: 'Apri la conversazione per leggerlo.', pl: 'Otwórz rozmowę, aby ją przeczytać.',
  },
  push_like_title: {
    nl: 'Nieuwe like!', en: 'New like!', de: 'Neues Like!', es: '¡Nuevo like!', fr: 'Nouveau like !', it: 'Nuovo like!', pl: 'Nowe polubienie!',
  },
  push_like_body: {
    nl: '{name} vindt je leuk.', en: '{name} likes you.', de: '{name} mag dich.', es: 'A {name} le gustas.',
    fr: '{name} t’aime bien.', it: 'Piaci a {name}.', pl: '{name} polubił(a) Cię.',
  },
  push_match_title: {
    nl: 'Het is een match!', en: 'It’s a match!', de: 'Es ist ein Match!', es: '¡Es un match!', fr: 'C’est un match !', it: 'È un match!', pl: 'Macie match!',
  },
  push_match_body: {
    nl: 'Jij en {name} vinden elkaar leuk. Stuur een bericht!', en: 'You and {name} like each other. Send a message!',
    de: 'Du und {name} mögt euch. Schreib eine Nachricht!', es: 'A ti y a {name} os gustáis. ¡Envía un mensaje!',
    fr: '{name} et toi vous plaisez. Envoie un message !', it: 'Tu e {name} vi piacete. Manda un messaggio!', pl: 'Ty i {name} polubiliście się. Napisz wiadomość!',
  },

  // ---- notification mails --------------------------------------------------------------------
  mail_greeting: {
    nl: 'Hoi {name},', en: 'Hi {name},', de: 'Hallo {name},', es: 'Hola {name}:', fr: 'Bonjour {name},', it: 'Ciao {name},', pl: 'Cześć {name},',
  },
  mail_message_subject: {
    nl: '{name} stuurde je een bericht op {site}', en: '{name} sent you a message on {site}', de: '{name} hat dir auf {site} eine Nachricht geschickt',
    es: '{name} te ha enviado un mensaje en {site}', fr: '{name} t’a envoyé un message sur {site}', it: '{name} ti ha inviato un messaggio su {site}',
    pl: '{name} wysłał(a) Ci wiadomość w {site}',
  },
  mail_message_intro: {
    nl: '{name} heeft je een bericht gestuurd. Log in om het te lezen en te antwoorden.', en: '{name} sent you a message. Log in to read it and reply.',
    de: '{name} hat dir eine Nachricht geschickt. Melde dich an, um sie zu lesen und zu antworten.', es: '{name} te ha enviado un mensaje. Inicia sesión para leerlo y responder.',
    fr: '{name} t’a envoyé un message. Connecte-toi pour le lire et répondre.', it: '{name} ti ha inviato un messaggio. Accedi per leggerlo e rispondere.',
    pl: '{name} wysłał(a) Ci wiadomość. Zaloguj się, aby ją przeczytać i odpowiedzieć.',
  },
  mail_messages_subject: {
    nl: 'Je hebt {count} nieuwe berichten op {site}', en: 'You have {count} new messages on {site}', de: 'Du hast {count} neue Nachrichten auf {site}',
    es: 'Tienes {count} mensajes nuevos en {site}', fr: 'Tu as {count} nouveaux messages sur {site}', it: 'Hai {count} nuovi messaggi su {site}',
    pl: 'Masz {count} nowe wiadomości w {site}',
  },
  mail_messages_intro: {
    nl: 'Je hebt {count} nieuwe berichten, van {names}.', en: 'You have {count} new messages, from {names}.', de: 'Du hast {count} neue Nachrichten, von {names}.',
    es: 'Tienes {count} mensajes nuevos, de {names}.', fr: 'Tu as {count} nouveaux messages, de {names}.', it: 'Hai {count} nuovi messaggi, da {names}.',
    pl: 'Masz {count} nowe wiadomości, od: {names}.',
  },
  mail_like_subject: {
    nl: '{name} vindt je leuk op {site}', en: '{name} likes you on {site}', de: '{name} mag dich auf {site}', es: 'A {name} le gustas en {site}',
    fr: '{name} t’aime bien sur {site}', it: 'Piaci a {name} su {site}', pl: '{name} polubił(a) Cię w {site}',
  },
  mail_like_intro: {
    nl: '{name} heeft je een like gegeven. Like terug en het is een match!', en: '{name} gave you a like. Like back and it’s a match!',
    de: '{name} hat dir ein Like gegeben. Like zurück und es ist ein Match!', es: '{name} te ha dado un like. ¡Devuélvelo y es un match!',
    fr: '{name} t’a donné un like. Like en retour et c’est un match !', it: '{name} ti ha messo un like. Ricambia ed è un match!',
    pl: '{name} dał(a) Ci polubienie. Odwzajemnij je i macie match!',
  },
  mail_likes_subject: {
    nl: '{count} leden vinden je leuk op {site}', en: '{count} members like you on {site}', de: '{count} Mitglieder mögen dich auf {site}',
    es: 'Gustas a {count} miembros en {site}', fr: '{count} membres t’aiment bien sur {site}', it: 'Piaci a {count} membri su {site}',
    pl: '{count} członków polubiło Cię w {site}',
  },
  mail_likes_intro: {
    nl: 'Je hebt {count} nieuwe likes gekregen, van {names}.', en: 'You got {count} new likes, from {names}.', de: 'Du hast {count} neue Likes bekommen, von {names}.',
    es: 'Has recibido {count} likes nuevos, de {names}.', fr: 'Tu as reçu {count} nouveaux likes, de {names}.', it: 'Hai ricevuto {count} nuovi like, da {names}.',
    pl: 'Masz {count} nowe polubienia, od: {names}.',
  },
  mail_match_subject: {
    nl: 'Je hebt een match met {name} op {site}', en: 'You have a match with {name} on {site}', de: 'Du hast ein Match mit {name} auf {site}',
    es: 'Tienes un match con {name} en {site}', fr: 'Tu as un match avec {name} sur {site}', it: 'Hai un match con {name} su {site}',
    pl: 'Masz match z {name} w {site}',
  },
  mail_match_intro: {
    nl: 'Jij en {name} vinden elkaar leuk. Stuur een bericht en maak kennis!', en: 'You and {name} like each other. Send a message and get to know each other!',
    de: 'Du und {name} mögt euch. Schreib eine Nachricht und lernt euch kennen!', es: 'A ti y a {name} os gustáis. ¡Envía un mensaje y conoceos!',
    fr: '{name} et toi vous plaisez. Envoie un message et faites connaissance !', it: 'Tu e {name} vi piacete. Manda un messaggio e conoscetevi!',
    pl: 'Ty i {name} polubiliście się. Napisz wiadomość i poznajcie się!',
  },
  mail_matches_subject: {
    nl: 'Je hebt {count} nieuwe matches op {site}', en: 'You have {count} new matches on {site}', de: 'Du hast {count} neue Matches auf {site}',
    es: 'Tienes {count} matches nuevos en {site}', fr: 'Tu as {count} nouveaux matchs sur {site}', it: 'Hai {count} nuovi match su {site}',
    pl: 'Masz {count} nowe matche w {site}',
  },
  mail_matches_intro: {
    nl: 'Je hebt {count} nieuwe matches: {names}.', en: 'You have {count} new matches: {names}.', de: 'Du hast {count} neue Matches: {names}.',
    es: 'Tienes {count} matches nuevos: {names}.', fr: 'Tu as {count} nouveaux matchs : {names}.', it: 'Hai {count} nuovi match: {names}.',
    pl: 'Masz {count} nowe matche: {names}.',
  },
  mail_action_message: {
    nl: 'Bericht lezen', en: 'Read the message', de: 'Nachricht lesen', es: 'Leer el mensaje', fr: 'Lire le message', it: 'Leggi il messaggio', pl: 'Przeczytaj wiadomość',
  },
  mail_action_messages: {
    nl: 'Naar je berichten', en: 'Go to your messages', de: 'Zu deinen Nachrichten', es: 'Ir a tus mensajes', fr: 'Voir tes messages', it: 'Vai ai tuoi messaggi', pl: 'Przejdź do wiadomości',
  },
  mail_action_likes: {
    nl: 'Bekijk je likes', en: 'See your likes', de: 'Deine Likes ansehen', es: 'Ver tus likes', fr: 'Voir tes likes', it: 'Vedi i tuoi like', pl: 'Zobacz polubienia',
  },
  mail_action_match: {
    nl: 'Bekijk je match', en: 'See your match', de: 'Dein Match ansehen', es: 'Ver tu match', fr: 'Voir ton match', it: 'Vedi il tuo match', pl: 'Zobacz swój match',
  },
  mail_action_matches: {
    nl: 'Bekijk je matches', en: 'See your matches', de: 'Deine Matches ansehen', es: 'Ver tus matches', fr: 'Voir tes matchs', it: 'Vedi i tuoi match', pl: 'Zobacz swoje matche',
  },
  mail_footer_why: {
    nl: 'Je krijgt deze e-mail omdat meldingen per e-mail aan staan.', en: 'You get this e-mail because e-mail notifications are on.',
    de: 'Du bekommst diese E-Mail, weil Benachrichtigungen per E-Mail eingeschaltet sind.', es: 'Recibes este correo porque tienes activadas las notificaciones por correo.',
    fr: 'Tu reçois cet e-mail car les notifications par e-mail sont activées.', it: 'Ricevi questa e-mail perché le notifiche via e-mail sono attive.',
    pl: 'Otrzymujesz ten e-mail, ponieważ powiadomienia e-mail są włączone.',
  },
  mail_footer_preferences: {
    nl: 'E-mailvoorkeuren', en: 'E-mail preferences', de: 'E-Mail-Einstellungen', es: 'Preferencias de correo', fr: 'Préférences e-mail', it: 'Preferenze e-mail', pl: 'Ustawienia e-mail',
  },
  mail_footer_unsubscribe: {
    nl: 'Afmelden met één klik', en: 'Unsubscribe with one click', de: 'Mit einem Klick abmelden', es: 'Darse de baja con un clic',
    fr: 'Se désabonner en un clic', it: 'Annulla l’iscrizione con un clic', pl: 'Wypisz się jednym kliknięciem',
  },
  mail_footer_sent_by: {
    nl: 'Deze e-mail is verstuurd door {site} ({domain}).', en: 'This e-mail was sent by {site} ({domain}).', de: 'Diese E-Mail wurde von {site} ({domain}) gesendet.',
    es: 'Este correo ha sido enviado por {site} ({domain}).', fr: 'Cet e-mail a été envoyé par {site} ({domain}).', it: 'Questa e-mail è stata inviata da {site} ({domain}).',
    pl: 'Ten e-mail został wysłany przez {site} ({domain}).',
  },

  // ---- one-click unsubscribe page --------------------------------------------------------------
  unsubscribe_title: {
    nl: 'Afmelden voor e-mails van {site}', en: 'Unsubscribe from e-mails of {site}', de: 'E-Mails von {site} abbestellen', es: 'Darse de baja de los correos de {site}',
    fr: 'Se désabonner des e-mails de {site}', it: 'Annulla l’iscrizione alle e-mail di {site}', pl: 'Wypisz się z e-maili {site}',
  },
  unsubscribe_question: {
    nl: 'Wil je geen meldingen per e-mail meer ontvangen over berichten, likes en matches?', en: 'Stop receiving e-mail notifications about messages, likes and matches?',
    de: 'Möchtest du keine E-Mail-Benachrichtigungen zu Nachrichten, Likes und Matches mehr erhalten?', es: '¿Dejar de recibir notificaciones por correo sobre mensajes, likes y matches?',
    fr: 'Ne plus recevoir de notifications par e-mail pour les messages, likes et matchs ?', it: 'Non ricevere più notifiche via e-mail su messaggi, like e match?',
    pl: 'Nie chcesz już otrzymywać powiadomień e-mail o wiadomościach, polubieniach i matchach?',
  },
  unsubscribe_button: {
    nl: 'Afmelden', en: 'Unsubscribe', de: 'Abmelden', es: 'Darse de baja', fr: 'Se désabonner', it: 'Annulla iscrizione', pl: 'Wypisz się',
  },
  unsubscribe_done: {
    nl: 'Je bent afgemeld: je krijgt geen meldingen per e-mail meer. In je e-mailvoorkeuren zet je ze weer aan.',
    en: 'You are unsubscribed: you will get no more e-mail notifications. You can switch them back on in your e-mail preferences.',
    de: 'Du bist abgemeldet: Du bekommst keine E-Mail-Benachrichtigungen mehr. In deinen E-Mail-Einstellungen schaltest du sie wieder ein.',
    es: 'Te has dado de baja: ya no recibirás notificaciones por correo. Puedes volver a activarlas en tus preferencias de correo.',
    fr: 'Tu es désabonné : tu ne recevras plus de notifications par e-mail. Tu peux les réactiver dans tes préférences e-mail.',
    it: 'Iscrizione annullata: non riceverai più notifiche via e-mail. Puoi riattivarle nelle tue preferenze e-mail.',
    pl: 'Wypisano: nie będziesz już otrzymywać powiadomień e-mail. Możesz je ponownie włączyć w ustawieniach e-mail.',
  },
  unsubscribe_invalid: {
    nl: 'Deze afmeldlink is ongeldig.', en: 'This unsubscribe link is not valid.', de: 'Dieser Abmeldelink ist ungültig.', es: 'Este enlace de baja no es válido.',
    fr: 'Ce lien de désabonnement n’est pas valide.', it: 'Questo link di annullamento non è valido.', pl: 'Ten link do wypisania jest nieprawidłowy.',
  },

  // ---- mail events ---------------------------------------------------------------------------
  mail_events_unauthorized: {
    nl: 'Geen toegang: de geheime sleutel ontbreekt.', en: 'Access denied: the secret is missing.', de: 'Zugriff verweigert: Der geheime Schlüssel fehlt.',
    es: 'Acceso denegado: falta la clave secreta.', fr: 'Accès refusé : la clé secrète manque.', it: 'Accesso negato: manca la chiave segreta.', pl: 'Brak dostępu: brakuje tajnego klucza.',
  },
  mail_event_unknown_address: {
    nl: 'Er is geen account met dit e-mailadres.', en: 'There is no account with this e-mail address.', de: 'Es gibt kein Konto mit dieser E-Mail-Adresse.',
    es: 'No hay ninguna cuenta con esta dirección de correo.', fr: 'Aucun compte n’utilise cette adresse e-mail.', it: 'Non esiste un account con questo indirizzo e-mail.',
    pl: 'Nie ma konta z tym adresem e-mail.',
  },
};
