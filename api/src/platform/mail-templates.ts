/**
 * Mail templates (identity, and the complaints' "handled" notice), in all 7 languages. Each mail has a plain-text and an
 * HTML body, both naming the site and its domain. Variables are HTML-escaped in the HTML body.
 */
import type { Lang } from '../i18n/messages/types';

export type MailKind =
  | 'activation'
  | 'reset'
  | 'mail_change'
  | 'mail_change_notice'
  | 'reactivation'
  | 'password_changed'
  | 'complaint_handled'
  | 'report_handled'
  | 'new_login';

export interface MailVars {
  name: string;
  siteName: string;
  domain: string;
  /** the site's own origin as its links use it (https://<domain>, or PUBLIC_URL / http://localhost:PORT for a local site); default https://<domain> */
  siteUrl?: string;
  /** the action link (absent for pure notices) */
  link?: string;
  /** hours a link stays valid, or days for reactivation */
  validFor?: number;
  /** complaint_handled: the complaint's subject and the staff member's note (quoted as written) */
  topic?: string;
  note?: string;
  /** new_login: what the site knows of that login, already formatted (place null: unknown) */
  login?: { browser: string; os: string; place: string | null; time: string };
}

interface Strings {
  subject: string;
  intro: string;
  action?: string;
  validity?: string;
}

type Table = Record<MailKind, Record<Lang, Strings>>;

