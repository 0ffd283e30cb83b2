import { useEffect } from 'react';
import { FiguresPanel } from '../figures/figures-panel';
import { FiguresScene } from '../figures/figures-scene';
import { useFiguresStore } from '../figures/figures-store';
import { StudioLayout } from '../scene/studio-layout';
import { keepInBrowser } from '../storage/scene-storage';

export default function FiguresPage() {
  useEffect(
    () =>
      keepInBrowser({
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
      scene={<FiguresScene />}
      panel={<FiguresPanel />}
      panelLabel="Figures panel"
    />
  );
}
