import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/instance';

/** `t` of the shared `common` namespace, bound to the one i18next instance. */
export function useCommonT() {
  return useTranslation('common', { i18n }).t;
}
