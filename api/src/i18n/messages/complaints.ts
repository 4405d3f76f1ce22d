import type { MessageTable } from './types';

/** Complaints (issue 15): the moderators' queue. */
export const complaintsMessages: MessageTable = {
  complaint_not_found: {
    nl: 'Deze klacht bestaat niet.',
    en: 'This complaint does not exist.',
    de: 'Diese Beschwerde existiert nicht.',
    es: 'Esta queja no existe.',
    fr: "Cette réclamation n'existe pas.",
    it: 'Questo reclamo non esiste.',
    pl: 'Ta skarga nie istnieje.',
  },
  complaint_already_handled: {
    nl: 'Deze klacht is al afgehandeld.',
    en: 'This complaint has already been handled.',
    de: 'Diese Beschwerde wurde bereits bearbeitet.',
    es: 'Esta queja ya ha sido tramitada.',
    fr: 'Cette réclamation a déjà été traitée.',
    it: 'Questo reclamo è già stato gestito.',
    pl: 'Ta skarga została już rozpatrzona.',
  },
};
