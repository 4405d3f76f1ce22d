// Server texts of the identity capability: code -> language -> text. nl is the spec's exact wording
// (sections 5 and 8); codes are the ones of shared-kit/src/contracts/identity.ts.
import type { MessageTable } from './types';

export const identityMessages: MessageTable = {
  field_required: {
    nl: 'Dit veld is verplicht.', en: 'This field is required.', de: 'Dieses Feld ist erforderlich.',
    es: 'Este campo es obligatorio.', fr: 'Ce champ est obligatoire.', it: 'Questo campo è obbligatorio.', pl: 'To pole jest wymagane.',
  },
  invalid_type: {
    nl: 'Ongeldige invoer.', en: 'Invalid input.', de: 'Ungültige Eingabe.', es: 'Entrada no válida.',
    fr: 'Saisie invalide.', it: 'Dati non validi.', pl: 'Nieprawidłowe dane.',
  },
  text_invalid: {
    nl: 'Deze tekst bevat niet toegestane tekens.', en: 'This text contains characters that are not allowed.',
    de: 'Dieser Text enthält unzulässige Zeichen.', es: 'Este texto contiene caracteres no permitidos.',
    fr: 'Ce texte contient des caractères non autorisés.', it: 'Questo testo contiene caratteri non consentiti.',
    pl: 'Ten tekst zawiera niedozwolone znaki.',
  },
  invalid_email: {
    nl: 'Ongeldige e-mail', en: 'Invalid e-mail', de: 'Ungültige E-Mail', es: 'Correo electrónico no válido',
    fr: 'E-mail invalide', it: 'E-mail non valida', pl: 'Nieprawidłowy e-mail',
  },
  email_too_long: {
    nl: 'Dit e-mailadres is te lang.', en: 'This e-mail address is too long.', de: 'Diese E-Mail-Adresse ist zu lang.',
    es: 'Esta dirección de correo es demasiado larga.', fr: 'Cette adresse e-mail est trop longue.',
    it: 'Questo indirizzo e-mail è troppo lungo.', pl: 'Ten adres e-mail jest za długi.',
  },
  email_in_use: {
    nl: 'Dit e-mailadres heeft al een account op deze site.', en: 'This e-mail address already has an account on this site.',
    de: 'Für diese E-Mail-Adresse gibt es auf dieser Seite bereits ein Konto.', es: 'Esta dirección de correo ya tiene una cuenta en este sitio.',
    fr: 'Cette adresse e-mail a déjà un compte sur ce site.', it: 'Questo indirizzo e-mail ha già un account su questo sito.',
    pl: 'Ten adres e-mail ma już konto na tej stronie.',
  },
  name_required: {
    nl: 'Vul een profielnaam in.', en: 'Enter a profile name.', de: 'Gib einen Profilnamen ein.', es: 'Introduce un nombre de perfil.',
    fr: 'Saisis un nom de profil.', it: 'Inserisci un nome profilo.', pl: 'Wpisz nazwę profilu.',
  },
  name_too_long: {
    nl: 'Je profielnaam is te lang (maximaal 40 tekens).', en: 'Your profile name is too long (40 characters at most).',
    de: 'Dein Profilname ist zu lang (höchstens 40 Zeichen).', es: 'Tu nombre de perfil es demasiado largo (máximo 40 caracteres).',
    fr: 'Ton nom de profil est trop long (40 caractères maximum).', it: 'Il tuo nome profilo è troppo lungo (massimo 40 caratteri).',
    pl: 'Twoja nazwa profilu jest za długa (maksymalnie 40 znaków).',
  },
  name_equals_email: {
    nl: 'Je profielnaam moet anders zijn dan je e-mailadres', en: 'Your profile name must be different from your e-mail address',
    de: 'Dein Profilname muss sich von deiner E-Mail-Adresse unterscheiden', es: 'Tu nombre de perfil debe ser distinto de tu correo electrónico',
    fr: 'Ton nom de profil doit être différent de ton adresse e-mail', it: 'Il tuo nome profilo deve essere diverso dal tuo indirizzo e-mail',
    pl: 'Nazwa profilu musi różnić się od adresu e-mail',
  },
  name_starts_with_at: {
    nl: 'Je profielnaam mag niet beginnen met een @', en: 'Your profile name must not begin with an @',
    de: 'Dein Profilname darf nicht mit einem @ beginnen', es: 'Tu nombre de perfil no puede empezar con @',
    fr: 'Ton nom de profil ne doit pas commencer par un @', it: 'Il tuo nome profilo non può iniziare con @',
    pl: 'Nazwa profilu nie może zaczynać się od @',
  },
  name_invalid: {
    nl: 'Je profielnaam bevat niet toegestane tekens.', en: 'Your profile name contains characters that are not allowed.',
    de: 'Dein Profilname enthält unzulässige Zeichen.', es: 'Tu nombre de perfil contiene caracteres no permitidos.',
    fr: 'Ton nom de profil contient des caractères non autorisés.', it: 'Il tuo nome profilo contiene caratteri non consentiti.',
    pl: 'Nazwa profilu zawiera niedozwolone znaki.',
  },
  password_required: {
    nl: 'Vul een wachtwoord in.', en: 'Enter a password.', de: 'Gib ein Passwort ein.', es: 'Introduce una contraseña.',
    fr: 'Saisis un mot de passe.', it: 'Inserisci una password.', pl: 'Wpisz hasło.',
  },
  password_too_short: {
    nl: 'Je wachtwoord moet minimaal 8 tekens hebben.', en: 'Your password needs at least 8 characters.',
    de: 'Dein Passwort muss mindestens 8 Zeichen haben.', es: 'Tu contraseña debe tener al menos 8 caracteres.',
    fr: 'Ton mot de passe doit comporter au moins 8 caractères.', it: 'La password deve avere almeno 8 caratteri.',
    pl: 'Hasło musi mieć co najmniej 8 znaków.',
  },
  password_too_long: {
    nl: 'Je wachtwoord is te lang (maximaal 128 tekens).', en: 'Your password is too long (128 characters at most).',
    de: 'Dein Passwort ist zu lang (höchstens 128 Zeichen).', es: 'Tu contraseña es demasiado larga (máximo 128 caracteres).',
    fr: 'Ton mot de passe est trop long (128 caractères maximum).', it: 'La password è troppo lunga (massimo 128 caratteri).',
    pl: 'Hasło jest za długie (maksymalnie 128 znaków).',
  },
  passwords_differ: {
    nl: 'De opgegeven wachtwoorden zijn niet gelijk.', en: 'The passwords you entered do not match.',
    de: 'Die eingegebenen Passwörter stimmen nicht überein.', es: 'Las contraseñas introducidas no coinciden.',
    fr: 'Les mots de passe saisis ne sont pas identiques.', it: 'Le password inserite non coincidono.',
    pl: 'Podane hasła nie są identyczne.',
  },
  old_password_wrong: {
    nl: 'Controleer je oude wachtwoord.', en: 'Check your old password.', de: 'Überprüfe dein altes Passwort.',
    es: 'Comprueba tu contraseña anterior.', fr: 'Vérifie ton ancien mot de passe.', it: 'Controlla la tua vecchia password.',
    pl: 'Sprawdź swoje stare hasło.',
  },
  invalid_date_of_birth: {
    nl: 'Ongeldige geboortedatum.', en: 'Invalid date of birth.', de: 'Ungültiges Geburtsdatum.', es: 'Fecha de nacimiento no válida.',
    fr: 'Date de naissance invalide.', it: 'Data di nascita non valida.', pl: 'Nieprawidłowa data urodzenia.',
  },
  min_age: {
    nl: 'Vul uw geboortedatum in ({min_age}+ jaar)', en: 'Enter your date of birth ({min_age}+ years)',
    de: 'Gib dein Geburtsdatum ein ({min_age}+ Jahre)', es: 'Introduce tu fecha de nacimiento ({min_age}+ años)',
    fr: 'Saisis ta date de naissance ({min_age}+ ans)', it: 'Inserisci la tua data di nascita ({min_age}+ anni)',
    pl: 'Podaj datę urodzenia ({min_age}+ lat)',
  },
  gender_required: {
    nl: 'Kies je geslacht.', en: 'Choose your gender.', de: 'Wähle dein Geschlecht.', es: 'Elige tu sexo.',
    fr: 'Choisis ton sexe.', it: 'Scegli il tuo sesso.', pl: 'Wybierz płeć.',
  },
  sexuality_invalid: {
    nl: 'Kies een geldige geaardheid.', en: 'Choose a valid orientation.', de: 'Wähle eine gültige Orientierung.',
    es: 'Elige una orientación válida.', fr: 'Choisis une orientation valide.', it: 'Scegli un orientamento valido.',
    pl: 'Wybierz prawidłową orientację.',
  },
  country_invalid: {
    nl: 'Kies een land.', en: 'Choose a country.', de: 'Wähle ein Land.', es: 'Elige un país.', fr: 'Choisis un pays.',
    it: 'Scegli un paese.', pl: 'Wybierz kraj.',
  },
  place_too_long: {
    nl: 'Deze plaatsnaam is te lang.', en: 'This place name is too long.', de: 'Dieser Ortsname ist zu lang.',
    es: 'Este nombre de lugar es demasiado largo.', fr: 'Ce nom de lieu est trop long.', it: 'Questo nome di luogo è troppo lungo.',
    pl: 'Ta nazwa miejscowości jest za długa.',
  },
  message_too_long: {
    nl: 'Je bericht is te lang (maximaal 500 tekens).', en: 'Your message is too long (500 characters at most).',
    de: 'Deine Nachricht ist zu lang (höchstens 500 Zeichen).', es: 'Tu mensaje es demasiado largo (máximo 500 caracteres).',
    fr: 'Ton message est trop long (500 caractères maximum).', it: 'Il tuo messaggio è troppo lungo (massimo 500 caratteri).',
    pl: 'Twoja wiadomość jest za długa (maksymalnie 500 znaków).',
  },
  remarks_too_long: {
    nl: 'Je toelichting is te lang (maximaal 1000 tekens).', en: 'Your remarks are too long (1000 characters at most).',
    de: 'Deine Anmerkungen sind zu lang (höchstens 1000 Zeichen).', es: 'Tus comentarios son demasiado largos (máximo 1000 caracteres).',
    fr: 'Tes remarques sont trop longues (1000 caractères maximum).', it: 'Le tue osservazioni sono troppo lunghe (massimo 1000 caratteri).',
    pl: 'Twoje uwagi są za długie (maksymalnie 1000 znaków).',
  },
  delete_reason_invalid: {
    nl: 'Kies een reden.', en: 'Choose a reason.', de: 'Wähle einen Grund.', es: 'Elige un motivo.', fr: 'Choisis une raison.',
    it: 'Scegli un motivo.', pl: 'Wybierz powód.',
  },
  language_invalid: {
    nl: 'Deze taal wordt niet ondersteund.', en: 'This language is not supported.', de: 'Diese Sprache wird nicht unterstützt.',
    es: 'Este idioma no es compatible.', fr: 'Cette langue n’est pas prise en charge.', it: 'Questa lingua non è supportata.',
    pl: 'Ten język nie jest obsługiwany.',
  },
  tracking_invalid: {
    nl: 'Ongeldige trackinggegevens.', en: 'Invalid tracking data.', de: 'Ungültige Tracking-Daten.', es: 'Datos de seguimiento no válidos.',
    fr: 'Données de suivi invalides.', it: 'Dati di tracciamento non validi.', pl: 'Nieprawidłowe dane śledzenia.',
  },
  signups_closed: {
    nl: 'Aanmelden is op deze site op dit moment niet mogelijk.', en: 'Signing up is not possible on this site right now.',
    de: 'Die Anmeldung ist auf dieser Seite derzeit nicht möglich.', es: 'En este momento no es posible registrarse en este sitio.',
    fr: 'L’inscription n’est pas possible sur ce site pour le moment.', it: 'Al momento non è possibile registrarsi su questo sito.',
    pl: 'Rejestracja na tej stronie nie jest obecnie możliwa.',
  },
  signups_trafficsource_required: {
    nl: 'Aanmelden kan op deze site alleen via een partnerlink.', en: 'On this site you can only sign up through a partner link.',
    de: 'Auf dieser Seite ist die Anmeldung nur über einen Partnerlink möglich.', es: 'En este sitio solo puedes registrarte a través de un enlace de socio.',
    fr: 'Sur ce site, l’inscription n’est possible que via un lien partenaire.', it: 'Su questo sito ci si può registrare solo tramite un link partner.',
    pl: 'Na tej stronie można zarejestrować się tylko przez link partnera.',
  },
  signups_invite_only: {
    nl: 'Aanmelden kan op deze site alleen met een uitnodiging.', en: 'On this site you can only sign up with an invitation.',
    de: 'Auf dieser Seite ist die Anmeldung nur mit einer Einladung möglich.', es: 'En este sitio solo puedes registrarte con una invitación.',
    fr: 'Sur ce site, l’inscription n’est possible que sur invitation.', it: 'Su questo sito ci si può registrare solo con un invito.',
    pl: 'Na tej stronie można zarejestrować się tylko z zaproszeniem.',
  },
  login_failed: {
    nl: 'Login mislukt, probeer opnieuw', en: 'Login failed, please try again', de: 'Anmeldung fehlgeschlagen, bitte versuche es erneut',
    es: 'Inicio de sesión fallido, inténtalo de nuevo', fr: 'Échec de la connexion, réessaie', it: 'Accesso non riuscito, riprova',
    pl: 'Logowanie nie powiodło się, spróbuj ponownie',
  },
  login_locked: {
    nl: 'Te veel foute pogingen, account voor {minutes} min geblokkeerd.', en: 'Too many failed attempts, account blocked for {minutes} min.',
    de: 'Zu viele Fehlversuche, Konto für {minutes} Min. gesperrt.', es: 'Demasiados intentos fallidos, cuenta bloqueada durante {minutes} min.',
    fr: 'Trop de tentatives échouées, compte bloqué pendant {minutes} min.', it: 'Troppi tentativi falliti, account bloccato per {minutes} min.',
    pl: 'Zbyt wiele nieudanych prób, konto zablokowane na {minutes} min.',
  },
  account_deleted: {
    nl: 'Dit account is verwijderd. Gebruik de link in de e-mail om het binnen 14 dagen te heractiveren.',
    en: 'This account has been deleted. Use the link in the e-mail to reactivate it within 14 days.',
    de: 'Dieses Konto wurde gelöscht. Nutze den Link in der E-Mail, um es innerhalb von 14 Tagen zu reaktivieren.',
    es: 'Esta cuenta ha sido eliminada. Usa el enlace del correo para reactivarla en un plazo de 14 días.',
    fr: 'Ce compte a été supprimé. Utilise le lien de l’e-mail pour le réactiver dans les 14 jours.',
    it: 'Questo account è stato eliminato. Usa il link nell’e-mail per riattivarlo entro 14 giorni.',
    pl: 'To konto zostało usunięte. Użyj linku z e-maila, aby je reaktywować w ciągu 14 dni.',
  },
  account_banned: {
    nl: 'Je account is geblokkeerd omdat het de voorwaarden heeft overtreden. Lees het blokkeringsbeleid om te zien wat je kunt doen.',
    en: 'Your account has been blocked because it broke the terms. Read the ban policy to see what you can do.',
    de: 'Dein Konto wurde gesperrt, weil es gegen die AGB verstoßen hat. Lies die Sperrrichtlinie, um zu erfahren, was du tun kannst.',
    es: 'Tu cuenta ha sido bloqueada por incumplir las condiciones. Lee la política de bloqueo para saber qué puedes hacer.',
    fr: 'Ton compte a été bloqué car il a enfreint les conditions. Lis la politique de blocage pour savoir ce que tu peux faire.',
    it: 'Il tuo account è stato bloccato perché ha violato le condizioni. Leggi la politica di blocco per sapere cosa puoi fare.',
    pl: 'Twoje konto zostało zablokowane, ponieważ naruszyło regulamin. Przeczytaj zasady blokowania, aby dowiedzieć się, co możesz zrobić.',
  },
  email_not_found: {
    nl: 'E-mailadres niet gevonden', en: 'E-mail address not found', de: 'E-Mail-Adresse nicht gefunden',
    es: 'Dirección de correo no encontrada', fr: 'Adresse e-mail introuvable', it: 'Indirizzo e-mail non trovato',
    pl: 'Nie znaleziono adresu e-mail',
  },
  reset_link_invalid: {
    nl: 'Link verlopen of invalide, vraag een nieuwe e-mail aan', en: 'Link expired or invalid, request a new e-mail',
    de: 'Link abgelaufen oder ungültig, fordere eine neue E-Mail an', es: 'Enlace caducado o no válido, solicita un nuevo correo',
    fr: 'Lien expiré ou invalide, demande un nouvel e-mail', it: 'Link scaduto o non valido, richiedi una nuova e-mail',
    pl: 'Link wygasł lub jest nieprawidłowy, poproś o nowy e-mail',
  },
  reset_too_many: {
    nl: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
    en: 'Too many password reset e-mails sent, please try again tomorrow.',
    de: 'Zu viele E-Mails zum Zurücksetzen des Passworts gesendet, versuche es morgen noch einmal.',
    es: 'Se han enviado demasiados correos para restablecer la contraseña, inténtalo de nuevo mañana.',
    fr: 'Trop d’e-mails de réinitialisation du mot de passe envoyés, réessaie demain.',
    it: 'Troppe e-mail di reimpostazione della password inviate, riprova domani.',
    pl: 'Wysłano zbyt wiele e-maili resetujących hasło, spróbuj ponownie jutro.',
  },
  mail_change_too_many: {
    nl: 'Je hebt vandaag al te vaak een nieuw e-mailadres opgegeven, probeer het morgen nog eens.',
    en: 'You have asked to change your e-mail address too often today, please try again tomorrow.',
    de: 'Du hast heute schon zu oft eine neue E-Mail-Adresse angegeben, versuche es morgen noch einmal.',
    es: 'Hoy ya has pedido cambiar tu dirección de correo demasiadas veces, inténtalo de nuevo mañana.',
    fr: 'Tu as demandé à changer d’adresse e-mail trop souvent aujourd’hui, réessaie demain.',
    it: 'Oggi hai già chiesto troppe volte di cambiare indirizzo e-mail, riprova domani.',
    pl: 'Dziś już zbyt wiele razy zmieniałeś adres e-mail, spróbuj ponownie jutro.',
  },
  activation_failed: {
    nl: 'Activeren mislukt', en: 'Activation failed', de: 'Aktivierung fehlgeschlagen', es: 'La activación ha fallado',
    fr: 'Échec de l’activation', it: 'Attivazione non riuscita', pl: 'Aktywacja nie powiodła się',
  },
  activation_too_many: {
    nl: 'Er is net al een activatiemail verstuurd, probeer het over {minutes} min opnieuw.',
    en: 'An activation e-mail was sent just now, try again in {minutes} min.',
    de: 'Gerade wurde schon eine Aktivierungs-E-Mail gesendet, versuche es in {minutes} Min. erneut.',
    es: 'Acabamos de enviar un correo de activación, inténtalo de nuevo en {minutes} min.',
    fr: 'Un e-mail d’activation vient d’être envoyé, réessaie dans {minutes} min.',
    it: 'È appena stata inviata un’e-mail di attivazione, riprova tra {minutes} min.',
    pl: 'E-mail aktywacyjny został właśnie wysłany, spróbuj ponownie za {minutes} min.',
  },
  already_confirmed: {
    nl: 'Je e-mailadres is al bevestigd.', en: 'Your e-mail address is already confirmed.', de: 'Deine E-Mail-Adresse ist bereits bestätigt.',
    es: 'Tu dirección de correo ya está confirmada.', fr: 'Ton adresse e-mail est déjà confirmée.', it: 'Il tuo indirizzo e-mail è già confermato.',
    pl: 'Twój adres e-mail jest już potwierdzony.',
  },
  mail_change_invalid: {
    nl: 'Link verlopen of invalide, wijzig je e-mailadres opnieuw.', en: 'Link expired or invalid, change your e-mail address again.',
    de: 'Link abgelaufen oder ungültig, ändere deine E-Mail-Adresse erneut.', es: 'Enlace caducado o no válido, cambia tu dirección de correo de nuevo.',
    fr: 'Lien expiré ou invalide, modifie à nouveau ton adresse e-mail.', it: 'Link scaduto o non valido, modifica di nuovo il tuo indirizzo e-mail.',
    pl: 'Link wygasł lub jest nieprawidłowy, zmień adres e-mail ponownie.',
  },
  reactivation_invalid: {
    nl: 'Deze heractivatielink is verlopen of ongeldig.', en: 'This reactivation link has expired or is invalid.',
    de: 'Dieser Reaktivierungslink ist abgelaufen oder ungültig.', es: 'Este enlace de reactivación ha caducado o no es válido.',
    fr: 'Ce lien de réactivation a expiré ou est invalide.', it: 'Questo link di riattivazione è scaduto o non valido.',
    pl: 'Ten link reaktywacyjny wygasł lub jest nieprawidłowy.',
  },
  mail_events_forbidden: {
    nl: 'Geen toegang.', en: 'Access denied.', de: 'Zugriff verweigert.', es: 'Acceso denegado.', fr: 'Accès refusé.',
    it: 'Accesso negato.', pl: 'Brak dostępu.',
  },
  subscription_invalid: {
    nl: 'Ongeldig pushabonnement.', en: 'Invalid push subscription.', de: 'Ungültiges Push-Abonnement.', es: 'Suscripción push no válida.',
    fr: 'Abonnement push invalide.', it: 'Iscrizione push non valida.', pl: 'Nieprawidłowa subskrypcja push.',
  },
};
