import { FiguresPanel } from '../figures/figures-panel';
import { FiguresScene } from '../figures/figures-scene';
import { StudioLayout } from '../scene/studio-layout';

export default function FiguresPage() {
  return (
    <StudioLayout
      title="Figures"
      intro="Primitive figures under soft studio lights. Drag to orbit, scroll to zoom, click a figure to select it (it turns red), then change it in the panel."
      scene={<FiguresScene />}
      panel={<FiguresPanel />}
      panelLabel="Figures panel"
    />
  );
}
