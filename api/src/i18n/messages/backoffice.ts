import type { MessageTable } from './types';

/** The back office's texts (issue 15): staff may be in any country, so all 7 languages. */
export const backofficeMessages: MessageTable = {
  staff_role_required: {
    nl: 'Je rol geeft geen toegang tot dit onderdeel ({role}).',
    en: 'Your role does not give access to this area ({role}).',
    de: 'Deine Rolle gibt keinen Zugriff auf diesen Bereich ({role}).',
    es: 'Tu rol no da acceso a esta área ({role}).',
    fr: 'Votre rôle ne donne pas accès à cet espace ({role}).',
    it: 'Il tuo ruolo non dà accesso a questa area ({role}).',
    pl: 'Twoja rola nie daje dostępu do tego obszaru ({role}).',
  },
};
