import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createPortalTheme } from './theme';

describe('the dark theme', () => {
  it('keeps error text (the Refunded chip, form errors) at AA contrast on paper and on the page', () => {
    const theme = createPortalTheme('dark', 'backoffice');
    for (const background of [theme.palette.background.paper, theme.palette.background.default, '#2a2e35']) {
      expect(getContrastRatio(theme.palette.error.main, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white digits on an unread badge (error.dark) at AA contrast, in both themes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createPortalTheme(mode, 'social');
      expect(getContrastRatio('#ffffff', theme.palette.error.dark), mode).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('reduced motion', () => {
  it('ends every transition and animation at once when the system asks for less motion', () => {
    const overrides = createPortalTheme('light').components?.MuiCssBaseline?.styleOverrides as Record<string, unknown>;
    const rules = overrides['@media (prefers-reduced-motion: reduce)'] as Record<string, Record<string, string>>;
    expect(rules['*, *::before, *::after']).toMatchObject({
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    });
  });
});
