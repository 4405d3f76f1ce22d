/** The reports pages' texts (issue 26): their own namespace in the staff chunk. */
import { registerNamespace } from '@dating/shared-kit/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import '../i18n';

export const REPORTS_NAMESPACE = 'members-reports';
export const reportsLocales = { nl, en, de, es, fr, it, pl };
registerNamespace(REPORTS_NAMESPACE, reportsLocales);
