import type { MessageTable } from './types';

/** Held messages (issue 26 part 3): the scam guard's queue. */
export const heldMessages: MessageTable = {
  held_not_found: {
    nl: 'Dit vastgehouden bericht bestaat niet.',
    en: 'This held message does not exist.',
    de: 'Diese zurückgehaltene Nachricht existiert nicht.',
    es: 'Este mensaje retenido no existe.',
    fr: "Ce message retenu n'existe pas.",
    it: 'Questo messaggio trattenuto non esiste.',
    pl: 'Ta wstrzymana wiadomość nie istnieje.',
  },
  held_already_decided: {
    nl: 'Over dit bericht is al beslist.',
    en: 'This message has already been decided on.',
    de: 'Über diese Nachricht wurde bereits entschieden.',
    es: 'Ya se ha decidido sobre este mensaje.',
    fr: 'Ce message a déjà fait l’objet d’une décision.',
    it: 'Su questo messaggio è già stata presa una decisione.',
    pl: 'W sprawie tej wiadomości już podjęto decyzję.',
  },
  release_required: {
    nl: 'Kies: vrijgeven of afwijzen.',
    en: 'Choose: release or reject.',
    de: 'Bitte wählen: freigeben oder ablehnen.',
    es: 'Elige: liberar o rechazar.',
    fr: 'Choisissez : libérer ou refuser.',
    it: 'Scegli: rilascia o rifiuta.',
    pl: 'Wybierz: zwolnij lub odrzuć.',
  },
};
