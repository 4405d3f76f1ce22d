import { messages } from './messages';
import { LANGS, t } from '.';

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

  it('uses the spec wording for the generic error and fills placeholders', () => {
    expect(t('internal', 'nl')).toBe('Er is een fout opgetreden, probeer het later opnieuw.');
    expect(t('validation_required', 'en', { field: 'email' })).toBe('email is required.');
    expect(t('no_such_code', 'de')).toBe(t('internal', 'de'));
  });
});
