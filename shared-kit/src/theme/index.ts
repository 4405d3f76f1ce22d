export {
  breakpoints,
  colors,
  containerWidths,
  fontSizes,
  fonts,
  layout,
  mq,
  radii,
  shadows,
  space,
  theme,
  transitions,
  zIndex,
} from './theme';
export type { AppTheme, Breakpoint } from './theme';
export { AppThemeProvider, GlobalStyles, globalStyles } from './provider';
