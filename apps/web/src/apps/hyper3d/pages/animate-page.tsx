import { useEffect } from 'react';
import { AnimatePanel } from '../animate/animate-panel';
import { AnimateScene } from '../animate/animate-scene';
import { useAnimateStore } from '../animate/animate-store';
import { TimelinePanel } from '../animate/timeline-panel';
import { StudioLayout } from '../scene/studio-layout';
import { keepFiguresInBrowser } from '../storage/scene-storage';

export default function AnimatePage() {
  useEffect(
    () =>
      keepFiguresInBrowser({
        kind: 'animation',
        current: () => useAnimateStore.getState().figures,
        subscribe: (listener) => useAnimateStore.subscribe(listener),
        restore: (figures) => useAnimateStore.getState().restore(figures),
      }),
    [],
  );
  return (
    <StudioLayout
      title="Animate"
      intro="Keyframe animation. Add figures, move, turn and scale them with the gizmo or the panel at any time on the timeline: each change is kept as a keyframe there. Undo with Ctrl+Z; your animation is kept in this browser."
      scene={<AnimateScene />}
      below={<TimelinePanel />}
      panel={<AnimatePanel />}
      panelLabel="Animation panel"
    />
  );
}
