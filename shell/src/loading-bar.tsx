/**
 * Loading bar on navigation (spec section 9): appears only when a page area has waited for its
 * remote for more than 200 ms (throttle), creeps towards the end over at most 5 s, and completes
 * when everything has loaded.
 */
import { keyframes } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingCountAtom } from './loading-state';

export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;

const grow = keyframes`
  from { transform: scaleX(0.05); }
  to { transform: scaleX(0.9); }
`;

export function LoadingBar() {
  const pending = useAtomValue(pendingCountAtom) > 0;
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return undefined;
    }
    const show = setTimeout(() => setVisible(true), LOADING_BAR_THROTTLE_MS);
    const hide = setTimeout(() => setVisible(false), LOADING_BAR_DURATION_MS + LOADING_BAR_THROTTLE_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [pending]);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('status.loading')}
      css={(theme) => ({
        position: 'fixed',
        insetInline: 0,
        top: 0,
        height: 3,
        zIndex: 2000,
        background: theme.colors.primary,
        transformOrigin: 'left',
        animation: `${grow} ${LOADING_BAR_DURATION_MS}ms ease-out forwards`,
      })}
    />
  );
}