const T: Table = {
  activation: {
    nl: {
      subject: 'Bevestig je e-mailadres voor {site}',
      intro: 'Welkom bij {site}! Bevestig je e-mailadres om je account te activeren.',
      action: 'E-mailadres bevestigen',
      validity: 'De link is {valid} uur geldig en werkt één keer.',
    },
    en: {
      subject: 'Confirm your e-mail address for {site}',
      intro: 'Welcome to {site}! Confirm your e-mail address to activate your account.',
      action: 'Confirm e-mail address',
      validity: 'The link is valid for {valid} hours and works once.',
    },
    de: {
      subject: 'Bestätige deine E-Mail-Adresse für {site}',
      intro: 'Willkommen bei {site}! Bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren.',
      action: 'E-Mail-Adresse bestätigen',
      validity: 'Der Link ist {valid} Stunden gültig und funktioniert einmal.',
    },
    es: {
      subject: 'Confirma tu correo electrónico para {site}',
      intro: '¡Bienvenido a {site}! Confirma tu dirección de correo para activar tu cuenta.',
      action: 'Confirmar correo electrónico',
      validity: 'El enlace es válido durante {valid} horas y funciona una vez.',
    },
    fr: {
      subject: 'Confirme ton adresse e-mail pour {site}',
      intro: 'Bienvenue sur {site} ! Confirme ton adresse e-mail pour activer ton compte.',
      action: 'Confirmer l’adresse e-mail',
      validity: 'Le lien est valable {valid} heures et ne fonctionne qu’une fois.',
    },
    it: {
      subject: 'Conferma il tuo indirizzo e-mail per {site}',
      intro: 'Benvenuto su {site}! Conferma il tuo indirizzo e-mail per attivare il tuo account.',
      action: 'Conferma indirizzo e-mail',
      validity: 'Il link è valido per {valid} ore e funziona una sola volta.',
    },
    pl: {
      subject: 'Potwierdź swój adres e-mail w {site}',
      intro: 'Witamy w {site}! Potwierdź swój adres e-mail, aby aktywować konto.',
      action: 'Potwierdź adres e-mail',
      validity: 'Link jest ważny przez {valid} godz. i działa jeden raz.',
    },
  },
  reset: {
    nl: {
      subject: 'Nieuw wachtwoord instellen voor {site}',
      intro: 'Je hebt gevraagd je wachtwoord opnieuw in te stellen. Kies via de link een nieuw wachtwoord.',
      action: 'Nieuw wachtwoord kiezen',
      validity: 'De link is {valid} uur geldig en werkt één keer.',
    },
    en: {
      subject: 'Set a new password for {site}',
      intro: 'You asked to reset your password. Choose a new password through the link.',
      action: 'Choose a new password',
      validity: 'The link is valid for {valid} hours and works once.',
    },
    de: {
      subject: 'Neues Passwort für {site} festlegen',
      intro: 'Du hast angefordert, dein Passwort zurückzusetzen. Wähle über den Link ein neues Passwort.',
      action: 'Neues Passwort wählen',
      validity: 'Der Link ist {valid} Stunden gültig und funktioniert einmal.',
    },
    es: {
      subject: 'Establece una nueva contraseña para {site}',
      intro: 'Has solicitado restablecer tu contraseña. Elige una nueva contraseña mediante el enlace.',
      action: 'Elegir nueva contraseña',
      validity: 'El enlace es válido durante {valid} horas y funciona una vez.',
    },
    fr: {
      subject: 'Définis un nouveau mot de passe pour {site}',
      intro: 'Tu as demandé à réinitialiser ton mot de passe. Choisis un nouveau mot de passe via le lien.',
      action: 'Choisir un nouveau mot de passe',
      validity: 'Le lien est valable {valid} heures et ne fonctionne qu’une fois.',
    },
    it: {
      subject: 'Imposta una nuova password per {site}',
      intro: 'Hai chiesto di reimpostare la password. Scegli una nuova password tramite il link.',
      action: 'Scegli una nuova password',
      validity: 'Il link è valido per {valid} ore e funziona una sola volta.',
    },
    pl: {
      subject: 'Ustaw nowe hasło w {site}',
      intro: 'Poprosiłeś o zresetowanie hasła. Wybierz nowe hasło, korzystając z linku.',
      action: 'Wybierz nowe hasło',
      validity: 'Link jest ważny przez {valid} godz. i działa jeden raz.',
    },
  },
  mail_change: {
    nl: {
      subject: 'Bevestig je nieuwe e-mailadres voor {site}',
      intro: 'Je wilt dit e-mailadres gebruiken voor je account. Bevestig de wijziging via de link.',
      action: 'Nieuw e-mailadres bevestigen',
      validity: 'De link is {valid} uur geldig en werkt één keer.',
    },
    en: {
      subject: 'Confirm your new e-mail address for {site}',
      intro: 'You want to use this e-mail address for your account. Confirm the change through the link.',
      action: 'Confirm new e-mail address',
      validity: 'The link is valid for {valid} hours and works once.',
    },
    de: {
      subject: 'Bestätige deine neue E-Mail-Adresse für {site}',
      intro: 'Du möchtest diese E-Mail-Adresse für dein Konto verwenden. Bestätige die Änderung über den Link.',
      action: 'Neue E-Mail-Adresse bestätigen',
      validity: 'Der Link ist {valid} Stunden gültig und funktioniert einmal.',
    },
    es: {
      subject: 'Confirma tu nueva dirección de correo para {site}',
      intro: 'Quieres usar esta dirección de correo para tu cuenta. Confirma el cambio mediante el enlace.',
      action: 'Confirmar nueva dirección',
      validity: 'El enlace es válido durante {valid} horas y funciona una vez.',
    },
    fr: {
      subject: 'Confirme ta nouvelle adresse e-mail pour {site}',
      intro: 'Tu veux utiliser cette adresse e-mail pour ton compte. Confirme la modification via le lien.',
      action: 'Confirmer la nouvelle adresse',
      validity: 'Le lien est valable {valid} heures et ne fonctionne qu’une fois.',
    },
    it: {
      subject: 'Conferma il tuo nuovo indirizzo e-mail per {site}',
      intro: 'Vuoi usare questo indirizzo e-mail per il tuo account. Conferma la modifica tramite il link.',
      action: 'Conferma nuovo indirizzo',
      validity: 'Il link è valido per {valid} ore e funziona una sola volta.',
    },
    pl: {
      subject: 'Potwierdź nowy adres e-mail w {site}',
      intro: 'Chcesz używać tego adresu e-mail dla swojego konta. Potwierdź zmianę, korzystając z linku.',
      action: 'Potwierdź nowy adres e-mail',
      validity: 'Link jest ważny przez {valid} godz. i działa jeden raz.',
    },
  },
  mail_change_notice: {
    nl: {
      subject: 'Je e-mailadres bij {site} wordt gewijzigd',
      intro:
        'Er is gevraagd om het e-mailadres van je account te wijzigen; het nieuwe adres moet dat eerst bevestigen. Was jij dit niet? Wijzig dan meteen je wachtwoord.',
    },
    en: {
      subject: 'Your e-mail address at {site} is being changed',
      intro:
        'A change of your account’s e-mail address was requested; the new address has to confirm it first. Wasn’t this you? Change your password right away.',
    },
    de: {
      subject: 'Deine E-Mail-Adresse bei {site} wird geändert',
      intro:
        'Es wurde beantragt, die E-Mail-Adresse deines Kontos zu ändern; die neue Adresse muss das zuerst bestätigen. Warst du das nicht? Ändere sofort dein Passwort.',
    },
    es: {
      subject: 'Tu dirección de correo en {site} se va a cambiar',
      intro:
        'Se ha solicitado cambiar la dirección de correo de tu cuenta; la nueva dirección debe confirmarlo primero. ¿No has sido tú? Cambia tu contraseña enseguida.',
    },
    fr: {
      subject: 'Ton adresse e-mail sur {site} va être modifiée',
      intro:
        'Une modification de l’adresse e-mail de ton compte a été demandée ; la nouvelle adresse doit d’abord la confirmer. Ce n’était pas toi ? Change ton mot de passe tout de suite.',
    },
    it: {
      subject: 'Il tuo indirizzo e-mail su {site} sta per essere modificato',
      intro:
        'È stata richiesta la modifica dell’indirizzo e-mail del tuo account; il nuovo indirizzo deve prima confermarla. Non sei stato tu? Cambia subito la password.',
    },
    pl: {
      subject: 'Twój adres e-mail w {site} zostanie zmieniony',
      intro:
        'Poproszono o zmianę adresu e-mail Twojego konta; nowy adres musi to najpierw potwierdzić. To nie Ty? Natychmiast zmień hasło.',
    },
  },
  reactivation: {
    nl: {
      subject: 'Je account bij {site} is verwijderd',
      intro: 'Je account is verwijderd. Bedenk je je? Via de link heractiveer je je account.',
      action: 'Account heractiveren',
      validity: 'Dit kan nog {valid} dagen; daarna worden je gegevens definitief gewist.',
    },
    en: {
      subject: 'Your account at {site} has been deleted',
      intro: 'Your account has been deleted. Changed your mind? Reactivate your account through the link.',
      action: 'Reactivate account',
      validity: 'This is possible for {valid} more days; after that your data are erased for good.',
    },
    de: {
      subject: 'Dein Konto bei {site} wurde gelöscht',
      intro: 'Dein Konto wurde gelöscht. Hast du es dir anders überlegt? Über den Link reaktivierst du dein Konto.',
      action: 'Konto reaktivieren',
      validity: 'Das ist noch {valid} Tage möglich; danach werden deine Daten endgültig gelöscht.',
    },
    es: {
      subject: 'Tu cuenta en {site} ha sido eliminada',
      intro: 'Tu cuenta ha sido eliminada. ¿Has cambiado de opinión? Reactiva tu cuenta mediante el enlace.',
      action: 'Reactivar cuenta',
      validity: 'Puedes hacerlo durante {valid} días más; después tus datos se borrarán definitivamente.',
    },
    fr: {
      subject: 'Ton compte sur {site} a été supprimé',
      intro: 'Ton compte a été supprimé. Tu as changé d’avis ? Réactive ton compte via le lien.',
      action: 'Réactiver le compte',
      validity: 'C’est possible encore {valid} jours ; ensuite tes données seront définitivement effacées.',
    },
    it: {
      subject: 'Il tuo account su {site} è stato eliminato',
      intro: 'Il tuo account è stato eliminato. Hai cambiato idea? Riattiva il tuo account tramite il link.',
      action: 'Riattiva account',
      validity: 'È possibile ancora per {valid} giorni; poi i tuoi dati verranno cancellati definitivamente.',
    },
    pl: {
      subject: 'Twoje konto w {site} zostało usunięte',
      intro: 'Twoje konto zostało usunięte. Zmieniłeś zdanie? Reaktywuj konto, korzystając z linku.',
      action: 'Reaktywuj konto',
      validity: 'Jest to możliwe jeszcze przez {valid} dni; potem Twoje dane zostaną trwale usunięte.',
    },
  },
  password_changed: {
    nl: {
      subject: 'Je wachtwoord bij {site} is gewijzigd',
      intro:
        'Je wachtwoord is zojuist gewijzigd en je bent op andere apparaten uitgelogd. Was jij dit niet? Stel dan meteen een nieuw wachtwoord in.',
    },
    en: {
      subject: 'Your password at {site} has been changed',
      intro: 'Your password was just changed and you were logged out on other devices. Wasn’t this you? Reset your password right away.',
    },
    de: {
      subject: 'Dein Passwort bei {site} wurde geändert',
      intro:
        'Dein Passwort wurde soeben geändert und du wurdest auf anderen Geräten abgemeldet. Warst du das nicht? Setze sofort ein neues Passwort.',
    },
    es: {
      subject: 'Tu contraseña en {site} ha sido cambiada',
      intro:
        'Tu contraseña se acaba de cambiar y se ha cerrado tu sesión en otros dispositivos. ¿No has sido tú? Restablece tu contraseña enseguida.',
    },
    fr: {
      subject: 'Ton mot de passe sur {site} a été modifié',
      intro:
        'Ton mot de passe vient d’être modifié et tu as été déconnecté des autres appareils. Ce n’était pas toi ? Réinitialise ton mot de passe tout de suite.',
    },
    it: {
      subject: 'La tua password su {site} è stata modificata',
      intro:
        'La tua password è appena stata modificata e sei stato disconnesso dagli altri dispositivi. Non sei stato tu? Reimposta subito la password.',
    },
    pl: {
      subject: 'Twoje hasło w {site} zostało zmienione',
      intro: 'Twoje hasło zostało właśnie zmienione i wylogowano Cię na innych urządzeniach. To nie Ty? Natychmiast zresetuj hasło.',
    },
  },
  complaint_handled: {
    nl: { subject: 'Je klacht bij {site} is afgehandeld', intro: 'We hebben je klacht "{topic}" afgehandeld. Dit is onze toelichting:' },
    en: { subject: 'Your complaint at {site} has been handled', intro: 'We have handled your complaint "{topic}". This is our note:' },
    de: {
      subject: 'Deine Beschwerde bei {site} wurde bearbeitet',
      intro: 'Wir haben deine Beschwerde „{topic}“ bearbeitet. Hier ist unsere Anmerkung:',
    },
    es: { subject: 'Tu reclamación en {site} ha sido tramitada', intro: 'Hemos tramitado tu reclamación «{topic}». Esta es nuestra nota:' },
    fr: {
      subject: 'Ta réclamation sur {site} a été traitée',
      intro: 'Nous avons traité ta réclamation « {topic} ». Voici notre réponse :',
    },
    it: {
      subject: 'Il tuo reclamo su {site} è stato gestito',
      intro: 'Abbiamo gestito il tuo reclamo «{topic}». Questa è la nostra nota:',
    },
    pl: {
      subject: 'Twoja reklamacja w {site} została rozpatrzona',
      intro: 'Rozpatrzyliśmy Twoją reklamację „{topic}”. Oto nasza odpowiedź:',
    },
  },
  report_handled: {
    nl: {
      subject: 'Je melding bij {site} is behandeld',
      intro:
        'Een moderator heeft je melding over {topic} bekeken en afgehandeld. Bedankt dat je helpt {site} veilig te houden. Welke maatregel we namen, vertellen we niet: zo beschermen we ieders privacy.',
    },
    en: {
      subject: 'Your report at {site} has been handled',
      intro:
        'A moderator has reviewed and handled your report about {topic}. Thank you for helping keep {site} safe. We do not say which measure we took: that protects everyone’s privacy.',
    },
    de: {
      subject: 'Deine Meldung bei {site} wurde bearbeitet',
      intro:
        'Ein Moderator hat deine Meldung zu {topic} geprüft und bearbeitet. Danke, dass du hilfst, {site} sicher zu halten. Welche Maßnahme wir ergriffen haben, sagen wir nicht: So schützen wir die Privatsphäre aller.',
    },
    es: {
      subject: 'Tu denuncia en {site} ha sido tramitada',
      intro:
        'Un moderador ha revisado y tramitado tu denuncia sobre {topic}. Gracias por ayudar a mantener {site} seguro. No decimos qué medida hemos tomado: así protegemos la privacidad de todos.',
    },
    fr: {
      subject: 'Ton signalement sur {site} a été traité',
      intro:
        'Un modérateur a examiné et traité ton signalement concernant {topic}. Merci de nous aider à garder {site} sûr. Nous ne disons pas quelle mesure nous avons prise : cela protège la vie privée de chacun.',
    },
    it: {
      subject: 'La tua segnalazione su {site} è stata gestita',
      intro:
        'Un moderatore ha esaminato e gestito la tua segnalazione su {topic}. Grazie per aiutarci a mantenere {site} sicuro. Non diciamo quale misura abbiamo preso: così proteggiamo la privacy di tutti.',
    },
    pl: {
      subject: 'Twoje zgłoszenie w {site} zostało rozpatrzone',
      intro:
        'Moderator sprawdził i rozpatrzył Twoje zgłoszenie dotyczące {topic}. Dziękujemy, że pomagasz dbać o bezpieczeństwo {site}. Nie informujemy, jakie kroki podjęliśmy: tak chronimy prywatność wszystkich.',
    },
  },
  new_login: {
    nl: {
      subject: 'Nieuwe login bij {site}',
      intro:
        'Er is zojuist ingelogd op je account vanaf een browser die je nog niet eerder gebruikte. Was jij dit? Dan hoef je niets te doen.',
      action: 'Dit was ik niet',
      validity: 'Deze link werkt één keer, {valid} dagen lang: hij logt je overal uit en vraagt je een nieuw wachtwoord te kiezen.',
    },
    en: {
      subject: 'New login at {site}',
      intro: 'Someone just logged in to your account from a browser you had not used before. Was this you? Then you need not do anything.',
      action: 'This wasn’t me',
      validity: 'This link works once, for {valid} days: it logs you out everywhere and asks you to choose a new password.',
    },
    de: {
      subject: 'Neue Anmeldung bei {site}',
      intro:
        'Gerade hat sich jemand mit deinem Konto in einem Browser angemeldet, den du bisher nicht benutzt hast. Warst du das? Dann musst du nichts tun.',
      action: 'Das war ich nicht',
      validity:
        'Dieser Link funktioniert einmal, {valid} Tage lang: Er meldet dich überall ab und bittet dich, ein neues Passwort zu wählen.',
    },
    es: {
      subject: 'Nuevo inicio de sesión en {site}',
      intro:
        'Alguien acaba de iniciar sesión en tu cuenta desde un navegador que no habías usado antes. ¿Has sido tú? Entonces no tienes que hacer nada.',
      action: 'No he sido yo',
      validity:
        'Este enlace funciona una vez, durante {valid} días: cierra tu sesión en todas partes y te pide elegir una nueva contraseña.',
    },
    fr: {
      subject: 'Nouvelle connexion sur {site}',
      intro:
        'Quelqu’un vient de se connecter à ton compte depuis un navigateur que tu n’avais jamais utilisé. C’était toi ? Alors tu n’as rien à faire.',
      action: 'Ce n’était pas moi',
      validity:
        'Ce lien fonctionne une fois, pendant {valid} jours : il te déconnecte partout et te demande de choisir un nouveau mot de passe.',
    },
    it: {
      subject: 'Nuovo accesso su {site}',
      intro:
        'Qualcuno ha appena effettuato l’accesso al tuo account da un browser che non avevi mai usato. Sei stato tu? Allora non devi fare nulla.',
      action: 'Non sono stato io',
      validity: 'Questo link funziona una volta, per {valid} giorni: ti disconnette ovunque e ti chiede di scegliere una nuova password.',
    },
    pl: {
      subject: 'Nowe logowanie w {site}',
      intro:
        'Ktoś właśnie zalogował się na Twoje konto z przeglądarki, której wcześniej nie używałeś. To Ty? W takim razie nic nie musisz robić.',
      action: 'To nie byłem ja',
      validity: 'Ten link działa jeden raz, przez {valid} dni: wylogowuje Cię wszędzie i prosi o wybranie nowego hasła.',
    },
  },
};

