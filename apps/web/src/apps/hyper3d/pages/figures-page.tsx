import { lazy, Suspense, useEffect } from 'react';
import { FiguresPanel } from '../figures/figures-panel';
import { useFiguresStore } from '../figures/figures-store';
import { SceneLoading } from '../scene/scene-loading';
import { StudioLayout } from '../scene/studio-layout';
import { keepFiguresInBrowser } from '../storage/scene-storage';

// three.js and React Three Fiber (about 250 KB gzip) load beside the page, not before it: the title,
// the intro and the panel show at once, the 3D view when its chunk arrives.
const FiguresScene = lazy(() => import('../figures/figures-scene').then((module) => ({ default: module.FiguresScene })));

export default function FiguresPage() {
  useEffect(
    () =>
      keepFiguresInBrowser({
        kind: 'studio',
        current: () => useFiguresStore.getState().figures,
        subscribe: (listener) => useFiguresStore.subscribe(listener),
        restore: (figures) => useFiguresStore.getState().restore(figures),
      }),
    [],
  );
  return (
    <StudioLayout
      title="Figures"
      intro="Primitive figures under soft studio lights. Drag to orbit, scroll to zoom, click a figure to select it (it turns red), then change it in the panel. Your scene is kept in this browser."
      scene={
        <Suspense fallback={<SceneLoading />}>
          <FiguresScene />
        </Suspense>
      }
      panel={<FiguresPanel />}
      panelLabel="Figures panel"
    />
  );
}
