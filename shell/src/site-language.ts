import { LANGUAGES } from '@dating/shared-kit/contracts';
import type { Language, Settings } from '@dating/shared-kit/contracts';

/** The site's own language (settings.domain_language, e.g. 'nl_NL' -> 'nl'); nl when unknown. */
export function siteLanguage(settings: Pick<Settings, 'domain_language'> | null | undefined): Language {
  const code = settings?.domain_language?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : 'nl';
}

/** Chat and lander layouts show the entry warning only on Dutch and German sites (spec 2, 9). */
export function entryWarningForSite(settings: Pick<Settings, 'domain_language'> | null | undefined): boolean {
  const lng = siteLanguage(settings);
  return lng === 'nl' || lng === 'de';
}
