/**
 * The light lander page's stand-in for shared-kit's ui/use-common-translation.ts (a webpack module
 * replacement of the light builds): the `common` texts the server inlined, through this page's own
 * i18next instance (I18nextProvider), not the app's instance with every language.
 */
import { useTranslation } from 'react-i18next';

export function useCommonT() {
  return useTranslation('common').t;
}
