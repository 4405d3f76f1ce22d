import { assertCompleteLocales } from '@dating/shared-kit/i18n';
import { locales } from './i18n';

describe('members locales', () => {
  it('are complete in all 7 languages with the same placeholders as nl', () => {
    expect(assertCompleteLocales(locales)).toEqual({});
  });

  it('use the spec wording for the like popup', () => {
    expect(locales.en.like.title).toBe('New like!');
    expect(locales.nl.like.startConversation).toBe('Start gesprek');
  });
});
