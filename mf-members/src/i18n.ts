import { registerNamespace } from '@dating/shared-kit/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';

export const NAMESPACE = 'members';
export const locales = { nl, en, de, es, fr, it, pl };
registerNamespace(NAMESPACE, locales);
