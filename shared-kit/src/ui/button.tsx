import { css } from '@emotion/react';
import type { SerializedStyles } from '@emotion/react';
import type { ComponentPropsWithRef } from 'react';
import { colors, fonts, radii, shadows, transitions } from '../theme/theme';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'success' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, SerializedStyles> = {
  primary: css`
    background: ${colors.primary};
    color: ${colors.onPrimary};
    box-shadow: ${shadows.sm};
    &:hover:not(:disabled) {
      background: ${colors.primaryHover};
      box-shadow: ${shadows.md};
    }
  `,
  secondary: css`
    background: ${colors.secondary};
    color: ${colors.onSecondary};
    &:hover:not(:disabled) {
      background: ${colors.secondaryHover};
    }
  `,
  outline: css`
    background: ${colors.surface};
    color: ${colors.primary};
    border-color: ${colors.primary};
    &:hover:not(:disabled) {
      background: ${colors.primarySoft};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${colors.dark};
    &:hover:not(:disabled) {
      background: ${colors.primarySoft};
    }
  `,
  danger: css`
    background: ${colors.danger};
    color: #fff;
    &:hover:not(:disabled) {
      filter: brightness(0.92);
    }
  `,
  success: css`
    background: ${colors.success};
    color: #fff;
    &:hover:not(:disabled) {
      filter: brightness(0.92);
    }
  `,
  link: css`
    background: none;
    color: ${colors.primary};
    padding: 0;
    min-height: 0;
    text-decoration: underline;
    &:hover:not(:disabled) {
      color: ${colors.primaryHover};
    }
  `,
};

const sizes: Record<ButtonSize, SerializedStyles> = {
  sm: css`
    min-height: 34px;
    padding: 4px 14px;
    font-size: 0.875rem;
  `,
  md: css`
    min-height: 44px;
    padding: 6px 20px;
    font-size: 1rem;
  `,
  lg: css`
    min-height: 52px;
    padding: 8px 28px;
    font-size: 1.0625rem;
  `,
};

/** Button look for other elements (e.g. a react-router <Link> that looks like a button). */
export function buttonStyles(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', fullWidth = false): SerializedStyles[] {
  return [
    css`
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
      border: 2px solid transparent;
      border-radius: ${radii.pill};
      font-family: ${fonts.body};
      font-weight: 600;
      line-height: 1.2;
      text-decoration: none;
      cursor: pointer;
      /* a long label wraps between words inside the button (never cut off, never past a dialog's edge:
         "Ik ben 18+ en ga verder" in a 145 px half of the entry warning); a word splits only when it
         cannot fit the button on its own */
      white-space: normal;
      text-align: center;
      overflow-wrap: break-word;
      min-width: 0;
      max-width: 100%;
      transition:
        background ${transitions.fast},
        box-shadow ${transitions.fast},
        transform ${transitions.fast};
      &:active:not(:disabled) {
        transform: translateY(1px);
      }
      &:focus-visible {
        outline: none;
        box-shadow: ${shadows.focus};
      }
      &:disabled,
      &[aria-disabled='true'] {
        opacity: 0.55;
        cursor: not-allowed;
      }
      width: ${fullWidth ? '100%' : 'auto'};
    `,
    sizes[size],
    variants[variant],
  ];
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** shows a spinner, sets aria-busy and disables the button */
  loading?: boolean;
}

/** A real <button> (type="button" unless told otherwise). */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      css={buttonStyles(variant, size, fullWidth)}
      {...rest}
    >
      {loading && <Spinner decorative size={16} />}
      {children}
    </button>
  );
}
