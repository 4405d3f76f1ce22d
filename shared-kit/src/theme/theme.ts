/**
 * The site theme: primary pink, secondary yellow, success green, danger red, dark plum,
 * yellow for unread messages; breakpoints 576/768/992/1200 with container widths 540/720/960/1140.
 *
 * Contrast (WCAG 2.2 AA, 4.5:1 for normal text; e2e/tests/accessibility.spec.ts runs axe): the
 * brand pink `brand` (#e5307a) is only 4.17:1 under white text and 3.5-3.9:1 as text on the light
 * backgrounds, so it is kept for decoration (icons, borders, the browser's theme colour, focus
 * glow). `primary`, used for text, links and filled buttons, is a darker shade of the same pink:
 * white on it 5.5:1, it on `background` 5.2:1 and on `primarySoft` 4.7:1. Success, danger and info
 * are the darker shades that pass 4.5:1 both under white text and as text on the page background;
 * warning orange is a background only, with dark text on it.
 */
export const colors = {
  brand: '#e5307a',
  primary: '#c81f64',
  primaryHover: '#a8174f',
  primarySoft: '#fde7f0',
  onPrimary: '#ffffff',
  secondary: '#ffc933',
  secondaryHover: '#f2b705',
  onSecondary: '#3a1738',
  success: '#17804a',
  successSoft: '#e3f6ea',
  danger: '#c42c3c',
  dangerSoft: '#fde8ea',
  warning: '#f08c00',
  warningSoft: '#fff3dc',
  info: '#2f5fc4',
  infoSoft: '#e6eefc',
  dark: '#3a1738',
  darkSoft: '#5b3358',
  unread: '#ffd23f',
  onUnread: '#3a1738',
  text: '#2b1a2a',
  textMuted: '#6e5f6c',
  background: '#fbf7fa',
  surface: '#ffffff',
  border: '#eadde6',
  focus: '#7a4cff',
  overlay: 'rgba(30, 10, 28, 0.55)',
} as const;

export const breakpoints = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const containerWidths = { sm: 540, md: 720, lg: 960, xl: 1140 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Min-width media queries for emotion: `css={{ [mq.md]: { display: 'flex' } }}`. */
export const mq = {
  sm: `@media (min-width: ${breakpoints.sm}px)`,
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
  xl: `@media (min-width: ${breakpoints.xl}px)`,
  /** below md: phones */
  phone: `@media (max-width: ${breakpoints.md - 0.02}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

/** Spacing scale in px: space(4) === '16px'. */
export const space = (n: number): string => `${n * 4}px`;

export const radii = { sm: '6px', md: '12px', lg: '20px', pill: '999px' } as const;

export const shadows = {
  sm: '0 1px 2px rgba(58, 23, 56, 0.08), 0 1px 3px rgba(58, 23, 56, 0.06)',
  md: '0 4px 12px rgba(58, 23, 56, 0.10), 0 2px 4px rgba(58, 23, 56, 0.06)',
  lg: '0 18px 48px rgba(58, 23, 56, 0.22)',
  focus: `0 0 0 3px rgba(229, 48, 122, 0.35)`,
} as const;

export const fonts = {
  body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  heading: "'Poppins', 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  xxl: '1.75rem',
  xxxl: '2.25rem',
} as const;

/** Fixed sizes. */
export const layout = {
  toastWidth: 350,
  conversationListMin: 300,
  conversationListMax: 400,
  chatAreaMax: 800,
  navHeight: 64,
} as const;

export const zIndex = { nav: 100, dropdown: 200, modal: 1000, toast: 1100, loadingBar: 1200 } as const;

export const transitions = { fast: '120ms ease-out', normal: '200ms ease-out' } as const;

export const theme = {
  colors,
  breakpoints,
  containerWidths,
  mq,
  space,
  radii,
  shadows,
  fonts,
  fontSizes,
  layout,
  zIndex,
  transitions,
} as const;

export type AppTheme = typeof theme;

// emotion's documented way to type `useTheme()` and `css={(t) => ...}`
declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging is the API
  export interface Theme extends AppTheme {}
}
