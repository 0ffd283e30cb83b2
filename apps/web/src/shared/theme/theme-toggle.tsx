import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useThemeStore } from './theme-store';

export function ThemeToggle() {
  const mode = useThemeStore((state) => state.mode);
  const toggle = useThemeStore((state) => state.toggle);
  const label = mode === 'light' ? 'Switch to dark theme' : 'Switch to light theme';
  return (
    <Tooltip title="Toggle Theme">
      <IconButton color="inherit" onClick={toggle} aria-label={label} data-testid="theme-toggle" data-theme-mode={mode}>
        {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
