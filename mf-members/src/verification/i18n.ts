/** The verified-photos texts (issue 26 part 2): their own namespace, member page and staff page. */
import { registerNamespace } from '@dating/shared-kit/i18n';
import { useTranslation } from '@dating/shared-kit/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';

export const VERIFICATION_NAMESPACE = 'members-verification';
export const verificationLocales = { nl, en, de, es, fr, it, pl };
registerNamespace(VERIFICATION_NAMESPACE, verificationLocales);

export const useVerificationT = () => useTranslation(VERIFICATION_NAMESPACE);
