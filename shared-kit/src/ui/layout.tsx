import { css } from '@emotion/react';
import type { ComponentPropsWithoutRef, CSSProperties } from 'react';
import { containerWidths, mq } from '../theme/theme';

/**
 * The page column's widths (540/720/960/1140), centred, with 16 px inside at the sides:
 * for whatever must line up with the page's content (e.g. the shell's notices above it).
 */
export const containerColumnStyle = css`
  width: 100%;
  margin: 0 auto;
  padding-left: 16px;
  padding-right: 16px;
  ${mq.sm} {
    max-width: ${containerWidths.sm}px;
  }
  ${mq.md} {
    max-width: ${containerWidths.md}px;
  }
  ${mq.lg} {
    max-width: ${containerWidths.lg}px;
  }
  ${mq.xl} {
    max-width: ${containerWidths.xl}px;
  }
`;

/** Centered page column with the responsive widths (540/720/960/1140). */
export function Container({ fluid = false, ...rest }: ComponentPropsWithoutRef<'div'> & { fluid?: boolean }) {
  return (
    <div
      css={[
        // breathing room under the navigation and above the footer
        css`
          width: 100%;
          margin: 0 auto;
          padding: 24px 16px 40px;
        `,
        !fluid && containerColumnStyle,
      ]}
      {...rest}
    />
  );
}

export interface StackProps extends ComponentPropsWithoutRef<'div'> {
  direction?: 'row' | 'column';
  /** gap in px */
  gap?: number;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
}

/** Flex row/column with a gap. */
export function Stack({ direction = 'column', gap = 12, align, justify, wrap = false, ...rest }: StackProps) {
  return (
    <div
      css={css`
        display: flex;
        flex-direction: ${direction};
        gap: ${gap}px;
        align-items: ${align ?? 'stretch'};
        justify-content: ${justify ?? 'flex-start'};
        flex-wrap: ${wrap ? 'wrap' : 'nowrap'};
      `}
      {...rest}
    />
  );
}
