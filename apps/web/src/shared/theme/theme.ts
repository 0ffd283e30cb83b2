import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS, TOP_BAR_HEIGHT } from './breakpoints';

export type ThemeMode = 'light' | 'dark';

/** Each app keeps the portal's look with its own accent, light and dark (checked for contrast). */
export const APP_ACCENTS = {
  appsManager: { light: '#3949ab', dark: '#9fa8da' },
  taberna: { light: '#a63f26', dark: '#f2a65a' },
  social: { light: '#1e4fa3', dark: '#8cc2ff' },
  aiLab: { light: '#6a3fb5', dark: '#c9a2f2' },
  hyper3d: { light: '#0b6b5f', dark: '#5fd6b0' },
  backoffice: { light: '#37474f', dark: '#a7c4d4' },
} as const;
export type AppAccent = keyof typeof APP_ACCENTS;

/**
 * A person whose system asks for less motion (WCAG 2.3.3) gets none: transitions and animations end
 * at once (drawers, menus and dialogs appear in place; ripples and skeleton pulses do not run; a
 * spinner shows still, and progress is still said by its label). The browser tests run so too
 * (e2e/playwright.config.ts), sparing the two-core CI machine the frames.
 */
export const REDUCED_MOTION = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      transitionDelay: '0s !important',
      scrollBehavior: 'auto !important',
    },
  },
};

export function createPortalTheme(mode: ThemeMode, accent: AppAccent = 'appsManager'): Theme {
  const light = mode === 'light';
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: APP_ACCENTS[accent][mode] },
      secondary: { main: light ? '#8a5a00' : '#ffd180' },
      // Issue 26: MUI's dark red (#f44336) read at 3.96:1 on a back-office grid row (the Refunded chip).
      // Its darker shade is a badge's ground for white digits (unread counts): #b3261e keeps them at AA
      // (the shade MUI derives, #b26059, read at 4.45:1).
      ...(light ? {} : { error: { main: '#ff8a80', dark: '#b3261e' } }),
      background: light ? { default: '#f6f5f2', paper: '#ffffff' } : { default: '#121417', paper: '#1b1e23' },
      text: light ? { primary: '#1d1f23', secondary: '#4f5560' } : { primary: '#eceff4', secondary: '#b3bac6' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.4rem', fontWeight: 500, letterSpacing: '-0.01em' },
      h2: { fontSize: '1.9rem', fontWeight: 500 },
      h3: { fontSize: '1.5rem', fontWeight: 500 },
      h4: { fontSize: '1.25rem', fontWeight: 500 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      // The scrollbar's room is kept from the first frame: a page that grows past the window once its
      // data arrives (a product, a feed) would otherwise move everything sideways (a layout shift).
      MuiCssBaseline: { styleOverrides: { html: { scrollbarGutter: 'stable' }, ...REDUCED_MOTION } },
      MuiToolbar: {
        styleOverrides: { root: { minHeight: TOP_BAR_HEIGHT, '@media (min-width:0px)': { minHeight: TOP_BAR_HEIGHT } } },
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
