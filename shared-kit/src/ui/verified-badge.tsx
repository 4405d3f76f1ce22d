/**
 * The "Geverifieerd" badge (issue 26 part 2): a member whose selfie a moderator approved. A check
 * mark and the word (or the mark alone when `compact`); its accessible name says what it means.
 * Never shown for a fictional profile (the server never sends `verified: true` for one).
 */
import { css } from '@emotion/react';
import { colors } from '../theme/theme';
import { useCommonT } from './use-common-translation';

export interface VerifiedBadgeProps {
  /** only the check mark (a tight card); the name stays the full text */
  compact?: boolean;
  size?: number;
  className?: string;
}

export function VerifiedBadge({ compact = false, size = 16, className }: VerifiedBadgeProps) {
  const t = useCommonT();
  return (
    <span
      role="img"
      aria-label={t('verified.label')}
      title={t('verified.label')}
      className={className}
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 4px;
        flex: none;
        white-space: nowrap;
        color: ${colors.success};
        font-size: 0.8125rem;
        font-weight: 700;
        line-height: 1;
      `}
    >
      <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M7 12.5l3.2 3.2L17.5 8.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {!compact && <span aria-hidden="true">{t('verified.badge')}</span>}
    </span>
  );
}
