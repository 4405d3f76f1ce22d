import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, radii, shadows } from '../theme/theme';
import { useCommonT } from './use-common-translation';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

const palette: Record<AlertVariant, { bg: string; fg: string; icon: string }> = {
  info: { bg: colors.infoSoft, fg: colors.info, icon: 'i' },
  success: { bg: colors.successSoft, fg: colors.success, icon: '✓' },
  warning: { bg: colors.warningSoft, fg: colors.warning, icon: '!' },
  danger: { bg: colors.dangerSoft, fg: colors.danger, icon: '!' },
};

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** a button or link (e.g. "Buy credits") */
  action?: ReactNode;
  /** shows a close button */
  onDismiss?: () => void;
  /** role override; default: 'alert' for warning/danger (announced at once), 'status' otherwise */
  role?: 'alert' | 'status';
  className?: string;
}

export function Alert({ variant = 'info', title, children, action, onDismiss, role, className }: AlertProps) {
  const t = useCommonT();
  const p = palette[variant];
  return (
    <div
      role={role ?? (variant === 'danger' || variant === 'warning' ? 'alert' : 'status')}
      className={className}
      css={css`
        display: flex;
        gap: 12px;
        align-items: flex-start;
        padding: 14px 16px;
        margin: 0 0 16px;
        background: ${p.bg};
        color: ${colors.text};
        border-left: 4px solid ${p.fg};
        border-radius: ${radii.md};
      `}
    >
      <span
        aria-hidden="true"
        css={css`
          flex: none;
          width: 24px;
          height: 24px;
          border-radius: 50%;
          display: grid;
          place-items: center;
          background: ${p.fg};
          color: #fff;
          font-weight: 700;
          font-size: 14px;
        `}
      >
        {p.icon}
      </span>
      <div
        css={css`
          flex: 1;
          min-width: 0;
        `}
      >
        {title && (
          <p
            css={css`
              margin: 0 0 2px;
              font-weight: 700;
              color: ${colors.dark};
            `}
          >
            {title}
          </p>
        )}
        {children && <div>{children}</div>}
        {action && (
          <div
            css={css`
              margin-top: 10px;
            `}
          >
            {action}
          </div>
        )}
      </div>
      {onDismiss && (
        <button
          type="button"
          aria-label={t('actions.close')}
          onClick={onDismiss}
          css={css`
            flex: none;
            border: 0;
            background: transparent;
            font-size: 20px;
            line-height: 1;
            cursor: pointer;
            color: ${colors.textMuted};
            width: 28px;
            height: 28px;
            border-radius: 50%;
            &:hover {
              background: rgba(0, 0, 0, 0.06);
            }
            &:focus-visible {
              outline: none;
              box-shadow: ${shadows.focus};
            }
          `}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
