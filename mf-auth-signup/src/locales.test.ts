import { assertCompleteLocales, loadAllLocales } from '@dating/shared-kit/i18n';
import type { LoadedLocales } from '@dating/shared-kit/i18n';
import { IDENTITY_ERROR_CODES } from '@dating/shared-kit/contracts';
import { localeLoaders } from './i18n';

// every language's bundle (the site fetches only the one in use)
let locales: LoadedLocales<typeof localeLoaders>;
beforeAll(async () => {
  locales = await loadAllLocales(localeLoaders);
});

describe('auth locales', () => {
  it('are complete in all 7 languages', () => {
    expect(assertCompleteLocales(locales)).toEqual({});
  });

  it('translate every error code of the identity contract', () => {
    for (const lng of Object.values(locales)) {
      for (const code of IDENTITY_ERROR_CODES) expect(lng.errors[code]).toBeTruthy();
    }
  });

  it('use the exact Dutch texts of the product', () => {
    const e = locales.nl.errors;
    expect(e.name_equals_email).toBe('Je profielnaam moet anders zijn dan je e-mailadres');
    expect(e.name_starts_with_at).toBe('Je profielnaam mag niet beginnen met een @');
    expect(e.invalid_email).toBe('Ongeldige e-mail');
    expect(e.invalid_date_of_birth).toBe('Ongeldige geboortedatum.');
    expect(e.min_age).toBe('Leden moeten {{min_age}} jaar of ouder zijn. Controleer je geboortedatum.');
    expect(e.email_in_use).toBe('Dit e-mailadres heeft al een account op deze site.');
    expect(e.passwords_differ).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    expect(e.old_password_wrong).toBe('Controleer je oude wachtwoord.');
    expect(e.login_failed).toBe('Login mislukt, probeer opnieuw');
    expect(e.login_locked).toBe('Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.');
    expect(e.email_not_found).toBe('E-mailadres niet gevonden');
    expect(e.reset_link_invalid).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
    expect(e.reset_too_many).toBe('Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.');
    expect(e.activation_failed).toBe('Activeren mislukt');
  });
});
