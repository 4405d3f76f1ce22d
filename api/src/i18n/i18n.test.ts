import { messages } from './messages';
import { fieldLabels } from './messages/fields';
import { fieldLabel, LANGS, t } from '.';

describe('server messages', () => {
  it('has every code in all 7 languages, none empty, same placeholders everywhere', () => {
    for (const [code, byLang] of Object.entries(messages)) {
      expect(Object.keys(byLang).sort()).toEqual([...LANGS].sort());
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join(',');
      for (const lang of LANGS) {
        const text = byLang[lang];
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
        if (placeholders(text) !== placeholders(byLang.nl)) throw new Error(`${code}.${lang} placeholders differ from nl`);
      }
    }
  });

  it('uses the exact wording for the generic error and fills placeholders', () => {
    expect(t('internal', 'nl')).toBe('Er is een fout opgetreden, probeer het later opnieuw.');
    expect(t('validation_required', 'en', { field: 'email' })).toBe('Email is required.');
    expect(t('validation', 'nl', { field: 'minimumleeftijd' })).toBe('Ongeldige invoer voor minimumleeftijd.');
    expect(t('no_such_code', 'de')).toBe(t('internal', 'de'));
  });

  it('names request fields as a member reads them, in all 7 languages', () => {
    for (const [field, byLang] of Object.entries(fieldLabels)) {
      expect(Object.keys(byLang).sort()).toEqual([...LANGS].sort());
      for (const lang of LANGS) expect(`${field}.${lang}:${byLang[lang].trim()}`).not.toMatch(/:$/);
    }
    expect(fieldLabel('min_age', 'nl')).toBe('minimumleeftijd');
    expect(fieldLabel('date_of_birth', 'de')).toBe('Geburtsdatum');
    expect(fieldLabel('interests.3', 'en')).toBe('interests');
    expect(fieldLabel('email.likes', 'fr')).toBe('e-mail pour les likes');
    expect(fieldLabel('tracking.sub1', 'nl')).toBe('herkomstgegevens');
    expect(fieldLabel('countryregion', 'nl')).toBe('provincie'); // an alias of region
    expect(fieldLabel('something_new', 'it')).toBe('something_new');
  });
});
