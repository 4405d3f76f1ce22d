import { Global, ThemeProvider, css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, fonts, shadows, theme } from './theme';

/** Base page styles: box-sizing, font, colours, focus ring, reduced motion. */
export const globalStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family: ${fonts.body};
    font-size: 16px;
    line-height: 1.5;
    color: ${colors.text};
    background: ${colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1,
  h2,
  h3,
  h4 {
    font-family: ${fonts.heading};
    line-height: 1.2;
    margin: 0 0 0.5em;
    color: ${colors.dark};
  }
  a {
    color: ${colors.primary};
  }
  a:hover {
    color: ${colors.primaryHover};
  }
  img {
    max-width: 100%;
    display: block;
  }
  :focus-visible {
    outline: none;
    box-shadow: ${shadows.focus};
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}

/** The theme for `useTheme()` plus the global styles; the shell mounts it once around the app. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  );
}
