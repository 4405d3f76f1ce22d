import { entryWarningForSite, siteLanguage } from './site-language';

describe('site language', () => {
  it('takes the first two letters of domain_language, nl when unknown', () => {
    expect(siteLanguage({ domain_language: 'de_DE' })).toBe('de');
    expect(siteLanguage({ domain_language: 'en' })).toBe('en');
    expect(siteLanguage({ domain_language: 'xx' })).toBe('nl');
    expect(siteLanguage(null)).toBe('nl');
  });

  it('shows the entry warning of the chat and lander layouts on Dutch and German sites only', () => {
    expect(entryWarningForSite({ domain_language: 'nl' })).toBe(true);
    expect(entryWarningForSite({ domain_language: 'de' })).toBe(true);
    expect(entryWarningForSite({ domain_language: 'fr' })).toBe(false);
    expect(entryWarningForSite({ domain_language: 'en' })).toBe(false);
  });
});
