// Server texts of the credits ledger (platform/credits.ts). nl is the product's exact wording.
import type { MessageTable } from './types';

export const creditsMessages: MessageTable = {
  insufficient_credits: {
    nl: 'Je hebt onvoldoende credits',
    en: "You don't have enough credits",
    de: 'Du hast nicht genügend Credits',
    es: 'No tienes suficientes créditos',
    fr: "Tu n'as pas assez de crédits",
    it: 'Non hai abbastanza crediti',
    pl: 'Masz za mało kredytów',
  },
};
