import { assertCompleteLocales } from '@dating/shared-kit/i18n';
import { shellLocales } from './i18n';

it('has every shell string in all 7 languages', () => {
  expect(assertCompleteLocales(shellLocales)).toEqual({});
});
