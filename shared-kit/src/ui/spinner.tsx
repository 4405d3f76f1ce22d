import { css, keyframes } from '@emotion/react';
import { colors } from '../theme/theme';
import { useCommonT } from './use-common-translation';
import { VisuallyHidden } from './visually-hidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

export interface SpinnerProps {
  /** accessible text; default "Loading…" in the UI language */
  label?: string;
  size?: number;
  /** inline: no role=status (e.g. inside a busy button that already says so) */
  decorative?: boolean;
}

export function Spinner({ label, size = 24, decorative = false }: SpinnerProps) {
  const t = useCommonT();
  const circle = (
    <span
      aria-hidden="true"
      css={css`
        display: inline-block;
        width: ${size}px;
        height: ${size}px;
        border: ${Math.max(2, Math.round(size / 8))}px solid currentColor;
        border-right-color: transparent;
        border-radius: 50%;
        color: ${decorative ? 'inherit' : colors.primary};
        animation: ${spin} 0.75s linear infinite;
        vertical-align: middle;
      `}
    />
  );
  if (decorative) return circle;
  return (
    // data-loading: the shell's idle work (prefetch.ts) waits until the page shows no such spinner
    <span
      role="status"
      data-loading=""
      css={css`
        display: inline-flex;
        align-items: center;
      `}
    >
      {circle}
      <VisuallyHidden>{label ?? t('status.loading')}</VisuallyHidden>
    </span>
  );
}
