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
