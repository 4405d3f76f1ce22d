/** The shell's own strings (namespace `shell`); shared strings come from shared-kit's `common`. */
import { registerNamespace } from '@dating/shared-kit/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';

export const shellLocales = { nl, en, de, es, fr, it, pl };
registerNamespace('shell', shellLocales);
