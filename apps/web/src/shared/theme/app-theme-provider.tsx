import { CssBaseline, ThemeProvider } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { createPortalTheme, type AppAccent } from './theme';
import { useThemeStore } from './theme-store';

export function AppThemeProvider({ accent, children }: { accent: AppAccent; children: ReactNode }) {
  const mode = useThemeStore((state) => state.mode);
  const theme = useMemo(() => createPortalTheme(mode, accent), [mode, accent]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
