/**
 * The member a staff item is about, as its header: the name linking to the member's staff page
 * (/backoffice/members/:id), a muted detail (when it was sent, the e-mail address) and badges
 * (fictional, under review). Used by the photo queue, the verification queue and a report.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { colors } from '@dating/shared-kit/theme';

export interface MemberHeaderProps {
  id: number;
  /** the member's name, or the e-mail address when there is none */
  name: string;
  /** after the name, muted: a date, the e-mail address */
  detail?: ReactNode;
  /** badges after the detail */
  children?: ReactNode;
  /** one under the other, for a narrow card */
  stacked?: boolean;
}

export function MemberHeader({ id, name, detail, children, stacked }: MemberHeaderProps) {
  return (
    <div
      css={
        stacked
          ? css`
              display: grid;
              gap: 6px;
            `
          : css`
              display: flex;
              flex-wrap: wrap;
              gap: 8px 16px;
              align-items: baseline;
            `
      }
    >
      <Link
        to={`/backoffice/members/${id}`}
        css={css`
          font-weight: 700;
          overflow-wrap: anywhere;
        `}
      >
        {name}
      </Link>
      {detail && (
        <span
          css={css`
            font-size: 0.875rem;
            color: ${colors.textMuted};
            overflow-wrap: anywhere;
          `}
        >
          {detail}
        </span>
      )}
      {children}
    </div>
  );
}
