import { assertCompleteLocales, loadAllLocales } from '@dating/shared-kit/i18n';
import { shellLocaleLoaders } from './i18n';

it('has every shell string in all 7 languages', async () => {
  expect(assertCompleteLocales(await loadAllLocales(shellLocaleLoaders))).toEqual({});
});
