// Server texts of passkeys and new-login alerts (issue 26 part 4); codes of shared-kit/src/contracts/passkeys.ts.
import type { MessageTable } from './types';

export const passkeysMessages: MessageTable = {
  passkey_name_required: {
    nl: 'Geef je passkey een naam.', en: 'Give your passkey a name.', de: 'Gib deinem Passkey einen Namen.',
    es: 'Ponle un nombre a tu passkey.', fr: 'Donne un nom à ta clé d’accès.', it: 'Dai un nome alla tua passkey.', pl: 'Nadaj nazwę swojemu kluczowi dostępu.',
  },
  passkey_name_too_long: {
    nl: 'Deze naam is te lang (maximaal 60 tekens).', en: 'This name is too long (60 characters at most).', de: 'Dieser Name ist zu lang (höchstens 60 Zeichen).',
    es: 'Este nombre es demasiado largo (60 caracteres como máximo).', fr: 'Ce nom est trop long (60 caractères maximum).',
    it: 'Questo nome è troppo lungo (massimo 60 caratteri).', pl: 'Ta nazwa jest za długa (maksymalnie 60 znaków).',
  },
  passkey_name_invalid: {
    nl: 'Deze naam bevat niet toegestane tekens.', en: 'This name contains characters that are not allowed.', de: 'Dieser Name enthält unzulässige Zeichen.',
    es: 'Este nombre contiene caracteres no permitidos.', fr: 'Ce nom contient des caractères non autorisés.',
    it: 'Questo nome contiene caratteri non consentiti.', pl: 'Ta nazwa zawiera niedozwolone znaki.',
  },
  passkey_response_invalid: {
    nl: 'Het antwoord van je browser is onvolledig. Probeer het opnieuw.', en: 'Your browser’s answer is incomplete. Please try again.',
    de: 'Die Antwort deines Browsers ist unvollständig. Bitte versuche es erneut.', es: 'La respuesta de tu navegador está incompleta. Inténtalo de nuevo.',
    fr: 'La réponse de ton navigateur est incomplète. Réessaie.', it: 'La risposta del tuo browser è incompleta. Riprova.',
    pl: 'Odpowiedź Twojej przeglądarki jest niepełna. Spróbuj ponownie.',
  },
  passkey_challenge_invalid: {
    nl: 'Deze passkey-poging is verlopen of al gebruikt. Probeer het opnieuw.', en: 'This passkey attempt has expired or was already used. Please try again.',
    de: 'Dieser Passkey-Versuch ist abgelaufen oder wurde schon verwendet. Bitte versuche es erneut.', es: 'Este intento con passkey ha caducado o ya se usó. Inténtalo de nuevo.',
    fr: 'Cette tentative avec clé d’accès a expiré ou a déjà servi. Réessaie.', it: 'Questo tentativo con passkey è scaduto o è già stato usato. Riprova.',
    pl: 'Ta próba z kluczem dostępu wygasła lub została już użyta. Spróbuj ponownie.',
  },
  passkey_verification_failed: {
    nl: 'Deze passkey kon niet worden gecontroleerd. Probeer het opnieuw.', en: 'This passkey could not be verified. Please try again.',
    de: 'Dieser Passkey konnte nicht geprüft werden. Bitte versuche es erneut.', es: 'No se ha podido verificar esta passkey. Inténtalo de nuevo.',
    fr: 'Cette clé d’accès n’a pas pu être vérifiée. Réessaie.', it: 'Non è stato possibile verificare questa passkey. Riprova.',
    pl: 'Nie udało się zweryfikować tego klucza dostępu. Spróbuj ponownie.',
  },
  passkey_unknown: {
    nl: 'Deze passkey is niet (meer) bekend op deze site. Log in met je e-mailadres en wachtwoord.', en: 'This passkey is not (or no longer) known on this site. Log in with your e-mail address and password.',
    de: 'Dieser Passkey ist auf dieser Seite nicht (mehr) bekannt. Melde dich mit E-Mail-Adresse und Passwort an.', es: 'Esta passkey no es (o ya no es) conocida en este sitio. Inicia sesión con tu correo y contraseña.',
    fr: 'Cette clé d’accès n’est pas (ou plus) connue sur ce site. Connecte-toi avec ton adresse e-mail et ton mot de passe.', it: 'Questa passkey non è (più) conosciuta su questo sito. Accedi con indirizzo e-mail e password.',
    pl: 'Ten klucz dostępu nie jest (już) znany na tej stronie. Zaloguj się adresem e-mail i hasłem.',
  },
  passkey_not_found: {
    nl: 'Deze passkey bestaat niet (meer).', en: 'This passkey does not exist (any more).', de: 'Diesen Passkey gibt es nicht (mehr).',
    es: 'Esta passkey no existe (ya).', fr: 'Cette clé d’accès n’existe pas (ou plus).', it: 'Questa passkey non esiste (più).', pl: 'Ten klucz dostępu nie istnieje (już).',
  },
  passkey_exists: {
    nl: 'Deze passkey is al toegevoegd.', en: 'This passkey has already been added.', de: 'Dieser Passkey wurde bereits hinzugefügt.',
    es: 'Esta passkey ya se ha añadido.', fr: 'Cette clé d’accès a déjà été ajoutée.', it: 'Questa passkey è già stata aggiunta.', pl: 'Ten klucz dostępu został już dodany.',
  },
  passkey_too_many: {
    nl: 'Je hebt al {max} passkeys. Verwijder er eerst een.', en: 'You already have {max} passkeys. Remove one first.', de: 'Du hast bereits {max} Passkeys. Entferne zuerst einen.',
    es: 'Ya tienes {max} passkeys. Elimina una primero.', fr: 'Tu as déjà {max} clés d’accès. Supprimes-en une d’abord.', it: 'Hai già {max} passkey. Rimuovine prima una.',
    pl: 'Masz już {max} kluczy dostępu. Najpierw usuń jeden.',
  },
  passkey_login_too_many: {
    nl: 'Te veel pogingen. Probeer het over {minutes} min opnieuw.', en: 'Too many attempts. Try again in {minutes} min.', de: 'Zu viele Versuche. Versuche es in {minutes} Min. erneut.',
    es: 'Demasiados intentos. Vuelve a intentarlo en {minutes} min.', fr: 'Trop de tentatives. Réessaie dans {minutes} min.', it: 'Troppi tentativi. Riprova tra {minutes} min.',
    pl: 'Zbyt wiele prób. Spróbuj ponownie za {minutes} min.',
  },
  not_me_link_invalid: {
    nl: 'Deze link is al gebruikt of verlopen.', en: 'This link has already been used or has expired.', de: 'Dieser Link wurde bereits verwendet oder ist abgelaufen.',
    es: 'Este enlace ya se ha usado o ha caducado.', fr: 'Ce lien a déjà été utilisé ou a expiré.', it: 'Questo link è già stato usato o è scaduto.',
    pl: 'Ten link został już użyty lub wygasł.',
  },
};
