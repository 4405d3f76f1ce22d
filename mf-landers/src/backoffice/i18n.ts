/**
 * The staff pages' texts (namespace `landers-staff`): registered by the lazily loaded staff chunk
 * itself, so members never download them.
 */
import { registerNamespace } from '@dating/shared-kit/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';

export const STAFF_NAMESPACE = 'landers-staff';
export const staffLocales = { nl, en, de, es, fr, it, pl };
registerNamespace(STAFF_NAMESPACE, staffLocales);
