import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { colors } from '@dating/shared-kit/theme';
import { Container } from '@dating/shared-kit/ui';

/** A page of this module: a narrow container with the page's h1 (focused on open for screen readers). */
export function Page({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Container>
      <div
        css={css`
          max-width: ${wide ? 960 : 520}px;
          margin: 32px auto;
          padding: 0 4px;
        `}
      >
        <h1
          ref={ref}
          tabIndex={-1}
          css={css`
            font-size: 1.75rem;
            margin: 0 0 16px;
            outline: none;
          `}
        >
          {title}
        </h1>
        {children}
      </div>
    </Container>
  );
}

/** A link that looks like a button, for navigation inside the SPA. */
export const linkButton = css`
  display: inline-block;
  padding: 10px 18px;
  border-radius: 8px;
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: ${colors.primaryHover};
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;
