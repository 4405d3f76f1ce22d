/** The staff pages' texts: their own namespace, in the staff chunk (members never download it). */
import { registerNamespace } from '@dating/shared-kit/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
// the members texts too (the pager's): loaded with the remote's routes, and here for the pages alone
import '../i18n';

export const STAFF_NAMESPACE = 'members-staff';
export const staffLocales = { nl, en, de, es, fr, it, pl };
registerNamespace(STAFF_NAMESPACE, staffLocales);