/** new_login: the labels of what the site knows of the login. */
const LOGIN_LABELS: Record<Lang, { browser: string; os: string; place: string; time: string; unknown: string }> = {
  nl: { browser: 'Browser', os: 'Besturingssysteem', place: 'Plaats (bij benadering)', time: 'Tijd', unknown: 'onbekend' },
  en: { browser: 'Browser', os: 'Operating system', place: 'Place (approximate)', time: 'Time', unknown: 'unknown' },
  de: { browser: 'Browser', os: 'Betriebssystem', place: 'Ort (ungefähr)', time: 'Zeit', unknown: 'unbekannt' },
  es: { browser: 'Navegador', os: 'Sistema operativo', place: 'Lugar (aproximado)', time: 'Hora', unknown: 'desconocido' },
  fr: { browser: 'Navigateur', os: 'Système d’exploitation', place: 'Lieu (approximatif)', time: 'Heure', unknown: 'inconnu' },
  it: { browser: 'Browser', os: 'Sistema operativo', place: 'Luogo (approssimativo)', time: 'Ora', unknown: 'sconosciuto' },
  pl: { browser: 'Przeglądarka', os: 'System operacyjny', place: 'Miejsce (w przybliżeniu)', time: 'Czas', unknown: 'nieznane' },
};

