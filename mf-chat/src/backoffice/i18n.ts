/** The operator console's texts: their own namespace, in the staff-only chunk (members never load them). */
import { registerNamespace } from '@dating/shared-kit/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';

export const OPERATOR_NS = 'chat-operator';
export const operatorLocales = { nl, en, de, es, fr, it, pl };
registerNamespace(OPERATOR_NS, operatorLocales);
