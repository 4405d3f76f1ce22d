// Server texts of the operator console (issue 15, modules/chat/operator.ts). nl is the reference.
import type { MessageTable } from './types';

export const operatorMessages: MessageTable = {
  conversation_claimed: {
    nl: 'Een andere operator beantwoordt dit gesprek al ({email}). Kies een ander gesprek.',
    en: 'Another operator is already answering this conversation ({email}). Choose another conversation.',
    de: 'Ein anderer Operator beantwortet dieses Gespräch bereits ({email}). Wähle ein anderes Gespräch.',
    es: 'Otro operador ya está respondiendo esta conversación ({email}). Elige otra conversación.',
    fr: 'Un autre opérateur répond déjà à cette conversation ({email}). Choisissez une autre conversation.',
    it: 'Un altro operatore sta già rispondendo a questa conversazione ({email}). Scegli un’altra conversazione.',
    pl: 'Inny operator już odpowiada w tej rozmowie ({email}). Wybierz inną rozmowę.',
  },
  disclosure_required: {
    nl: 'Het lid vroeg of dit profiel echt is. Stuur eerst de mededeling dat het profiel fictief is; daarna kun je weer gewoon antwoorden.',
    en: 'The member asked whether this profile is real. Send the disclosure that the profile is fictional first; then you can answer as usual.',
    de: 'Das Mitglied hat gefragt, ob dieses Profil echt ist. Sende zuerst den Hinweis, dass das Profil fiktiv ist; danach kannst du wie gewohnt antworten.',
    es: 'El miembro preguntó si este perfil es real. Envía primero el aviso de que el perfil es ficticio; después podrás responder como siempre.',
    fr: 'Le membre a demandé si ce profil est réel. Envoyez d’abord l’avis indiquant que le profil est fictif ; ensuite vous pourrez répondre normalement.',
    it: 'Il membro ha chiesto se questo profilo è reale. Invia prima l’avviso che il profilo è fittizio; poi potrai rispondere come sempre.',
    pl: 'Użytkownik zapytał, czy ten profil jest prawdziwy. Najpierw wyślij informację, że profil jest fikcyjny; potem możesz odpowiadać normalnie.',
  },
  /** the disclosure itself, in the member's language (sent as the chatpal's message) */
  chatpal_disclosure: {
    nl: 'Dit profiel is fictief en wordt beheerd door een medewerker van de site.',
    en: 'This profile is fictional and is run by an employee of the site.',
    de: 'Dieses Profil ist fiktiv und wird von einem Mitarbeiter der Website betreut.',
    es: 'Este perfil es ficticio y lo gestiona un empleado del sitio.',
    fr: 'Ce profil est fictif et est géré par un employé du site.',
    it: 'Questo profilo è fittizio ed è gestito da un dipendente del sito.',
    pl: 'Ten profil jest fikcyjny i prowadzi go pracownik serwisu.',
  },
  /** the vulnerable-user warning (once a day, in the member's conversation) */
  chatpals_fictional: {
    nl: 'Goed om te weten: chatpals zijn fictieve profielen. Hun berichten worden geschreven door medewerkers van de site, niet door echte leden, en je kunt ze niet ontmoeten.',
    en: 'Good to know: chatpals are fictional profiles. Their messages are written by the site’s staff, not by real members, and you cannot meet them.',
    de: 'Gut zu wissen: Chatpartner (Chatpals) sind fiktive Profile. Ihre Nachrichten schreiben Mitarbeiter der Website, keine echten Mitglieder, und du kannst sie nicht treffen.',
    es: 'Es bueno saberlo: los compañeros de chat (chatpals) son perfiles ficticios. Sus mensajes los escribe el personal del sitio, no miembros reales, y no puedes conocerlos.',
    fr: 'Bon à savoir : les partenaires de chat (chatpals) sont des profils fictifs. Leurs messages sont écrits par le personnel du site, pas par de vrais membres, et tu ne peux pas les rencontrer.',
    it: 'Buono a sapersi: i chatpal sono profili fittizi. I loro messaggi sono scritti dal personale del sito, non da membri reali, e non puoi incontrarli.',
    pl: 'Warto wiedzieć: rozmówcy czatu (chatpals) to fikcyjne profile. Ich wiadomości piszą pracownicy serwisu, a nie prawdziwi użytkownicy, i nie możesz ich spotkać.',
  },
};
