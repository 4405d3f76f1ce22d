import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, radii } from '../theme/theme';
import { creditTone, formatBadge } from '../state/badges';

export type BadgeTone = 'primary' | 'unread' | 'warning' | 'danger' | 'success' | 'neutral' | 'dark';

const tones: Record<BadgeTone, { bg: string; fg: string }> = {
  primary: { bg: colors.primary, fg: colors.onPrimary },
  unread: { bg: colors.unread, fg: colors.onUnread },
  warning: { bg: colors.warning, fg: colors.dark },
  danger: { bg: colors.danger, fg: '#fff' },
  success: { bg: colors.success, fg: '#fff' },
  neutral: { bg: colors.border, fg: colors.dark },
  dark: { bg: colors.dark, fg: '#fff' },
};

export interface BadgeProps {
  /** a count: shown as 99+ above 99; nothing is rendered for 0 unless showZero */
  count?: number;
  /** free content instead of a count */
  children?: ReactNode;
  tone?: BadgeTone;
  showZero?: boolean;
  /** accessible text, e.g. "Unread messages: 5" (the visible text may be "5") */
  label?: string;
  className?: string;
}

export function Badge({ count, children, tone = 'primary', showZero = false, label, className }: BadgeProps) {
  let content: ReactNode = children;
  if (count !== undefined) {
    if (count <= 0 && !showZero) return null;
    content = count <= 0 ? '0' : formatBadge(count);
  }
  const t = tones[tone];
  // a count stays on one line; a word or two ("Wordt gecontroleerd") wraps between its words inside
  // a narrow card instead of running past its edge, and a word stays whole ("Terugbetaald" was cut
  // to "Terugbetaal|d" in a table column: overflow-wrap anywhere let the column shrink below it)
  const isText = count === undefined;
  return (
    <span
      className={className}
      aria-label={label}
      role={label ? 'status' : undefined}
      data-tone={tone}
      css={css`
        display: inline-flex;
        align-items: center;
        justify-content: center;
        min-width: 22px;
        min-height: 22px;
        max-width: 100%;
        box-sizing: border-box;
        border-radius: ${isText ? radii.md : radii.pill};
        background: ${t.bg};
        color: ${t.fg};
        font-size: 0.75rem;
        font-weight: 700;
        ${isText ? 'padding: 3px 8px; line-height: 1.25; white-space: normal; overflow-wrap: break-word; text-align: center;' : 'height: 22px; padding: 0 7px; line-height: 1; white-space: nowrap;'}
      `}
    >
      {content}
    </span>
  );
}

/** Credits (the full number, never capped) with the low-credit colours: warning at 1-10, danger at 0. */
export function CreditBadge({ credits, label }: { credits: number; label?: string }) {
  const tone = creditTone(credits);
  return (
    <Badge tone={tone === 'normal' ? 'success' : tone} label={label}>
      {credits}
    </Badge>
  );
}
