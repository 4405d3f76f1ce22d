import { assertCompleteLocales, loadAllLocales } from '@dating/shared-kit/i18n';
import type { LoadedLocales } from '@dating/shared-kit/i18n';
import { localeLoaders } from './i18n';

// every language's bundle (the site fetches only the one in use)
let locales: LoadedLocales<typeof localeLoaders>;
beforeAll(async () => {
  locales = await loadAllLocales(localeLoaders);
});

describe('members locales', () => {
  it('are complete in all 7 languages with the same placeholders as nl', () => {
    expect(assertCompleteLocales(locales)).toEqual({});
  });

  it('use the exact wording for the like popup', () => {
    expect(locales.en.like.title).toBe('New like!');
    expect(locales.nl.like.startConversation).toBe('Start gesprek');
  });
});
