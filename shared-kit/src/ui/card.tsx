import { css } from '@emotion/react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { colors, radii, shadows } from '../theme/theme';

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  title?: ReactNode;
  /** heading level of the title (default 2) */
  headingLevel?: 2 | 3 | 4;
  padding?: number;
  /** lift on hover (clickable cards) */
  interactive?: boolean;
}

export const cardStyle = css`
  background: ${colors.surface};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.md};
  border: 1px solid ${colors.border};
`;

export function Card({ title, headingLevel = 2, padding = 20, interactive = false, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      css={[
        cardStyle,
        css`
          padding: ${padding}px;
        `,
        interactive &&
          css`
            transition:
              transform 150ms ease-out,
              box-shadow 150ms ease-out;
            &:hover {
              transform: translateY(-2px);
              box-shadow: ${shadows.lg};
            }
          `,
      ]}
      {...rest}
    >
      {title && (
        <Heading
          css={css`
            font-size: 1.25rem;
            margin: 0 0 12px;
          `}
        >
          {title}
        </Heading>
      )}
      {children}
    </section>
  );
}
