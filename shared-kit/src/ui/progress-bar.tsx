import { css } from '@emotion/react';
import { colors, radii } from '../theme/theme';
import { useCommonT } from './use-common-translation';

export interface ProgressBarProps {
  /** 0..max */
  value: number;
  max?: number;
  /** accessible name (default "Progress") */
  label?: string;
  /** e.g. "Step 2 of 4" for aria-valuetext */
  valueText?: string;
  /** show the percentage next to the bar */
  showValue?: boolean;
}

export function ProgressBar({ value, max = 100, label, valueText, showValue = false }: ProgressBarProps) {
  const t = useCommonT();
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  return (
    <div
      css={css`
        display: flex;
        align-items: center;
        gap: 10px;
      `}
    >
      <div
        role="progressbar"
        aria-label={label ?? t('status.progress')}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={clamped}
        aria-valuetext={valueText}
        css={css`
          flex: 1;
          height: 10px;
          background: ${colors.primarySoft};
          border-radius: ${radii.pill};
          overflow: hidden;
        `}
      >
        <div
          css={css`
            height: 100%;
            width: ${percent}%;
            background: linear-gradient(90deg, ${colors.primary}, #ff6fa8);
            border-radius: ${radii.pill};
            transition: width 200ms ease-out;
          `}
        />
      </div>
      {showValue && (
        <span
          css={css`
            font-size: 0.875rem;
            font-weight: 600;
            min-width: 3ch;
          `}
        >
          {percent}%
        </span>
      )}
    </div>
  );
}
