/** Country name in the UI language: one implementation, in shared-kit's i18n. */
export { countryName } from '@dating/shared-kit/i18n';
