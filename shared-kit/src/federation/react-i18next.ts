/**
 * The part of react-i18next the modules use, shared as `react-i18next` (federation/index.cjs), like
 * react-router.ts: sharing the package itself ships all of it (`Trans` and its HTML parser, the
 * HOCs, server rendering) to every page. `Trans` is used by the sign-up only, which imports
 * `react-i18next/TransWithoutContext` into its own chunk and passes it the one instance.
 *
 * Using another export of react-i18next? Add it here; shell/src/federation/build-config.test.ts
 * fails until it is. `@dating/react-i18next-full` is the real package (a webpack alias).
 */
export { I18nextProvider, initReactI18next, useTranslation } from '@dating/react-i18next-full';
