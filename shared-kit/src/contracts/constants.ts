/**
 * Plain constants of the contracts, with no import at all: a page that needs only these (the light
 * lander page of mf-landers) does not load zod for them. core.ts and identity.ts re-export them.
 */
export const LANGUAGES = ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl'] as const;
/** Native names for the language switcher. */
export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  nl: 'Nederlands',
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  pl: 'Polski',
};

/**
 * localStorage key set once a visitor accepted the site-entry warning (mf-auth-signup's
 * ./EntryWarning); the shell reads it so a returning visitor's page does not load that remote.
 */
export const ENTRY_WARNING_KEY = 'auth:entry-warning-seen';

/** The landing URL's tracking parameters, kept through sign-up. */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
