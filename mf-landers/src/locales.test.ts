import { assertCompleteLocales, loadAllLocales } from '@dating/shared-kit/i18n';
import type { LoadedLocales } from '@dating/shared-kit/i18n';
import { localeLoaders } from './i18n';

// every language's bundle (the site fetches only the one in use)
let locales: LoadedLocales<typeof localeLoaders>;
beforeAll(async () => {
  locales = await loadAllLocales(localeLoaders);
});

it('has every string in all 7 languages', () => {
  expect(assertCompleteLocales(locales)).toEqual({});
});
