/**
 * Language switcher: shared-kit's LanguageSelect (the 7 site languages, each in its own name).
 * Choosing one changes the UI language at once, stores the `lang` cookie (365 days) and, for a
 * logged-in member, the account language (shared-kit's setLanguage does all three).
 */
import { setLanguage } from '@dating/shared-kit/i18n';
import type { Language } from '@dating/shared-kit/i18n';
import { useLanguage } from '@dating/shared-kit/state';
import { LanguageSelect } from '@dating/shared-kit/ui';

export function changeLanguage(value: Language): void {
  setLanguage(value).catch((error: unknown) => {
    console.warn('[shell] saving the account language failed', error);
  });
}

/** `compact`: the label is the small globe + language word; on a small phone only the globe. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  return <LanguageSelect compact={compact} language={useLanguage()} onChange={changeLanguage} />;
}
