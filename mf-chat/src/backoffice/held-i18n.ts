/** The held messages page's texts (issue 26): their own namespace, in the staff-only chunk. */
import { registerNamespace } from '@dating/shared-kit/i18n';
import de from './held-locales/de.json';
import en from './held-locales/en.json';
import es from './held-locales/es.json';
import fr from './held-locales/fr.json';
import it from './held-locales/it.json';
import nl from './held-locales/nl.json';
import pl from './held-locales/pl.json';

export const HELD_NS = 'chat-held';
export const heldLocales = { nl, en, de, es, fr, it, pl };
registerNamespace(HELD_NS, heldLocales);
