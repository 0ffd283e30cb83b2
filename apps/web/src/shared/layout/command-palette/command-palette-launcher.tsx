import { lazy, Suspense, useEffect } from 'react';
import { closePalette, togglePalette, usePaletteStore } from './palette-store';

// The dialog (MUI list pieces, the search) loads when first asked for, not with the landing page.
const CommandPalette = lazy(() => import('./command-palette'));

/** Opens the portal-wide search palette on Ctrl+K (Cmd+K on a Mac) in every app, or from the top bar's button. */
export function CommandPaletteLauncher() {
  const { open, wanted } = usePaletteStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        togglePalette();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={closePalette} />
    </Suspense>
  );
}