function loginLines(lang: Lang, login: NonNullable<MailVars['login']>): Array<[string, string]> {
  const l = LOGIN_LABELS[lang];
  return [
    [l.browser, login.browser || l.unknown],
    [l.os, login.os || l.unknown],
    [l.place, login.place || l.unknown],
    [l.time, login.time],
  ];
}

/** Notices: no "did you not ask for this?" line. */
const NO_IGNORE_LINE = new Set<MailKind>([
  'reactivation',
  'password_changed',
  'mail_change_notice',
  'complaint_handled',
  'report_handled',
  'new_login',
]);

const COMMON: Record<Lang, { greeting: string; footer: string; ignore: string }> = {
  nl: {
    greeting: 'Hoi {name},',
    footer: 'Deze e-mail is verstuurd door {site} ({domain}).',
    ignore: 'Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren.',
  },
  en: {
    greeting: 'Hi {name},',
    footer: 'This e-mail was sent by {site} ({domain}).',
    ignore: 'Didn’t ask for this? Then you can ignore this e-mail.',
  },
  de: {
    greeting: 'Hallo {name},',
    footer: 'Diese E-Mail wurde von {site} ({domain}) gesendet.',
    ignore: 'Hast du das nicht selbst angefordert? Dann kannst du diese E-Mail ignorieren.',
  },
  es: {
    greeting: 'Hola {name}:',
    footer: 'Este correo ha sido enviado por {site} ({domain}).',
    ignore: '¿No lo has solicitado tú? Entonces puedes ignorar este correo.',
  },
  fr: {
    greeting: 'Bonjour {name},',
    footer: 'Cet e-mail a été envoyé par {site} ({domain}).',
    ignore: 'Tu n’as rien demandé ? Tu peux ignorer cet e-mail.',
  },
  it: {
    greeting: 'Ciao {name},',
    footer: 'Questa e-mail è stata inviata da {site} ({domain}).',
    ignore: 'Non l’hai richiesto tu? Allora puoi ignorare questa e-mail.',
  },
  pl: {
    greeting: 'Cześć {name},',
    footer: 'Ten e-mail został wysłany przez {site} ({domain}).',
    ignore: 'To nie Ty? W takim razie zignoruj ten e-mail.',
  },
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function fill(template: string, vars: MailVars, escape: boolean): string {
  const map: Record<string, string> = {
    name: vars.name,
    site: vars.siteName,
    domain: vars.domain,
    valid: String(vars.validFor ?? ''),
    topic: vars.topic ?? '',
  };
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = map[k] ?? '';
    return escape ? escapeHtml(v) : v;
  });
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const MAIL_KINDS = Object.keys(T) as MailKind[];
export const MAIL_LANGS: Lang[] = ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl'];

