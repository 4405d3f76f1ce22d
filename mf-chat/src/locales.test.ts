import { assertCompleteLocales, loadAllLocales } from '@dating/shared-kit/i18n';
import type { LoadedLocales } from '@dating/shared-kit/i18n';
import { heldLocales } from './backoffice/held-i18n';
import { operatorLocales } from './backoffice/i18n';
import { localeLoaders } from './i18n';

// every language's bundle (the site fetches only the one in use)
let locales: LoadedLocales<typeof localeLoaders>;
beforeAll(async () => {
  locales = await loadAllLocales(localeLoaders);
});

it('has every string in all 7 languages', () => {
  expect(assertCompleteLocales(locales)).toEqual({});
});

it('has every string of the operator console in all 7 languages', () => {
  expect(assertCompleteLocales(operatorLocales)).toEqual({});
});

it('has every string of the held messages page in all 7 languages', () => {
  expect(assertCompleteLocales(heldLocales)).toEqual({});
});
