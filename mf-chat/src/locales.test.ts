import { assertCompleteLocales } from '@dating/shared-kit/i18n';
import { operatorLocales } from './backoffice/i18n';
import { locales } from './i18n';

it('has every string in all 7 languages', () => {
  expect(assertCompleteLocales(locales)).toEqual({});
});

it('has every string of the operator console in all 7 languages', () => {
  expect(assertCompleteLocales(operatorLocales)).toEqual({});
});