/** The mail of `kind` in `lang`: subject, plain text and HTML. */
export function renderMail(kind: MailKind, lang: Lang, vars: MailVars): RenderedMail {
  const s = T[kind][lang];
  const c = COMMON[lang];
  const subject = fill(s.subject, vars, false);
  const lines = [fill(c.greeting, vars, false), '', fill(s.intro, vars, false)];
  if (vars.note) lines.push('', vars.note);
  if (vars.login) lines.push('', ...loginLines(lang, vars.login).map(([k, v]) => `${k}: ${v}`));
  if (vars.link && s.action) lines.push('', `${s.action}: ${vars.link}`);
  if (s.validity) lines.push('', fill(s.validity, vars, false));
  if (!NO_IGNORE_LINE.has(kind)) lines.push('', c.ignore);
  const siteUrl = vars.siteUrl ?? `https://${vars.domain}`;
  lines.push('', '--', fill(c.footer, vars, false), siteUrl);
  const text = lines.join('\n');

  const esc = escapeHtml;
  const button =
    vars.link && s.action
      ? `<p style="margin:24px 0"><a href="${esc(vars.link)}" style="background:#c81f64;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${esc(s.action)}</a></p>` +
        `<p style="font-size:13px;color:#555">${esc(vars.link)}</p>`
      : '';
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#2d1b2e;max-width:600px;margin:0 auto;padding:16px">` +
    `<h1 style="font-size:20px;color:#c81f64">${esc(vars.siteName)}</h1>` +
    `<p>${fill(c.greeting, vars, true)}</p><p>${fill(s.intro, vars, true)}</p>` +
    (vars.note
      ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #c81f64;white-space:pre-wrap">${esc(vars.note)}</blockquote>`
      : '') +
    (vars.login
      ? `<ul>${loginLines(lang, vars.login)
          .map(([k, v]) => `<li>${esc(k)}: <strong>${esc(v)}</strong></li>`)
          .join('')}</ul>`
      : '') +
    button +
    (s.validity ? `<p>${fill(s.validity, vars, true)}</p>` : '') +
    (NO_IGNORE_LINE.has(kind) ? '' : `<p style="color:#555">${esc(c.ignore)}</p>`) +
    `<hr><p style="font-size:12px;color:#777">${fill(c.footer, vars, true)} <a href="${esc(siteUrl)}">${esc(vars.domain)}</a></p>` +
    `</body></html>`;
  return { subject, text, html };
}
