import { lazy, Suspense, useEffect, useState } from 'react';

// The dialog (MUI list pieces, the search) loads on the first Ctrl+K, not with the landing page.
const CommandPalette = lazy(() => import('./command-palette'));

/** Opens the portal-wide search palette on Ctrl+K (Cmd+K on a Mac) in every app. */
export function CommandPaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setWanted(true);
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
